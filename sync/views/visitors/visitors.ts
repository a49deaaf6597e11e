import { ageBucket, ageOf, countryIdOf, LIKE_STATUS, sexFilterToStored, type RelationDoc, type VisitorDoc } from '../../../contract/visitors.ts';
import type { EventDoc } from '../../../contract/entities.ts';
import { isInFlight, type QueuedCommand } from '../../store/overlay.ts';

/**
 * The visitors page, computed on the device: the event's visitors documents joined with the user's
 * relations (likes, stars), friends and appointment partners, overlaid with the queued like and
 * favorite commands, then filtered, sorted and searched with the rules of networking.md §2, §4 and
 * events.md §9 — the same readings as the server's get-event-people (server/domain/visitors/
 * filters.ts), so the two agree. Pure; no network.
 *
 * Typing in the search box must not stall on 10,000 visitors: each visitor's search text is built
 * once per document revision, and each sort order once per list, so a keystroke costs one pass of
 * `includes` over the pre-sorted list.
 */

export type VisitorsTab = 'all' | 'appointments' | 'country' | 'city' | 'friends' | 'favorites';
export const VISITORS_TABS: readonly VisitorsTab[] = ['all', 'appointments', 'country', 'city', 'friends', 'favorites'];
/** Tabs a guest cannot open (networking.md §4): the screen restores the previous tab and asks to log in. */
export const SIGNED_IN_TABS: ReadonlySet<VisitorsTab> = new Set(['appointments', 'friends', 'favorites']);

export type VisitorsSort = 'name' | 'register' | 'status';
export type SortOrder = 'asc' | 'desc';
export const DEFAULT_VISITORS_SORT: { sort: VisitorsSort; order: SortOrder } = { sort: 'status', order: 'desc' };

export interface VisitorsFilter {
  tab?: VisitorsTab;
  /** Case-insensitive, on first and last name (either order), company and position. */
  search?: string;
  sort?: VisitorsSort;
  order?: SortOrder;
  /** The country tab's choice (ISO code); without one the viewer's own country, when known. */
  country?: string;
  /** The city tab's choice; without one the viewer's own city, when known. */
  cityId?: number;
  /** A category of the event's menu (the side filter, or a click on a card's category button). */
  menuId?: number;
  /** A participant role (a click on the role button of a card without a category). */
  role?: string;
  /** events.md §9: 1 male, 0 female. */
  sex?: 0 | 1;
  /** Age buckets 1..6 (contract AGE_BUCKETS); any of them. */
  ages?: number[];
  /** Interest ids 1..7; anyone with at least one of them. */
  interests?: number[];
  /** Trip statuses 1..4; any of them. */
  statuses?: number[];
  /** The All / My Appointments filter. */
  onlyAppointments?: boolean;
  offset?: number;
  limit?: number;
}

/** Who is looking, for the tabs that depend on them. */
export interface Viewer {
  userId: number | null;
  countryCode?: string;
  cityId?: number;
}

export interface VisitorView extends VisitorDoc {
  /** "First Last", trimmed. */
  name: string;
  /** contract LIKE_STATUS, with a queued like applied. */
  like_status: number;
  liked: boolean;
  favorite: boolean;
  is_friend: boolean;
  /** The viewer has an appointment with this person at this event. */
  has_appointment: boolean;
  /** The category's name from the event's menu; '' without one. */
  menu_name: string;
  age: number | null;
  age_bucket: number | null;
  interests: number[];
  is_me: boolean;
  /** A like or a star for this person waits for the server. */
  pending: boolean;
}

export interface RelationView {
  like_status: number;
  favorite: boolean;
  pending: boolean;
}

const NO_RELATION: RelationView = { like_status: LIKE_STATUS.none, favorite: false, pending: false };

