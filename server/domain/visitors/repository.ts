import { sql, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import { and, FALSE, likeContains, participates, relatedEventIds, TRUE, validTicket, visibleUser, type Cond } from '../../db/sql.ts';
import type { Q, Tx } from '../../db/tx.ts';
import type { UsersTable } from '../../db/types.ts';
import { onlyRow } from '../../db/rows.ts';
import { filterConds, orderBySql, tripStatusIn } from './filter-repository.ts';
import type { VisitorQuery } from './filters.ts';

/**
 * Read-side SQL of visitors, people and profiles. Every list, count and feed here goes through
 * `visibleTo` and the private-field expressions of `outerColumns`, so the rules live in one place
 * and are applied in SQL before LIMIT:
 *
 * - A visitor of an event is a participant (db/sql `participates`: checked in, owner, or
 *   holding a valid ticket). Owners without another role show as organizers.
 * - A person is listed for somebody else only if they do not hide from visitor lists, their
 *   account is open, and their show_status allows the viewer (contract SHOW_STATUS: 1 everyone,
 *   2 signed-in people sharing an event with them, anything else nobody). The viewer always sees
 *   themselves, hidden or not.
 * - phone leaves the database only for signed-in viewers and only when not hidden (hide_phone);
 *   email only for signed-in viewers and only when shown (show_email); trip_status only when the
 *   trip plan is not hidden. Guests get neither phone nor email of anyone. The person themselves
 *   always gets their own. Raw values are masked inside the SQL, so they never reach this process
 *   for anybody else.
 */

/** Who is looking, with what the visibility rule needs to know about them. */
export interface Viewer {
  id: number | null;
  city_id: number | null;
  country_code: string | null;
  /** Events (not removed) the viewer takes part in: decides show_status 2. */
  events: number[];
}

export const GUEST: Viewer = { id: null, city_id: null, country_code: null, events: [] };

export async function loadViewer(db: Q, userId: number | null): Promise<Viewer> {
  if (userId === null) return GUEST;
  const user = await db.selectFrom('users').select(['city_id', 'country_code']).where('id', '=', userId).executeTakeFirst();
  const events = await sql<{ id: number }>`
    SELECT e.id FROM events e
    WHERE NOT e.deleted AND e.id IN (${relatedEventIds(userId)})
      AND ${participates(sql`${userId}::int`, sql.ref('e.id'))}`.execute(db);
  return { id: userId, city_id: user?.city_id ?? null, country_code: user?.country_code ?? null, events: events.rows.map((r) => r.id) };
}

/**
 * May the viewer see person `u` in a list? `eventId` is the event whose visitors are listed (all
 * rows then participate in it, so a viewer who also does shares an event with every one of them).
 */
export function visibleTo(viewer: Viewer, eventId?: number): Cond {
  if (viewer.id === null) return sql<SqlBool>`(${visibleUser('u')} AND u.show_status = 1)`;
  let shares: Cond;
  if (eventId !== undefined && viewer.events.includes(eventId)) shares = TRUE;
  else if (viewer.events.length === 0) shares = FALSE;
  else {
    const list = sql.join(viewer.events.map((id) => sql`(${id}::int)`));
    shares = sql<SqlBool>`EXISTS (SELECT 1 FROM (VALUES ${list}) ve(id) WHERE ${participates(sql.ref('u.id'), sql.ref('ve.id'))})`;
  }
  return sql<SqlBool>`(u.id = ${viewer.id} OR (${visibleUser('u')} AND (u.show_status = 1 OR (u.show_status = 2 AND ${shares}))))`;
}

const USER_COLUMNS = sql`u0.id, u0.first_name, u0.last_name, u0.avatar, u0.country_code, u0.city_id, u0.phone, u0.email,
  u0.position, u0.company, u0.help, u0.status, u0.show_status, u0.trip_status, u0.hobby, u0.sex, u0.birth_year, u0.social,
  u0.show_email, u0.hide_phone, u0.hide_trip_plan, u0.hide_from_visitors, u0.show_personal, u0.disabled, u0.deleted, u0.created_at`;

/**
 * Participation over rows already joined (ue: the user_events row, tk: the person's tickets for
 * the event aggregated): the same rule as db/sql `participates` (checked in, owner, or a
 * valid ticket), written over the joins because the EXISTS form costs two probes per row and an
 * event's list or feed evaluates it for every visitor.
 */
const PARTICIPANT = sql`((ue.user_id IS NOT NULL AND NOT ue.deleted AND (ue.checked_in OR ue.is_owner)) OR coalesce(tk.valid, false))`;

/**
 * The person's standing at one event. The document rev is the greatest rev of every row it is
 * built from (the user, their user_events row, their tickets for the event), so any change of what
 * a viewer sees, including a privacy switch (the users trigger bumps users.rev on every UPDATE), a
 * cancelled ticket or a check-out, gives the document a new rev in that event's feed.
 */
const EVENT_COLUMNS = sql`${PARTICIPANT} AS participant,
  CASE WHEN ue.user_id IS NULL OR ue.deleted THEN 'visitor' WHEN ue.is_owner AND ue.role = 'visitor' THEN 'organizer' ELSE ue.role END AS role,
  coalesce(ue.is_owner AND NOT ue.deleted, false) AS is_owner,
  CASE WHEN ue.deleted THEN NULL ELSE ue.menu_id END AS menu_id,
  CASE WHEN ue.user_id IS NULL OR ue.deleted THEN '' ELSE ue.about END AS about,
  CASE WHEN ue.user_id IS NULL OR ue.deleted THEN '' ELSE ue.interest END AS interest,
  (coalesce(tk.valid, false) OR coalesce(ue.is_owner AND NOT ue.deleted, false)) AS has_ticket,
  coalesce(least(CASE WHEN ue.checked_in AND NOT ue.deleted THEN ue.checked_in_at END, tk.first_valid_at), u0.created_at) AS registered_at,
  greatest(u0.rev, coalesce(ue.rev, 0), coalesce(tk.rev, 0)) AS doc_rev`;

const TICKET_AGGREGATES = sql`max(t.rev) AS rev, bool_or(${validTicket('t')}) AS valid,
  min(t.created_at) FILTER (WHERE ${validTicket('t')}) AS first_valid_at`;

/**
 * Everybody who has ever had a relation to the event (a user_events row or a ticket), with
 * `participant` telling who takes part now. Starting from these rows rather than from users keeps
 * a big user table out of an event's list; the feed needs the non-participants for tombstones.
 * Tickets are aggregated per person through the (user_id, event_id) index: a grouped subquery
 * over the event's tickets is cheaper with good statistics, but PGlite never analyzes on its own,
 * and without statistics the planner loops over it per row (seconds for a 5,000-person event).
 */
export function eventBase(eventId: number, members?: RawBuilder<unknown>): RawBuilder<unknown> {
  const ev = sql`${eventId}::int`;
  const source = members ?? sql`SELECT user_id FROM user_events WHERE event_id = ${ev} UNION SELECT user_id FROM tickets WHERE event_id = ${ev}`;
  return sql`SELECT ${USER_COLUMNS}, ${EVENT_COLUMNS}
    FROM (${source}) c
    JOIN users u0 ON u0.id = c.user_id
    LEFT JOIN user_events ue ON ue.event_id = ${ev} AND ue.user_id = u0.id
    LEFT JOIN LATERAL (SELECT ${TICKET_AGGREGATES} FROM tickets t WHERE t.event_id = ${ev} AND t.user_id = u0.id) tk ON TRUE`;
}

/** All accounts, for the people directory and profiles: no event, so no event columns. */
function peopleBase(): RawBuilder<unknown> {
  return sql`SELECT ${USER_COLUMNS}, TRUE AS participant, 'visitor'::text AS role, false AS is_owner, NULL::int AS menu_id,
      ''::text AS about, ''::text AS interest, false AS has_ticket, u0.created_at AS registered_at, u0.rev AS doc_rev,
      NULL::int AS next_event_id
    FROM users u0`;
}

/**
 * People going to an event that has not ended, each with the soonest such event (the people
 * card's "event the person is going to"), optionally only that of one event. Participations are
 * gathered from the not-ended events only (the PARTICIPANT rule, per source table), so finished
 * events of the past never enter the work. The per-person rows are looked up laterally by both key
 * columns, so a planner without statistics cannot turn them into a scan per row.
 */
function upcomingBase(eventId: number | undefined): RawBuilder<unknown> {
  const only = eventId === undefined ? sql`` : sql`AND e.id = ${eventId}::int`;
  const upcoming = sql`SELECT e.id, e.starts_at FROM events e WHERE NOT e.deleted AND e.ends_at >= now() ${only}`;
  return sql`SELECT ${USER_COLUMNS}, ${EVENT_COLUMNS}, ne.event_id AS next_event_id
    FROM (SELECT DISTINCT ON (p.user_id) p.user_id, p.event_id
          FROM (SELECT x.user_id, x.event_id, e.starts_at FROM user_events x JOIN (${upcoming}) e ON e.id = x.event_id
                WHERE NOT x.deleted AND (x.checked_in OR x.is_owner)
                UNION ALL
                SELECT x.user_id, x.event_id, e.starts_at FROM tickets x JOIN (${upcoming}) e ON e.id = x.event_id
                WHERE ${validTicket('x')}) p
          ORDER BY p.user_id, p.starts_at, p.event_id) ne
    JOIN users u0 ON u0.id = ne.user_id
    LEFT JOIN LATERAL (SELECT * FROM user_events x WHERE x.event_id = ne.event_id AND x.user_id = ne.user_id) ue ON TRUE
    LEFT JOIN LATERAL (SELECT ${TICKET_AGGREGATES} FROM tickets t WHERE t.event_id = ne.event_id AND t.user_id = ne.user_id) tk ON TRUE`;
}

/**
 * The columns that leave the database, with private fields masked for anybody but the person: the
 * phone (hide_phone), the email (show_email), the trip plan (hide_trip_plan), gender and age
 * (show_personal).
 */
export function outerColumns(viewer: Viewer, shown: Cond, withRelations = true, rev: RawBuilder<unknown> = sql`u.doc_rev`): RawBuilder<unknown> {
  const self = viewer.id === null ? FALSE : sql<SqlBool>`u.id = ${viewer.id}`;
  const signedIn = viewer.id !== null;
  const phone = signedIn ? sql`CASE WHEN ${self} OR NOT u.hide_phone THEN u.phone ELSE '' END` : sql`''::text`;
  const email = signedIn ? sql`CASE WHEN ${self} OR u.show_email THEN u.email ELSE '' END` : sql`''::text`;
  const rel =
    signedIn && withRelations
      ? sql`coalesce(r.like_status, 0) AS like_status, coalesce(r.favorite, false) AS favorite,
        EXISTS (SELECT 1 FROM friends f WHERE (f.user_id = ${viewer.id} AND f.friend_id = u.id) OR (f.friend_id = ${viewer.id} AND f.user_id = u.id)) AS is_friend`
      : sql`0 AS like_status, false AS favorite, false AS is_friend`;
  return sql`u.id, u.first_name, u.last_name, u.avatar, coalesce(u.country_code, '') AS country_code, coalesce(co.name, '') AS country_name,
    coalesce(u.city_id, 0) AS city_id, coalesce(ci.name, '') AS city_name, u.position, u.company, u.help, u.status, u.show_status,
    CASE WHEN ${self} OR NOT u.hide_trip_plan THEN u.trip_status ELSE 0 END AS trip_status, (${self} OR NOT u.hide_trip_plan) AS trip_visible,
    u.hobby, CASE WHEN ${self} OR u.show_personal THEN coalesce(u.sex, 0) ELSE 0 END AS sex,
    CASE WHEN ${self} OR u.show_personal THEN coalesce(u.birth_year, 0) ELSE 0 END AS birth_year, u.social,
    ${phone} AS phone, ${email} AS email, u.role, u.is_owner, u.menu_id, u.about, u.interest, u.has_ticket, u.registered_at,
    ${rev} AS rev, ${rel}, (${shown}) AS shown`;
}

export function outerJoins(viewer: Viewer, withRelations = true): RawBuilder<unknown> {
  const rel =
    viewer.id === null || !withRelations ? sql`` : sql`LEFT JOIN user_relations r ON r.user_id = ${viewer.id} AND r.target_user_id = u.id AND NOT r.deleted`;
  return sql`LEFT JOIN cities ci ON ci.id = u.city_id LEFT JOIN countries co ON co.code = u.country_code ${rel}`;
}

/** What a person writes about themselves, as the users table stores it. */
type AboutColumns = Pick<Selectable<UsersTable>, 'first_name' | 'last_name' | 'avatar' | 'position' | 'company' | 'help' | 'status' | 'show_status' | 'hobby'>;

/** One person as outerColumns shapes them: private fields already masked for the viewer. */
export interface VisitorRow extends AboutColumns {
  id: number;
  country_code: string;
  country_name: string;
  city_id: number;
  city_name: string;
  trip_status: number;
  /** Whether the viewer may see the trip plan (hide_trip_plan), for the people card. */
  trip_visible: boolean;
  sex: number;
  birth_year: number;
  social: unknown;
  phone: string;
  email: string;
  role: string;
  is_owner: boolean;
  menu_id: number | null;
  about: string;
  interest: string;
  has_ticket: boolean;
  registered_at: Date;
  rev: number;
  like_status: number;
  favorite: boolean;
  is_friend: boolean;
  shown: boolean;
}

export type ListScope = { kind: 'event'; eventId: number } | { kind: 'people' } | { kind: 'upcoming'; eventId?: number };

function baseOf(scope: ListScope): RawBuilder<unknown> {
  if (scope.kind === 'event') return eventBase(scope.eventId);
  if (scope.kind === 'upcoming') return upcomingBase(scope.eventId);
  return peopleBase();
}

/** The complete WHERE of a list: participation, visibility, then the filters. */
function listWhere(scope: ListScope, viewer: Viewer, extra: Cond[]): Cond {
  const eventId = scope.kind === 'event' ? scope.eventId : undefined;
  return and([sql<SqlBool>`u.participant`, visibleTo(viewer, eventId), ...extra]);
}

export interface ListPage<R> {
  rows: R[];
  count: number;
}

/** One page of a visitor list with its total, both under the same conditions. */
export async function listVisitors(
  db: Q,
  scope: ListScope,
  viewer: Viewer,
  query: VisitorQuery,
  currentYear: number,
  extra: Cond[] = [],
): Promise<ListPage<VisitorRow & { next_event_id: number | null }>> {
  const where = listWhere(scope, viewer, [...filterConds(query.filter, viewer.id, currentYear), ...extra]);
  const base = baseOf(scope);
  const next = scope.kind === 'event' ? sql`NULL::int` : sql`u.next_event_id`;
  const rows = await sql<VisitorRow & { next_event_id: number | null }>`
    SELECT ${outerColumns(viewer, TRUE)}, ${next} AS next_event_id
    FROM (${base}) u ${outerJoins(viewer)}
    WHERE ${where}
    ORDER BY ${orderBySql(query.sort)}
    LIMIT ${query.limit} OFFSET ${query.offset}`.execute(db);
  const count = await sql<{ n: number }>`SELECT count(*)::int AS n FROM (${base}) u WHERE ${where}`.execute(db);
  return { rows: rows.rows, count: count.rows[0]?.n ?? 0 };
}

/** People whose trip status is one of the people card's tabs (the trip plan must not be hidden). */
export function tripTab(status: number | null, viewer: Viewer): Cond[] {
  return status === null ? [] : [tripStatusIn([status], viewer.id)];
}

/** One person as the viewer may see them, or undefined when they may not. */
export async function findVisiblePerson(db: Q, viewer: Viewer, userId: number): Promise<VisitorRow | undefined> {
  const r = await sql<VisitorRow>`
    SELECT ${outerColumns(viewer, TRUE)} FROM (${peopleBase()}) u ${outerJoins(viewer)}
    WHERE u.id = ${userId} AND NOT u.deleted AND ${visibleTo(viewer)}`.execute(db);
  return r.rows[0];
}

export interface GroupCount {
  key: string;
  name: string;
  count: number;
}

/**
 * Counts of the visitors a viewer may see, grouped by country, city or visitor category: the
 * country and city selects of the visitors page ("name with user count") and the category filter.
 */
export async function countVisitorsBy(
  db: Q,
  scope: ListScope,
  viewer: Viewer,
  by: 'country' | 'city' | 'menu',
  narrow: { nameContains?: string; countryCode?: string } = {},
): Promise<GroupCount[]> {
  const extra = narrow.countryCode === undefined ? [] : filterConds({ countryCode: narrow.countryCode }, viewer.id, new Date().getUTCFullYear());
  const where = listWhere(scope, viewer, extra);
  const like = narrow.nameContains ? sql`AND g.name ILIKE ${likeContains(narrow.nameContains)}` : sql``;
  let q: RawBuilder<GroupCount>;
  if (by === 'country') {
    q = sql<GroupCount>`SELECT g.code::text AS key, g.name, count(*)::int AS count
      FROM (${baseOf(scope)}) u JOIN countries g ON g.code = u.country_code
      WHERE ${where} ${like} GROUP BY g.code, g.name ORDER BY count(*) DESC, g.name, g.code`;
  } else if (by === 'city') {
    q = sql<GroupCount>`SELECT g.id::text AS key, g.name, count(*)::int AS count
      FROM (${baseOf(scope)}) u JOIN cities g ON g.id = u.city_id
      WHERE ${where} ${like} GROUP BY g.id, g.name ORDER BY count(*) DESC, g.name, g.id`;
  } else {
    q = sql<GroupCount>`SELECT u.menu_id::text AS key, '' AS name, count(*)::int AS count
      FROM (${baseOf(scope)}) u WHERE ${where} AND u.menu_id IS NOT NULL GROUP BY u.menu_id ORDER BY u.menu_id`;
  }
  return (await q.execute(db)).rows;
}

/** Number of visitors the viewer may see at the event (the "All" of the category filter). */
export async function countVisible(db: Q, scope: ListScope, viewer: Viewer): Promise<number> {
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM (${baseOf(scope)}) u WHERE ${listWhere(scope, viewer, [])}`.execute(db);
  return r.rows[0]?.n ?? 0;
}

/**
 * Somebody who takes part in the event and is none of its visitors: what every participant sees of
 * everybody but themselves. (Ids start at 1, so no row is this viewer's own.)
 */
export function anyParticipant(eventId: number): Viewer {
  return { id: 0, city_id: null, country_code: null, events: [eventId] };
}

// Relations: the user's likes and stars of other people ------------------------------------------

export async function userExists(q: Q, userId: number): Promise<boolean> {
  return (await q.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
}

export async function findRelation(q: Q, userId: number, targetId: number) {
  return q
    .selectFrom('user_relations')
    .select(['like_status', 'favorite', 'deleted'])
    .where('user_id', '=', userId)
    .where('target_user_id', '=', targetId)
    .executeTakeFirst();
}

export async function upsertRelation(trx: Tx, userId: number, targetId: number, patch: { like_status?: number; favorite?: boolean }): Promise<void> {
  await trx
    .insertInto('user_relations')
    .values({ user_id: userId, target_user_id: targetId, ...patch })
    .onConflict((oc) => oc.columns(['user_id', 'target_user_id']).doUpdateSet({ ...patch, deleted: false }))
    .execute();
}

/** A page of the user's relations feed, tombstones included. */
// The event's visitor list as every participant shares it (routes/api/visitors.ts, shared-list.ts) ---

/**
 * The ids of every participant of an event in its visitor list's `sort` order, and which of them
 * no other participant sees (they hide), with the visitors version (the greatest rev in visitor_revs, which every write to a person's
 * user, user_events or tickets rows raises, 009_visitor_revs.sql) read in the same statement, so the
 * ids are exactly the list at that version.
 */
export async function sharedEventListIds(db: Q, eventId: number, sort: VisitorQuery['sort']): Promise<{ version: string; ids: number[]; hidden: number[] }> {
  const everyParticipant = anyParticipant(eventId);
  // Every participant in the list's order, and apart those nobody else sees: a participant who hides
  // sees the others' list with themselves in it, so one read serves them too (shared-list.ts).
  const r = await sql<{ version: string | null; ids: number[] | null; hidden: number[] | null }>`
    SELECT (SELECT max(rev) FROM visitor_revs WHERE event_id = ${eventId})::text AS version, l.ids, l.hidden
    FROM (SELECT array_agg(u.id ORDER BY ${orderBySql(sort)}) AS ids,
            array_agg(u.id) FILTER (WHERE NOT ${visibleTo(everyParticipant, eventId)}) AS hidden
          FROM (${eventBase(eventId)}) u WHERE u.participant) l`.execute(db);
  const row = onlyRow(r, 'shared visitor list');
  return { version: row.version ?? '0', ids: row.ids ?? [], hidden: row.hidden ?? [] };
}

/**
 * The rows of `ids` at the event as `viewer` sees them (their likes, stars, friends, their own
 * unmasked fields), in no particular order, with the visitors version they were read at (the first
 * element's, present even when `ids` is empty).
 */
export async function eventVisitorsByIds(
  db: Q,
  eventId: number,
  viewer: Viewer,
  ids: number[],
): Promise<{ version: string; rows: (VisitorRow & { next_event_id: number | null })[] }> {
  const members = sql`SELECT unnest(${`{${ids.join(',')}}`}::int[]) AS user_id`;
  const r = await sql<{ at_version: string | null } & Partial<VisitorRow & { next_event_id: number | null }>>`
    SELECT v.at_version, p.* FROM (SELECT max(rev)::text AS at_version FROM visitor_revs WHERE event_id = ${eventId}) v
    LEFT JOIN LATERAL (
      SELECT ${outerColumns(viewer, TRUE)}, NULL::int AS next_event_id
      FROM (${eventBase(eventId, members)}) u ${outerJoins(viewer)}) p ON TRUE`.execute(db);
  const version = r.rows[0]?.at_version ?? '0';
  const rows = r.rows
    .filter((x) => x.id !== null && x.id !== undefined)
    .map(({ at_version: _v, ...rest }) => rest as VisitorRow & { next_event_id: number | null });
  return { version, rows };
}
