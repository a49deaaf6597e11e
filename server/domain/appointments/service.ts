import { avatarUrl } from '../../../contract/avatars.ts';
import { toUnix, type Q, type Tx } from '../../db/tx.ts';
import { DomainError } from '../../../contract/errors.ts';
import {
  APPOINTMENT_INVITES_MAX,
  SLOT_STATUS,
  daySlots,
  openingDay,
  hasBegun,
  localDateOf,
  meetingDays,
  slotState,
  type AppointmentApprovePayload,
  type AppointmentRejectPayload,
  type AppointmentRequestPayload,
  type MeetingSettings,
} from '../../../contract/appointments.ts';
import { quiet, withJobs, type Effect } from '../effects.ts';
import { isParticipant } from '../events/repository.ts';
import { requireEvent } from '../events/service.ts';
import {
  busyAppointments,
  fullNames,
  haveMet,
  insertAppointment,
  insertInvites,
  loadSettingsRow,
  lockAppointment,
  mayBook,
  openPairAppointment,
  peopleCards,
  recountEvent,
  rewriteAppointment,
  setResponse,
  userPhone,
  visibleVisitor,
  type AppointmentRow,
  type AppointmentValues,
} from './repository.ts';
import { resolveSettings, type AppointmentEvent } from '../events/meeting-settings.ts';
import { findSlot, placeAppointment } from './slots.ts';
import { noticeJobs } from '../notices/jobs.ts';
import { tellAppointment, withNotices } from '../notifications/service.ts';

/**
 * The appointment transitions (networking.md §4), one transaction each, called by the sync commands
 * and the legacy calls alike. Rules are checked with server time; `occurredAt` (when the user did it
 * on the device) is only recorded. The rules and their open questions are written down in
 * contract/appointments.ts; the database enforces the booking rules on its own (003_appointments.sql).
 */

export async function eventSettings(q: Q, event: AppointmentEvent): Promise<MeetingSettings> {
  return resolveSettings(await loadSettingsRow(q, event.id), event);
}

function effect(m: { id: number; from_user_id: number; to_user_id: number }, eventChanged: boolean): Effect {
  return {
    ids: [String(m.id)],
    collections: eventChanged ? ['appointments', 'events'] : ['appointments'],
    userIds: [m.from_user_id, m.to_user_id],
  };
}

const startOf = (m: AppointmentRow) => (m.starts_at ? toUnix(m.starts_at) : null);

function begun(m: AppointmentRow, timezone: string, now: Date): boolean {
  return hasBegun({ time_start: startOf(m), date: m.date, timezone }, now.getTime());
}

/** The appointment for an action of `actorId`: 404 when there is none, 403 when it is not theirs. */
async function ownAppointment(trx: Tx, actorId: number, appointmentId: number): Promise<AppointmentRow> {
  const m = await lockAppointment(trx, appointmentId);
  if (!m || m.deleted) throw new DomainError('appointment_not_found');
  if (m.from_user_id !== actorId && m.to_user_id !== actorId) throw new DomainError('forbidden');
  return m;
}

/**
 * A new request, or with meeting_id an edit of one. Both end as a pending request from the actor
 * to the other person, in a free slot (or any time), with a place allocated.
 */