/** The relations documents with the queued visitor.like and visitor.favorite commands applied in order. */
export function overlayRelations(relations: readonly RelationDoc[], commands: readonly QueuedCommand[]): Map<number, RelationView> {
  const out = new Map<number, RelationView>();
  for (const r of relations) out.set(r.user_id, { like_status: r.like_status, favorite: r.favorite, pending: false });
  const queued = commands
    .filter((c) => (c.kind === 'visitor.like' || c.kind === 'visitor.favorite') && isInFlight(c))
    .sort((a, b) => a.seq - b.seq || (a.id < b.id ? -1 : 1));
  for (const cmd of queued) {
    const userId = cmd.payload.user_id;
    if (typeof userId !== 'number') continue;
    const current = out.get(userId) ?? NO_RELATION;
    const next = { ...current, pending: current.pending || cmd.status !== 'applied' };
    if (cmd.kind === 'visitor.like') {
      // A like keeps "both ways" when it already was; the server alone knows whether the other likes back.
      if (cmd.payload.status === 2) next.like_status = current.like_status === LIKE_STATUS.mutual ? LIKE_STATUS.mutual : LIKE_STATUS.liked;
      else if (cmd.payload.status === 1) next.like_status = LIKE_STATUS.notLiked;
    } else if (typeof cmd.payload.favorite === 'boolean') {
      next.favorite = cmd.payload.favorite;
    }
    out.set(userId, next);
  }
  return out;
}

/** A visitor ready for filtering: the view plus its precomputed search text. */
export interface PreparedVisitor {
  view: VisitorView;
  /** Lower-cased "first last", "last first", company and position. */
  haystack: string;
  /** 5 organizer … 1 visitor, for the status sort. */
  rank: number;
  /** How many of "about me" and "looking for" are filled in. */
  filled: number;
}

export interface JoinContext {
  relations: ReadonlyMap<number, RelationView>;
  friends: ReadonlySet<number>;
  partners: ReadonlySet<number>;
  /** The event's menu: category id → name. */
  menu: ReadonlyMap<number, string>;
  meId: number | null;
  currentYear: number;
  /** The viewer's own document with their queued profile edits applied. */
  overlayMe?: (doc: VisitorDoc) => VisitorDoc;
}

const ROLE_RANK: Record<string, number> = { organizer: 5, speaker: 4, sponsor: 3, volunteer: 2 };

export function interestsOf(hobby: string): number[] {
  const out: number[] = [];
  for (const part of hobby.split(',')) {
    const n = Number(part.trim());
    if (Number.isInteger(n) && n >= 1 && n <= 7 && !out.includes(n)) out.push(n);
  }
  return out;
}

/** The parts of a prepared visitor that depend on the document alone; reused while its rev stays. */
interface Base {
  rev: number;
  doc: VisitorDoc;
  name: string;
  haystack: string;
  rank: number;
  filled: number;
  interests: number[];
}

/**
 * Builds the prepared list; `cache` keeps each document's base between calls so a like, a star or
 * a new pull rebuilds only what changed. Pass the same Map on every call for one event.
 */
export function prepareVisitors(docs: readonly VisitorDoc[], ctx: JoinContext, cache: Map<string, Base> = new Map()): PreparedVisitor[] {
  const seen = new Set<string>();
  const out: PreparedVisitor[] = new Array(docs.length);
  let i = 0;
  for (const raw of docs) {
    const doc = ctx.meId !== null && raw.user_id === ctx.meId && ctx.overlayMe ? ctx.overlayMe(raw) : raw;
    seen.add(doc.id);
    let base = cache.get(doc.id);
    if (!base || base.rev !== doc.rev || base.doc !== doc) {
      const name = `${doc.first_name} ${doc.last_name}`.trim();
      base = {
        rev: doc.rev,
        doc,
        name,
        haystack: `${doc.first_name} ${doc.last_name}\n${doc.last_name} ${doc.first_name}\n${doc.company}\n${doc.position}`.toLocaleLowerCase(),
        rank: ROLE_RANK[doc.role] ?? 1,
        filled: (doc.status.trim() ? 1 : 0) + (doc.help.trim() ? 1 : 0),
        interests: interestsOf(doc.hobby),
      };
      cache.set(doc.id, base);
    }
    const rel = ctx.relations.get(doc.user_id) ?? NO_RELATION;
    const view: VisitorView = {
      ...doc,
      name: base.name,
      like_status: rel.like_status,
      liked: rel.like_status === LIKE_STATUS.liked || rel.like_status === LIKE_STATUS.mutual,
      favorite: rel.favorite,
      is_friend: ctx.friends.has(doc.user_id),
      has_appointment: ctx.partners.has(doc.user_id),
      menu_name: doc.menu_id ? (ctx.menu.get(doc.menu_id) ?? '') : '',
      age: ageOf(doc.birth_year, ctx.currentYear),
      age_bucket: ageBucket(doc.birth_year, ctx.currentYear),
      interests: base.interests,
      is_me: doc.user_id === ctx.meId,
      pending: rel.pending,
    };
    out[i++] = { view, haystack: base.haystack, rank: base.rank, filled: base.filled };
  }
  out.length = i;
  if (cache.size > seen.size) for (const id of cache.keys()) if (!seen.has(id)) cache.delete(id);
  return out;
}

