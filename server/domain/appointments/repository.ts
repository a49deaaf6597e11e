import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../db/types.ts';
import { toUnix, type Tx } from '../../db/tx.ts';
import { DomainError } from '../../../contract/errors.ts';
import { stateOfResponse, type AppointmentDoc, type AppointmentState, type BusyMeeting } from '../../../contract/appointments.ts';
import { participates, visibleUser } from '../events/queries.ts';
import type { MeetingEvent, SettingsRow } from './slots.ts';
import { frameLink } from './video.ts';

/**
 * SQL of appointments. Reads for a viewer always start from "the viewer is from or to", so nobody
 * else's meeting can leave the database through these queries.
 */

type Q = Kysely<DB> | Tx;

/** An open appointment blocks people, tables and the pair (003_appointments.sql uses the same test). */
const OPEN = sql<SqlBool>`(a.response IS NULL OR a.response = 1) AND NOT a.deleted`;

export async function loadMeetingEvent(q: Q, eventId: number): Promise<MeetingEvent & { is_free: boolean } | undefined> {
  return q
    .selectFrom('events')
    .select(['id', 'starts_at', 'ends_at', 'timezone', 'is_webinar', 'is_free', 'deleted'])
    .where('id', '=', eventId)
    .executeTakeFirst();
}

export async function loadSettingsRow(q: Q, eventId: number): Promise<SettingsRow | undefined> {
  return q
    .selectFrom('meeting_settings')
    .select(['slot_minutes', 'tables_count', 'places', 'allowed_times'])
    .where('event_id', '=', eventId)
    .executeTakeFirst();
}

/**
 * Open timed meetings overlapping [from, to) that the slot engine needs: those of the given people
 * in any event (a person cannot be in two places at once) and the table meetings of the event.
 */
export async function busyMeetings(q: Q, eventId: number, userIds: number[], fromUnix: number, toUnix_: number): Promise<(BusyMeeting & { where_text: string })[]> {
  const ids = sql.join(userIds.map((id) => sql`${id}::int`));
  const r = await sql<{ id: number; event_id: number; from_user_id: number; to_user_id: number; starts_at: Date; ends_at: Date; table_num: number | null; where_text: string }>`
    SELECT a.id, a.event_id, a.from_user_id, a.to_user_id, a.starts_at, a.ends_at, a.table_num, a.where_text
    FROM appointments a
    WHERE ${OPEN} AND a.starts_at IS NOT NULL
      AND a.starts_at < ${new Date(toUnix_ * 1000)} AND a.ends_at > ${new Date(fromUnix * 1000)}
      AND (a.from_user_id IN (${ids}) OR a.to_user_id IN (${ids}) OR (a.event_id = ${eventId} AND a.table_num IS NOT NULL))`.execute(q);
  return r.rows.map((m) => ({
    id: m.id,
    event_id: m.event_id,
    from_user_id: m.from_user_id,
    to_user_id: m.to_user_id,
    start: toUnix(m.starts_at),
    end: toUnix(m.ends_at),
    table_num: m.table_num,
    where_text: m.where_text,
  }));
}

/**
 * May the user ask for meetings at this event (networking.md §5: the tickets-required dialog
 * otherwise)? A valid ticket, ownership, or a check-in to a free event: the same people who may
 * join the event's stream. A check-in alone is not enough on a paid event, where the ticket it was
 * made with may have been cancelled since.
 */
export async function mayBook(q: Q, userId: number, eventId: number): Promise<boolean> {
  const r = await sql<{ ok: boolean }>`
    SELECT (EXISTS (SELECT 1 FROM tickets t WHERE t.event_id = ${eventId} AND t.user_id = ${userId}
              AND t.status = 'valid' AND NOT t.invalid AND NOT t.deleted)
         OR EXISTS (SELECT 1 FROM user_events ue JOIN events e ON e.id = ue.event_id
              WHERE ue.event_id = ${eventId} AND ue.user_id = ${userId} AND NOT ue.deleted
                AND (ue.is_owner OR (ue.checked_in AND e.is_free)))) AS ok`.execute(q);
  return r.rows[0]?.ok === true;
}