export async function requestAppointment(
  trx: Tx,
  actorId: number,
  p: AppointmentRequestPayload,
  occurredAt: Date | null,
  now: Date = new Date(),
): Promise<Effect> {
  if (p.user_id === actorId) throw new DomainError('invalid_input', 'user_id');
  const event = await requireEvent(trx, p.event_id);

  let editing: AppointmentRow | undefined;
  if (p.meeting_id) {
    editing = await ownAppointment(trx, actorId, p.meeting_id);
    const other = editing.from_user_id === actorId ? editing.to_user_id : editing.from_user_id;
    if (editing.event_id !== p.event_id || other !== p.user_id) throw new DomainError('invalid_input', 'meeting_id');
    if (editing.response === 3) throw new DomainError('appointment_canceled_before');
    // Only its requester changes a pending request; the recipient answers it.
    if (editing.response === null && editing.to_user_id === actorId) throw new DomainError('appointment_status_changed');
    if (editing.response === 1 && begun(editing, event.timezone, now)) throw new DomainError('appointment_started');
  }

  if (!(await mayBook(trx, actorId, event.id))) throw new DomainError('ticket_required');
  if (!editing && !(await visibleVisitor(trx, p.user_id, event.id))) throw new DomainError('not_found', 'user_id');
  if (event.is_webinar && !(await userPhone(trx, actorId))) throw new DomainError('phone_required');

  const pair = await openPairAppointment(trx, event.id, actorId, p.user_id);
  if (pair && pair.id !== editing?.id) throw new DomainError('appointment_exists');

  const settings = await eventSettings(trx, event);
  const timeStart = p.any_time !== true && typeof p.time_start === 'number' && p.time_start > 0 ? p.time_start : null;
  if (timeStart === null && p.any_time === false) throw new DomainError('invalid_input', 'time_start');

  let slot: { start: number; end: number } | null = null;
  let freeTables: number[] | null = null;
  if (timeStart !== null) {
    slot = findSlot(settings, event.timezone, p.date, timeStart) ?? null;
    if (!slot) throw new DomainError('appointment_time_unavailable');
    const busy = await busyAppointments(trx, event.id, [actorId, p.user_id], slot.start, slot.end);
    const state = slotState(slot, {
      eventId: event.id,
      viewerId: actorId,
      otherId: p.user_id,
      now: Math.floor(now.getTime() / 1000),
      online: event.is_webinar,
      settings,
      meetings: busy,
      excludeMeetingId: editing?.id,
    });
    if (state.status === SLOT_STATUS.mine || state.status === SLOT_STATUS.both) throw new DomainError('appointment_conflict_mine');
    if (state.status !== SLOT_STATUS.available) throw new DomainError('appointment_time_unavailable');
    freeTables = state.free_tables;
  } else {
    if (!meetingDays(settings).includes(p.date)) throw new DomainError('appointment_time_unavailable');
    if (localDateOf(Math.floor(now.getTime() / 1000), event.timezone) > p.date) throw new DomainError('appointment_time_unavailable');
  }

  const placed = placeAppointment({
    online: event.is_webinar,
    settings,
    place: p.place,
    freeTables,
    keepTable: editing && slot && startOf(editing) === slot.start ? editing.table_num : null,
  });
  if ('error' in placed) {
    if (placed.error === 'invalid_place') throw new DomainError('invalid_input', 'place');
    throw new DomainError('appointment_time_unavailable');
  }

  const values: AppointmentValues = {
    event_id: event.id,
    from_user_id: actorId,
    to_user_id: p.user_id,
    date: p.date,
    starts_at: slot ? new Date(slot.start * 1000) : null,
    ends_at: slot ? new Date(slot.end * 1000) : null,
    any_time: !slot,
    comment: p.comment ?? '',
    ...placed.ok,
    occurred_at: occurredAt ?? now,
  };
  let id: number;
  if (editing) {
    await rewriteAppointment(trx, editing.id, values, actorId);
    id = editing.id;
  } else {
    id = await insertAppointment(trx, values, actorId);
  }
  const changed = await recountEvent(trx, event.id);
  await tellAppointment(trx, editing ? 'updated' : 'invited', { id, event_id: event.id }, p.user_id, actorId, values.comment, now);
  const notice = noticeJobs({ kind: 'meeting', appointmentId: id, actorId, action: editing ? 'edit' : 'request' });
  return withJobs(withNotices(effect({ id, from_user_id: actorId, to_user_id: p.user_id }, changed), [p.user_id]), ...notice);
}

