import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { and, FALSE, likeContains, likePrefix, participates, TRUE, validTicket, visibleUser, type Cond } from '../../db/sql.ts';
import { toUnix, type Q } from '../../db/tx.ts';
import { selectEventRows, type EventRow } from './document-repository.ts';
import { onlyRow } from '../../db/rows.ts';

/**
 * Read-side SQL of the legacy event calls (events-list, favorites, recently viewed, autocomplete).
 * Every scope and permission is a WHERE fragment evaluated before LIMIT, so `total` and the page
 * always agree. The event columns themselves come from repository.selectEventRows, so the legacy
 * answer and the replicated document never drift apart.
 */

function relationFlag(userId: number, flag: 'favorite' | 'viewed'): Cond {
  const test = flag === 'favorite' ? sql`fue.is_favorite` : sql`fue.viewed_at IS NOT NULL`;
  return sql<SqlBool>`EXISTS (SELECT 1 FROM user_events fue WHERE fue.event_id = e.id AND fue.user_id = ${userId}
    AND NOT fue.deleted AND ${test})`;
}

export type TimeWindow = 'future' | 'past';

/** Whose events a list shows. `none` is a list that must come out empty (a hidden user's events). */
export type ListScope =
  | { kind: 'public' }
  | { kind: 'none' }
  | { kind: 'participant'; userId: number }
  | { kind: 'favorites'; userId: number }
  | { kind: 'viewed'; userId: number };

export interface EventListFilter {
  scope: ListScope;
  window: TimeWindow | null;
  categoryId?: number;
  cityId?: number;
  q?: string;
  onlyForAppointments?: boolean;
  /** Events where somebody this user liked or starred takes part. */
  appreciatedBy?: number;
}

export type SortKey = 'when' | 'name' | 'favorites_count' | 'total_people' | 'viewed';
export interface EventSort {
  key: SortKey;
  dir: 'ASC' | 'DESC';
}

function scopeCond(scope: ListScope): Cond {
  switch (scope.kind) {
    case 'public':
      return TRUE;
    case 'none':
      return FALSE;
    case 'participant':
      return participates(sql`${scope.userId}`, sql.ref('e.id'));
    case 'favorites':
      return relationFlag(scope.userId, 'favorite');
    case 'viewed':
      return relationFlag(scope.userId, 'viewed');
  }
}

function windowCond(window: TimeWindow | null): Cond {
  switch (window) {
    case 'future':
      return sql<SqlBool>`e.ends_at >= now()`;
    case 'past':
      return sql<SqlBool>`e.ends_at < now()`;
    default:
      return TRUE;
  }
}

/** Filters that narrow any list the same way, whoever's list it is. */
function commonConds(f: EventListFilter, withCategory: boolean): Cond[] {
  // Drafts are their organisers' alone (server/domain/admin); the admin area lists them from the device.
  const conds: Cond[] = [sql<SqlBool>`NOT e.deleted`, sql<SqlBool>`e.status <> 'draft'`];
  if (withCategory && f.categoryId !== undefined) conds.push(sql<SqlBool>`e.category_id = ${f.categoryId}`);
  if (f.cityId !== undefined) conds.push(sql<SqlBool>`e.city_id = ${f.cityId}`);
  if (f.q) {
    const p = likeContains(f.q);
    conds.push(sql<SqlBool>`(e.name ILIKE ${p} OR e.where_text ILIKE ${p}
      OR EXISTS (SELECT 1 FROM cities qc WHERE qc.id = e.city_id AND qc.name ILIKE ${p}))`);
  }
  if (f.onlyForAppointments) conds.push(sql<SqlBool>`EXISTS (SELECT 1 FROM meeting_settings ms WHERE ms.event_id = e.id)`);
  if (f.appreciatedBy !== undefined) {
    conds.push(sql<SqlBool>`EXISTS (SELECT 1 FROM user_relations ar JOIN users au ON au.id = ar.target_user_id
      WHERE ar.user_id = ${f.appreciatedBy} AND NOT ar.deleted AND (ar.like_status IN (2, 3) OR ar.favorite)
        AND ${visibleUser('au')} AND ${participates(sql.ref('au.id'), sql.ref('e.id'))})`);
  }
  return conds;
}

export function listCond(f: EventListFilter): Cond {
  return and([...commonConds(f, true), scopeCond(f.scope), windowCond(f.window)]);
}

