import { sql, type Selectable, type SqlBool } from 'kysely';
import type { BusyMeeting } from '../../../contract/appointments.ts';
import { DomainError } from '../../../contract/errors.ts';
import { participates, validTicket, visibleUser } from '../../db/sql.ts';
import { toUnix, type Q, type Tx } from '../../db/tx.ts';
import type { AppointmentsTable } from '../../db/types.ts';
import type { SettingsRow } from '../events/meeting-settings.ts';

/**
 * SQL of appointments: the rows the rules read and write, the checks of who may book whom, and the
 * invitations and video key of the calls. Reads for one viewer (their list, their feed) are in
 * viewer-repository.ts.
 */

/** An open appointment blocks people, tables and the pair (003_appointments.sql uses the same test). */
const OPEN = sql<SqlBool>`(a.response IS NULL OR a.response = 1) AND NOT a.deleted`;

export async function loadSettingsRow(q: Q, eventId: number): Promise<SettingsRow | undefined> {
  return q
    .selectFrom('meeting_settings')
    .select(['slot_minutes', 'tables_count', 'places', 'allowed_times', 'place_tables'])
    .where('event_id', '=', eventId)
    .executeTakeFirst();
}

/**
 * Open timed appointments overlapping [from, to) that the slot engine needs: those of the given people
 * in any event (a person cannot be in two places at once) and the table appointments of the event.
 */
