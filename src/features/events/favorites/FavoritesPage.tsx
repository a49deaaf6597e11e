import { useMemo } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { FAVORITE_EVENTS_PAGE_SIZE, PAGINATION_MARGIN_PAGES } from '../../../../contract/constants.ts';
import { useEvents, useSession, type EventsQuery } from '../../../data/index.ts';
import { useLocalePath } from '../../../ui/useLocale.ts';
import { useDocumentTitle } from '../../../app/useDocumentTitle.ts';
import { Pagination } from '../../../ui/Pagination.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { pageCount, parsePage } from '../../../ui/pagination.ts';
import { LoginPrompt } from '../../../ui/LoginPrompt.tsx';
import { EventList } from '../EventList.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';

/** /{locale}/events/favorites?page=N — numbered pages with a margin of two (events.md §2, §9). */
export function FavoritesPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const { user, status } = useSession();
  const page = parsePage(params.get('page'));
  const query = useMemo<EventsQuery>(
    () => ({ filter: 'favorites', sort: 'when', limit: FAVORITE_EVENTS_PAGE_SIZE, offset: (page - 1) * FAVORITE_EVENTS_PAGE_SIZE }),
    [page],
  );
  const { data, isLoading } = useEvents(query);
  useDocumentTitle(t('favorites.title'));

  if (status === 'loading') return <Spinner label={t('common.loading')} />;
  if (!user) return <LoginPrompt title={t('favorites.title')} text={t('favorites.guestText')} />;

  const totalPages = pageCount(data.total, FAVORITE_EVENTS_PAGE_SIZE);
  return (
    <div className="page">
      <PageHeader title={t('favorites.title')} lead={data.total > 0 ? t('favorites.total', { n: data.total }) : null} />
      <EventList
        items={data.items}
        isLoading={isLoading}
        skeletons={8}
        empty={{
          title: page > 1 ? t('favorites.pageEmpty') : t('favorites.empty'),
          text: page > 1 ? undefined : t('favorites.emptyText'),
          action: (
            <Link className="btn btn--primary" to={page > 1 ? pathname : to('/events')}>
              {page > 1 ? t('favorites.firstPage') : t('event.browse')}
            </Link>
          ),
        }}
      />
      <Pagination page={page} totalPages={totalPages} margin={PAGINATION_MARGIN_PAGES} hrefFor={(p) => (p > 1 ? `${pathname}?page=${p}` : pathname)} />
    </div>
  );
}
