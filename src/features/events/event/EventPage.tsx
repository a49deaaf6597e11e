import { useEffect, useEffectEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useEvent, useEventActions, useSession } from '../../../data/index.ts';
import { useLocalePath } from '../../../app/useLocale.ts';
import { useDocumentTitle } from '../../../app/useDocumentTitle.ts';
import { Card } from '../../../ui/Card.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { FavoriteButton } from '../FavoriteButton.tsx';
import { EventPrice } from '../EventPrice.tsx';
import { formatEventRange, isoInEventZone } from '../format.ts';
import { VideoBlock } from './VideoBlock.tsx';
import { CheckinButton } from './CheckinButton.tsx';
import { BuyTicketDialog } from './BuyTicketDialog.tsx';
import { EventCounters, EventPlace, EventSections } from './EventDetails.tsx';
import { CompaniesCard } from '../../companies/CompaniesCard.tsx';
import { EventChat } from '../../chat/EventChat.tsx';
import { EventNotFound } from '../EventNotFound.tsx';

function parseEventId(value: string | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

export function EventPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const eventId = parseEventId(useParams().eventId);
  const { data: event, isLoading } = useEvent(eventId);
  const { user } = useSession();
  const actions = useEventActions();
  const recordView = useEffectEvent((id: number) => {
    actions.markViewed(id).catch((error: unknown) => console.error('markViewed failed', error));
  });
  useDocumentTitle(event?.name ?? t('event.title'));

  const found = Boolean(event);
  useEffect(() => {
    // Recorded locally, so "recently viewed" works offline. Once per opened event: the view itself
    // updates the event, and re-running on that update would record views in a loop.
    if (!found || !eventId) return;
    recordView(eventId);
  }, [found, eventId]);

  if (isLoading && !event) return <Spinner label={t('common.loading')} />;
  if (!event) {
    return <EventNotFound />;
  }

  return (
    <div className="page event-page">
      <div className="event-page__hero">
        <div className="event-page__media">
          <VideoBlock event={event} loggedIn={Boolean(user)} />
        </div>
        <div className="event-page__summary">
          <p className="event-page__category">
            <Link to={to(`/events/list?category=${event.category_id}`)}>{event.category_name}</Link>
          </p>
          <h1 className="event-page__title">{event.name}</h1>
          <p className="event-page__when">
            <time dateTime={isoInEventZone(event.when, event.timezone)}>{formatEventRange(event.when, event.when_end, event.timezone)}</time>
            {event.timezone ? <span className="muted"> {t('event.timezone', { zone: event.timezone })}</span> : null}
          </p>
          <EventPrice event={event} className="event-page__price" />
          <div className="event-page__actions">
            <FavoriteButton event={event} variant="full" />
            <CheckinButton event={event} />
          </div>
          {event.is_owner ? (
            <nav className="event-page__owner" aria-label={t('event.ownerLinks')}>
              <Link to={to(`/events/${event.event_id}/ticket-design`)}>{t('ticketDesign.title')}</Link>
              <Link to={to(`/events/${event.event_id}/checkin`)}>{t('door.title')}</Link>
            </nav>
          ) : null}
          {event.pending ? (
            <p className="pending-note" role="status">
              <span className="pending-dot" aria-hidden="true" /> {t('sync.waiting')}
            </p>
          ) : null}
        </div>
      </div>

      <BuyTicketDialog event={event} />
      <EventSections eventId={event.event_id} />

      <div className="event-page__grid">
        <Card title={t('event.about')} className="event-page__about">
          {event.description.trim() ? (
            // Plain text on purpose: descriptions come from organisers and are never rendered as HTML.
            <p className="event-page__description">{event.description}</p>
          ) : (
            <p className="muted">{t('event.noDescription')}</p>
          )}
        </Card>
        <aside className="event-page__aside" aria-label={t('event.factsLabel')}>
          <Card title={t('event.place')}>
            <EventPlace event={event} />
            {!event.is_webinar && event.city_id ? (
              <p>
                <Link to={to(`/events?city=${event.city_id}`)}>{t('event.moreInCity', { city: event.city_name })}</Link>
              </p>
            ) : null}
          </Card>
          <Card title={t('event.numbers')}>
            <EventCounters event={event} />
          </Card>
          {event.company.name ? (
            <Card title={t('event.organizer')}>
              <p className="facts__value">{event.company.name}</p>
              {event.company.description ? <p className="muted">{event.company.description}</p> : null}
            </Card>
          ) : null}
        </aside>
        <div className="event-page__later">
          <Card title={t('event.discussion')}>
            <EventChat eventId={event.event_id} />
          </Card>
          <CompaniesCard eventId={event.event_id} />
        </div>
      </div>
    </div>
  );
}
