import { sql } from 'kysely';
import type { Q } from '../../db/tx.ts';
import { toUnix } from '../../db/tx.ts';
import type { AppointmentInfo, EventInfo } from './documents.ts';

/**
 * What the legacy visitor entity carries besides the person (documents.ts toLegacyVisitor): the
 * names and visitor categories of their events, the viewer's appointment with them, and the trip
 * plan the people card shows.
 */

/** Names and visitor categories of events, for the legacy entity. */
export async function eventInfos(db: Q, ids: number[]): Promise<Map<number, EventInfo & { deleted: boolean }>> {
  const out = new Map<number, EventInfo & { deleted: boolean }>();
  if (!ids.length) return out;
  const rows = await db.selectFrom('events').select(['id', 'name', 'options', 'deleted']).where('id', 'in', ids).execute();
  for (const r of rows) {
    const options = (typeof r.options === 'string' ? JSON.parse(r.options) : r.options) as { menu?: { id: number; name: string }[] } | null;
    const menu = new Map<number, string>();
    for (const m of options?.menu ?? []) if (typeof m?.id === 'number') menu.set(m.id, String(m.name ?? ''));
    out.set(r.id, { id: r.id, name: r.name, menu, deleted: r.deleted });
  }
  return out;
}

/**
 * The latest appointment between the viewer and each person (at one event when given): it is the
 * viewer's own, so it carries its details; the screens derive the status from it.
 */
export async function appointmentsWith(db: Q, viewerId: number, userIds: number[], eventId?: number): Promise<Map<number, AppointmentInfo>> {
  const out = new Map<number, AppointmentInfo>();
  if (!userIds.length) return out;
  const atEvent = eventId === undefined ? sql`` : sql`AND a.event_id = ${eventId}`;
  const r = await sql<AppointmentInfo & { other: number; starts_at: Date | null; ends_at: Date | null }>`
    SELECT DISTINCT ON (other) CASE WHEN a.from_user_id = ${viewerId} THEN a.to_user_id ELSE a.from_user_id END AS other,
      a.id, a.event_id, a.from_user_id, a.to_user_id, a.date::text AS date, a.starts_at, a.ends_at, a.any_time, a.response,
      a.comment, a.response_msg, a.where_text AS where, a.where_type, a.table_num, a.place
    FROM appointments a
    WHERE NOT a.deleted ${atEvent}
      AND ((a.from_user_id = ${viewerId} AND a.to_user_id IN (${sql.join(userIds)}))
        OR (a.to_user_id = ${viewerId} AND a.from_user_id IN (${sql.join(userIds)})))
    ORDER BY other, a.request_date DESC, a.id DESC`.execute(db);
  for (const row of r.rows) {
    out.set(row.other, {
      id: row.id,
      event_id: row.event_id,
      from_user_id: row.from_user_id,
      to_user_id: row.to_user_id,
      date: row.date,
      time_start: toUnix(row.starts_at),
      time_end: toUnix(row.ends_at),
      any_time: row.any_time,
      response: row.response,
      comment: row.comment,
      response_msg: row.response_msg,
      where: row.where,
      where_type: row.where_type,
      table_num: row.table_num,
      place: row.place,
    });
  }
  return out;
}

export interface TripCard {
  hotel: string;
  transportBefore: string;
  transportAfter: string;
}

/** The trip plans of (event, person) pairs, keyed `${event_id}:${user_id}`. */
export async function tripCards(q: Q, pairs: { eventId: number; userId: number }[]): Promise<Map<string, TripCard>> {
  const out = new Map<string, TripCard>();
  if (!pairs.length) return out;
  const found = await q
    .selectFrom('trips')
    .select(['event_id', 'user_id', 'hotel', 'transport_before', 'transport_after'])
    .where((eb) => eb.or(pairs.map((p) => eb.and([eb('event_id', '=', p.eventId), eb('user_id', '=', p.userId)]))))
    .execute();
  for (const t of found) out.set(`${t.event_id}:${t.user_id}`, { hotel: t.hotel, transportBefore: t.transport_before, transportAfter: t.transport_after });
  return out;
}
