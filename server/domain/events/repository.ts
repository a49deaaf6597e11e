import { sql } from 'kysely';
import { participates, relatedEventIds, validTicket, visibleUser } from '../../db/sql.ts';
import type { Q, Tx } from '../../db/tx.ts';

/** SQL of events: an event's own row, its counters, and the user's relation to it (the documents are document-repository.ts's). */

/** Upserts the user's row for an event, so every relation change bumps its rev. */
export async function touchUserEvent(
  trx: Tx,
  eventId: number,
  userId: number,
  patch: Partial<{ is_favorite: boolean; checked_in: boolean; checked_in_at: Date | null; viewed_at: Date }>,
): Promise<void> {
  await trx
    .insertInto('user_events')
    .values({ event_id: eventId, user_id: userId, ...patch })
    .onConflict((oc) => oc.columns(['event_id', 'user_id']).doUpdateSet({ ...patch, deleted: false }))
    .execute();
}

/** The event itself, for the rules that check it exists, is not removed and what kind it is. */
export async function findEvent(q: Q, eventId: number) {
  return q
    .selectFrom('events')
    .select(['id', 'name', 'starts_at', 'ends_at', 'timezone', 'is_webinar', 'is_free', 'options', 'deleted', 'status'])
    .where('id', '=', eventId)
    .executeTakeFirst();
}
export type EventHeader = NonNullable<Awaited<ReturnType<typeof findEvent>>>;

/** The counters the legacy check-in and favorite calls answer with. */
export async function eventCounters(q: Q, eventId: number): Promise<{ total_people: number; favorites_count: number }> {
  return q.selectFrom('events').select(['total_people', 'favorites_count']).where('id', '=', eventId).executeTakeFirstOrThrow();
}

/**
 * Whether the event is already the user's most recently viewed one, viewed after `since`: then
 * reading it again changes nothing anybody sees in the "recently viewed" order.
 */
export async function lastViewedSince(q: Q, eventId: number, userId: number, since: Date): Promise<boolean> {
  const r = await sql<{ fresh: boolean }>`
    SELECT ue.viewed_at > ${since} AND NOT EXISTS (
      SELECT 1 FROM user_events o
      WHERE o.user_id = ${userId} AND o.event_id <> ${eventId} AND NOT o.deleted AND o.viewed_at >= ue.viewed_at
    ) AS fresh
    FROM user_events ue
    WHERE ue.event_id = ${eventId} AND ue.user_id = ${userId} AND NOT ue.deleted AND ue.viewed_at IS NOT NULL`.execute(q);
  return r.rows[0]?.fresh === true;
}