function orderBy(sort: EventSort, scope: ListScope): RawBuilder<unknown> {
  const dir = sql.raw(sort.dir);
  switch (sort.key) {
    case 'name':
      return sql`lower(e.name) ${dir}, e.id ${dir}`;
    case 'favorites_count':
      return sql`e.favorites_count ${dir}, e.starts_at ASC, e.id ASC`;
    case 'total_people':
      return sql`e.total_people ${dir}, e.starts_at ASC, e.id ASC`;
    case 'viewed': {
      // Only meaningful for a user; anywhere else it falls back to the start time.
      if (scope.kind !== 'viewed') return sql`e.starts_at ${dir}, e.id ${dir}`;
      return sql`(SELECT vue.viewed_at FROM user_events vue WHERE vue.event_id = e.id AND vue.user_id = ${scope.userId}) ${dir} NULLS LAST, e.id ${dir}`;
    }
    case 'when':
      return sql`e.starts_at ${dir}, e.id ${dir}`;
  }
}

/** One page of event rows, in the shape toEventDoc reads. */
export async function listEventRows(db: Q, f: EventListFilter, sort: EventSort, limit: number, offset: number): Promise<EventRow[]> {
  return selectEventRows(db).where(listCond(f)).orderBy(orderBy(sort, f.scope)).limit(limit).offset(offset).execute();
}

