import { appointmentStatus, type AppointmentDoc, type AppointmentState, type AppointmentStatus } from '../../../contract/appointments.ts';
import { type DatedCommand, isStopped, type EventView } from '../../store/overlay.ts';

/**
 * The user's appointments as the screens and the notification clock see them: the replicated
 * documents with the queued appointment commands applied on top (networking.md §4 "local
 * effects"), pure and without I/O so the page, the worker and the node tests share it.
 *
 * - A request queued offline shows at once as a pending appointment that exists only on this
 *   device (`synced: false`, id `local:<command id>`), with the other person's card from the
 *   visitors documents when the device has it.
 * - An edit, an approval and a rejection or cancellation change the server's document in the view
 *   only; the stored document stays the server's.
 * - A command the server refused changes nothing but stays attached (`failure`): a refused request
 *   remains in the list as "not sent" with its reason until the user picks another time or
 *   dismisses it, so nothing the user did disappears silently. A request refused because the pair
 *   already has an open meeting at the event is told on that meeting instead.
 */

export type AppointmentCommandKind = 'appointment.request' | 'appointment.approve' | 'appointment.reject';
export const APPOINTMENT_COMMAND_KINDS: readonly AppointmentCommandKind[] = ['appointment.request', 'appointment.approve', 'appointment.reject'];

/** What the overlay needs of an outbox entry (a subset of OutboxDoc). */
export type AppointmentCommand = DatedCommand;

export interface AppointmentFailure {
  commandId: string;
  kind: AppointmentCommandKind;
  /** The server's error code (contract/errors.ts); the screens translate it. */
  code: string;
  /** Epoch milliseconds when the user did it. */
  occurredAt: number;
  /** Parked after the server failed on it rather than refused: it can be sent again as it is. */
  parked: boolean;
}

export type PersonCard = AppointmentDoc['user_info'];

export interface AppointmentView extends AppointmentDoc {
  /** False for a request that exists only on this device (queued, or refused by the server). */
  synced: boolean;
  /** A queued command touching it has not come back from the server yet. */
  pending: boolean;
  /** The last command about it that the server refused, until the user dismisses it. */
  failure: AppointmentFailure | null;
  /** The other person's role at the event (visitor … volunteer) when the device knows it. */
  role: string | null;
}

export interface OverlayInput {
  docs: readonly AppointmentDoc[];
  commands: readonly AppointmentCommand[];
  viewerId: number;
  /** The other person's card and role at an event, from the visitors documents on the device. */
  person?(eventId: number, userId: number): { card: PersonCard; role: string } | undefined;
  /** The event's timezone and kind, for a request that has no server document yet. */
  event?(eventId: number): Pick<EventView, 'timezone' | 'is_webinar'> | undefined;
}

export const LOCAL_ID_PREFIX = 'local:';

const isAppointmentKind = (kind: string): kind is AppointmentCommandKind => (APPOINTMENT_COMMAND_KINDS as readonly string[]).includes(kind);
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const isOpen = (state: AppointmentState) => state === 'pending' || state === 'accepted';

function emptyCard(userId: number): PersonCard {
  return { user_id: userId, first_name: '', last_name: '', avatar: `/files/avatars/${userId}.svg`, position: '', company: '', phone: '' };
}

function fromDoc(doc: AppointmentDoc): AppointmentView {
  return { ...doc, synced: true, pending: false, failure: null, role: null };
}

function failureOf(cmd: AppointmentCommand): AppointmentFailure {
  const at = Date.parse(cmd.occurredAt);
  return {
    commandId: cmd.id,
    kind: cmd.kind as AppointmentCommandKind,
    code: cmd.code ?? 'unknown_error',
    occurredAt: Number.isNaN(at) ? 0 : at,
    parked: cmd.status === 'parked',
  };
}

