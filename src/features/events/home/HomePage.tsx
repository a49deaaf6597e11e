import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { HOME_CARD_EVENTS } from '../../../../contract/constants.ts';
import { useEvents, useSession, type EventsQuery, type EventView } from '../../../data/index.ts';
import { useLocalePath } from '../../../ui/useLocale.ts';
import { useDocumentTitle } from '../../../app/useDocumentTitle.ts';
import { Card } from '../../../ui/Card.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useLoginHref } from '../../../ui/useRequireLogin.ts';
import { EventList, type EventListProps } from '../EventList.tsx';
import { useWidgets } from '../../../ui/widgets.ts';

// Module constants: the data hooks re-subscribe when the query object changes.
const FAVORITES: EventsQuery = { filter: 'favorites', sort: 'when', limit: HOME_CARD_EVENTS };
const VIEWED: EventsQuery = { filter: 'viewed', sort: '-viewed', limit: HOME_CARD_EVENTS };
const UPCOMING: EventsQuery = { filter: 'future', sort: 'when', limit: HOME_CARD_EVENTS };

export function HomePage() {
  const { PeopleCard } = useWidgets();
  const { t } = useTranslation();
  const to = useLocalePath();
  const { user, status } = useSession();
  const loginHref = useLoginHref();
  const favorites = useEvents(FAVORITES);
  const viewed = useEvents(VIEWED);
  const upcoming = useEvents(UPCOMING);
  useDocumentTitle(null);

  const seeAll = (href: string, total: number) =>
    total > 0 ? (
      <Link className="card__link" to={href}>
        {t('home.seeAll')}
      </Link>
    ) : null;

  // Until the session and the three rows have answered, the page shows one placeholder for all of
  // them, and then draws them together under a new key. Each row settling on its own (a guest's
  // favourites turning into the login prompt, an empty "viewed" row shrinking) moved every card
  // below it while the user was looking: most of the first visit's layout shift.
  const settled = status !== 'loading' && !favorites.isLoading && !viewed.isLoading && !upcoming.isLoading;

  return (
    <div className="page">
      <div className="page__intro">
        <h1 className="page__title">{user ? t('home.titleUser', { name: user.first_name }) : t('home.title')}</h1>
        <p className="page__lead">{t('home.lead')}</p>
      </div>
      {settled ? (
        <Fragment key="rows">
          {status === 'ready' && !user ? (
            <Card title={t('home.favorites')}>
              <EmptyState
                compact
                title={t('home.favoritesGuestTitle')}
                text={t('home.favoritesGuestText')}
                action={
                  <Link className="btn btn--primary btn--sm" to={loginHref}>
                    {t('header.login')}
                  </Link>
                }
              />
            </Card>
          ) : (
            <EventRow
              title={t('home.favorites')}
              actions={user ? seeAll(to('/events/favorites'), favorites.data.total) : null}
              events={favorites.data.items}
              empty={{ title: t('home.favoritesEmpty'), text: t('home.favoritesEmptyText') }}
            />
          )}
          <EventRow title={t('home.viewed')} events={viewed.data.items} empty={{ title: t('home.viewedEmpty'), text: t('home.viewedEmptyText') }} />
          <PeopleCard />
          <EventRow
            title={t('home.upcoming')}
            actions={seeAll(to('/events'), upcoming.data.total)}
            events={upcoming.data.items}
            empty={{ title: t('home.upcomingEmpty'), text: t('home.upcomingEmptyText') }}
          />
        </Fragment>
      ) : (
        <Fragment key="placeholder">
          <EventRow title={t('home.favorites')} events={null} />
          <EventRow title={t('home.viewed')} events={null} />
          <Card title={t('home.people')}>
            <Spinner label={t('common.loading')} />
          </Card>
          <EventRow title={t('home.upcoming')} events={null} />
        </Fragment>
      )}
    </div>
  );
}

/** One sideways row of events in its card; `events` null draws the row's loading placeholder. */
function EventRow({ title, actions, events, empty }: { title: string; actions?: ReactNode; events: EventView[] | null; empty?: EventListProps['empty'] }) {
  return (
    <Card title={title} actions={actions}>
      <EventList layout="row" items={events ?? []} isLoading={events === null} empty={empty ?? { title: '' }} />
    </Card>
  );
}
