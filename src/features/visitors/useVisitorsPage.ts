import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SEARCH_DEBOUNCE_MS, VISITORS_PAGE_SIZE } from '../../../contract/index.ts';
import { SIGNED_IN_TABS, useSession, useVisitors, type VisitorsTab } from '../../data/index.ts';
import { parseVisitorsParams, toFilter, visitorsParams, withTab, type VisitorsState } from '../../ui/visitors-params.ts';

export type VisitorsModal = 'country' | 'city' | 'login' | null;

/**
 * The visitors page's state, kept in the address (ui/visitors-params.ts): the list it asks for,
 * the search box that follows the address after a pause, and the dialog open over the page.
 */
export function useVisitorsPage(eventId: number) {
  const { user, status } = useSession();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseVisitorsParams(params), [params]);
  const [limit, setLimit] = useState(VISITORS_PAGE_SIZE);
  const [search, setSearch] = useState(state.q);
  const [modal, setModal] = useState<VisitorsModal>(null);

  const filterKey = JSON.stringify(state);
  const filter = useMemo(() => toFilter(JSON.parse(filterKey) as VisitorsState, limit), [filterKey, limit]);
  const visitors = useVisitors(eventId, filter);

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

  return {
    signedIn: Boolean(user),
    state,
    apply,
    search,
    setSearch,
    modal,
    setModal,
    choose,
    visitors,
    showMore: () => setLimit((n) => n + VISITORS_PAGE_SIZE),
  };
}
