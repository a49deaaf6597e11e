import { sql } from 'kysely';
import { validTicket } from '../../db/sql.ts';
import { toUnix, type Q } from '../../db/tx.ts';
import type { EventDoc, MyEventDoc } from '../../../contract/entities.ts';
import { NO_TRIP } from '../../../contract/trips.ts';
import { resolveSettings } from './meeting-settings.ts';
import { NO_SALES, NO_SALES_ADMIN } from '../../../contract/sales.ts';

/** SQL of the event and my_events documents: their columns, their shape, and the pages of their feeds. */

/** The columns of an event document, joined with the names the screens show. */
export function selectEventRows(db: Q) {
  return db
    .selectFrom('events as e')
    .innerJoin('categories as cat', 'cat.id', 'e.category_id')
    .leftJoin('cities as c', 'c.id', 'e.city_id')
    .leftJoin('companies as co', 'co.id', 'e.company_id')
    .leftJoin('meeting_settings as ms', 'ms.event_id', 'e.id')
    .select([
      'e.id',
      'e.name',
      'e.category_id',
      'cat.name as category_name',
      'e.city_id',
      'c.name as city_name',
      'c.country_code',
      'e.starts_at',
      'e.ends_at',
      'e.timezone',
      'e.is_webinar',
      'e.video_type',
      'e.where_text',
      'e.address',
      'e.place_public',
      'e.place_name',
      'e.place_address',
      'e.poster',
      'e.description',
      'e.total_people',
      'e.favorites_count',
      'e.meetings_count',
      'e.visitors_with_appointments_count',
      'e.ticket_min_price',
      'e.currency',
      'e.is_free',
      'e.barcode_type',
      'e.options',
      'e.users_online',
      'e.rev',
      'e.deleted',
      'e.status',
      'e.lat',
      'e.lng',
      'e.venue_city',
      'e.webinar_link',
      'e.created_by',
      'co.id as company_id',
      'co.name as company_name',
      'co.description as company_description',
      'co.phone as company_phone',
      'co.email as company_email',
      'ms.slot_minutes as ms_slot_minutes',
      'ms.tables_count as ms_tables_count',
      'ms.places as ms_places',
      'ms.allowed_times as ms_allowed_times',
      'ms.place_tables as ms_place_tables',
      // Where the visitors come from: kept by recountPeople, not aggregated per read. Country ids are
      // countryIdOf(code) (contract/visitors.ts), the ids the visitors filter takes.
      'e.visitors_cities',
      'e.visitors_countries',
    ]);
}

export type EventRow = Awaited<ReturnType<ReturnType<typeof selectEventRows>['executeTakeFirstOrThrow']>>;

export async function findEventRow(q: Q, eventId: number): Promise<EventRow | undefined> {
  return selectEventRows(q).where('e.id', '=', eventId).executeTakeFirst();
}

export async function eventRowsByIds(q: Q, ids: number[]): Promise<EventRow[]> {
  return ids.length ? selectEventRows(q).where('e.id', 'in', ids).execute() : [];
}

export function posterUrl(eventId: number, poster: string, size: 'small' | 'middle' | 'big'): string {
  return poster ? `${poster}?size=${size}` : `/files/posters/${eventId}.svg?size=${size}`;
}

export function toEventDoc(r: EventRow): EventDoc & { deleted: boolean } {
  const options = (typeof r.options === 'string' ? JSON.parse(r.options) : r.options) ?? {};
  return {
    id: String(r.id),
    event_id: r.id,
    name: r.name,
    category_id: r.category_id,
    category_name: r.category_name,
    city_id: r.city_id ?? 0,
    // A city the organisers typed that is not one of the known ones still shows.
    city_name: r.city_name ?? r.venue_city,
    country_code: r.country_code ?? '',
    when: toUnix(r.starts_at),
    when_end: toUnix(r.ends_at),
    timezone: r.timezone,
    is_webinar: r.is_webinar,
    video_type: r.video_type,
    where: r.where_text,
    address: r.address,
    place: { public: r.place_public, name: r.place_name, address: r.place_address },
    poster_small: posterUrl(r.id, r.poster, 'small'),
    poster_middle: posterUrl(r.id, r.poster, 'middle'),
    poster_big: posterUrl(r.id, r.poster, 'big'),
    description: r.description,
    total_people: r.total_people,
    favorites_count: r.favorites_count,
    meetings_count: r.meetings_count,
    visitors_with_appointments_count: r.visitors_with_appointments_count,
    ticket_min_price: Number(r.ticket_min_price),
    currency: r.currency,
    is_free: r.is_free,
    barcode_type: r.barcode_type,
    company: {
      id: r.company_id ?? 0,
      name: r.company_name ?? '',
      description: r.company_description ?? '',
      phone: r.company_phone ?? '',
      email: r.company_email ?? '',
    },
    options: { broadcast_background: options.broadcast_background ?? '', menu: options.menu ?? [] },
    users_online: r.users_online,
    visitors_countries: parseJson(r.visitors_countries),
    visitors_cities: parseJson(r.visitors_cities),
    meeting: meetingOf(r),
    status: r.status,
    map_point: r.lat === null || r.lng === null ? { set: false, lat: 0, lng: 0 } : { set: true, lat: r.lat, lng: r.lng },
    // The types on sale are filled by the feed (documents/events.ts), which reads them for a whole page.
    sales: { ...NO_SALES, currency: r.currency.trim() },
    admin: NO_ADMIN,
    rev: r.rev,
    deleted: r.deleted,
  };
}

