import { sql } from 'kysely';
import type { BookedMeeting } from '../../../contract/admin-meetings.ts';
import type { Q, Tx } from '../../db/tx.ts';
import { toUnix } from '../../db/tx.ts';

/** SQL of the organisers' meeting settings and visitor categories (meetings.ts has their rules). */

export interface StoredMeetingSettings {
  slot_minutes: number;
  tables_count: number;
  places: Record<string, string>;
  place_tables: Record<string, number>;
}

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

export async function storedMeetingSettings(q: Q, eventId: number): Promise<StoredMeetingSettings | undefined> {
  const r = await q
    .selectFrom('meeting_settings')
    .select(['slot_minutes', 'tables_count', 'places', 'place_tables'])
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return r ? { slot_minutes: r.slot_minutes, tables_count: r.tables_count, places: json(r.places), place_tables: json(r.place_tables) } : undefined;
}

export async function writeMeetingSettings(
  trx: Tx,
  eventId: number,
  s: { slot_minutes: number; tables_count: number; places: Record<string, string>; place_tables: Record<string, number>; allowed_times: unknown[] },
): Promise<void> {
  const values = {
    slot_minutes: s.slot_minutes,
    tables_count: s.tables_count,
    places: JSON.stringify(s.places),
    place_tables: JSON.stringify(s.place_tables),
    allowed_times: JSON.stringify(s.allowed_times),
  };
  await trx
    .insertInto('meeting_settings')
    .values({ event_id: eventId, ...values })
    .onConflict((oc) => oc.column('event_id').doUpdateSet(values))
    .execute();
}

export interface OpenMeeting extends BookedMeeting {
  from_user_id: number;
  to_user_id: number;
  response: number | null;
  where_text: string;
  from_name: string;
  to_name: string;
  from_email: string;
  to_email: string;
}

type OpenMeetingRow = Omit<OpenMeeting, 'start' | 'end'> & { starts_at: Date | null; ends_at: Date | null };

/** The event's booked meetings, pending or agreed, in time order, with the two people's names. */
export async function openMeetings(q: Q, eventId: number, lock = false): Promise<OpenMeeting[]> {
  const r = await sql<OpenMeetingRow>`
    SELECT a.id, a.date::text AS date, a.starts_at, a.ends_at, a.table_num, a.where_type, a.place, a.from_user_id, a.to_user_id,
      a.response, a.where_text,
      trim(f.first_name || ' ' || f.last_name) AS from_name, trim(t.first_name || ' ' || t.last_name) AS to_name,
      CASE WHEN f.deleted OR f.disabled THEN '' ELSE f.email END AS from_email,
      CASE WHEN t.deleted OR t.disabled THEN '' ELSE t.email END AS to_email
    FROM appointments a JOIN users f ON f.id = a.from_user_id JOIN users t ON t.id = a.to_user_id
    WHERE a.event_id = ${eventId} AND NOT a.deleted AND (a.response IS NULL OR a.response = 1)
    ORDER BY a.starts_at NULLS LAST, a.date, a.id
    ${lock ? sql`FOR UPDATE OF a` : sql``}`.execute(q);
  return r.rows.map((m) => ({ ...m, start: m.starts_at ? toUnix(m.starts_at) : null, end: m.ends_at ? toUnix(m.ends_at) : null }));
}

/** Calls off meetings for the organisers, with the reason both people read. */
export async function cancelForOrganisers(trx: Tx, ids: number[], organiserId: number, reason: string, at: Date): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .updateTable('appointments')
    .set({ response: 3, response_msg: reason, canceled_by: organiserId, occurred_at: at, updated_at: at })
    .where('id', 'in', ids)
    .execute();
}

/** The event's menu (visitor categories) as stored in its options. */
export async function eventMenu(q: Q, eventId: number): Promise<{ id: number; name: string }[]> {
  const r = await q.selectFrom('events').select('options').where('id', '=', eventId).executeTakeFirstOrThrow();
  const options = json<{ menu?: { id: number; name: string }[] } | null>(r.options as never);
  return Array.isArray(options?.menu) ? options.menu.filter((m) => typeof m?.id === 'number' && typeof m.name === 'string') : [];
}

export async function writeEventMenu(trx: Tx, eventId: number, menu: { id: number; name: string }[]): Promise<void> {
  await sql`UPDATE events SET options = jsonb_set(coalesce(options, '{}'::jsonb), '{menu}', ${JSON.stringify(menu)}::jsonb) WHERE id = ${eventId}`.execute(trx);
}

/**
 * Visitors of a removed category lose it. Writing their participation rows sends their visitor
 * documents again (009_visitor_revs.sql stamps them); a rename needs nothing, since devices name a
 * category from the event document's menu.
 */
export async function dropCategories(trx: Tx, eventId: number, removed: number[]): Promise<void> {
  if (removed.length === 0) return;
  await trx.updateTable('user_events').set({ menu_id: null }).where('event_id', '=', eventId).where('menu_id', 'in', removed).execute();
}