/** The recipient accepts a pending request before its time begins. */
export async function approveAppointment(
  trx: Tx,
  actorId: number,
  p: AppointmentApprovePayload,
  occurredAt: Date | null,
  now: Date = new Date(),
): Promise<Effect> {
  const m = await ownAppointment(trx, actorId, p.meeting_id);
  if (m.response === 1) throw new DomainError('appointment_approved_before');
  if (m.response === 3) throw new DomainError('appointment_status_changed');
  // The actor is now the requester: the other person edited the request after the actor saw it.
  if (m.from_user_id === actorId) throw new DomainError('appointment_status_changed');
  const event = await requireEvent(trx, m.event_id);
  if (begun(m, event.timezone, now)) throw new DomainError('appointment_started');
  await setResponse(trx, m.id, { response: 1, occurred_at: occurredAt ?? now });
  const changed = await recountEvent(trx, m.event_id);
  await tellAppointment(trx, 'approved', m, m.from_user_id, actorId, '', now);
  return withJobs(withNotices(effect(m, changed), [m.from_user_id]), ...noticeJobs({ kind: 'meeting', appointmentId: m.id, actorId, action: 'approve' }));
}

/**
 * Rejects (the recipient of a pending request) or cancels (the requester withdrawing, or either
 * person calling off an accepted appointment), with the reason as response_msg. Not once the appointment's
 * time has begun.
 */
export async function rejectAppointment(
  trx: Tx,
  actorId: number,
  p: AppointmentRejectPayload,
  occurredAt: Date | null,
  now: Date = new Date(),
): Promise<Effect> {
  const m = await ownAppointment(trx, actorId, p.meeting_id);
  if (m.response === 3) throw new DomainError('appointment_canceled_before');
  const event = await requireEvent(trx, m.event_id);
  if (begun(m, event.timezone, now)) throw new DomainError('appointment_started');
  const rejection = m.response === null && m.to_user_id === actorId;
  await setResponse(trx, m.id, { response: 3, response_msg: p.reason, canceled_by: rejection ? null : actorId, occurred_at: occurredAt ?? now });
  const changed = await recountEvent(trx, m.event_id);
  const other = m.from_user_id === actorId ? m.to_user_id : m.from_user_id;
  await tellAppointment(trx, rejection ? 'rejected' : 'canceled', m, other, actorId, p.reason, now);
  return withJobs(withNotices(effect(m, changed), [other]), ...noticeJobs({ kind: 'meeting', appointmentId: m.id, actorId, action: 'reject' }));
}

// Reads ----------------------------------------------------------------------------------------

export interface SlotView {
  start: number;
  end: number;
  status: number;
  exist_tables: boolean;
  exist_other_place: boolean;
  user_info?: { user_id: number; id: number; first_name: string; last_name: string; name: string; avatar: string; position: string; company: string };
  where?: string;
  table_num?: number | null;
  meeting_id?: number;
}

export interface Availability {
  dates: string[];
  meetingAllowTimes: { day: string; times: SlotView[] };
  timezone_obj: { timezone: string };
  placeItems: Record<string, string>;
  slot_minutes: number;
  tables_count: number;
}

/**
 * meetings/get-meeting-data: the slots of one day with their status for the viewer and the other
 * person. Busy slots show who the viewer meets (statuses 2 and 4) but never whom the other person
 * meets. The viewer must take part in the event, and the other person must be a visitor the viewer
 * can see there (or somebody the viewer already has an appointment with at the event).
 */
