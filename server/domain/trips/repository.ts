import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { tripImageUrl, type OwnTrip } from '../../../contract/trips.ts';
import { participates, visibleUser } from '../../db/sql.ts';
import type { Q, Tx } from '../../db/tx.ts';

/**
 * SQL of trip plans: how a participant gets to an event and where they stay. Only people who take
 * part in the event have one, and the "hide trip plan" and "hide from visitor list" switches keep a
 * plan away from everybody but its author.
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

export async function listTrips(db: Q, eventId: number, viewerId: number | null, limit: number, offset: number): Promise<{ rows: TripRow[]; count: number }> {
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

/** The user's card for a plan they have not saved yet. */
export async function tripAuthor(q: Q, eventId: number, userId: number) {
  return q
    .selectFrom('users as u')
    .leftJoin('cities as c', 'c.id', 'u.city_id')
    .leftJoin('user_events as ue', (j) => j.onRef('ue.user_id', '=', 'u.id').on('ue.event_id', '=', eventId).on('ue.deleted', '=', false))
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.avatar', 'u.country_code', 'u.city_id', 'c.name as city_name', 'ue.is_owner', 'ue.role'])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** The plan's current picture, locked until the transaction that replaces it ends. */
export async function lockTripImage(trx: Tx, eventId: number, userId: number): Promise<string> {
  const current = await trx.selectFrom('trips').select('image').where('event_id', '=', eventId).where('user_id', '=', userId).forUpdate().executeTakeFirst();
  return current?.image ?? '';
}

/** Fields left out of the patch keep their value. */
export async function upsertTrip(trx: Tx, eventId: number, userId: number, patch: TripPatch): Promise<void> {
  const values = { ...patch, updated_at: new Date() };
  await trx
    .insertInto('trips')
    .values({ event_id: eventId, user_id: userId, ...values })
    .onConflict((oc) => oc.columns(['event_id', 'user_id']).doUpdateSet(values))
    .execute();
}

/** The user's own plans for these events, as their my_events documents carry them. */
export async function ownTripsOf(q: Q, userId: number, eventIds: readonly number[]): Promise<Map<number, OwnTrip>> {
  const out = new Map<number, OwnTrip>();
  if (eventIds.length === 0) return out;
  const rows = await q
    .selectFrom('trips')
    .select(['event_id', 'hotel', 'transport_before', 'transport_after', 'image'])
    .where('user_id', '=', userId)
    .where('event_id', 'in', [...eventIds])
    .execute();
  for (const r of rows) {
    out.set(r.event_id, { hotel: r.hotel, transport_before: r.transport_before, transport_after: r.transport_after, image: tripImageUrl(r.image) });
  }
  return out;
}
