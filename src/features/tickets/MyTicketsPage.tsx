import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { TICKETS_PAGE_SIZE } from '../../../contract/constants.ts';
import { TICKETS_TABS, useMyTickets, useSession, type TicketsTab } from '../../data/index.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { useNow } from '../../ui/useNow.ts';
import { LoginPrompt } from '../../ui/LoginPrompt.tsx';
import { TicketCard } from './TicketCard.tsx';
import { TicketToasts } from './TicketToasts.tsx';
import { OrdersSection } from './OrdersSection.tsx';
import { WaitlistSection } from './WaitlistSection.tsx';
import './tickets.css';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { BrowseEventsLink } from '../../ui/BrowseEventsLink.tsx';

/** How often a ticket moves from upcoming to past while the page stays open. */
const PERIOD_REFRESH_MS = 60_000;

function isTab(value: string | null): value is TicketsTab {
  return (TICKETS_TABS as readonly string[]).includes(value ?? '');
}

/** /{locale}/profile/mytickets — events.md §2: tabs all, upcoming, past with counts; 10 at a time. */
export function MyTicketsPage() {
  const { t } = useTranslation();
  const { user, status } = useSession();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: TicketsTab = isTab(raw) ? raw : 'all';
  const now = useNow(PERIOD_REFRESH_MS);
  const { data } = useMyTickets(tab, 0, now);
  useDocumentTitle(t('tickets.title'));

  if (status === 'loading') return <Spinner label={t('common.loading')} />;
  if (!user) return <LoginPrompt title={t('tickets.title')} text={t('tickets.guestText')} />;

  return (
    <div className="page tickets-page">
      <PageHeader title={t('tickets.title')} />
      <WaitlistSection now={now} />
      <OrdersSection now={now} />
      <TicketToasts>
        <Tabs<TicketsTab>
          label={t('tickets.tabsLabel')}
          tabs={TICKETS_TABS.map((id) => ({ id, label: t(`tickets.tabs.${id}`), count: data.counts[id] }))}
          value={tab}
          onChange={(next) => setParams(next === 'all' ? {} : { tab: next }, { replace: true })}
        >
          {/* Keyed by tab so "load more" starts over on every tab. */}
          <TicketsTabPanel key={tab} tab={tab} now={now} />
        </Tabs>
      </TicketToasts>
    </div>
  );
}

function TicketsTabPanel({ tab, now }: { tab: TicketsTab; now: number }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(TICKETS_PAGE_SIZE);
  const { data, isLoading } = useMyTickets(tab, shown, now);
  if (isLoading && data.items.length === 0) return <Spinner label={t('common.loading')} />;
  if (data.items.length === 0) {
    return <EmptyState title={t(`tickets.empty.${tab}`)} action={<BrowseEventsLink />} />;
  }
  return (
    <>
      <ul className="ticket-list">
        {data.items.map((ticket) => (
          <li key={ticket.id}>
            <TicketCard ticket={ticket} />
          </li>
        ))}
      </ul>
      {data.items.length < data.total ? (
        <div className="load-more">
          <Button onClick={() => setShown((n) => n + TICKETS_PAGE_SIZE)}>{t('common.loadMore')}</Button>
          <p className="muted">{t('common.shownOf', { shown: data.items.length, total: data.total })}</p>
        </div>
      ) : null}
    </>
  );
}