export async function availability(
  db: Q,
  viewerId: number,
  q: { event_id: number; user_id: number; date?: string },
  now: Date = new Date(),
): Promise<Availability> {
  if (q.user_id === viewerId) throw new DomainError('invalid_input', 'user_id');
  const event = await requireEvent(db, q.event_id);
  if (!(await isParticipant(db, viewerId, event.id))) throw new DomainError('ticket_required');
  if (!(await visibleVisitor(db, q.user_id, event.id)) && !(await haveMet(db, event.id, viewerId, q.user_id))) {
    throw new DomainError('not_found', 'user_id');
  }
  const settings = await eventSettings(db, event);
  const dates = meetingDays(settings);
  const nowUnix = Math.floor(now.getTime() / 1000);
  const today = localDateOf(nowUnix, event.timezone);
  const day = q.date ?? openingDay(dates, (d) => daySlots(settings, event.timezone, d), today, nowUnix) ?? today;
  const slots = dates.includes(day) ? daySlots(settings, event.timezone, day) : [];
  const times: SlotView[] = [];
  const [first] = slots;
  const last = slots.at(-1);
  if (first && last) {
    const busy = await busyAppointments(db, event.id, [viewerId, q.user_id], first.start, last.end);
    const partners = await cards(db, [
      ...new Set(
        busy.filter((m) => m.from_user_id === viewerId || m.to_user_id === viewerId).map((m) => (m.from_user_id === viewerId ? m.to_user_id : m.from_user_id)),
      ),
    ]);
    const whereOf = new Map(busy.map((m) => [m.id, m.where_text]));
    for (const slot of slots) {
      const s = slotState(slot, { eventId: event.id, viewerId, otherId: q.user_id, now: nowUnix, online: event.is_webinar, settings, meetings: busy });
      const view: SlotView = { start: s.start, end: s.end, status: s.status, exist_tables: s.exist_tables, exist_other_place: s.exist_other_place };
      if (s.mine) {
        const partner = s.mine.from_user_id === viewerId ? s.mine.to_user_id : s.mine.from_user_id;
        const card = partners.get(partner);
        if (card) view.user_info = card;
        view.where = whereOf.get(s.mine.id) ?? '';
        view.table_num = s.mine.table_num;
        view.meeting_id = s.mine.id;
      }
      times.push(view);
    }
  }
  return {
    dates,
    meetingAllowTimes: { day, times },
    timezone_obj: { timezone: event.timezone },
    placeItems: settings.places,
    slot_minutes: settings.slot_minutes,
    tables_count: settings.tables_count,
  };
}

async function cards(q: Q, ids: number[]) {
  const out = new Map<number, NonNullable<SlotView['user_info']>>();
  for (const u of await peopleCards(q, ids)) {
    out.set(u.id, {
      user_id: u.id,
      id: u.id,
      first_name: u.first_name,
      last_name: u.last_name,
      name: `${u.first_name} ${u.last_name}`.trim(),
      avatar: avatarUrl(u.id, u.avatar),
      position: u.position,
      company: u.company,
    });
  }
  return out;
}

/**
 * Invites other visitors of the event into the appointment's call. Either person may invite while the
 * appointment is open; the invited must take part in the event and be visible there. Returns who was
 * invited (invitations are idempotent).
 */
export async function inviteToCall(
  trx: Tx,
  actorId: number,
  appointmentId: number,
  userIds: number[],
): Promise<{ invited: { id: number; full_name: string }[]; effect: Effect }> {
  const m = await ownAppointment(trx, actorId, appointmentId);
  if (m.response === 3) throw new DomainError('appointment_canceled_before');
  const ids = [...new Set(userIds)];
  if (!ids.length || ids.length > APPOINTMENT_INVITES_MAX) throw new DomainError('invalid_input', 'usersIds');
  if (ids.includes(m.from_user_id) || ids.includes(m.to_user_id)) throw new DomainError('invalid_input', 'usersIds');
  for (const id of ids) {
    if (!(await visibleVisitor(trx, id, m.event_id))) throw new DomainError('invalid_input', 'usersIds');
  }
  await insertInvites(trx, m.id, ids, actorId);
  const names = await fullNames(trx, ids);
  return { invited: ids.map((id) => ({ id, full_name: names.get(id) ?? '' })), effect: quiet([m.id]) };
}
