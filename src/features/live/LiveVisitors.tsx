import { useEffect, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS, VISITORS_PAGE_SIZE } from '../../../contract/index.ts';
import { useVisitors, type EventView, type VisitorsFilter } from '../../data/index.ts';
import { useLocale, useLocalePath } from '../../ui/useLocale.ts';
import { tooManyRequestsText } from '../../ui/retryAfter.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { TabList } from '../../ui/Tabs.tsx';
import { DEFAULT_STATE, visitorsParams } from '../../ui/visitors-params.ts';
import { useWidgets } from '../../ui/widgets.ts';
import '../../ui/people/people.css';
import '../../ui/people/visitors-list.css';
import '../../ui/people/profiles.css';
import { VisitorSearchBox } from '../../ui/SearchBox.tsx';

type Show = 'all' | 'appointments';

/**
 * The people tab of the live page's side panel (events.md §2): the event's visitors from the
 * device, with a search and the All / My Appointments filter. It is the visitors page's list in a
 * narrow column, built from the same hooks and cards; the richer filters stay on the networking
 * section, where a click on a card's category leads.
 */
export function LiveVisitors({ eventId, event, visitorsPath }: { eventId: number; event: EventView; visitorsPath: string }) {
  const { VisitorList } = useWidgets();
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [show, setShow] = useState<Show>('all');
  const [limit, setLimit] = useState(VISITORS_PAGE_SIZE);
  const listId = useId();

  // The same pause before the list follows the typing as on the visitors page (networking.md §5).
  useEffect(() => {
    if (text === search) return;
    const timer = setTimeout(() => {
      setSearch(text);
      setLimit(VISITORS_PAGE_SIZE);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, search]);

  const filter: VisitorsFilter = useMemo(
    () => ({ tab: 'all', search, sort: DEFAULT_STATE.sort, order: DEFAULT_STATE.order, onlyAppointments: show === 'appointments', offset: 0, limit }),
    [search, show, limit],
  );
  const visitors = useVisitors(eventId, filter);
  const data = visitors.data;

  return (
    <div className="live-visitors">
      <VisitorSearchBox value={text} onChange={setText} />
      <TabList<Show>
        tabs={[
          { id: 'all', label: t('live.visitors.all') },
          { id: 'appointments', label: t('live.visitors.appointments') },
        ]}
        value={show}
        onChange={(next) => {
          setShow(next);
          setLimit(VISITORS_PAGE_SIZE);
        }}
        label={t('live.visitors.filterLabel')}
        panelId={listId}
        className="live-visitors__filter"
      />
      <div id={listId} role="tabpanel" aria-busy={visitors.isLoading}>
        {visitors.isLoading && data.items.length === 0 ? (
          <Spinner label={t('common.loading')} />
        ) : data.items.length === 0 ? (
          data.source === 'unavailable' ? (
            <EmptyState
              compact
              title={t('visitors.unavailable')}
              text={data.refusal?.code === 'rate_limited' ? tooManyRequestsText(t, locale, data.refusal.retryAfter) : t('visitors.unavailableText')}
            />
          ) : (
            <EmptyState compact title={t('visitors.empty')} text={show === 'appointments' ? t('live.visitors.noAppointments') : t('visitors.emptyText')} />
          )
        ) : (
          <VisitorList
            eventId={eventId}
            event={event}
            data={data}
            onFilterBy={(by) => navigate(to(`${visitorsPath}?${visitorsParams({ ...DEFAULT_STATE, ...by }).toString()}`))}
            onMore={() => setLimit((n) => n + VISITORS_PAGE_SIZE)}
            compact
          />
        )}
      </div>
    </div>
  );
}