export function menuOf(event: Pick<EventDoc, 'options'> | undefined): Map<number, string> {
  return new Map((event?.options.menu ?? []).map((m) => [m.id, m.name]));
}

// ---- sorting ----

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

export function compareVisitors(sort: VisitorsSort, order: SortOrder): (a: PreparedVisitor, b: PreparedVisitor) => number {
  const dir = order === 'asc' ? 1 : -1;
  switch (sort) {
    case 'name':
      return (a, b) =>
        dir *
        (collator.compare(a.view.first_name, b.view.first_name) || collator.compare(a.view.last_name, b.view.last_name) || a.view.user_id - b.view.user_id);
    case 'register':
      return (a, b) => dir * (a.view.registered_at - b.view.registered_at || a.view.user_id - b.view.user_id);
    case 'status':
      // As the server orders it: standing and filled-in cards follow the order, newest registration breaks ties.
      return (a, b) => dir * (a.rank - b.rank) || dir * (a.filled - b.filled) || b.view.registered_at - a.view.registered_at || b.view.user_id - a.view.user_id;
  }
}

const sortedCache = new WeakMap<readonly PreparedVisitor[], Map<string, PreparedVisitor[]>>();

/** The list in one order, computed once per list and order. */
export function sortedVisitors(list: readonly PreparedVisitor[], sort: VisitorsSort, order: SortOrder): PreparedVisitor[] {
  let byKey = sortedCache.get(list);
  if (!byKey) {
    byKey = new Map();
    sortedCache.set(list, byKey);
  }
  const key = `${sort}:${order}`;
  let sorted = byKey.get(key);
  if (!sorted) {
    sorted = [...list].sort(compareVisitors(sort, order));
    byKey.set(key, sorted);
  }
  return sorted;
}

// ---- filtering ----

export function normalizeNeedle(search: string | undefined): string {
  return (search ?? '').trim().replace(/\s+/g, ' ').toLocaleLowerCase();
}

