import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { HOME_CARD_EVENTS } from '../../../../contract/constants.ts';
import { useEvents, useSession, type EventsQuery } from '../../../data/index.ts';
import { useLocalePath } from '../../../app/useLocale.ts';
import { useDocumentTitle } from '../../../app/useDocumentTitle.ts';
import { Card } from '../../../ui/Card.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { useLoginHref } from '../../auth/useRequireLogin.ts';
import { EventList } from '../EventList.tsx';

// Module constants: the data hooks re-subscribe when the query object changes.
const FAVORITES: EventsQuery = { filter: 'favorites', sort: 'when', limit: HOME_CARD_EVENTS };
const VIEWED: EventsQuery = { filter: 'viewed', sort: '-viewed', limit: HOME_CARD_EVENTS };
const UPCOMING: EventsQuery = { filter: 'future', sort: 'when', limit: HOME_CARD_EVENTS };

export function HomePage() {
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

  return (
    <div className="page">
      <div className="page__intro">
        <h1 className="page__title">{user ? t('home.titleUser', { name: user.first_name }) : t('home.title')}</h1>
        <p className="page__lead">{t('home.lead')}</p>
      </div>

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
            isLoading={favorites.isLoading || status === 'loading'}
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

      <Card title={t('home.people')}>
        {/* Visitors arrive with the networking part; until then the card says so instead of showing anyone. */}
        <EmptyState compact icon={<PeopleIcon />} title={t('home.peopleEmpty')} text={t('home.peopleEmptyText')} />
      </Card>

      <Card title={t('home.upcoming')} actions={seeAll(to('/events'), upcoming.data.total)}>
        <EventList
          layout="row"
          items={upcoming.data.items}
          isLoading={upcoming.isLoading}
          empty={{ title: t('home.upcomingEmpty'), text: t('home.upcomingEmptyText') }}
        />
      </Card>
    </div>
  );
}

function PeopleIcon() {
  return (
    <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" focusable="false">
      <circle cx="9" cy="8" r="3.2" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <circle cx="17" cy="9.5" r="2.6" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M3 19c.6-3.3 3-5 6-5s5.4 1.7 6 5M14.5 14.6c.8-.4 1.6-.6 2.5-.6 2.4 0 4.3 1.4 4.8 4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}