/** Does the user take part in the event (a visitor of it, as the visitors list defines one)? */
export async function takesPart(q: Q, userId: number, eventId: number): Promise<boolean> {
  const r = await sql<{ ok: boolean }>`SELECT ${participates(sql`${userId}::int`, sql`${eventId}::int`)} AS ok`.execute(q);
  return r.rows[0]?.ok === true;
}

/**
 * Can the viewer see this person as a visitor of the event, and so ask them for a meeting or see
 * when they are busy? They take part, do not hide, and show themselves to other participants.
 */
export async function visibleVisitor(q: Q, userId: number, eventId: number): Promise<boolean> {
  const r = await sql<{ ok: boolean }>`
    SELECT EXISTS (SELECT 1 FROM users u WHERE u.id = ${userId} AND ${visibleUser('u')} AND u.show_status IN (1, 2)
      AND ${participates(sql.ref('u.id'), sql`${eventId}::int`)}) AS ok`.execute(q);
  return r.rows[0]?.ok === true;
}

export async function userPhone(q: Q, userId: number): Promise<string> {
  const u = await q.selectFrom('users').select('phone').where('id', '=', userId).executeTakeFirst();
  return u?.phone.trim() ?? '';
}

export interface MeetingRow {
  id: number;
  event_id: number;
  from_user_id: number;
  to_user_id: number;
  date: string;
  starts_at: Date | null;
  ends_at: Date | null;
  any_time: boolean;
  comment: string;
  place: number | null;
  table_num: number | null;
  where_type: number | null;
  where_text: string;
  response: number | null;
  response_msg: string;
  canceled_by: number | null;
  request_date: Date;
  deleted: boolean;
}

/** The meeting, locked for the rest of the transaction. */
export async function lockMeeting(trx: Tx, id: number): Promise<MeetingRow | undefined> {
  const r = await sql<MeetingRow>`
    SELECT id, event_id, from_user_id, to_user_id, date, starts_at, ends_at, any_time, comment, place, table_num,
      where_type, where_text, response, response_msg, canceled_by, request_date, deleted
    FROM appointments WHERE id = ${id} FOR UPDATE`.execute(trx);
  return r.rows[0];
}

export async function findMeeting(q: Q, id: number): Promise<MeetingRow | undefined> {
  const r = await sql<MeetingRow>`
    SELECT id, event_id, from_user_id, to_user_id, date, starts_at, ends_at, any_time, comment, place, table_num,
      where_type, where_text, response, response_msg, canceled_by, request_date, deleted
    FROM appointments WHERE id = ${id}`.execute(q);
  return r.rows[0];
}

/** The open appointment of two people at an event, if any. */
export async function openPairMeeting(q: Q, eventId: number, a: number, b: number): Promise<{ id: number } | undefined> {
  const r = await sql<{ id: number }>`
    SELECT a.id FROM appointments a
    WHERE a.event_id = ${eventId} AND ${OPEN}
      AND least(a.from_user_id, a.to_user_id) = ${Math.min(a, b)} AND greatest(a.from_user_id, a.to_user_id) = ${Math.max(a, b)}
    LIMIT 1`.execute(q);
  return r.rows[0];
}

// Writes ---------------------------------------------------------------------------------------

/**
 * Turns a violation of 003_appointments.sql into the catalogue's answer. The services check the
 * same rules first, so this matters when something got past them (another code path, a race the
 * global lock does not cover): the database refuses and the user still reads the right message.
 */
export function constraintError(err: unknown, actorId: number): DomainError | undefined {
  const e = err as { code?: string; constraint?: string; detail?: string };
  if (e.code === '23505' && e.constraint === 'appointments_one_open_per_pair') return new DomainError('appointment_exists');
  if (e.code === '23P01' && e.constraint === 'appointments_table_free') return new DomainError('appointment_time_unavailable');
  if (e.code === '23P01' && e.constraint === 'appointment_people_no_overlap') {
    // The detail names the busy person's one-point range: "Key (int4range(user_id, ...), during)=([12,13), ...".
    const who = /\)=\(\[(\d+),/.exec(e.detail ?? '')?.[1];
    return new DomainError(who !== undefined && Number(who) === actorId ? 'appointment_conflict_mine' : 'appointment_time_unavailable');
  }
  return undefined;
}

async function mapped<T>(actorId: number, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw constraintError(err, actorId) ?? err;
  }
}

