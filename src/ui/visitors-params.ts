import { AGE_BUCKETS, INTEREST_MAX, PARTICIPANT_ROLES } from '../../contract/index.ts';
import type { SortOrder, VisitorsFilter, VisitorsSort, VisitorsTab } from '../data/index.ts';
import { parseId } from '../../contract/ids.ts';

/**
 * The visitors page keeps its whole state in the address, so a filtered list can be reloaded,
 * shared and restored with the back button. The spec fixes only `tab` (default ALL_VISITORS); the
 * other parameters follow the legacy call's names where it has one.
 */

export const TAB_PARAM: Record<VisitorsTab, string> = {
  all: 'ALL_VISITORS',
  appointments: 'WITH_APPOINTMENTS',
  country: 'FROM_COUNTRY',
  city: 'FROM_CITY',
  friends: 'FRIENDS',
  favorites: 'FAVORITES',
};
const PARAM_TAB = new Map(Object.entries(TAB_PARAM).map(([tab, param]) => [param, tab as VisitorsTab]));

export interface VisitorsState {
  tab: VisitorsTab;
  q: string;
  sort: VisitorsSort;
  order: SortOrder;
  country?: string;
  cityId?: number;
  menuId?: number;
  role?: string;
  sex?: 0 | 1;
  ages: number[];
  interests: number[];
  statuses: number[];
  onlyAppointments: boolean;
}

export const DEFAULT_STATE: VisitorsState = {
  tab: 'all',
  q: '',
  sort: 'status',
  order: 'desc',
  ages: [],
  interests: [],
  statuses: [],
  onlyAppointments: false,
};

function intList(value: string | null, max: number): number[] {
  if (!value) return [];
  const out = new Set<number>();
  for (const part of value.split(',')) {
    const n = Number(part);
    if (Number.isInteger(n) && n >= 1 && n <= max) out.add(n);
  }
  return [...out].sort((a, b) => a - b);
}

/** Reads the state from the query; anything malformed falls back to the default, never an error. */
export function parseVisitorsParams(params: URLSearchParams): VisitorsState {
  const sort = params.get('sort');
  const order = params.get('order');
  const country = params.get('country')?.toUpperCase();
  const sex = params.get('sex');
  const role = params.get('role');
  return {
    tab: PARAM_TAB.get(params.get('tab') ?? '') ?? 'all',
    q: (params.get('q') ?? '').slice(0, 100),
    sort: sort === 'name' || sort === 'register' || sort === 'status' ? sort : DEFAULT_STATE.sort,
    order: order === 'asc' || order === 'desc' ? order : DEFAULT_STATE.order,
    ...(country && /^[A-Z]{2}$/.test(country) ? { country } : {}),
    ...(parseId(params.get('city')) ? { cityId: parseId(params.get('city')) } : {}),
    ...(parseId(params.get('menu_id')) ? { menuId: parseId(params.get('menu_id')) } : {}),
    ...(role && (PARTICIPANT_ROLES as readonly string[]).includes(role) ? { role } : {}),
    ...(sex === '0' || sex === '1' ? { sex: Number(sex) as 0 | 1 } : {}),
    ages: intList(params.get('age'), AGE_BUCKETS.length),
    interests: intList(params.get('interests'), INTEREST_MAX),
    statuses: intList(params.get('statuses'), 4),
    onlyAppointments: params.get('appointments') === '1',
  };
}

/** The query for a state; defaults are left out so the plain page has a plain address. */
export function visitorsParams(state: VisitorsState): URLSearchParams {
  const p = new URLSearchParams();
  if (state.tab !== 'all') p.set('tab', TAB_PARAM[state.tab]);
  if (state.q.trim()) p.set('q', state.q.trim());
  if (state.sort !== DEFAULT_STATE.sort) p.set('sort', state.sort);
  if (state.order !== DEFAULT_STATE.order) p.set('order', state.order);
  if (state.country) p.set('country', state.country);
  if (state.cityId) p.set('city', String(state.cityId));
  if (state.menuId) p.set('menu_id', String(state.menuId));
  if (state.role) p.set('role', state.role);
  if (state.sex !== undefined) p.set('sex', String(state.sex));
  if (state.ages.length) p.set('age', state.ages.join(','));
  if (state.interests.length) p.set('interests', state.interests.join(','));
  if (state.statuses.length) p.set('statuses', state.statuses.join(','));
  if (state.onlyAppointments) p.set('appointments', '1');
  return p;
}

/**
 * Choosing a tab follows the spec: choosing country clears the city and the reverse; choosing
 * any other tab clears both.
 */
export function withTab(state: VisitorsState, tab: VisitorsTab, choice?: { country?: string; cityId?: number }): VisitorsState {
  const { country: _c, cityId: _i, ...rest } = state;
  if (tab === 'country') return { ...rest, tab, ...(choice?.country ? { country: choice.country } : {}) };
  if (tab === 'city') return { ...rest, tab, ...(choice?.cityId ? { cityId: choice.cityId } : {}) };
  return { ...rest, tab };
}

/** The data layer's filter for a state and a page size. */
export function toFilter(state: VisitorsState, limit: number): VisitorsFilter {
  return {
    tab: state.tab,
    search: state.q,
    sort: state.sort,
    order: state.order,
    ...(state.country ? { country: state.country } : {}),
    ...(state.cityId ? { cityId: state.cityId } : {}),
    ...(state.menuId ? { menuId: state.menuId } : {}),
    ...(state.role ? { role: state.role } : {}),
    ...(state.sex !== undefined ? { sex: state.sex } : {}),
    ...(state.ages.length ? { ages: state.ages } : {}),
    ...(state.interests.length ? { interests: state.interests } : {}),
    ...(state.statuses.length ? { statuses: state.statuses } : {}),
    onlyAppointments: state.onlyAppointments,
    offset: 0,
    limit,
  };
}

/** Toggles one value of a multi-select filter. */
export function toggled(list: readonly number[], value: number): number[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value].sort((a, b) => a - b);
}

/** How many of the side filters (beyond tabs, search and sort) are set, for the filters button. */
export function activeFilterCount(state: VisitorsState): number {
  return (
    (state.menuId ? 1 : 0) +
    (state.role ? 1 : 0) +
    (state.sex !== undefined ? 1 : 0) +
    state.ages.length +
    state.interests.length +
    state.statuses.length +
    (state.onlyAppointments ? 1 : 0)
  );
}