/** The predicate of a filter, built once per query rather than re-deciding every rule per visitor. */
export function visitorPredicate(filter: VisitorsFilter, viewer: Viewer): (p: PreparedVisitor) => boolean {
  const tests: ((p: PreparedVisitor) => boolean)[] = [];
  const tab = filter.tab ?? 'all';
  if (tab === 'appointments' || filter.onlyAppointments) tests.push((p) => p.view.has_appointment);
  if (tab === 'friends') tests.push((p) => p.view.is_friend);
  if (tab === 'favorites') tests.push((p) => p.view.favorite);
  if (tab === 'country') {
    const code = (filter.country ?? viewer.countryCode ?? '').toUpperCase();
    if (code) tests.push((p) => p.view.country_code === code);
  }
  if (tab === 'city') {
    const city = filter.cityId ?? viewer.cityId;
    if (city) tests.push((p) => p.view.city_id === city);
  }
  if (filter.menuId !== undefined) tests.push((p) => p.view.menu_id === filter.menuId);
  if (filter.role) tests.push((p) => p.view.role === filter.role);
  if (filter.sex !== undefined) {
    const stored = sexFilterToStored(filter.sex);
    tests.push((p) => p.view.sex === stored);
  }
  if (filter.ages?.length) {
    const ages = new Set(filter.ages);
    tests.push((p) => p.view.age_bucket !== null && ages.has(p.view.age_bucket));
  }
  if (filter.interests?.length) {
    const wanted = filter.interests;
    tests.push((p) => p.view.interests.some((i) => wanted.includes(i)));
  }
  if (filter.statuses?.length) {
    const statuses = new Set(filter.statuses);
    tests.push((p) => statuses.has(p.view.trip_status));
  }
  const needle = normalizeNeedle(filter.search);
  if (needle) tests.push((p) => p.haystack.includes(needle));
  if (tests.length === 0) return () => true;
  const [single] = tests;
  if (tests.length === 1 && single) return single;
  return (p) => tests.every((t) => t(p));
}

export interface VisitorsPage {
  items: VisitorView[];
  /** How many match without offset and limit. */
  total: number;
}

export function queryVisitors(list: readonly PreparedVisitor[], filter: VisitorsFilter, viewer: Viewer): VisitorsPage {
  const sorted = sortedVisitors(list, filter.sort ?? DEFAULT_VISITORS_SORT.sort, filter.order ?? DEFAULT_VISITORS_SORT.order);
  const test = visitorPredicate(filter, viewer);
  const offset = Math.max(0, Math.floor(filter.offset ?? 0));
  const end = filter.limit === undefined ? Infinity : offset + Math.max(0, Math.floor(filter.limit));
  const items: VisitorView[] = [];
  let total = 0;
  for (const p of sorted) {
    if (!test(p)) continue;
    if (total >= offset && total < end) items.push(p.view);
    total++;
  }
  return { items, total };
}

// ---- the selects of the page ----

export interface CountryCount {
  /** contract countryIdOf: the numeric id the legacy user_country_id speaks. */
  id: number;
  code: string;
  name: string;
  count: number;
}
export interface CityCount {
  id: number;
  name: string;
  count: number;
}
export interface CategoryCount {
  id: number;
  name: string;
  count: number;
}

const byCount = <T extends { count: number; name: string }>(a: T, b: T) => b.count - a.count || collator.compare(a.name, b.name);

/** The country select: every country of the event's visitors with how many come from it. */
export function countryCounts(list: readonly PreparedVisitor[]): CountryCount[] {
  const map = new Map<string, CountryCount>();
  for (const { view } of list) {
    const code = view.country_code.toUpperCase();
    if (!/^[A-Z]{2}$/.test(code)) continue;
    const entry = map.get(code);
    if (entry) entry.count++;
    else map.set(code, { id: countryIdOf(code), code, name: view.country_name || code, count: 1 });
  }
  return [...map.values()].sort(byCount);
}

/** The city select; with a country, only that country's cities. */
export function cityCounts(list: readonly PreparedVisitor[], country?: string): CityCount[] {
  const map = new Map<number, CityCount>();
  const code = country?.toUpperCase();
  for (const { view } of list) {
    if (!view.city_id) continue;
    if (code && view.country_code.toUpperCase() !== code) continue;
    const entry = map.get(view.city_id);
    if (entry) entry.count++;
    else map.set(view.city_id, { id: view.city_id, name: view.city_name || String(view.city_id), count: 1 });
  }
  return [...map.values()].sort(byCount);
}

/** The side filter: the event's menu in its own order, each with its number of visitors. */
export function categoryCounts(list: readonly PreparedVisitor[], menu: ReadonlyMap<number, string>): CategoryCount[] {
  const counts = new Map<number, number>();
  for (const { view } of list) if (view.menu_id) counts.set(view.menu_id, (counts.get(view.menu_id) ?? 0) + 1);
  return [...menu].map(([id, name]) => ({ id, name, count: counts.get(id) ?? 0 }));
}