export async function busyAppointments(
  q: Q,
  eventId: number,
  userIds: number[],
  fromUnix: number,
  toUnix_: number,
): Promise<(BusyMeeting & { where_text: string })[]> {
  const ids = sql.join(userIds.map((id) => sql`${id}::int`));
  const r = await sql<{
    id: number;
    event_id: number;
    from_user_id: number;
    to_user_id: number;
    starts_at: Date;
    ends_at: Date;
    table_num: number | null;
    where_text: string;
  }>`
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
 * May the user ask for appointments at this event (networking.md §5: the tickets-required dialog
 * otherwise)? A valid ticket, ownership, or a check-in to a free event: the same people who may
 * join the event's stream. A check-in alone is not enough on a paid event, where the ticket it was
 * made with may have been cancelled since.
 */
export async function mayBook(q: Q, userId: number, eventId: number): Promise<boolean> {
  const r = await sql<{ ok: boolean }>`
    SELECT (EXISTS (SELECT 1 FROM tickets t WHERE t.event_id = ${eventId} AND t.user_id = ${userId} AND ${validTicket('t')})
         OR EXISTS (SELECT 1 FROM user_events ue JOIN events e ON e.id = ue.event_id
              WHERE ue.event_id = ${eventId} AND ue.user_id = ${userId} AND NOT ue.deleted
                AND (ue.is_owner OR (ue.checked_in AND e.is_free)))) AS ok`.execute(q);
  return r.rows[0]?.ok === true;
}

/**
 * Can the viewer see this person as a visitor of the event, and so ask them for an appointment or
 * see when they are busy? They take part, do not hide, and show themselves to other participants.
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

/** Whether the two people have an appointment at the event, in any state but removed. */
export async function haveMet(q: Q, eventId: number, a: number, b: number): Promise<boolean> {
  const r = await sql<{ ok: boolean }>`
    SELECT EXISTS (SELECT 1 FROM appointments WHERE event_id = ${eventId} AND NOT deleted
      AND ((from_user_id = ${a} AND to_user_id = ${b}) OR (from_user_id = ${b} AND to_user_id = ${a}))) AS ok`.execute(q);
  return r.rows[0]?.ok === true;
}

/** Names and pictures of people, for the slots the viewer is busy in. */
export async function peopleCards(q: Q, ids: number[]) {
  if (!ids.length) return [];
  return q.selectFrom('users').select(['id', 'first_name', 'last_name', 'avatar', 'position', 'company']).where('id', 'in', ids).execute();
}

const APPOINTMENT_COLUMNS = [
  'id',
  'event_id',
  'from_user_id',
  'to_user_id',
  'date',
  'starts_at',
  'ends_at',
  'any_time',
  'comment',
  'place',
  'table_num',
  'where_type',
  'where_text',
  'response',
  'response_msg',
  'canceled_by',
  'request_date',
  'deleted',
] as const;

export type AppointmentRow = Pick<Selectable<AppointmentsTable>, (typeof APPOINTMENT_COLUMNS)[number]>;

/** The appointment, locked for the rest of the transaction. */
export async function lockAppointment(trx: Tx, id: number): Promise<AppointmentRow | undefined> {
  return trx.selectFrom('appointments').select(APPOINTMENT_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Whether an appointment with this id exists (any two people's), for telling 403 from 404. */
export async function appointmentExists(q: Q, id: number): Promise<boolean> {
  return (await q.selectFrom('appointments').select('id').where('id', '=', id).where('deleted', '=', false).executeTakeFirst()) !== undefined;
}

/** The open appointment of two people at an event, if any. */
export async function openPairAppointment(q: Q, eventId: number, a: number, b: number): Promise<{ id: number } | undefined> {
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

/** What a request decides; the rest of the row is the answer's (response, its message, who canceled). */
export type AppointmentValues = Omit<AppointmentRow, 'id' | 'response' | 'response_msg' | 'canceled_by' | 'request_date' | 'deleted'> & {
  occurred_at: Date | null;
};

const PENDING = { response: null, response_msg: '', canceled_by: null } as const;

export async function insertAppointment(trx: Tx, values: AppointmentValues, actorId: number): Promise<number> {
  return mapped(actorId, async () => {
    const row = await trx
      .insertInto('appointments')
      .values({ ...values, ...PENDING, request_date: new Date(), updated_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/** Rewrites an appointment as a new request from the editor (see contract/appointments.ts). */
export async function rewriteAppointment(trx: Tx, id: number, values: AppointmentValues, actorId: number): Promise<void> {
  await mapped(actorId, () =>
    trx
      .updateTable('appointments')
      .set({ ...values, ...PENDING, request_date: new Date(), updated_at: new Date() })
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
 * events.meetings_count (accepted appointments) and visitors_with_appointments_count (distinct
 * people in them), recomputed from the rows rather than incremented, so they cannot drift. The event
 * row is only written (and its rev bumped) when a number actually changes; returns whether it did.
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

// Calls ------------------------------------------------------------------------------------------

/** Invitations into an appointment's call; inviting somebody twice changes nothing. */
export async function insertInvites(trx: Tx, appointmentId: number, userIds: number[], invitedBy: number): Promise<void> {
  await trx
    .insertInto('appointment_invites')
    .values(userIds.map((id) => ({ appointment_id: appointmentId, user_id: id, invited_by: invitedBy })))
    .onConflict((oc) => oc.columns(['appointment_id', 'user_id']).doNothing())
    .execute();
}

export async function fullNames(q: Q, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const users = await q.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', 'in', ids).execute();
  return new Map(users.map((u) => [u.id, `${u.first_name} ${u.last_name}`.trim()]));
}

/** The appointment with whether `userId` was invited into its call. */
export async function callRow(q: Q, userId: number, appointmentId: number) {
  const r = await sql<{ id: number; event_id: number; from_user_id: number; to_user_id: number; response: number | null; deleted: boolean; invited: boolean }>`
    SELECT a.id, a.event_id, a.from_user_id, a.to_user_id, a.response, a.deleted,
      EXISTS (SELECT 1 FROM appointment_invites i WHERE i.appointment_id = a.id AND i.user_id = ${userId}) AS invited
    FROM appointments a WHERE a.id = ${appointmentId}`.execute(q);
  return r.rows[0];
}

export async function videoKey(q: Q): Promise<string> {
  const row = await q.selectFrom('appointment_video_keys').select('secret').where('id', '=', 1).executeTakeFirst();
  if (!row?.secret) throw new Error('appointment_video_keys has no key; migration 003 inserts it');
  return row.secret;
}

// The notice channel's fan-out (realtime/changes.ts) --------------------------------------------

/** Appointments changed after `rev`, oldest change first, removed ones left out. */
export async function appointmentsChangedSince(q: Q, rev: number, limit: number) {
  return q
    .selectFrom('appointments')
    .select(['id', 'from_user_id', 'to_user_id', 'response', 'canceled_by', 'rev'])
    .where('rev', '>', rev)
    .where('deleted', '=', false)
    .orderBy('rev')
    .limit(limit)
    .execute();
}
