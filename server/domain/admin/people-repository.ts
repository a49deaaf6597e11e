import { sql } from 'kysely';
import type { AdminInvitation, AdminOverview, AdminPerson, InvitationRole, Series } from '../../../contract/admin-people.ts';
import { toUnix, type Q } from '../../db/tx.ts';
import { onlyRow } from '../../db/rows.ts';

/** SQL of the organisers' People and Overview (people.ts has the rules). */

const json = <T>(v: T | string | null, empty: T): T => (v === null ? empty : typeof v === 'string' ? (JSON.parse(v) as T) : v);

/**
 * Everybody who takes part in the event or works at it: registered (the specs' check-in), holding
 * a ticket (cancelled ones too, marked), or on its team. Organisers see them all, hidden profiles
 * included: they run the event and its door.
 */
export async function eventPeople(q: Q, eventId: number): Promise<AdminPerson[]> {
  const r = await sql<{
    id: number;
    first_name: string;
    last_name: string;
    email: string;
    company: string;
    position: string;
    role: string | null;
    menu: { id: number; name: string }[] | string | null;
    menu_id: number | null;
    checked_in: boolean | null;
    checked_in_at: Date | null;
    is_owner: boolean | null;
    is_moderator: boolean | null;
    door: boolean;
    tickets: AdminPerson['tickets'] | string | null;
    door_at: Date | null;
    meetings: number;
  }>`
    WITH ids AS (
      SELECT user_id FROM user_events WHERE event_id = ${eventId} AND NOT deleted AND (checked_in OR is_owner OR is_moderator)
      UNION SELECT user_id FROM tickets WHERE event_id = ${eventId} AND NOT deleted
      UNION SELECT user_id FROM door_staff WHERE event_id = ${eventId}
    )
    SELECT u.id, u.first_name, u.last_name, u.email, u.company, u.position,
      ue.role, ue.menu_id, ue.checked_in, ue.checked_in_at, ue.is_owner, ue.is_moderator,
      (SELECT e.options -> 'menu' FROM events e WHERE e.id = ${eventId}) AS menu,
      EXISTS (SELECT 1 FROM door_staff d WHERE d.event_id = ${eventId} AND d.user_id = u.id) AS door,
      (SELECT json_agg(json_build_object('type', t.type,
          'status', CASE WHEN t.status = 'cancelled' THEN 'cancelled' WHEN t.invalid THEN 'invalid' ELSE 'valid' END) ORDER BY t.id)
        FROM tickets t WHERE t.event_id = ${eventId} AND t.user_id = u.id AND NOT t.deleted) AS tickets,
      (SELECT min(c.scanned_at) FROM checkins c JOIN tickets t ON t.id = c.ticket_id
        WHERE c.event_id = ${eventId} AND t.user_id = u.id AND c.result = 'admitted' AND NOT c.deleted) AS door_at,
      (SELECT count(*) FROM appointments a WHERE a.event_id = ${eventId} AND NOT a.deleted AND (a.response IS NULL OR a.response = 1)
        AND (a.from_user_id = u.id OR a.to_user_id = u.id))::int AS meetings
    FROM ids JOIN users u ON u.id = ids.user_id
    LEFT JOIN user_events ue ON ue.event_id = ${eventId} AND ue.user_id = u.id AND NOT ue.deleted
    WHERE NOT u.deleted
    ORDER BY lower(u.last_name), lower(u.first_name), u.id`.execute(q);
  return r.rows.map((p) => {
    const menu = json(p.menu, [] as { id: number; name: string }[]);
    const team = [...(p.is_owner ? ['organizer'] : []), ...(p.is_moderator ? ['moderator'] : []), ...(p.door ? ['door'] : [])];
    return {
      user_id: p.id,
      first_name: p.first_name,
      last_name: p.last_name,
      email: p.email,
      company: p.company,
      position: p.position,
      role: p.role ?? 'visitor',
      category: (Array.isArray(menu) ? menu : []).find((m) => m.id === p.menu_id)?.name ?? '',
      tickets: json(p.tickets, []),
      registered_at: p.checked_in ? toUnix(p.checked_in_at) || 1 : 0,
      door_at: toUnix(p.door_at),
      meetings: p.meetings,
      team,
    };
  });
}

export async function pendingInvitations(q: Q, eventId: number, now: Date): Promise<AdminInvitation[]> {
  const r = await q
    .selectFrom('event_invitations as i')
    .leftJoin('companies as c', 'c.id', 'i.stand_id')
    .select(['i.email', 'i.role', 'i.created_at', 'i.expires_at', 'c.name as stand_name'])
    .where('i.event_id', '=', eventId)
    .where('i.accepted_at', 'is', null)
    .where('i.expires_at', '>', now)
    .orderBy('i.created_at', 'desc')
    .execute();
  return r.map((i) => ({
    email: i.email,
    role: i.role as InvitationRole,
    stand_name: i.stand_name ?? '',
    invited_at: toUnix(i.created_at),
    expires_at: toUnix(i.expires_at),
  }));
}

