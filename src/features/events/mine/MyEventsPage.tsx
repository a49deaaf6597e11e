import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { MY_EVENTS_PAGE_SIZE } from '../../../../contract/constants.ts';
import { useEvents, useMyEventCounts, useSession, type EventsQuery, type EventView, type MyEventCounts } from '../../../data/index.ts';
import { useDocumentTitle } from '../../../app/useDocumentTitle.ts';
import { Button } from '../../../ui/Button.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { Tabs } from '../../../ui/Tabs.tsx';
import { useNow } from '../../../ui/useNow.ts';
import { LoginPrompt } from '../../../ui/LoginPrompt.tsx';
import { EventList } from '../EventList.tsx';
import { inPeriod, type Period } from './period.ts';
import { NowAndSoon } from '../NowAndSoon.tsx';
import { nowAndSoon } from '../home/personal.ts';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { BrowseEventsLink } from '../../../ui/BrowseEventsLink.tsx';

type Tab = keyof MyEventCounts;
const TABS: Tab[] = ['allEvents', 'futuredEvents', 'pastEvents', 'favorites', 'lookedEarlier'];

/** How often the split between upcoming and past is re-evaluated while the page stays open. */
const PERIOD_REFRESH_MS = 60_000;

function isTab(value: string | null): value is Tab {
  return TABS.includes(value as Tab);
}

/** /{locale}/profile/myevents — the profile's my-events card (events.md §2): five tabs, 10 at a time. */
export function MyEventsPage() {
  const { t } = useTranslation();
  const { user, status } = useSession();
  const counts = useMyEventCounts();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: Tab = isTab(raw) ? raw : 'allEvents';
  useDocumentTitle(t('myEvents.title'));

  if (status === 'loading') return <Spinner label={t('common.loading')} />;
  if (!user) return <LoginPrompt title={t('myEvents.title')} text={t('myEvents.guestText')} />;

  return (
    <div className="page">
      <PageHeader title={t('myEvents.title')} />
      <OnNow />
      <Tabs<Tab>
        label={t('myEvents.tabsLabel')}
        tabs={TABS.map((id) => ({ id, label: t(`myEvents.tabs.${id}`), count: counts.isLoading ? undefined : counts.data[id] }))}
        value={tab}
        onChange={(next) => setParams(next === 'allEvents' ? {} : { tab: next }, { replace: true })}
      >
        {/* Keyed by tab so "load more" starts over on every tab. */}
        {tab === 'favorites' || tab === 'lookedEarlier' ? <QueryTab key={tab} tab={tab} /> : <MineTab key={tab} tab={tab} />}
      </Tabs>
    </div>
  );
}

/** What is on now and soon among the user's events, with the way into each programme, above the lists. */
function OnNow() {
  const now = useNow(PERIOD_REFRESH_MS);
  const { data } = useEvents(MINE_QUERIES.futuredEvents);
  const soon = nowAndSoon(data.items, now);
  return soon.length > 0 ? <NowAndSoon events={soon} now={now} /> : null;
}

function QueryTab({ tab }: { tab: 'favorites' | 'lookedEarlier' }) {
  const [shown, setShown] = useState(MY_EVENTS_PAGE_SIZE);
  const query = useMemo<EventsQuery>(
    () => (tab === 'favorites' ? { filter: 'favorites', sort: 'when', limit: shown } : { filter: 'viewed', sort: '-viewed', limit: shown }),
    [tab, shown],
  );
  const { data, isLoading } = useEvents(query);
  return <TabList tab={tab} items={data.items} total={data.total} isLoading={isLoading} onMore={() => setShown((n) => n + MY_EVENTS_PAGE_SIZE)} />;
}

const MINE_QUERIES: Record<'allEvents' | 'futuredEvents' | 'pastEvents', EventsQuery> = {
  allEvents: { filter: 'mine', sort: '-when' },
  futuredEvents: { filter: 'mine', sort: 'when' },
  pastEvents: { filter: 'mine', sort: '-when' },
};

function MineTab({ tab }: { tab: 'allEvents' | 'futuredEvents' | 'pastEvents' }) {
  const [shown, setShown] = useState(MY_EVENTS_PAGE_SIZE);
  const now = useNow(PERIOD_REFRESH_MS);
  // The user's own events are a handful, so taking all of them and splitting here costs nothing.
  const { data, isLoading } = useEvents(MINE_QUERIES[tab]);
  const period: Period | null = tab === 'futuredEvents' ? 'future' : tab === 'pastEvents' ? 'past' : null;
  const matching = period ? data.items.filter((e) => inPeriod(e, period, now)) : data.items;
  return (
    <TabList tab={tab} items={matching.slice(0, shown)} total={matching.length} isLoading={isLoading} onMore={() => setShown((n) => n + MY_EVENTS_PAGE_SIZE)} />
  );
}

function TabList({ tab, items, total, isLoading, onMore }: { tab: Tab; items: EventView[]; total: number; isLoading: boolean; onMore(): void }) {
  const { t } = useTranslation();
  return (
    <>
      <EventList
        items={items}
        isLoading={isLoading}
        empty={{
          title: t(`myEvents.empty.${tab}`),
          action: <BrowseEventsLink />,
        }}
      />
      {items.length < total ? (
        <div className="load-more">
          <Button onClick={onMore}>{t('common.loadMore')}</Button>
          <p className="muted">{t('common.shownOf', { shown: items.length, total })}</p>
        </div>
      ) : null}
    </>
  );
}
