import { sql } from 'kysely';
import type { EventFields, EventStatus } from '../../../contract/admin.ts';
import type { Q, Tx } from '../../db/tx.ts';

/** SQL of the organiser's admin area: events as organisers write them, and each event's team. */

/** A known city of that name (any case), so the event lists and filters by city find the event. */
export async function cityIdByName(q: Q, name: string): Promise<number | null> {
  if (!name) return null;
  const r = await q
    .selectFrom('cities')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .orderBy('id')
    .executeTakeFirst();
  return r?.id ?? null;
}

/** The columns an event's fields are stored in. */
function columns(f: EventFields, cityId: number | null, options: Record<string, unknown>) {
  return {
    name: f.name,
    category_id: f.category_id,
    description: f.description,
    is_webinar: f.is_webinar,
    place_name: f.place_name,
    place_address: f.address,
    address: f.address,
    city_id: cityId,
    venue_city: cityId === null ? f.city : '',
    // The specs' `where`: what a card shows under the title.
    where_text: f.is_webinar ? 'Online' : [f.city, f.place_name].filter(Boolean).join(', '),
    lat: f.map_point?.lat ?? null,
    lng: f.map_point?.lng ?? null,
    timezone: f.timezone,
    starts_at: new Date(f.starts_at * 1000),
    ends_at: new Date(f.ends_at * 1000),
    webinar_link: f.stream_url,
    video_type: f.video_type,
    options: JSON.stringify({ menu: [], ...options, broadcast_background: f.broadcast_background }),
    is_free: f.is_free,
  };
}

export async function insertEvent(trx: Tx, f: EventFields, cityId: number | null, creatorId: number): Promise<number> {
  const r = await trx
    .insertInto('events')
    .values({ ...columns(f, cityId, {}), status: 'draft', created_by: creatorId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function writeEventFields(trx: Tx, eventId: number, f: EventFields, cityId: number | null, options: Record<string, unknown>): Promise<void> {
  await trx
    .updateTable('events')
    .set(columns(f, cityId, options))
    .where('id', '=', eventId)
    .execute();
}

export async function writeEventStatus(trx: Tx, eventId: number, status: EventStatus): Promise<void> {
  await trx.updateTable('events').set({ status }).where('id', '=', eventId).execute();
}

export async function writePoster(trx: Tx, eventId: number, poster: string): Promise<void> {
  await trx.updateTable('events').set({ poster }).where('id', '=', eventId).execute();
}

export async function markEventDeleted(trx: Tx, eventId: number): Promise<void> {
  await trx.updateTable('events').set({ deleted: true }).where('id', '=', eventId).execute();
}

/**
 * The people who take part in the event (a relation row or a valid ticket) and can be written to,
 * but the one who cancels it, to tell them of a cancellation.
 */
export async function eventRecipients(q: Q, eventId: number, exceptUserId: number): Promise<{ email: string; first_name: string; locale: string }[]> {
  const r = await sql<{ email: string; first_name: string; locale: string }>`
    SELECT u.email, u.first_name, u.locale FROM users u
    WHERE u.id <> ${exceptUserId} AND NOT u.disabled AND NOT u.deleted AND u.email <> ''
      AND u.id IN (SELECT ue.user_id FROM user_events ue WHERE ue.event_id = ${eventId} AND NOT ue.deleted
                   UNION SELECT t.user_id FROM tickets t WHERE t.event_id = ${eventId} AND NOT t.deleted)
    ORDER BY u.id`.execute(q);
  return r.rows;
}
