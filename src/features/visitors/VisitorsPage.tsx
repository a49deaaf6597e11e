import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS, VISITORS_PAGE_SIZE } from '../../../contract/index.ts';
import { SIGNED_IN_TABS, VISITORS_TABS, useEvent, useSession, useVisitors, type VisitorsTab } from '../../data/index.ts';
import { useLocalePath } from '../../app/useLocale.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { LoginDialog } from './LoginDialog.tsx';
import { parseVisitorsParams, toFilter, visitorsParams, withTab, type VisitorsState } from './params.ts';
import { SelectModal } from './SelectModal.tsx';
import { VisitorList } from './VisitorList.tsx';
import { VisitorFilters } from './VisitorFilters.tsx';
import { VisitorsTabs } from './VisitorsTabs.tsx';
import '../people/networking.css';
import { EventNotFound } from '../events/EventNotFound.tsx';
import { VisitorSearchBox } from './SearchBox.tsx';

const SORTS = ['status:desc', 'status:asc', 'name:asc', 'name:desc', 'register:desc', 'register:asc'] as const;

function parseEventId(value: string | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/**
 * /{locale}/events/:eventId/visitors (networking.md §2, §4, §5). For a user who takes part in the
 * event everything is filtered, sorted and searched on the device, offline too; others browse the
 * server's list while online. The whole state lives in the address (params.ts).
 */
export function VisitorsPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const eventId = parseEventId(useParams().eventId);
  const { user, status } = useSession();
  const { data: event, isLoading: eventLoading } = useEvent(eventId);
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseVisitorsParams(params), [params]);
  const [limit, setLimit] = useState(VISITORS_PAGE_SIZE);
  const [search, setSearch] = useState(state.q);
  const [modal, setModal] = useState<'country' | 'city' | 'login' | null>(null);
  const panelId = useId();
  const sortId = useId();
  useDocumentTitle(event ? t('visitors.titleOf', { name: event.name }) : t('visitors.title'));

  const filterKey = JSON.stringify(state);
  const filter = useMemo(() => toFilter(JSON.parse(filterKey) as VisitorsState, limit), [filterKey, limit]);
  const visitors = useVisitors(eventId, filter);
  const data = visitors.data;

  const apply = (next: VisitorsState, push = false) => {
    setLimit(VISITORS_PAGE_SIZE);
    setParams(visitorsParams(next), { replace: !push });
  };

  // The address can change under the box (back button, a role click): show what it says.
  useEffect(() => setSearch(state.q), [state.q]);
  // Typing waits for a pause of SEARCH_DEBOUNCE_MS before the list follows (networking.md §5).
  useEffect(() => {
    if (search === state.q) return;
    const timer = setTimeout(() => apply({ ...state, q: search }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // `apply` and `state` are rebuilt every render; the debounce restarts only when the text changes.
  }, [search]);

  // A guest who arrives at a tab that needs an account (a shared link) gets the prompt, not the tab.
  useEffect(() => {
    if (status === 'ready' && !user && (SIGNED_IN_TABS.has(state.tab) || state.onlyAppointments)) {
      apply({ ...withTab(state, 'all'), onlyAppointments: false });
      setModal('login');
    }
  }, [status, user, state.tab, state.onlyAppointments]);

  const choose = (tab: VisitorsTab) => {
    // Guests keep the tab they had and are asked to log in (networking.md §4).
    if (!user && SIGNED_IN_TABS.has(tab)) return setModal('login');
    if (tab === 'country' || tab === 'city') return setModal(tab);
    apply(withTab(state, tab), true);
  };

  const tabLabel = (tab: VisitorsTab) => {
    if (tab === 'country' && state.tab === 'country' && state.country) {
      return t('visitors.tabs.countryOf', { name: data.countries.find((c) => c.code === state.country)?.name ?? state.country });
    }
    if (tab === 'city' && state.tab === 'city' && state.cityId) {
      return t('visitors.tabs.cityOf', { name: data.cities.find((c) => c.id === state.cityId)?.name ?? String(state.cityId) });
    }
    return t(`visitors.tabs.${tab}`);
  };

  if (!eventLoading && !event) {
    return <EventNotFound />;
  }

  return (
    <div className="page visitors-page">
      <header className="visitors-page__header">
        <div>
          <p className="visitors-page__event">{event ? <Link to={to(`/events/${eventId}`)}>{event.name}</Link> : null}</p>
          <h1 className="page__title">{t('visitors.title')}</h1>
        </div>
        <div className="visitors-page__tools">
          <VisitorSearchBox value={search} onChange={setSearch} />
          <div className="sort-box">
            <label htmlFor={sortId}>{t('visitors.sort.label')}</label>
            <select
              id={sortId}
              value={`${state.sort}:${state.order}`}
              onChange={(e) => {
                const [sort, order] = e.target.value.split(':') as [VisitorsState['sort'], VisitorsState['order']];
                apply({ ...state, sort, order });
              }}
            >
              {SORTS.map((s) => (
                <option key={s} value={s}>
                  {t(`visitors.sort.${s.replace(':', '_')}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
      </header>

      <VisitorsTabs tabs={VISITORS_TABS.map((id) => ({ id, label: tabLabel(id) }))} value={state.tab} label={t('visitors.tabsLabel')} panelId={panelId} onChoose={choose} />

      <div className="visitors-page__body" id={panelId} role="tabpanel" aria-label={tabLabel(state.tab)}>
        <aside className="visitors-page__aside" aria-label={t('visitors.filters.label')}>
          <VisitorFilters
            state={state}
            categories={data.categories}
            allCount={data.allCount}
            signedIn={Boolean(user)}
            onChange={(next) => apply(next)}
            onNeedLogin={() => setModal('login')}
          />
        </aside>
        <section className="visitors-page__list" aria-label={t('visitors.listLabel')} aria-busy={visitors.isLoading}>
          <SourceNote source={data.source} waiting={data.waitingForSync} />
          {visitors.isLoading && data.items.length === 0 ? (
            <Spinner label={t('common.loading')} />
          ) : data.items.length === 0 ? (
            data.source === 'unavailable' ? null : (
              <EmptyState compact title={t('visitors.empty')} text={t('visitors.emptyText')} />
            )
          ) : (
            <VisitorList
              eventId={eventId}
              event={event}
              data={data}
              onFilterBy={(by) => {
                const { menuId: _m, role: _r, ...rest } = state;
                apply({ ...rest, ...by });
              }}
              onMore={() => setLimit((n) => n + VISITORS_PAGE_SIZE)}
            />
          )}
        </section>
      </div>

      <SelectModal
        open={modal === 'country'}
        title={t('visitors.select.countryTitle')}
        allLabel={t('visitors.select.allCountries')}
        options={data.countries.map((c) => ({ value: c.code, name: c.name, count: c.count }))}
        value={state.tab === 'country' ? state.country : undefined}
        onCancel={() => setModal(null)}
        onConfirm={(country) => {
          setModal(null);
          apply(withTab(state, 'country', country ? { country } : {}), true);
        }}
      />
      <SelectModal
        open={modal === 'city'}
        title={t('visitors.select.cityTitle')}
        allLabel={t('visitors.select.allCities')}
        options={data.cities.map((c) => ({ value: c.id, name: c.name, count: c.count }))}
        value={state.tab === 'city' ? state.cityId : undefined}
        onCancel={() => setModal(null)}
        onConfirm={(cityId) => {
          setModal(null);
          apply(withTab(state, 'city', cityId ? { cityId } : {}), true);
        }}
      />
      <LoginDialog open={modal === 'login'} onClose={() => setModal(null)} />
    </div>
  );
}

/** Says where the list comes from when it is not the device's own copy, or why it is empty. */
function SourceNote({ source, waiting }: { source: 'device' | 'server' | 'unavailable'; waiting: boolean }) {
  const { t } = useTranslation();
  if (source === 'device') {
    return waiting ? (
      <p className="note" role="status">
        {t('visitors.waitingForSync')}
      </p>
    ) : null;
  }
  if (source === 'server') {
    return <p className="note">{t('visitors.onlineOnly')}</p>;
  }
  return <EmptyState compact title={t('visitors.unavailable')} text={t('visitors.unavailableText')} />;
}