export async function countEventRows(db: Q, f: EventListFilter): Promise<number> {
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM events e WHERE ${listCond(f)}`.execute(db);
  return r.rows[0]?.n ?? 0;
}

export interface CategoryCount {
  id: number;
  name: string;
  count: number;
  future_count: number;
  past_count: number;
}

export interface ListCounts {
  all: number;
  future: number;
  past: number;
  favorites: number;
  view: number;
  countByCategories: CategoryCount[];
}

/**
 * The tab counters of a list: all/future/past over the list's own scope (ignoring its time
 * window), favorites and view over the viewer's own favorites and viewed events (the tabs next to
 * it), all with the same category, city, text and meeting filters. countByCategories ignores the
 * category filter, since it is what a category picker shows.
 */
export async function countTabs(db: Q, f: EventListFilter, viewerId: number | null): Promise<ListCounts> {
  const scope = scopeCond(f.scope);
  const fav = viewerId === null ? FALSE : relationFlag(viewerId, 'favorite');
  const viewed = viewerId === null ? FALSE : relationFlag(viewerId, 'viewed');
  const totals = await sql<{ all_n: number; future_n: number; past_n: number; fav_n: number; view_n: number }>`
    SELECT count(*) FILTER (WHERE ${scope})::int AS all_n,
           count(*) FILTER (WHERE ${scope} AND ${windowCond('future')})::int AS future_n,
           count(*) FILTER (WHERE ${scope} AND ${windowCond('past')})::int AS past_n,
           count(*) FILTER (WHERE ${fav})::int AS fav_n,
           count(*) FILTER (WHERE ${viewed})::int AS view_n
    FROM events e WHERE ${and(commonConds(f, true))}`.execute(db);
  const byCategory = await sql<CategoryCount>`
    SELECT cat.id, cat.name, count(*)::int AS count,
           count(*) FILTER (WHERE ${windowCond('future')})::int AS future_count,
           count(*) FILTER (WHERE ${windowCond('past')})::int AS past_count
    FROM events e JOIN categories cat ON cat.id = e.category_id
    WHERE ${and([...commonConds(f, false), scope])}
    GROUP BY cat.id, cat.name ORDER BY cat.name, cat.id`.execute(db);
  const t = onlyRow(totals, 'event list totals');
  return { all: t.all_n, future: t.future_n, past: t.past_n, favorites: t.fav_n, view: t.view_n, countByCategories: byCategory.rows };
}

/** What one viewer is to an event: the per-user fields of the legacy event object. */
export interface ViewerRelation {
  is_favorite: boolean;
  is_owner: boolean;
  checked_in: boolean;
  has_ticket: boolean;
  /**
   * The specs' checkin_status, which their clients gate the event's doors on (networking.md §5):
   * a valid ticket, or on a free event having checked in (a free event has no ticket to hold).
   */
  checkin_status: boolean;
  friends_count: number;
  from_city_count: number;
  /** Empty unless the viewer may join the webinar. */
  webinar_link: string;
}

export const GUEST_RELATION: ViewerRelation = {
  is_favorite: false,
  is_owner: false,
  checked_in: false,
  has_ticket: false,
  checkin_status: false,
  friends_count: 0,
  from_city_count: 0,
  webinar_link: '',
};

/**
 * The viewer's relation to a page of events. A ticket counts even without a user_events row
 * (selectMyEventRows starts from that row, so it is not enough here). Friends and same-city
 * people count only participants who do not hide themselves.
 */
export async function viewerRelations(db: Q, viewerId: number, eventIds: number[]): Promise<Map<number, ViewerRelation>> {
  const out = new Map<number, ViewerRelation>();
  if (eventIds.length === 0) return out;
  const r = await sql<Omit<ViewerRelation, 'checkin_status'> & { event_id: number; is_free: boolean }>`
    SELECT e.id AS event_id, e.webinar_link, e.is_free,
      coalesce(ue.is_favorite, false) AS is_favorite,
      coalesce(ue.is_owner, false) AS is_owner,
      coalesce(ue.checked_in, false) AS checked_in,
      EXISTS (SELECT 1 FROM tickets t WHERE t.event_id = e.id AND t.user_id = ${viewerId} AND ${validTicket('t')}) AS has_ticket,
      (SELECT count(*)::int FROM users fu
        WHERE fu.id IN (SELECT f.friend_id FROM friends f WHERE f.user_id = ${viewerId}
                        UNION SELECT f.user_id FROM friends f WHERE f.friend_id = ${viewerId})
          AND ${visibleUser('fu')} AND ${participates(sql.ref('fu.id'), sql.ref('e.id'))}) AS friends_count,
      -- The event's listed participants from the viewer's city (kept per change by recountPeople),
      -- less the viewer when they are one of them.
      (coalesce((SELECT ecp.people FROM event_city_people ecp WHERE ecp.event_id = e.id AND ecp.city_id = vu.city_id), 0)
        - CASE WHEN vu.city_id IS NOT NULL AND ${visibleUser('vu')} AND ${participates(sql`${viewerId}::int`, sql.ref('e.id'))} THEN 1 ELSE 0 END)::int AS from_city_count
    FROM events e
    LEFT JOIN user_events ue ON ue.event_id = e.id AND ue.user_id = ${viewerId} AND NOT ue.deleted
    LEFT JOIN users vu ON vu.id = ${viewerId}
    WHERE e.id IN (${sql.join(eventIds)})`.execute(db);
  for (const row of r.rows) {
    // A checked-in visitor of a free event has nothing to show at a door; on a paid event the
    // ticket itself must still be valid, so a cancelled ticket loses the link.
    const mayJoin = row.has_ticket || row.is_owner || (row.checked_in && row.is_free);
    const { event_id, is_free: _free, ...relation } = row;
    out.set(event_id, { ...relation, checkin_status: row.has_ticket || (row.checked_in && row.is_free), webinar_link: mayJoin ? row.webinar_link : '' });
  }
  return out;
}

export interface AutocompleteResult {
  events: { id: number; event_id: number; name: string; title: string; when: number; when_end: number; city_id: number; city: string }[];
  cities: { id: number; name: string }[];
}

/** Names that contain the text, upcoming before finished and prefix matches first. */
export async function autocomplete(db: Q, q: string, limit: number): Promise<AutocompleteResult> {
  if (!q) return { events: [], cities: [] };
  const contains = likeContains(q);
  const prefix = likePrefix(q);
  const events = await sql<{ id: number; name: string; starts_at: Date; ends_at: Date; city_id: number | null; city_name: string | null }>`
    SELECT e.id, e.name, e.starts_at, e.ends_at, e.city_id, c.name AS city_name
    FROM events e LEFT JOIN cities c ON c.id = e.city_id
    WHERE NOT e.deleted AND e.status <> 'draft' AND e.name ILIKE ${contains}
    ORDER BY (e.ends_at < now()), (e.name ILIKE ${prefix}) DESC, e.starts_at, e.id
    LIMIT ${limit}`.execute(db);
  const cities = await sql<{ id: number; name: string }>`
    SELECT id, name FROM cities WHERE name ILIKE ${contains}
    ORDER BY (name ILIKE ${prefix}) DESC, name, id LIMIT ${limit}`.execute(db);
  return {
    events: events.rows.map((r) => ({
      id: r.id,
      event_id: r.id,
      name: r.name,
      title: r.name,
      when: toUnix(r.starts_at),
      when_end: toUnix(r.ends_at),
      city_id: r.city_id ?? 0,
      city: r.city_name ?? '',
    })),
    cities: cities.rows,
  };
}
