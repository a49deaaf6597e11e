import { sql } from 'kysely';
import type { EventFields, EventStatus, TeamMember, TeamRole } from '../../../contract/admin.ts';
import type { Q, Tx } from '../../db/tx.ts';

/** SQL of who organises an event: the event as its organisers edit it, and its team. */

/** The stored event's editable fields, in the contract's shape, and its state. */
export async function editableEvent(q: Q, eventId: number) {
  const r = await q
    .selectFrom('events as e')
    .leftJoin('cities as c', 'c.id', 'e.city_id')
    .select([
      'e.id',
      'e.name',
      'e.category_id',
      'e.description',
      'e.is_webinar',
      'e.place_name',
      'e.address',
      'e.venue_city',
      'c.name as city_name',
      'e.lat',
      'e.lng',
      'e.timezone',
      'e.starts_at',
      'e.ends_at',
      'e.webinar_link',
      'e.video_type',
      'e.options',
      'e.is_free',
      'e.status',
      'e.created_by',
      'e.deleted',
    ])
    .where('e.id', '=', eventId)
    .executeTakeFirst();
  if (!r) return undefined;
  const options = (typeof r.options === 'string' ? JSON.parse(r.options) : r.options) ?? {};
  const fields: EventFields = {
    name: r.name,
    category_id: r.category_id,
    description: r.description,
    is_webinar: r.is_webinar,
    place_name: r.place_name,
    address: r.address,
    city: r.city_name ?? r.venue_city,
    map_point: r.lat === null || r.lng === null ? null : { lat: r.lat, lng: r.lng },
    timezone: r.timezone,
    starts_at: Math.floor(r.starts_at.getTime() / 1000),
    ends_at: Math.floor(r.ends_at.getTime() / 1000),
    stream_url: r.webinar_link,
    video_type: (r.video_type === 1 || r.video_type === 2 ? r.video_type : 0) as EventFields['video_type'],
    broadcast_background: options.broadcast_background ?? '',
    is_free: r.is_free,
  };
  return { id: r.id, fields, options, status: r.status as EventStatus, createdBy: r.created_by, deleted: r.deleted };
}

/** A new rev for the event (its rev trigger), when something its document carries changed elsewhere. */
export async function touchEvent(trx: Tx, eventId: number): Promise<void> {
  await trx.updateTable('events').set({ deleted: sql`deleted` }).where('id', '=', eventId).execute();
}

/** Whether the user organises the event: its owner or a co-organiser (user_events.is_owner). */
export async function isOrganiser(q: Q, eventId: number, userId: number): Promise<boolean> {
  const r = await q
    .selectFrom('user_events')
    .select('is_owner')
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  return r?.is_owner === true;
}

/** Sets the organiser or moderator flag of the user's row for the event, creating the row. */
export async function setTeamFlag(trx: Tx, eventId: number, userId: number, role: 'organizer' | 'moderator', granted: boolean): Promise<void> {
  const patch = role === 'organizer' ? { is_owner: granted, role: granted ? 'organizer' : 'visitor' } : { is_moderator: granted };
  await trx
    .insertInto('user_events')
    .values({ event_id: eventId, user_id: userId, ...patch })
    .onConflict((oc) => oc.columns(['event_id', 'user_id']).doUpdateSet({ ...patch, deleted: false }))
    .execute();
}

/**
 * The teams of these events as their organisers' devices hold them: organisers, chat moderators
 * and door staff, each person once with every role they have.
 */
export async function teamsOf(q: Q, eventIds: number[]): Promise<Map<number, TeamMember[]>> {
  const out = new Map<number, TeamMember[]>();
  if (eventIds.length === 0) return out;
  const r = await sql<{ event_id: number; user_id: number; first_name: string; last_name: string; email: string; role: TeamRole; creator: boolean }>`
    SELECT x.event_id, u.id AS user_id, u.first_name, u.last_name, u.email, x.role, (e.created_by = u.id) AS creator
    FROM (
      SELECT ue.event_id, ue.user_id, 'organizer' AS role FROM user_events ue WHERE ue.is_owner AND NOT ue.deleted AND ue.event_id IN (${sql.join(eventIds)})
      UNION ALL SELECT ue.event_id, ue.user_id, 'moderator' FROM user_events ue WHERE ue.is_moderator AND NOT ue.deleted AND ue.event_id IN (${sql.join(eventIds)})
      UNION ALL SELECT d.event_id, d.user_id, 'door' FROM door_staff d WHERE d.event_id IN (${sql.join(eventIds)})
    ) x
    JOIN users u ON u.id = x.user_id
    JOIN events e ON e.id = x.event_id
    ORDER BY x.event_id, (e.created_by = u.id) DESC, u.first_name, u.last_name, u.id`.execute(q);
  for (const row of r.rows) {
    const team = out.get(row.event_id) ?? [];
    let member = team.find((m) => m.user_id === row.user_id);
    if (!member) {
      member = { user_id: row.user_id, first_name: row.first_name, last_name: row.last_name, email: row.email, roles: [], creator: row.creator === true };
      team.push(member);
    }
    member.roles.push(row.role);
    out.set(row.event_id, team);
  }
  return out;
}

/** Of these events, the ones the user organises. */
export async function organisedAmong(q: Q, userId: number, eventIds: number[]): Promise<Set<number>> {
  if (eventIds.length === 0) return new Set();
  const r = await q
    .selectFrom('user_events')
    .select('event_id')
    .where('user_id', '=', userId)
    .where('is_owner', '=', true)
    .where('deleted', '=', false)
    .where('event_id', 'in', eventIds)
    .execute();
  return new Set(r.map((row) => row.event_id));
}

/**
 * Whether the event is a draft the viewer may not see: drafts are their organisers' alone, so
 * every read of what they hold (schedule, stands) answers as if the event did not exist.
 */
export async function draftHiddenFrom(q: Q, eventId: number, status: string, userId: number | null): Promise<boolean> {
  return status === 'draft' && (userId === null || !(await isOrganiser(q, eventId, userId)));
}
