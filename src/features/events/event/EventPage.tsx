import { useEffect, useEffectEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useEvent, useEventActions, useSession } from '../../../data/index.ts';
import { useLocalePath } from '../../../ui/useLocale.ts';
import { useDocumentTitle } from '../../../app/useDocumentTitle.ts';
import { Card } from '../../../ui/Card.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { FavoriteButton } from '../FavoriteButton.tsx';
import { EventPrice } from '../EventPrice.tsx';
import { formatEventRange, isoInEventZone } from '../../../ui/format/events.ts';
import { VideoBlock } from './VideoBlock.tsx';
import { ProgrammeNow } from '../ProgrammeNow.tsx';
import { CheckinButton } from './CheckinButton.tsx';
import { BuyTicketDialog } from './BuyTicketDialog.tsx';
import { EventCounters, EventPlace, EventSections } from './EventDetails.tsx';
import { useWidgets } from '../../../ui/widgets.ts';
import { EventNotFound } from '../../../ui/EventNotFound.tsx';
import { ZonesNote } from '../../../ui/ZonesNote.tsx';
import { deviceTimeZone, zonesDiffer } from '../../../ui/intl.ts';
import { LinkifiedText } from '../../../ui/LinkifiedText.tsx';
import { parseId } from '../../../../contract/ids.ts';
import { useDrawnLater } from '../../../ui/useDrawnLater.ts';

export function EventPage() {
  const { EventChat, CompaniesCard } = useWidgets();
  const { t } = useTranslation();
  const to = useLocalePath();
  const eventId = parseId(useParams().eventId) ?? 0;
  const { data: event, isLoading } = useEvent(eventId);
  const { user } = useSession();
  const actions = useEventActions();
  const recordView = useEffectEvent((id: number) => {
    actions.markViewed(id).catch((error: unknown) => console.error('markViewed failed', error));
  });
  useDocumentTitle(event?.name ?? t('event.title'));

  const found = Boolean(event);
  // The chat and the exhibitors sit below the fold: drawn in the task after the first frame, so the
  // event's name and facts do not wait for their render (and the chat's measuring of its scroll).
  const laterDrawn = useDrawnLater(found);
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
      {/* First on the page, above the poster: on the day, the talk on now is what the page is opened for. */}
      {event.status === 'cancelled' ? null : <ProgrammeNow eventId={event.event_id} className="event-page__on-air" onlyOnAir />}
      <div className="event-page__hero">
        <div className="event-page__media">
          <VideoBlock event={event} loggedIn={Boolean(user)} />
        </div>
        <div className="event-page__summary">
          <p className="event-page__category">
            <Link to={to(`/events/list?category=${event.category_id}`)}>{event.category_name}</Link>
          </p>
          <h1 className="event-page__title">{event.name}</h1>
          {event.status === 'cancelled' ? (
            // How the people who take part learn of a cancellation in the app (server/domain/admin).
            <p className="form-error" role="status">
              {t('admin.cancelledNotice')}
            </p>
          ) : null}
          <p className="event-page__when">
            <time dateTime={isoInEventZone(event.when, event.timezone)}>{formatEventRange(event.when, event.when_end, event.timezone)}</time>
            {/* With the chat in another zone below, the note under the date says it for both. */}
            {event.timezone && !zonesDiffer(event.timezone, deviceTimeZone(), Date.now()) ? (
              <span className="muted"> {t('event.timezone', { zone: event.timezone })}</span>
            ) : null}
          </p>
          <ZonesNote eventZone={event.timezone} what="event" className="event-page__zones muted" />
          <EventPrice event={event} className="event-page__price" />
          <div className="event-page__actions">
            <FavoriteButton event={event} variant="full" />
            <BuyTicketDialog event={event} />
            <CheckinButton event={event} />
          </div>
          {event.is_owner ? (
            <nav className="event-page__owner" aria-label={t('event.ownerLinks')}>
              <Link to={to(`/admin/events/${event.event_id}`)}>{t('admin.edit.title')}</Link>
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

      <EventSections eventId={event.event_id} tripPlan={event.has_ticket || event.checked_in || event.is_owner} />

      <div className="event-page__grid">
        <Card title={t('event.about')} className="event-page__about">
          {event.description.trim() ? (
            // Plain text on purpose: descriptions come from organisers and are never rendered as HTML;
            // only their web addresses become links.
            <LinkifiedText className="event-page__description" text={event.description} />
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
        {laterDrawn ? (
          <div className="event-page__later">
            <Card title={t('event.discussion')}>
              <EventChat eventId={event.event_id} />
            </Card>
            <CompaniesCard eventId={event.event_id} />
          </div>
        ) : null}
      </div>
    </div>
  );
}
