import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { HOME_CARD_EVENTS } from '../../../../contract/constants.ts';
import { useEvents, useSession, type EventsQuery } from '../../../data/index.ts';
import { useLocalePath } from '../../../ui/useLocale.ts';
import { useDocumentTitle } from '../../../app/useDocumentTitle.ts';
import { Card } from '../../../ui/Card.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useLoginHref } from '../../../ui/useRequireLogin.ts';
import { EventList } from '../EventList.tsx';
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
          <Card title={t('home.favorites')} actions={user ? seeAll(to('/events/favorites'), favorites.data.total) : null}>
            {status === 'ready' && !user ? (
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
            ) : (
              <EventList
                layout="row"
                items={favorites.data.items}
                isLoading={favorites.isLoading}
                empty={{ title: t('home.favoritesEmpty'), text: t('home.favoritesEmptyText') }}
              />
            )}
          </Card>

          <Card title={t('home.viewed')}>
            <EventList
              layout="row"
              items={viewed.data.items}
              isLoading={viewed.isLoading}
              empty={{ title: t('home.viewedEmpty'), text: t('home.viewedEmptyText') }}
            />
          </Card>

          <PeopleCard />

          <Card title={t('home.upcoming')} actions={seeAll(to('/events'), upcoming.data.total)}>
            <EventList
              layout="row"
              items={upcoming.data.items}
              isLoading={upcoming.isLoading}
              empty={{ title: t('home.upcomingEmpty'), text: t('home.upcomingEmptyText') }}
            />
          </Card>
        </Fragment>
      ) : (
        <Fragment key="placeholder">
          <Card title={t('home.favorites')}>
            <EventList layout="row" items={[]} isLoading empty={{ title: '' }} />
          </Card>
          <Card title={t('home.viewed')}>
            <EventList layout="row" items={[]} isLoading empty={{ title: '' }} />
          </Card>
          <Card title={t('home.people')}>
            <Spinner label={t('common.loading')} />
          </Card>
          <Card title={t('home.upcoming')}>
            <EventList layout="row" items={[]} isLoading empty={{ title: '' }} />
          </Card>
        </Fragment>
      )}
    </div>
  );
}