/** The user's own row for the event, removed or not; undefined when they never had one. */
export async function findUserEvent(q: Q, eventId: number, userId: number) {
  return q
    .selectFrom('user_events')
    .select(['is_favorite', 'checked_in', 'is_owner', 'is_moderator', 'role', 'menu_id', 'deleted'])
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Owners of the event (user_events.is_owner), who see its tickets, design and door. */
export async function isEventOwner(q: Q, eventId: number, userId: number): Promise<boolean> {
  const row = await findUserEvent(q, eventId, userId);
  return row !== undefined && !row.deleted && row.is_owner;
}

/** Whether the user takes part in the event (see db/sql participates). */
export async function isParticipant(q: Q, userId: number, eventId: number): Promise<boolean> {
  const r = await sql<{ ok: boolean }>`SELECT ${participates(sql`${userId}::int`, sql`${eventId}::int`)} AS ok`.execute(q);
  return r.rows[0]?.ok === true;
}

export async function hasValidTicket(q: Q, userId: number, eventId: number): Promise<boolean> {
  const ticket = await q
    .selectFrom('tickets')
    .select('id')
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .where('status', '=', 'valid')
    .where('invalid', '=', false)
    .where('deleted', '=', false)
    .executeTakeFirst();
  return ticket !== undefined;
}

/**
 * The counts an event keeps of its people, recounted from the rows in one statement, in the
 * transaction of the write that changed them (writes are serialised by the rev lock, db/tx.ts):
 * - total_people: the participants as its visitors list counts them: people who take part
 *   (checked in, owner or a valid ticket, db/sql.ts participates) and are listed (visibleUser). The
 *   event page's "Participants" is this number, so it and the Visitors tab agree;
 * - visitors_cities, visitors_countries: checked-in visitors who do not hide, per city and country;
 * - event_city_people: the total_people rule per home city, which from_city_count reads.
 * Reads take them as stored (060_event_people_counts.sql), so a 5,000-person event costs one scan
 * per change instead of one per read. `eventIds` undefined recounts every event. Returns how many
 * events' documents changed (their rows get new revs, so devices pull them).
 */
export async function recountPeople(trx: Q, eventIds?: readonly number[]): Promise<number> {
  if (eventIds?.length === 0) return 0;
  const scope = eventIds ? sql`SELECT id FROM events WHERE id IN (${sql.join(eventIds.map((id) => sql`${id}::int`))})` : sql`SELECT id FROM events`;
  const r = await sql`
    WITH scope AS (${scope}),
    people AS (
      SELECT p.event_id, u.id AS user_id, u.city_id, u.country_code, u.hide_from_visitors,
             ${visibleUser('u')} AS listed,
             bool_or(p.takes_part) AS takes_part, bool_or(p.checked_in) AS checked_in
      FROM (SELECT ue.event_id, ue.user_id, (ue.checked_in OR ue.is_owner) AS takes_part, ue.checked_in
            FROM user_events ue WHERE ue.event_id IN (SELECT id FROM scope) AND NOT ue.deleted
            UNION ALL
            SELECT t.event_id, t.user_id, true, false FROM tickets t
            WHERE t.event_id IN (SELECT id FROM scope) AND ${validTicket('t')}) p
      JOIN users u ON u.id = p.user_id
      GROUP BY p.event_id, u.id),
    fresh AS (
      SELECT event_id, city_id, count(*)::int AS people FROM people
      WHERE takes_part AND listed AND city_id IS NOT NULL GROUP BY event_id, city_id),
    gone AS (
      DELETE FROM event_city_people d WHERE d.event_id IN (SELECT id FROM scope)
        AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.event_id = d.event_id AND f.city_id = d.city_id)),
    put AS (
      INSERT INTO event_city_people (event_id, city_id, people) SELECT event_id, city_id, people FROM fresh
      ON CONFLICT (event_id, city_id) DO UPDATE SET people = EXCLUDED.people WHERE event_city_people.people <> EXCLUDED.people),
    counts AS (
      SELECT s.id,
        (SELECT count(*)::int FROM people pp WHERE pp.event_id = s.id AND pp.takes_part AND pp.listed) AS n,
        coalesce((
          SELECT json_agg(json_build_object('id', x.id, 'name', x.name, 'count_users_from', x.n) ORDER BY x.n DESC, x.name)
          FROM (SELECT ci.id, ci.name, count(*)::int AS n FROM people pp JOIN cities ci ON ci.id = pp.city_id
                WHERE pp.event_id = s.id AND pp.checked_in AND NOT pp.hide_from_visitors
                GROUP BY ci.id, ci.name) x), '[]'::json) AS cities,
        coalesce((
          SELECT json_agg(json_build_object('id', x.id, 'name', x.name, 'count_users_from', x.n) ORDER BY x.n DESC, x.name)
          FROM (SELECT ((ascii(substr(co.code, 1, 1)) - 64) * 100 + (ascii(substr(co.code, 2, 1)) - 64))::int AS id, co.code, co.name, count(*)::int AS n
                FROM people pp JOIN countries co ON co.code = pp.country_code
                WHERE pp.event_id = s.id AND pp.checked_in AND NOT pp.hide_from_visitors
                GROUP BY co.code, co.name) x), '[]'::json) AS countries
      FROM scope s)
    UPDATE events e SET total_people = c.n, visitors_cities = c.cities, visitors_countries = c.countries
    FROM counts c
    WHERE e.id = c.id
      AND (e.total_people <> c.n OR e.visitors_cities::text <> c.cities::text OR e.visitors_countries::text <> c.countries::text)`.execute(trx);
  return Number(r.numAffectedRows ?? 0);
}

/** Recounts the participants of every event `userId` has any relation to (their listing changed). */
export async function recountPeopleOf(trx: Q, userId: number): Promise<number> {
  const r = await sql<{ id: number }>`SELECT DISTINCT event_id AS id FROM (${relatedEventIds(userId)}) x`.execute(trx);
  return recountPeople(
    trx,
    r.rows.map((x) => x.id),
  );
}

/** Moves one of the event's counters by `delta`, never below zero. */
export async function bumpEventCounter(trx: Tx, eventId: number, counter: 'favorites_count', delta: 1 | -1): Promise<void> {
  await trx
    .updateTable('events')
    .set({ [counter]: sql`greatest(${sql.ref(counter)} + ${delta}, 0)` })
    .where('id', '=', eventId)
    .execute();
}

/** Sets the user's visitor category at the event, restoring a removed row as touchUserEvent does. */
export async function setUserEventMenu(trx: Tx, eventId: number, userId: number, menuId: number | null): Promise<void> {
  await trx
    .insertInto('user_events')
    .values({ event_id: eventId, user_id: userId, menu_id: menuId })
    .onConflict((oc) => oc.columns(['event_id', 'user_id']).doUpdateSet({ menu_id: menuId, deleted: false }))
    .execute();
}

/**
 * Gives every event the user takes part in a new rev (the trigger does), because its document counts
 * visitors by city and country, leaving out people who hide or are disabled. Answers how many.
 */
export async function touchEventsOf(trx: Tx, userId: number): Promise<number> {
  const r = await sql`UPDATE events e SET id = e.id
    WHERE NOT e.deleted AND ${participates(sql`${userId}::int`, sql.ref('e.id'))}
      AND e.id IN (${relatedEventIds(userId)})`.execute(trx);
  return Number(r.numAffectedRows ?? 0);
}

/** Ids of the events, not removed, the user has any relation to (a user_events row or a ticket). */
export async function relatedEvents(q: Q, userId: number): Promise<number[]> {
  const r = await sql<{ id: number }>`SELECT e.id FROM events e WHERE NOT e.deleted AND e.id IN (${relatedEventIds(userId)}) ORDER BY e.id`.execute(q);
  return r.rows.map((row) => row.id);
}

/** The live counter of the event's chat, written only when it changed. */
export async function writeUsersOnline(trx: Tx, eventId: number, n: number): Promise<void> {
  await trx.updateTable('events').set({ users_online: n }).where('id', '=', eventId).where('users_online', '<>', n).execute();
}

/** The demo events' stand-in stream pages are found by their link (routes/api/webinar.ts). */
export async function findEventByWebinarLink(q: Q, link: string) {
  return q.selectFrom('events').select(['id', 'name']).where('webinar_link', '=', link).where('deleted', '=', false).executeTakeFirst();
}

export async function findTrack(q: Q, eventId: number, trackId: number) {
  return q.selectFrom('tracks').select('id').where('id', '=', trackId).where('event_id', '=', eventId).where('deleted', '=', false).executeTakeFirst();
}

/** An event's name and category, for its drawn poster. */
export async function posterFacts(q: Q, eventId: number) {
  return q
    .selectFrom('events')
    .innerJoin('categories', 'categories.id', 'events.category_id')
    .select(['events.name', 'events.status', 'categories.name as category'])
    .where('events.id', '=', eventId)
    .executeTakeFirst();
}
