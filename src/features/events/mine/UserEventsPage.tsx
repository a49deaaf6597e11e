import { useMemo } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PAGINATION_MARGIN_PAGES, USER_EVENTS_PAGE_SIZE } from '../../../../contract/constants.ts';
import { useLocalePath } from '../../../ui/useLocale.ts';
import { useEvents, useProfile, useRemoteUserEvents, useSession, type EventsQuery, type EventView, type UserEventsTab } from '../../../data/index.ts';
import { useDocumentTitle } from '../../../app/useDocumentTitle.ts';
import { EmptyPage } from '../../../ui/EmptyState.tsx';
import { Pagination } from '../../../ui/Pagination.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { Tabs } from '../../../ui/Tabs.tsx';
import { pageCount, parsePage } from '../../../ui/pagination.ts';
import { useNow } from '../../../ui/useNow.ts';
import { EventList } from '../EventList.tsx';
import { inPeriod } from './period.ts';
import { PageHeader } from '../../../ui/PageHeader.tsx';

type Tab = 'all' | 'future' | 'past' | 'favorites';
const TABS: Tab[] = ['all', 'future', 'past', 'favorites'];
const PERIOD_REFRESH_MS = 60_000;

/**
 * /{locale}/user/{userId}/events — a user's events: all, future, past and favorites, six per page.
 * Only the signed-in user's own relations are on this device, so anyone else's list is the
 * server's: online it is read from there (data/remote-events.ts; their favorites are private, so
 * that page has no favorites tab); offline the page says plainly it is not on this device.
 */
export function UserEventsPage() {
  const { t } = useTranslation();
  const { userId } = useParams();
  const { user, status } = useSession();
  const title = useWhoseEventsTitle(Number(userId) || -1);
  useDocumentTitle(title);

  if (status === 'loading') return <Spinner label={t('common.loading')} />;
  if (!user || String(user.id) !== userId) return <OtherEvents userId={Number(userId) || -1} title={title} />;
  return <OwnEvents title={title} />;
}

const OTHER_TABS: UserEventsTab[] = ['all', 'future', 'past'];

function OtherEvents({ userId, title }: { userId: number; title: string }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { tab, page } = useTabAndPage(OTHER_TABS);
  const remote = useRemoteUserEvents(userId, tab, page, USER_EVENTS_PAGE_SIZE, userId > 0);

  if (!remote.known && !remote.loading) {
    return (
      <EmptyPage
        title={title}
        text={t('userEvents.notOnDevice')}
        action={
          <Link className="btn btn--primary" to={to('/')}>
            {t('notFound.home')}
          </Link>
        }
      />
    );
  }

  return (
    <TabbedEventList
      title={title}
      tabs={OTHER_TABS}
      tab={tab}
      items={remote.items}
      isLoading={remote.loading}
      page={page}
      totalPages={pageCount(remote.total, USER_EVENTS_PAGE_SIZE)}
    />
  );
}

/** "Events of Anna Koval": whose page this is, from the session or the person as this device knows them. */
function useWhoseEventsTitle(userId: number): string {
  const { t } = useTranslation();
  const { user } = useSession();
  const { data } = useProfile(user && user.id === userId ? null : userId);
  const name =
    user && user.id === userId
      ? `${user.first_name} ${user.last_name}`.trim()
      : data.kind === 'other'
        ? `${data.person.first_name} ${data.person.last_name}`.trim()
        : '';
  return name ? t('userEvents.titleOf', { name }) : t('userEvents.title');
}

function OwnEvents({ title }: { title: string }) {
  const { tab, page } = useTabAndPage(TABS);
  const now = useNow(PERIOD_REFRESH_MS);

  const query = useMemo<EventsQuery>(
    () => (tab === 'favorites' ? { filter: 'favorites', sort: 'when' } : { filter: 'mine', sort: tab === 'future' ? 'when' : '-when' }),
    [tab],
  );
  const { data, isLoading } = useEvents(query);
  const matching = tab === 'future' || tab === 'past' ? data.items.filter((e) => inPeriod(e, tab, now)) : data.items;
  const start = (page - 1) * USER_EVENTS_PAGE_SIZE;
  const items = matching.slice(start, start + USER_EVENTS_PAGE_SIZE);
  const totalPages = pageCount(matching.length, USER_EVENTS_PAGE_SIZE);

  return <TabbedEventList title={title} tabs={TABS} tab={tab} items={items} isLoading={isLoading} page={page} totalPages={totalPages} />;
}

/** The tab and page this list was opened at; an unknown tab is "all". */
function useTabAndPage<T extends string>(tabs: readonly T[]): { tab: T | 'all'; page: number } {
  const [params] = useSearchParams();
  const raw = params.get('tab');
  return { tab: tabs.includes(raw as T) ? (raw as T) : 'all', page: parsePage(params.get('page')) };
}

/** Own and other people's lists read from different places, but look and move between tabs and pages alike. */
function TabbedEventList<T extends string>({
  title,
  tabs,
  tab,
  items,
  isLoading,
  page,
  totalPages,
}: {
  title: string;
  tabs: readonly T[];
  tab: T;
  items: EventView[];
  isLoading: boolean;
  page: number;
  totalPages: number;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const hrefFor = (p: number) => pageHref(pathname, params, p);
  return (
    <div className="page">
      <PageHeader title={title} />
      <Tabs<T>
        label={t('userEvents.tabsLabel')}
        tabs={tabs.map((id) => ({ id, label: t(`userEvents.tabs.${id}`) }))}
        value={tab}
        onChange={(next) => setParams(next === 'all' ? {} : { tab: next }, { replace: true })}
      >
        <EventList items={items} isLoading={isLoading} skeletons={USER_EVENTS_PAGE_SIZE} empty={{ title: t(`userEvents.empty.${tab}`) }} />
        <Pagination page={page} totalPages={totalPages} margin={PAGINATION_MARGIN_PAGES} hrefFor={hrefFor} />
      </Tabs>
    </div>
  );
}

/** The address of page `p` of this list: the same search, page 1 without a `page`. */
function pageHref(pathname: string, params: URLSearchParams, p: number): string {
  const next = new URLSearchParams(params);
  if (p > 1) next.set('page', String(p));
  else next.delete('page');
  const search = next.toString();
  return `${pathname}${search ? `?${search}` : ''}`;
}