/** A request the server has not created (yet): what the user asked for, from them to the other person. */
function localRequest(cmd: AppointmentCommand, input: OverlayInput): AppointmentView {
  const p = cmd.payload;
  const eventId = num(p.event_id);
  const otherId = num(p.user_id);
  const known = input.person?.(eventId, otherId);
  const event = input.event?.(eventId);
  const at = Date.parse(cmd.occurredAt);
  const timeStart = p.any_time === true ? 0 : num(p.time_start);
  return {
    id: `${LOCAL_ID_PREFIX}${cmd.id}`,
    meeting_id: 0,
    event_id: eventId,
    from_user_id: input.viewerId,
    to_user_id: otherId,
    user_id: otherId,
    other_user_id: otherId,
    date: str(p.date),
    time_start: timeStart,
    time_end: timeStart ? num(p.time_end) : 0,
    any_time: !timeStart,
    comment: str(p.comment),
    place: num(p.place),
    table_num: 0,
    where_type: 0,
    where: '',
    timezone: event?.timezone ?? '',
    is_online: event?.is_webinar ?? false,
    state: 'pending',
    response_msg: '',
    canceled_by: 0,
    request_date: Number.isNaN(at) ? 0 : Math.floor(at / 1000),
    video_link: '',
    user_info: known?.card ?? emptyCard(otherId),
    rev: 0,
    synced: false,
    pending: !isStopped(cmd.status),
    failure: isStopped(cmd.status) ? failureOf(cmd) : null,
    role: known?.role ?? null,
  };
}

/** An edit (create-meeting with meeting_id) makes the editor the requester of a new pending request. */
function applyEdit(view: AppointmentView, p: Record<string, unknown>, viewerId: number): AppointmentView {
  const timeStart = p.any_time === true ? 0 : num(p.time_start);
  const moved = timeStart !== view.time_start || str(p.date) !== view.date;
  return {
    ...view,
    from_user_id: viewerId,
    to_user_id: view.other_user_id,
    user_id: view.other_user_id,
    date: str(p.date) || view.date,
    time_start: timeStart,
    time_end: timeStart ? num(p.time_end) || view.time_end : 0,
    any_time: !timeStart,
    comment: typeof p.comment === 'string' ? p.comment : view.comment,
    // The server allocates the table of a new slot; until then the old one would mislead.
    ...(moved ? { table_num: 0, where_type: 0, where: '', place: num(p.place) } : {}),
    state: 'pending',
    response_msg: '',
    canceled_by: 0,
    video_link: '',
  };
}

/**
 * Rejection by the recipient of a pending request, cancellation otherwise (the same rule as the
 * server's rejectAppointment), with the reason as response_msg.
 */
function applyReject(view: AppointmentView, reason: string, viewerId: number): AppointmentView {
  const rejection = view.state === 'pending' && view.to_user_id === viewerId;
  return { ...view, state: rejection ? 'rejected' : 'canceled', canceled_by: rejection ? 0 : viewerId, response_msg: reason, video_link: '' };
}

