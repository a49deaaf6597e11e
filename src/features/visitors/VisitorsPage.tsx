import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS, VISITORS_PAGE_SIZE } from '../../../contract/index.ts';
import { SIGNED_IN_TABS, VISITORS_TABS, useEvent, useSession, useVisitors, type VisitorsPageData, type VisitorsTab } from '../../data/index.ts';
import { useLocale, useLocalePath } from '../../ui/useLocale.ts';
import { tooManyRequestsText } from '../../ui/retryAfter.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { LoginDialog } from './LoginDialog.tsx';
import { activeFilterCount, parseVisitorsParams, toFilter, visitorsParams, withTab, type VisitorsState } from '../../ui/visitors-params.ts';
import { FilterSheet } from './FilterSheet.tsx';
import { SortBox } from './SortBox.tsx';
import { useMediaQuery } from '../../ui/useMediaQuery.ts';
import { SelectModal } from './SelectModal.tsx';
import { VisitorList } from './VisitorList.tsx';
import { VisitorFilters } from './VisitorFilters.tsx';
import { VisitorsTabs } from './VisitorsTabs.tsx';
import '../../ui/people/people.css';
import '../../ui/people/visitors-list.css';
import '../../ui/people/profiles.css';
import './visitors-phone.css';
import { EventNotFound } from '../../ui/EventNotFound.tsx';
import { VisitorSearchBox } from '../../ui/SearchBox.tsx';
import { parseId } from '../../../contract/ids.ts';

/**
 * /{locale}/events/:eventId/visitors (networking.md §2, §4, §5). For a user who takes part in the
 * event everything is filtered, sorted and searched on the device, offline too; others browse the
 * server's list while online. The whole state lives in the address (params.ts).
 */
export function VisitorsPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const eventId = parseId(useParams().eventId) ?? 0;
  const { user, status } = useSession();
  const { data: event, isLoading: eventLoading } = useEvent(eventId);
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseVisitorsParams(params), [params]);
  const [limit, setLimit] = useState(VISITORS_PAGE_SIZE);
  const [search, setSearch] = useState(state.q);
  const [modal, setModal] = useState<'country' | 'city' | 'login' | null>(null);
  const panelId = useId();
  // Side by side from 900 px (networking.css); narrower, the filters wait in a sheet under the cards' heading.
  const wide = useMediaQuery('(min-width: 900px)');
  useDocumentTitle(event ? t('visitors.titleOf', { name: event.name }) : t('visitors.title'));

  const filterKey = JSON.stringify(state);
  const filter = useMemo(() => toFilter(JSON.parse(filterKey) as VisitorsState, limit), [filterKey, limit]);
  const visitors = useVisitors(eventId, filter);
  const data = visitors.data;

  const apply = useCallback(
    (next: VisitorsState, push = false) => {
      setLimit(VISITORS_PAGE_SIZE);
      setParams(visitorsParams(next), { replace: !push });
    },
    [setParams],
  );

  // The address can change under the box (back button, a role click): show what it says.
  useEffect(() => setSearch(state.q), [state.q]);
  // Typing waits for a pause of SEARCH_DEBOUNCE_MS before the list follows (networking.md §5).
  useEffect(() => {
    if (search === state.q) return;
    const timer = setTimeout(() => apply({ ...state, q: search }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, state, apply]);

  // A guest who arrives at a tab that needs an account (a shared link) gets the prompt, not the tab.
  useEffect(() => {
    if (status === 'ready' && !user && (SIGNED_IN_TABS.has(state.tab) || state.onlyAppointments)) {
      apply({ ...withTab(state, 'all'), onlyAppointments: false });
      setModal('login');
    }
  }, [status, user, state, apply]);

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

  const filters = (
    <VisitorFilters
      state={state}
      categories={data.categories}
      allCount={data.allCount}
      signedIn={Boolean(user)}
      onChange={(next) => apply(next)}
      onNeedLogin={() => setModal('login')}
    />
  );

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
          {wide ? <SortBox state={state} onChange={(next) => apply(next)} /> : null}
        </div>
      </header>

      <VisitorsTabs
        tabs={VISITORS_TABS.map((id) => ({ id, label: tabLabel(id) }))}
        value={state.tab}
        label={t('visitors.tabsLabel')}
        panelId={panelId}
        onChoose={choose}
      />

      <div className="visitors-page__body" id={panelId} role="tabpanel" aria-label={tabLabel(state.tab)}>
        {wide ? (
          <aside className="visitors-page__aside" aria-label={t('visitors.filters.label')}>
            {filters}
          </aside>
        ) : null}
        <section className="visitors-page__list" aria-label={t('visitors.listLabel')} aria-busy={visitors.isLoading}>
          {wide ? null : (
            <div className="visitors-page__sheet-row">
              <FilterSheet active={activeFilterCount(state)} total={data.total}>
                <SortBox state={state} onChange={(next) => apply(next)} />
                {filters}
              </FilterSheet>
            </div>
          )}
          <SourceNote source={data.source} waiting={data.waitingForSync} refusal={data.refusal} />
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
function SourceNote({ source, waiting, refusal }: Pick<VisitorsPageData, 'source' | 'refusal'> & { waiting: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
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
  // Too many searches in a row: say so and when to try again, rather than blame the connection.
  const text = refusal?.code === 'rate_limited' ? tooManyRequestsText(t, locale, refusal.retryAfter) : t('visitors.unavailableText');
  return <EmptyState compact title={t('visitors.unavailable')} text={text} />;
}
