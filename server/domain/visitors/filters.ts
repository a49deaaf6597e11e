import { API_MAX_LIMIT, VISITORS_PAGE_SIZE } from '../../../contract/constants.ts';
import type { ErrorCode } from '../../../contract/errors.ts';
import { AGE_BUCKETS, countryCodeOf, INTEREST_MAX, sexFilterToStored } from '../../../contract/visitors.ts';

/**
 * The visitor list filters of networking.md §7 and events.md §9, turned from query parameters
 * into a VisitorQuery. Parsing is pure (unit-tested); filter-repository.ts turns the query into SQL
 * conditions on the row alias `u` that repository.ts gives every visitor row, combined with the
 * visibility rule there, all before LIMIT.
 *
 * Readings of the specs:
 * - sort: name | register | status only, order asc | desc; default status desc. `status` ranks the
 *   person's standing at the event (organizer, speaker, sponsor, volunteer, visitor), then cards
 *   with "about me" and "looking for" filled in, then the most recent registration.
 *   `register` is when they registered for the event (first check-in or first valid ticket).
 * - statuses: trip statuses 1..4; a person who hides the trip plan never matches (except for
 *   themselves).
 * - sex: 1 male, 0 female as the filter says (stored 1 and 2); 2 is accepted as female too.
 * - age: buckets 1..6 (contract AGE_BUCKETS: bucket 6 is 55+, since the spec skips 55-64);
 *   several buckets match any of them. People without a birth year match no bucket.
 * - interests: 1..7, matching anyone who has at least one of them.
 * - filter_from: null/absent all; 1 city: user_city_id, else the viewer's own city; 2 country:
 *   user_country_id, else the viewer's own country. user_city_id and user_country_id also apply
 *   without filter_from. user_country_id is the numeric id of contract countryIdOf or a 2-letter code.
 * - only_friends, only_favorite, only_appreciated (people the viewer liked, 2 or 3), and
 *   only_meetings (people the viewer has an appointment with, at this event when one is given) need a
 *   session: the spec's guests cannot open those tabs.
 * - limit: 1..API_MAX_LIMIT (100), default VISITORS_PAGE_SIZE (10). Larger values, e.g. 100000,
 *   are refused with invalid_input rather than silently capped, so a client never takes a short
 *   page for the end of the list.
 */

export type VisitorSortKey = 'name' | 'register' | 'status';
export interface VisitorSort {
  key: VisitorSortKey;
  dir: 'ASC' | 'DESC';
}
export const DEFAULT_VISITOR_SORT: VisitorSort = { key: 'status', dir: 'DESC' };

export interface VisitorFilter {
  eventId?: number;
  q?: string;
  cityId?: number;
  countryCode?: string;
  menuId?: number;
  tripStatuses?: number[];
  sex?: 1 | 2;
  ageBuckets?: number[];
  interests?: number[];
  onlyFriends?: boolean;
  onlyFavorite?: boolean;
  onlyAppreciated?: boolean;
  onlyAppointments?: boolean;
}

/** Query values as Fastify hands them over after schema validation: strings, or arrays of strings. */
type Multi = string | string[] | undefined;
export interface VisitorQueryInput {
  event_id?: number;
  q?: string;
  sort?: string;
  order?: string;
  user_city_id?: number;
  user_country_id?: string;
  menu_id?: number;
  statuses?: Multi;
  'statuses[]'?: Multi;
  sex?: string;
  age?: Multi;
  'age[]'?: Multi;
  interests?: Multi;
  'interests[]'?: Multi;
  filter_from?: string;
  only_friends?: string;
  only_favorite?: string;
  only_appreciated?: string;
  only_meetings?: string;
  offset?: number;
  limit?: number;
}

/** What the parser needs to know about the viewer. */
export interface ViewerHome {
  id: number;
  city_id: number | null;
  country_code: string | null;
}

export interface VisitorQuery {
  filter: VisitorFilter;
  sort: VisitorSort;
  limit: number;
  offset: number;
}

export type Parsed = VisitorQuery | { error: ErrorCode; detail?: string };

function on(flag: string | undefined): boolean {
  return flag === '1' || flag === 'true';
}

