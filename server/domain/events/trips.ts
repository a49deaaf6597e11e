import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { DomainError } from '../../../contract/errors.ts';
import type { DB } from '../../db/types.ts';
import type { Tx } from '../../db/tx.ts';
import { participates, visibleUser } from './queries.ts';

type Q = Kysely<DB> | Tx;

/**
 * Trip plans: how a participant gets to an event and where they stay. Only people who take part
 * in the event have one, and the "hide trip plan" and "hide from visitor list" switches keep a plan
 * away from everybody but its author.
 */

export interface TripPatch {
  hotel?: string;
  transport_before?: string;
  transport_after?: string;
  image?: string;
}

/** The author always sees their own plan; everybody else only plans of visible participants. */
function tripVisible(viewerId: number | null): RawBuilder<SqlBool> {
  const others = sql<SqlBool>`(NOT u.hide_trip_plan AND ${visibleUser('u')} AND ${participates(sql.ref('u.id'), sql.ref('tr.event_id'))})`;
  return viewerId === null ? others : sql<SqlBool>`(u.id = ${viewerId} OR ${others})`;
}

export interface TripRow {
  event_id: number;
  user_id: number;
  hotel: string;
  transport_before: string;
  transport_after: string;
  image: string;
  updated_at: Date;
  first_name: string;
  last_name: string;
  avatar: string;
  country_code: string | null;
  user_city_id: number | null;
  user_city_name: string | null;
  is_org: boolean;
}

const TRIP_COLUMNS = sql`tr.event_id, tr.user_id, tr.hotel, tr.transport_before, tr.transport_after, tr.image, tr.updated_at,
  u.first_name, u.last_name, u.avatar, u.country_code, u.city_id AS user_city_id, uc.name AS user_city_name,
  coalesce((SELECT ue.is_owner OR ue.role = 'organizer' FROM user_events ue
            WHERE ue.event_id = tr.event_id AND ue.user_id = tr.user_id AND NOT ue.deleted), false) AS is_org`;

export async function listTrips(
  db: Q,
  eventId: number,
  viewerId: number | null,
  limit: number,
  offset: number,
): Promise<{ rows: TripRow[]; count: number }> {
  const where = sql<SqlBool>`tr.event_id = ${eventId} AND ${tripVisible(viewerId)}`;
  const rows = await sql<TripRow>`
    SELECT ${TRIP_COLUMNS}
    FROM trips tr JOIN users u ON u.id = tr.user_id LEFT JOIN cities uc ON uc.id = u.city_id
    WHERE ${where}
    ORDER BY tr.updated_at DESC, tr.user_id
    LIMIT ${limit} OFFSET ${offset}`.execute(db);
  const count = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM trips tr JOIN users u ON u.id = tr.user_id WHERE ${where}`.execute(db);
  return { rows: rows.rows, count: count.rows[0]?.n ?? 0 };
}

export async function findTrip(db: Q, eventId: number, userId: number): Promise<TripRow | undefined> {
  const r = await sql<TripRow>`
    SELECT ${TRIP_COLUMNS}
    FROM trips tr JOIN users u ON u.id = tr.user_id LEFT JOIN cities uc ON uc.id = u.city_id
    WHERE tr.event_id = ${eventId} AND tr.user_id = ${userId}`.execute(db);
  return r.rows[0];
}

/** The stored image of a trip the viewer may see, looked up by its generated file name. */
export async function findVisibleTripImage(db: Q, file: string, viewerId: number | null): Promise<boolean> {
  const r = await sql<{ ok: number }>`
    SELECT 1 AS ok FROM trips tr JOIN users u ON u.id = tr.user_id
    WHERE tr.image = ${file} AND ${tripVisible(viewerId)} LIMIT 1`.execute(db);
  return r.rows.length > 0;
}

export interface TripEventInfo {
  id: number;
  name: string;
  starts_at: Date;
  ends_at: Date;
  timezone: string;
  total_people: number;
  city_id: number | null;
  city_name: string | null;
  lat: number | null;
  lng: number | null;
  deleted: boolean;
}

export async function tripEventInfo(db: Q, eventId: number): Promise<TripEventInfo | undefined> {
  return db
    .selectFrom('events as e')
    .leftJoin('cities as c', 'c.id', 'e.city_id')
    .select(['e.id', 'e.name', 'e.starts_at', 'e.ends_at', 'e.timezone', 'e.total_people', 'e.city_id', 'c.name as city_name', 'c.lat', 'c.lng', 'e.deleted'])
    .where('e.id', '=', eventId)
    .executeTakeFirst();
}

/** Whether the user takes part in the event, so may keep a plan for it. */
export async function takesPartIn(q: Kysely<DB> | Tx, userId: number, eventId: number): Promise<boolean> {
  const r = await sql<{ ok: boolean }>`SELECT ${participates(sql`${userId}::int`, sql`${eventId}::int`)} AS ok`.execute(q);
  return r.rows[0]?.ok === true;
}

/**
 * Saves the user's plan for an event. Fields left out of the patch keep their value. Answers the
 * image the plan had before, so the caller can delete that file once the transaction committed.
 */
export async function saveTrip(trx: Tx, userId: number, eventId: number, patch: TripPatch): Promise<{ previousImage: string }> {
  const event = await trx.selectFrom('events').select(['id', 'deleted']).where('id', '=', eventId).executeTakeFirst();
  if (!event) throw new DomainError('event_not_found');
  if (event.deleted) throw new DomainError('event_removed');
  const takesPart = await sql<{ ok: boolean }>`SELECT ${participates(sql`${userId}`, sql`${eventId}`)} AS ok`.execute(trx);
  if (takesPart.rows[0]?.ok !== true) throw new DomainError('participation_required');
  const current = await trx
    .selectFrom('trips')
    .select('image')
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  const values = { ...patch, updated_at: new Date() };
  await trx
    .insertInto('trips')
    .values({ event_id: eventId, user_id: userId, ...values })
    .onConflict((oc) => oc.columns(['event_id', 'user_id']).doUpdateSet(values))
    .execute();
  return { previousImage: current?.image ?? '' };
}