/** The organiser's part as everybody but the event's organisers gets it (documents/events.ts fills it for them). */
export const NO_ADMIN: EventDoc['admin'] = { stream_url: '', created_by: 0, team: [], schedule: { days: [], tracks: [] }, sales: NO_SALES_ADMIN };

/** The meeting settings the slot engine uses (resolveSettings), in the document's shape. */
function meetingOf(r: EventRow): EventDoc['meeting'] {
  const row =
    r.ms_slot_minutes === null
      ? undefined
      : {
          slot_minutes: r.ms_slot_minutes,
          tables_count: r.ms_tables_count ?? 0,
          places: r.ms_places,
          allowed_times: r.ms_allowed_times,
          place_tables: r.ms_place_tables,
        };
  const settings = resolveSettings(row, {
    id: r.id,
    starts_at: r.starts_at,
    ends_at: r.ends_at,
    timezone: r.timezone,
    is_webinar: r.is_webinar,
    deleted: r.deleted,
  });
  return {
    slot_minutes: settings.slot_minutes,
    tables_count: settings.tables_count,
    places: [...Object.entries(settings.places).map(([id, label]) => ({ id: Number(id), label, tables: 0 })), ...(settings.zones ?? [])].sort(
      (a, b) => a.id - b.id,
    ),
    allowed_times: settings.allowed_times,
  };
}

function parseJson<T>(v: T | string): T {
  return typeof v === 'string' ? (JSON.parse(v) as T) : v;
}

const myEventRev = sql<number>`greatest(ue.rev, coalesce(st.rev, 0))::bigint`;

/**
 * The user's relation to each event, with has_ticket derived from the tickets table. Its rev is the
 * greater of the user_events row's and the stamp of the parts the document carries besides
 * (my_event_stamps: notices, starred speeches, the trip plan; 050_notifications.sql).
 */
export function selectMyEventRows(db: Q, userId: number) {
  return db
    .selectFrom('user_events as ue')
    .leftJoin('my_event_stamps as st', (j) => j.onRef('st.event_id', '=', 'ue.event_id').onRef('st.user_id', '=', 'ue.user_id'))
    .select([
      'ue.event_id',
      'ue.is_favorite',
      'ue.checked_in',
      'ue.is_owner',
      'ue.is_moderator',
      'ue.role',
      'ue.viewed_at',
      myEventRev.as('rev'),
      'ue.deleted',
      sql<boolean>`EXISTS (SELECT 1 FROM tickets t WHERE t.event_id = ue.event_id AND t.user_id = ue.user_id AND ${validTicket('t')})`.as('has_ticket'),
    ])
    .where('ue.user_id', '=', userId);
}

export type MyEventRow = Awaited<ReturnType<ReturnType<typeof selectMyEventRows>['executeTakeFirstOrThrow']>>;

/** The row as its document; `parts` are what the document carries besides the row (documents/events.ts). */
export function toMyEventDoc(
  r: MyEventRow,
  parts: Pick<MyEventDoc, 'notices' | 'starred' | 'trip'> = { notices: [], starred: [], trip: NO_TRIP },
): MyEventDoc & { deleted: boolean } {
  return {
    id: String(r.event_id),
    event_id: r.event_id,
    is_favorite: r.is_favorite,
    checked_in: r.checked_in,
    has_ticket: r.has_ticket,
    is_owner: r.is_owner,
    is_moderator: r.is_moderator,
    role: r.role,
    viewed_at: toUnix(r.viewed_at),
    ...parts,
    rev: r.rev,
    deleted: r.deleted,
  };
}

/** A page of the public events feed, tombstones included. */
export async function eventsSince(q: Q, checkpoint: number, limit: number): Promise<EventRow[]> {
  return selectEventRows(q).where('e.rev', '>', checkpoint).orderBy('e.rev').limit(limit).execute();
}

/**
 * A page of the user's my_events feed, tombstones included. A user has one row per event they relate
 * to, so the combined rev is computed over that user's rows only.
 */
export async function myEventsSince(q: Q, userId: number, checkpoint: number, limit: number): Promise<MyEventRow[]> {
  return selectMyEventRows(q, userId).where(myEventRev, '>', checkpoint).orderBy(myEventRev).limit(limit).execute();
}
