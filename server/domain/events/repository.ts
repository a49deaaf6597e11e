import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { toUnix, type Tx } from '../../db/tx.ts';
import type { EventDoc, MyEventDoc } from '../../../contract/entities.ts';

type Q = Kysely<DB> | Tx;

/** The columns of an event document, joined with the names the screens show. */
export function selectEventRows(db: Q) {
  return db
    .selectFrom('events as e')
    .innerJoin('categories as cat', 'cat.id', 'e.category_id')
    .leftJoin('cities as c', 'c.id', 'e.city_id')
    .leftJoin('companies as co', 'co.id', 'e.company_id')
    .select([
      'e.id', 'e.name', 'e.category_id', 'cat.name as category_name', 'e.city_id', 'c.name as city_name',
      'c.country_code', 'e.starts_at', 'e.ends_at', 'e.timezone', 'e.is_webinar', 'e.video_type', 'e.where_text',
      'e.address', 'e.place_public', 'e.place_name', 'e.place_address', 'e.poster', 'e.description',
      'e.total_people', 'e.favorites_count', 'e.meetings_count', 'e.visitors_with_appointments_count',
      'e.ticket_min_price', 'e.currency', 'e.is_free', 'e.barcode_type', 'e.options', 'e.users_online',
      'e.rev', 'e.deleted', 'co.id as company_id', 'co.name as company_name', 'co.description as company_description',
      'co.phone as company_phone', 'co.email as company_email',
      // Where the visitors come from, counted over the users who take part and do not hide themselves.
      // Country ids are countryIdOf(code) (contract/visitors.ts), the ids the visitors filter takes.
      sql<{ id: number; name: string; count_users_from: number }[]>`coalesce((
        SELECT json_agg(json_build_object('id', x.id, 'name', x.name, 'count_users_from', x.n) ORDER BY x.n DESC, x.name)
        FROM (SELECT ci.id, ci.name, count(*)::int AS n FROM user_events ue
              JOIN users u ON u.id = ue.user_id JOIN cities ci ON ci.id = u.city_id
              WHERE ue.event_id = e.id AND ue.checked_in AND NOT u.hide_from_visitors AND NOT ue.deleted
              GROUP BY ci.id, ci.name) x), '[]'::json)`.as('visitors_cities'),
      sql<{ id: number; name: string; count_users_from: number }[]>`coalesce((
        SELECT json_agg(json_build_object('id', x.id, 'name', x.name, 'count_users_from', x.n) ORDER BY x.n DESC, x.name)
        FROM (SELECT ((ascii(substr(co2.code, 1, 1)) - 64) * 100 + (ascii(substr(co2.code, 2, 1)) - 64))::int AS id, co2.code, co2.name, count(*)::int AS n FROM user_events ue
              JOIN users u ON u.id = ue.user_id JOIN countries co2 ON co2.code = u.country_code
              WHERE ue.event_id = e.id AND ue.checked_in AND NOT u.hide_from_visitors AND NOT ue.deleted
              GROUP BY co2.code, co2.name) x), '[]'::json)`.as('visitors_countries'),
    ]);
}

export type EventRow = Awaited<ReturnType<ReturnType<typeof selectEventRows>['executeTakeFirstOrThrow']>>;

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
    city_name: r.city_name ?? '',
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
    rev: r.rev,
    deleted: r.deleted,
  };
}

function parseJson<T>(v: T | string): T {
  return typeof v === 'string' ? (JSON.parse(v) as T) : v;
}

/** The user's relation to each event, with has_ticket derived from the tickets table. */
export function selectMyEventRows(db: Q, userId: number) {
  return db
    .selectFrom('user_events as ue')
    .select([
      'ue.event_id', 'ue.is_favorite', 'ue.checked_in', 'ue.is_owner', 'ue.is_moderator', 'ue.role', 'ue.viewed_at',
      'ue.rev', 'ue.deleted',
      sql<boolean>`EXISTS (SELECT 1 FROM tickets t WHERE t.event_id = ue.event_id AND t.user_id = ue.user_id
        AND t.status = 'valid' AND NOT t.invalid AND NOT t.deleted)`.as('has_ticket'),
    ])
    .where('ue.user_id', '=', userId);
}

export type MyEventRow = Awaited<ReturnType<ReturnType<typeof selectMyEventRows>['executeTakeFirstOrThrow']>>;

export function toMyEventDoc(r: MyEventRow): MyEventDoc & { deleted: boolean } {
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
    rev: r.rev,
    deleted: r.deleted,
  };
}

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