export interface MeetingValues {
  event_id: number;
  from_user_id: number;
  to_user_id: number;
  date: string;
  starts_at: Date | null;
  ends_at: Date | null;
  any_time: boolean;
  comment: string;
  place: number | null;
  table_num: number | null;
  where_type: number | null;
  where_text: string;
  occurred_at: Date | null;
}

export async function insertMeeting(trx: Tx, values: MeetingValues, actorId: number): Promise<number> {
  return mapped(actorId, async () => {
    const row = await trx
      .insertInto('appointments')
      .values({ ...values, response: null, response_msg: '', canceled_by: null, request_date: new Date(), updated_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/** Rewrites a meeting as a new request from the editor (see contract/appointments.ts). */
export async function rewriteMeeting(trx: Tx, id: number, values: MeetingValues, actorId: number): Promise<void> {
  await mapped(actorId, () =>
    trx
      .updateTable('appointments')
      .set({ ...values, response: null, response_msg: '', canceled_by: null, request_date: new Date(), updated_at: new Date() })
      .where('id', '=', id)
      .execute(),
  );
}

export async function setResponse(
  trx: Tx,
  id: number,
  patch: { response: number; response_msg?: string; canceled_by?: number | null; occurred_at: Date | null },
): Promise<void> {
  await trx
    .updateTable('appointments')
    .set({ ...patch, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/**
 * events.meetings_count (accepted meetings) and visitors_with_appointments_count (distinct people in
 * them), recomputed from the rows rather than incremented, so they cannot drift. The event row is
 * only written (and its rev bumped) when a number actually changes; returns whether it did.
 */
export async function recountEvent(trx: Tx, eventId: number): Promise<boolean> {
  const r = await sql<{ id: number }>`
    UPDATE events SET meetings_count = s.n, visitors_with_appointments_count = s.p
    FROM (SELECT count(DISTINCT a.id)::int AS n, count(DISTINCT x.user_id)::int AS p
          FROM appointments a CROSS JOIN LATERAL (VALUES (a.from_user_id), (a.to_user_id)) x(user_id)
          WHERE a.event_id = ${eventId} AND a.response = 1 AND NOT a.deleted) s
    WHERE events.id = ${eventId}
      AND (events.meetings_count, events.visitors_with_appointments_count) IS DISTINCT FROM (s.n, s.p)
    RETURNING events.id`.execute(trx);
  return r.rows.length > 0;
}

// Reads for one viewer -------------------------------------------------------------------------

export interface ViewerMeetingRow extends MeetingRow {
  timezone: string;
  is_webinar: boolean;
  other_id: number;
  other_first_name: string;
  other_last_name: string;
  other_avatar: string;
  other_position: string;
  other_company: string;
  other_phone: string;
  other_role: string;
  doc_rev: number;
}

/**
 * The viewer's meetings with the other person's card. The phone is masked in SQL when its owner
 * hides it. The document rev is the greater of the meeting's and the other person's, so a change of
 * the card (name, picture, hidden phone) re-sends the meeting.
 */
function viewerMeetings(viewerId: number, where: RawBuilder<SqlBool>, tail: RawBuilder<unknown>): RawBuilder<ViewerMeetingRow> {
  return sql<ViewerMeetingRow>`
    SELECT a.id, a.event_id, a.from_user_id, a.to_user_id, a.date, a.starts_at, a.ends_at, a.any_time, a.comment, a.place,
      a.table_num, a.where_type, a.where_text, a.response, a.response_msg, a.canceled_by, a.request_date, a.deleted,
      e.timezone, e.is_webinar,
      o.id AS other_id, o.first_name AS other_first_name, o.last_name AS other_last_name,
      CASE WHEN o.avatar = '' THEN '/files/avatars/' || o.id || '.svg' ELSE o.avatar END AS other_avatar,
      o.position AS other_position, o.company AS other_company,
      CASE WHEN o.hide_phone THEN '' ELSE o.phone END AS other_phone,
      coalesce((SELECT CASE WHEN ue.is_owner AND ue.role = 'visitor' THEN 'organizer' ELSE ue.role END
                FROM user_events ue WHERE ue.event_id = a.event_id AND ue.user_id = o.id AND NOT ue.deleted), 'visitor') AS other_role,
      greatest(a.rev, o.rev) AS doc_rev
    FROM appointments a
    JOIN events e ON e.id = a.event_id
    JOIN users o ON o.id = CASE WHEN a.from_user_id = ${viewerId} THEN a.to_user_id ELSE a.from_user_id END
    WHERE (a.from_user_id = ${viewerId} OR a.to_user_id = ${viewerId}) AND ${where}
    ${tail}`;
}

export async function viewerMeeting(q: Q, viewerId: number, id: number): Promise<ViewerMeetingRow | undefined> {
  const r = await viewerMeetings(viewerId, sql<SqlBool>`a.id = ${id}`, sql``).execute(q);
  return r.rows[0];
}

export async function viewerMeetingsOfEvent(
  q: Q,
  viewerId: number,
  eventId: number,
  role: string | null,
  limit: number,
  offset: number,
): Promise<{ rows: ViewerMeetingRow[]; count: number }> {
  const roleCond = role === null ? sql<SqlBool>`TRUE` : sql<SqlBool>`coalesce((SELECT CASE WHEN ue.is_owner AND ue.role = 'visitor' THEN 'organizer' ELSE ue.role END
      FROM user_events ue WHERE ue.event_id = a.event_id AND ue.user_id = o.id AND NOT ue.deleted), 'visitor') = ${role}`;
  const where = sql<SqlBool>`a.event_id = ${eventId} AND NOT a.deleted AND ${roleCond}`;
  const rows = await viewerMeetings(viewerId, where, sql`ORDER BY a.date, a.starts_at NULLS LAST, a.id LIMIT ${limit} OFFSET ${offset}`).execute(q);
  const count = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM appointments a
    JOIN users o ON o.id = CASE WHEN a.from_user_id = ${viewerId} THEN a.to_user_id ELSE a.from_user_id END
    WHERE (a.from_user_id = ${viewerId} OR a.to_user_id = ${viewerId}) AND ${where}`.execute(q);
  return { rows: rows.rows, count: count.rows[0]?.n ?? 0 };
}

/**
 * A page of the appointments feed: rows whose document rev passed the checkpoint, tombstones
 * included. Several meetings with one person can share a document rev (theirs), and the checkpoint
 * is a single rev, so a page never ends inside such a group: it runs to the last row carrying the
 * rev of its limit-th row, which may make it a few rows longer than the limit.
 */
export async function viewerMeetingsSince(q: Q, viewerId: number, checkpoint: number, limit: number): Promise<ViewerMeetingRow[]> {
  const since = sql<SqlBool>`greatest(a.rev, o.rev) > ${checkpoint}`;
  const cut = await sql<{ doc_rev: number }>`
    SELECT greatest(a.rev, o.rev) AS doc_rev FROM appointments a
    JOIN users o ON o.id = CASE WHEN a.from_user_id = ${viewerId} THEN a.to_user_id ELSE a.from_user_id END
    WHERE (a.from_user_id = ${viewerId} OR a.to_user_id = ${viewerId}) AND ${since}
    ORDER BY doc_rev OFFSET ${limit - 1} LIMIT 1`.execute(q);
  const upTo = cut.rows[0]?.doc_rev;
  const where = upTo === undefined ? since : sql<SqlBool>`${since} AND greatest(a.rev, o.rev) <= ${upTo}`;
  const r = await viewerMeetings(viewerId, where, sql`ORDER BY greatest(a.rev, o.rev), a.id`).execute(q);
  return r.rows;
}

/**
 * The events of my-appointments: those the viewer takes part in or has a meeting at, each with the
 * number of the viewer's meetings there. Events still running or to come first (soonest first),
 * then finished ones (latest first), as the page splits them by when_end.
 */
export async function viewerMeetingEvents(q: Q, viewerId: number, limit: number, offset: number): Promise<{ rows: { event_id: number; count: number }[]; total: number }> {
  const base = sql`
    SELECT e.id AS event_id, e.starts_at, e.ends_at,
      (SELECT count(*)::int FROM appointments a WHERE a.event_id = e.id AND NOT a.deleted
         AND (a.from_user_id = ${viewerId} OR a.to_user_id = ${viewerId})) AS count
    FROM events e
    WHERE NOT e.deleted AND e.id IN (
      SELECT a.event_id FROM appointments a WHERE NOT a.deleted AND (a.from_user_id = ${viewerId} OR a.to_user_id = ${viewerId})
      UNION
      SELECT c.event_id FROM (SELECT event_id FROM user_events WHERE user_id = ${viewerId} UNION SELECT event_id FROM tickets WHERE user_id = ${viewerId}) c
      WHERE ${participates(sql`${viewerId}::int`, sql.ref('c.event_id'))})`;
  const rows = await sql<{ event_id: number; count: number }>`
    SELECT b.event_id, b.count FROM (${base}) b
    ORDER BY (b.ends_at < now()), CASE WHEN b.ends_at >= now() THEN b.starts_at END ASC, b.starts_at DESC, b.event_id
    LIMIT ${limit} OFFSET ${offset}`.execute(q);
  const total = await sql<{ n: number }>`SELECT count(*)::int AS n FROM (${base}) b`.execute(q);
  return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
}

// Shaping --------------------------------------------------------------------------------------

function stateOf(r: Pick<MeetingRow, 'response' | 'canceled_by'>): AppointmentState {
  return stateOfResponse(r.response, r.canceled_by);
}

/** The replicated document of one meeting for its viewer. */
export function toAppointmentDoc(r: ViewerMeetingRow): AppointmentDoc & { deleted: boolean } {
  const state = stateOf(r);
  return {
    id: String(r.id),
    meeting_id: r.id,
    event_id: r.event_id,
    from_user_id: r.from_user_id,
    to_user_id: r.to_user_id,
    user_id: r.to_user_id,
    other_user_id: r.other_id,
    date: r.date,
    time_start: toUnix(r.starts_at),
    time_end: toUnix(r.ends_at),
    any_time: r.any_time,
    comment: r.comment,
    place: r.place ?? 0,
    table_num: r.table_num ?? 0,
    where_type: r.where_type ?? 0,
    where: r.where_text,
    timezone: r.timezone,
    is_online: r.is_webinar,
    state,
    response_msg: r.response_msg,
    canceled_by: r.canceled_by ?? 0,
    request_date: toUnix(r.request_date),
    video_link: state === 'accepted' && !r.deleted ? frameLink(r.id) : '',
    user_info: {
      user_id: r.other_id,
      first_name: r.other_first_name,
      last_name: r.other_last_name,
      avatar: r.other_avatar,
      position: r.other_position,
      company: r.other_company,
      phone: r.other_phone,
    },
    rev: r.doc_rev,
    deleted: r.deleted,
  };
}

/** The appointment object of the legacy calls (networking.md §3), times in unix seconds. */
export function toLegacyAppointment(r: ViewerMeetingRow) {
  const doc = toAppointmentDoc(r);
  return {
    id: r.id,
    meeting_id: r.id,
    event_id: r.event_id,
    user_id: r.to_user_id,
    from_user_id: r.from_user_id,
    to_user_id: r.to_user_id,
    date: r.date,
    time_start: r.starts_at ? toUnix(r.starts_at) : null,
    time_end: r.ends_at ? toUnix(r.ends_at) : null,
    any_time: r.any_time,
    comment: r.comment,
    request_msg: r.comment,
    where: r.where_text,
    where_type: r.where_type,
    place: r.place,
    table_num: r.table_num,
    timezone: r.timezone,
    is_online: r.is_webinar,
    request_date: toUnix(r.request_date),
    response: r.response,
    response_msg: r.response_msg,
    canceled_by: r.canceled_by,
    status: doc.state,
    video_link: doc.video_link,
    user_info: {
      user_id: r.other_id,
      id: r.other_id,
      first_name: r.other_first_name,
      last_name: r.other_last_name,
      name: `${r.other_first_name} ${r.other_last_name}`.trim(),
      avatar: r.other_avatar,
      position: r.other_position,
      company: r.other_company,
      phone: r.other_phone,
      role: r.other_role,
      online_link: doc.video_link,
    },
  };
}
export type LegacyAppointment = ReturnType<typeof toLegacyAppointment>;