function timeOrder(a: AppointmentView, b: AppointmentView): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  // Any-time requests (no start) come after the timed ones of their day.
  const as = a.time_start || Number.MAX_SAFE_INTEGER;
  const bs = b.time_start || Number.MAX_SAFE_INTEGER;
  if (as !== bs) return as - bs;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export function overlayAppointments(input: OverlayInput): AppointmentView[] {
  const byMeeting = new Map<number, AppointmentView>();
  for (const doc of input.docs) if (!(doc as { _deleted?: boolean })._deleted) byMeeting.set(doc.meeting_id, fromDoc(doc));
  const locals: AppointmentView[] = [];
  const queued = input.commands.filter((c) => isAppointmentKind(c.kind)).sort((a, b) => a.seq - b.seq || (a.id < b.id ? -1 : 1));

  for (const cmd of queued) {
    const meetingId = num(cmd.payload.meeting_id);
    if (cmd.kind === 'appointment.request' && !meetingId) {
      if (cmd.status === 'applied') {
        // The server holds at most one open appointment per pair and event: once the pull has
        // brought it, that document is this request and the local stand-in goes.
        const eventId = num(cmd.payload.event_id);
        const otherId = num(cmd.payload.user_id);
        const arrived = [...byMeeting.values()].some((v) => v.event_id === eventId && v.other_user_id === otherId && isOpen(v.state));
        if (arrived) continue;
      }
      if (cmd.status === 'rejected' && cmd.code === 'appointment_exists') {
        // Refused because the pair already has a meeting at the event (asked for on another device,
        // or by the other person): that meeting is the answer. The refusal is told on it, with its
        // own actions, instead of a second, empty card.
        const existing = [...byMeeting.values()].find(
          (v) => v.event_id === num(cmd.payload.event_id) && v.other_user_id === num(cmd.payload.user_id) && isOpen(v.state),
        );
        if (existing) {
          byMeeting.set(existing.meeting_id, { ...existing, failure: failureOf(cmd) });
          continue;
        }
      }
      locals.push(localRequest(cmd, input));
      continue;
    }
    const target = byMeeting.get(meetingId);
    if (!target) continue;
    if (isStopped(cmd.status)) {
      byMeeting.set(meetingId, { ...target, failure: failureOf(cmd) });
      continue;
    }
    let next: AppointmentView;
    if (cmd.kind === 'appointment.request') next = applyEdit(target, cmd.payload, input.viewerId);
    else if (cmd.kind === 'appointment.approve') next = { ...target, state: 'accepted' };
    else next = applyReject(target, str(cmd.payload.reason), input.viewerId);
    byMeeting.set(meetingId, { ...next, pending: true });
  }

  const all = [...byMeeting.values(), ...locals];
  if (input.person) {
    for (const [i, v] of all.entries()) {
      if (v.role === null) {
        const known = input.person(v.event_id, v.other_user_id);
        if (known) all[i] = { ...v, role: known.role };
      }
    }
  }
  return all.sort(timeOrder);
}

/**
 * The specs' status of the appointment for the viewer (networking.md §4). A request the server
 * refused never existed there, so it reads as no appointment.
 */
export function viewStatus(view: AppointmentView, viewerId: number, nowMs: number): AppointmentStatus {
  if (!view.synced && view.failure) return 'noAppointment';
  return appointmentStatus(
    viewerId,
    view.other_user_id,
    {
      from_user_id: view.from_user_id,
      to_user_id: view.to_user_id,
      state: view.state,
      time_start: view.time_start || null,
      date: view.date,
      timezone: view.timezone,
    },
    nowMs,
  );
}

/** Open (pending or accepted) appointments that hold a slot, as the slot engine and the clock use them. */
export function holdsSlot(view: AppointmentView): boolean {
  return isOpen(view.state) && view.time_start > 0 && !(view.failure && !view.synced);
}

// ---------------------------------------------------------------------------------------------
// My appointments: the events column (events.md §2)

export interface AppointmentEventSummary {
  event: EventView;
  /** The user's appointments at the event, local requests included. */
  count: number;
}

export interface AppointmentEvents {
  /** Running or to come (when_end not yet past), soonest first. */
  upcoming: AppointmentEventSummary[];
  /** Finished, latest first. */
  past: AppointmentEventSummary[];
}

/**
 * The events of my appointments: those the user takes part in (the same rule as the server's
 * my-meeting: a ticket, a check-in or ownership) and those they have an appointment at.
 */
export function appointmentEvents(events: readonly EventView[], views: readonly AppointmentView[], nowSeconds: number): AppointmentEvents {
  const counts = new Map<number, number>();
  for (const v of views) counts.set(v.event_id, (counts.get(v.event_id) ?? 0) + 1);
  const upcoming: AppointmentEventSummary[] = [];
  const past: AppointmentEventSummary[] = [];
  for (const event of events) {
    const count = counts.get(event.event_id) ?? 0;
    if (count === 0 && !(event.has_ticket || event.checked_in || event.is_owner)) continue;
    (event.when_end >= nowSeconds ? upcoming : past).push({ event, count });
  }
  upcoming.sort((a, b) => a.event.when - b.event.when || a.event.event_id - b.event.event_id);
  past.sort((a, b) => b.event.when - a.event.when || a.event.event_id - b.event.event_id);
  return { upcoming, past };
}

/** The my-appointments role filter (networking.md §2): 1 all, 2 visitor … 6 volunteer. */
export function matchesRole(view: AppointmentView, role: string | null): boolean {
  if (role === null) return true;
  return view.role === role;
}