const series = (rows: { at: string; n: number }[]): Series[] => rows.map((r) => ({ at: r.at, n: Number(r.n) }));

/** The event's numbers, every count from the rows themselves; days and hours in the event's timezone. */
export async function eventOverview(q: Q, eventId: number, timezone: string, now: Date): Promise<Omit<AdminOverview, 'sales'>> {
  const day = (col: string) => sql`to_char(${sql.ref(col)} AT TIME ZONE ${timezone}, 'YYYY-MM-DD')`;
  const hour = (col: string) => sql`to_char(${sql.ref(col)} AT TIME ZONE ${timezone}, 'YYYY-MM-DD"T"HH24')`;
  const reg = await sql<{ people: number; tickets: number }>`
    SELECT
      (SELECT count(*) FROM (
         SELECT user_id FROM user_events WHERE event_id = ${eventId} AND NOT deleted AND checked_in
         UNION SELECT user_id FROM tickets WHERE event_id = ${eventId} AND NOT deleted AND status = 'valid' AND NOT invalid) x)::int AS people,
      (SELECT count(*) FROM tickets WHERE event_id = ${eventId} AND NOT deleted AND status = 'valid' AND NOT invalid)::int AS tickets`.execute(q);
  const regDays = await sql<{ at: string; n: number }>`
    SELECT ${day('r.at')} AS at, count(*)::int AS n FROM (
      SELECT user_id, min(at) AS at FROM (
        SELECT user_id, checked_in_at AS at FROM user_events WHERE event_id = ${eventId} AND NOT deleted AND checked_in AND checked_in_at IS NOT NULL
        UNION ALL SELECT user_id, created_at FROM tickets WHERE event_id = ${eventId} AND NOT deleted AND status = 'valid' AND NOT invalid) y
      GROUP BY user_id) r
    GROUP BY 1 ORDER BY 1`.execute(q);
  const door = await sql<{ admitted: number; tickets: number }>`
    SELECT
      (SELECT count(DISTINCT c.ticket_id) + count(*) FILTER (WHERE c.ticket_id IS NULL) FROM checkins c
        WHERE c.event_id = ${eventId} AND c.result = 'admitted' AND NOT c.deleted)::int AS admitted,
      (SELECT count(*) FROM tickets WHERE event_id = ${eventId} AND NOT deleted AND status = 'valid' AND NOT invalid)::int AS tickets`.execute(q);
  const doorHours = await sql<{ at: string; n: number }>`
    SELECT ${hour('f.at')} AS at, count(*)::int AS n FROM (
      SELECT coalesce(ticket_id::text, id) AS who, min(scanned_at) AS at FROM checkins
      WHERE event_id = ${eventId} AND result = 'admitted' AND NOT deleted GROUP BY 1) f
    GROUP BY 1 ORDER BY 1`.execute(q);
  const meetings = await sql<{ requested: number; agreed: number; held: number; declined: number }>`
    SELECT count(*)::int AS requested,
      count(*) FILTER (WHERE response = 1)::int AS agreed,
      count(*) FILTER (WHERE response = 1 AND coalesce(ends_at, (date + 1)::timestamptz) <= ${now})::int AS held,
      count(*) FILTER (WHERE response = 3)::int AS declined
    FROM appointments WHERE event_id = ${eventId} AND NOT deleted`.execute(q);
  const meetingDays = await sql<{ at: string; n: number }>`
    SELECT ${day('request_date')} AS at, count(*)::int AS n FROM appointments WHERE event_id = ${eventId} AND NOT deleted GROUP BY 1 ORDER BY 1`.execute(q);
  const chat = await sql<{ comments: number; people: number; last_day: number }>`
    SELECT count(*)::int AS comments, count(DISTINCT user_id)::int AS people,
      count(*) FILTER (WHERE created_at > ${new Date(now.getTime() - 86_400_000)})::int AS last_day
    FROM chat_comments WHERE event_id = ${eventId} AND NOT deleted`.execute(q);
  const chatDays = await sql<{ at: string; n: number }>`
    SELECT ${day('created_at')} AS at, count(*)::int AS n FROM chat_comments WHERE event_id = ${eventId} AND NOT deleted GROUP BY 1 ORDER BY 1`.execute(q);
  const online = await q.selectFrom('events').select('users_online').where('id', '=', eventId).executeTakeFirstOrThrow();
  return {
    registrations: { ...onlyRow(reg, 'registration totals'), by_day: series(regDays.rows) },
    checkins: { ...onlyRow(door, 'door totals'), by_hour: series(doorHours.rows) },
    meetings: { ...onlyRow(meetings, 'meeting totals'), by_day: series(meetingDays.rows) },
    chat: { ...onlyRow(chat, 'chat totals'), by_day: series(chatDays.rows) },
    online: online.users_online,
    timezone,
  };
}