/** "1,3", ["1","3"] and the two together, each an integer within [min, max]; undefined when empty. */
export function parseIntList(values: Multi[], min: number, max: number): number[] | undefined | 'invalid' {
  const out = new Set<number>();
  for (const v of values) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) {
      for (const part of item.split(',')) {
        const t = part.trim();
        if (t === '') continue;
        if (!/^\d{1,3}$/.test(t)) return 'invalid';
        const n = Number(t);
        if (n < min || n > max) return 'invalid';
        out.add(n);
      }
    }
  }
  return out.size ? [...out].sort((a, b) => a - b) : undefined;
}

export function parseVisitorQuery(raw: VisitorQueryInput, viewer: ViewerHome | null): Parsed {
  const filter: VisitorFilter = {};
  if (raw.event_id !== undefined) filter.eventId = raw.event_id;

  const q = raw.q?.trim();
  if (q) filter.q = q;

  const sortKey = raw.sort ?? DEFAULT_VISITOR_SORT.key;
  if (sortKey !== 'name' && sortKey !== 'register' && sortKey !== 'status') return { error: 'invalid_input', detail: 'sort' };
  const order = raw.order?.toLowerCase();
  if (order !== undefined && order !== 'asc' && order !== 'desc') return { error: 'invalid_input', detail: 'order' };
  const sort: VisitorSort = { key: sortKey, dir: order === undefined ? DEFAULT_VISITOR_SORT.dir : order === 'asc' ? 'ASC' : 'DESC' };

  const limit = raw.limit ?? VISITORS_PAGE_SIZE;
  const offset = raw.offset ?? 0;
  if (!Number.isInteger(limit) || limit < 1 || limit > API_MAX_LIMIT) return { error: 'invalid_input', detail: 'limit' };
  if (!Number.isInteger(offset) || offset < 0) return { error: 'invalid_input', detail: 'offset' };

  if (raw.user_city_id !== undefined) filter.cityId = raw.user_city_id;
  if (raw.user_country_id !== undefined) {
    const v = raw.user_country_id.trim();
    const code = /^[A-Za-z]{2}$/.test(v) ? v.toUpperCase() : /^\d{1,4}$/.test(v) ? countryCodeOf(Number(v)) : null;
    if (!code) return { error: 'invalid_input', detail: 'user_country_id' };
    filter.countryCode = code;
  }
  const from = raw.filter_from;
  if (from !== undefined && from !== '' && from !== 'null') {
    if (from === '1') {
      if (filter.cityId === undefined && viewer?.city_id) filter.cityId = viewer.city_id;
    } else if (from === '2') {
      if (filter.countryCode === undefined && viewer?.country_code) filter.countryCode = viewer.country_code;
    } else return { error: 'invalid_input', detail: 'filter_from' };
  }

  if (raw.menu_id !== undefined) {
    // A visitor category belongs to one event's menu; without the event it names nothing.
    if (filter.eventId === undefined) return { error: 'invalid_input', detail: 'menu_id' };
    filter.menuId = raw.menu_id;
  }

  const statuses = parseIntList([raw.statuses, raw['statuses[]']], 1, 4);
  if (statuses === 'invalid') return { error: 'invalid_input', detail: 'statuses' };
  if (statuses) filter.tripStatuses = statuses;

  if (raw.sex !== undefined && raw.sex !== '') {
    const sex = /^\d$/.test(raw.sex) ? sexFilterToStored(Number(raw.sex)) : null;
    if (!sex) return { error: 'invalid_input', detail: 'sex' };
    filter.sex = sex;
  }

  const ages = parseIntList([raw.age, raw['age[]']], 1, AGE_BUCKETS.length);
  if (ages === 'invalid') return { error: 'invalid_input', detail: 'age' };
  if (ages) filter.ageBuckets = ages;

  const interests = parseIntList([raw.interests, raw['interests[]']], 1, INTEREST_MAX);
  if (interests === 'invalid') return { error: 'invalid_input', detail: 'interests' };
  if (interests) filter.interests = interests;

  filter.onlyFriends = on(raw.only_friends);
  filter.onlyFavorite = on(raw.only_favorite);
  filter.onlyAppreciated = on(raw.only_appreciated);
  filter.onlyAppointments = on(raw.only_meetings);
  if (!viewer && (filter.onlyFriends || filter.onlyFavorite || filter.onlyAppreciated || filter.onlyAppointments)) {
    return { error: 'auth_required' };
  }
  return { filter, sort, limit, offset };
}
