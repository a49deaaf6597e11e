import { Type, type Static } from '@sinclair/typebox';
import { RevField, defineCollection, type DocOf } from './schema.ts';

/**
 * One-to-one appointments (networking.md §2–9): the rules both the server and the device apply, so
 * a slot or a visitor card shows the same status offline (from local data) as the server will
 * decide when the queued command arrives.
 *
 * Decisions the specs leave open, in one place:
 * - A pending request blocks its slot for both people, like an accepted meeting. Nobody has two open
 *   (pending or accepted) meetings overlapping in time, in any event; no table hosts two open meetings
 *   at once; a pair has at most one open appointment per event. The database enforces all three
 *   (server/db/migrations/003_appointments.sql).
 * - Places: `placeItems` are the event's named places (id -> label). A request's `place` is one of
 *   those ids (meet there), or PLACE_NO_TABLE (5, what the client sends when a slot has no free
 *   table), or absent (a table). Tables are allocated by the server: the lowest free number in the
 *   slot. PLACE_NO_TABLE lands on the event's first named place, or on "a place to be agreed" when
 *   the event names none. An in-person event with no tables at all meets at other places; named
 *   places have no capacity limit. Online events have neither tables nor places.
 * - Editing (create-meeting with meeting_id) moves the meeting back to pending and makes the editor
 *   its requester (from_user_id): the other person confirms the change, as the dashboard's
 *   "updated" notification with its Confirm button expects. An accepted meeting may be edited by
 *   either person before it starts; a pending request by its requester at any time (moving a
 *   request whose time passed unanswered to a new time is the way forward for it).
 * - Reject by the recipient of a pending request is a rejection; any other reject-meeting call (the
 *   requester withdrawing, either person calling off an accepted meeting) is a cancellation and
 *   records who canceled. Neither is possible once the meeting's time has begun.
 * - An any-time request (the quick appointment) has a date and no time; it blocks no slot and
 *   counts as begun when its day has ended in the event's timezone.
 * - Who may ask (networking.md §5, the tickets-required dialog): a valid ticket, ownership of the
 *   event, or a check-in to a free event; the person asked must be a visitor of the event whom the
 *   requester can see in its list. An online meeting also needs the requester's phone.
 */

// ---------------------------------------------------------------------------------------------
// Constants (networking.md §9, events.md §9)

export const SLOT_STATUS = { available: 1, mine: 2, theirs: 3, both: 4, disabled: 5 } as const;
export type SlotStatus = (typeof SLOT_STATUS)[keyof typeof SLOT_STATUS];

/** The request's place when the slot has no free table (networking.md §4 submit flow). */
export const PLACE_NO_TABLE = 5;
export const WHERE_TYPE = { table: 1, place: 2 } as const;
/** Stored response codes: null pending, 1 accepted, 3 rejected or canceled. */
export const RESPONSE = { accepted: 1, closed: 3 } as const;

export const APPOINTMENT_DEFAULT_SLOT_MINUTES = 15;
export const MY_APPOINTMENTS_PAGE_SIZE = 10;
export const MY_APPOINTMENT_EVENTS_PAGE_SIZE = 10;
/** The visitor card shows this many characters of a request message before "see more". */
export const REQUEST_MESSAGE_PREVIEW_CHARS = 300;
/** Server bound on comments and rejection reasons; the specs set none, the database needs one. */
export const APPOINTMENT_TEXT_MAX = 2000;
export const APPOINTMENT_EXTEND_MINUTES = [5, 10, 15] as const;
/** Agenda of a 15-minute call: view the other person, view yourself, the topic, summary. */
export const APPOINTMENT_AGENDA_MINUTES = [3, 3, 6, 3] as const;
/** People one invite call may add to a meeting's video call. */
export const APPOINTMENT_INVITES_MAX = 20;

/** The my-appointments role filter (networking.md §2): 1 is all. */
export const MEETING_ROLE_FILTER: Record<number, string | null> = {
  1: null,
  2: 'visitor',
  3: 'organizer',
  4: 'speaker',
  5: 'sponsor',
  6: 'volunteer',
};

// ---------------------------------------------------------------------------------------------
// Time in the event's timezone. Intl only, no library: the worker and the page run this too.

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timezone: string): Intl.DateTimeFormat {
  let f = formatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timezone, f);
  }
  return f;
}

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function localParts(ms: number, timezone: string): LocalParts {
  const out: Record<string, number> = {};
  for (const p of formatter(timezone).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  }
  return { year: out.year!, month: out.month!, day: out.day!, hour: out.hour! % 24, minute: out.minute!, second: out.second! };
}

/** Local wall time minus UTC at that instant, in ms. */
function offsetMs(ms: number, timezone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  const p = localParts(whole, timezone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - whole;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Unix seconds of a wall-clock time in a timezone. '24:00' is the next midnight. A time skipped by
 * a DST change lands after the gap (02:30 on a spring-forward night of a 02:00→03:00 change is
 * 03:30); a repeated one takes its later occurrence.
 */
export function zonedToUnix(day: string, time: string, timezone: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const guess = Date.UTC(y, m - 1, d, hh, mm);
  const first = offsetMs(guess, timezone);
  let at = guess - first;
  const second = offsetMs(at, timezone);
  if (second !== first) at = guess - second;
  return Math.floor(at / 1000);
}

/** 'YYYY-MM-DD' of an instant (unix seconds) in the timezone. */
export function localDateOf(unix: number, timezone: string): string {
  const p = localParts(unix * 1000, timezone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** 'HH:mm' of an instant (unix seconds) in the timezone, as the slot picker shows it. */
export function localTimeOf(unix: number, timezone: string): string {
  const p = localParts(unix * 1000, timezone);
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + n));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

const DAY_RE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

export function isDay(value: string): boolean {
  return DAY_RE.test(value) && addDays(value, 0) === value;
}

// ---------------------------------------------------------------------------------------------
// Slot engine

/** A window of one day in which meetings may be booked, in the event's local time. */
export interface AllowedTime {
  day: string;
  from: string;
  /** 'HH:mm', or '24:00' for a window that runs to midnight (windows past midnight are split). */
  to: string;
}

export interface MeetingSettings {
  slot_minutes: number;
  tables_count: number;
  /** Named places other than tables: id -> label. */
  places: Record<string, string>;
  allowed_times: AllowedTime[];
}

export interface Slot {
  /** Unix seconds. */
  start: number;
  end: number;
}

/** Days with at least one window, sorted: the date tabs. */
export function meetingDays(settings: MeetingSettings): string[] {
  const days = new Set<string>();
  for (const w of settings.allowed_times) if (isDay(w.day) && TIME_RE.test(w.from) && TIME_RE.test(w.to) && w.from < w.to) days.add(w.day);
  return [...days].sort();
}

/**
 * The bookable slots of one day. Slots step in absolute time from each window's start, so a DST
 * change inside a window neither loses nor duplicates an hour of meetings: a window 00:00–24:00 on
 * a spring-forward day has 23 hours of slots, on a fall-back day 25.
 */
export function daySlots(settings: MeetingSettings, timezone: string, day: string): Slot[] {
  const step = settings.slot_minutes * 60;
  if (!(step > 0)) return [];
  const seen = new Set<number>();
  const out: Slot[] = [];
  for (const w of settings.allowed_times) {
    if (w.day !== day || !isDay(w.day) || !TIME_RE.test(w.from) || !TIME_RE.test(w.to) || w.from >= w.to) continue;
    const start = zonedToUnix(day, w.from, timezone);
    const end = w.to === '24:00' ? zonedToUnix(addDays(day, 1), '00:00', timezone) : zonedToUnix(day, w.to, timezone);
    for (let t = start; t + step <= end; t += step) {
      if (seen.has(t)) continue;
      seen.add(t);
      out.push({ start: t, end: t + step });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/**
 * Whether a slot without a free table can still take a meeting elsewhere: the event names other
 * places, or has no tables at all (then people meet at a place they agree on).
 */
export function hasOtherPlace(settings: Pick<MeetingSettings, 'tables_count' | 'places'>): boolean {
  return Object.keys(settings.places).length > 0 || settings.tables_count === 0;
}

/** An open (pending or accepted) timed meeting, as the engine needs it. */
export interface BusyMeeting {
  id: number;
  event_id: number;
  from_user_id: number;
  to_user_id: number;
  start: number;
  end: number;
  table_num: number | null;
}

export interface SlotContext {
  eventId: number;
  viewerId: number;
  otherId: number;
  /** Unix seconds. */
  now: number;
  online: boolean;
  settings: Pick<MeetingSettings, 'tables_count' | 'places'>;
  /**
   * Open timed meetings of the viewer and of the other person (in any event) and the table
   * meetings of this event; others are ignored.
   */
  meetings: BusyMeeting[];
  /** The meeting being edited does not compete with itself. */
  excludeMeetingId?: number;
}

export interface SlotState extends Slot {
  status: SlotStatus;
  exist_tables: boolean;
  exist_other_place: boolean;
  /** Free table numbers, lowest first. */
  free_tables: number[];
  /** The viewer's own meeting in the slot (status 2 or 4). */
  mine: BusyMeeting | null;
}

const overlaps = (a: Slot, b: Slot) => a.start < b.end && b.start < a.end;
const involves = (m: BusyMeeting, userId: number) => m.from_user_id === userId || m.to_user_id === userId;

/**
 * The specs' slot status for the viewer and the other person: 5 when the slot has begun or has no
 * room left; otherwise 2 when the viewer is busy (including a meeting with this very person), 3
 * when only the other person is, 4 when both are (with different people), else 1. A busy status
 * wins over "no room" so the viewer still sees their own meeting in a full slot.
 */
export function slotState(slot: Slot, ctx: SlotContext): SlotState {
  const live = ctx.meetings.filter((m) => m.id !== ctx.excludeMeetingId && overlaps(slot, m));
  const mine = live.find((m) => involves(m, ctx.viewerId)) ?? null;
  const theirs = live.some((m) => involves(m, ctx.otherId) && !involves(m, ctx.viewerId));
  const freeTables: number[] = [];
  let existTables = false;
  let existOther = false;
  if (!ctx.online) {
    const taken = new Set(live.filter((m) => m.event_id === ctx.eventId && m.table_num !== null).map((m) => m.table_num));
    for (let n = 1; n <= ctx.settings.tables_count; n++) if (!taken.has(n)) freeTables.push(n);
    existTables = freeTables.length > 0;
    existOther = hasOtherPlace(ctx.settings);
  }
  let status: SlotStatus;
  if (slot.start <= ctx.now) status = SLOT_STATUS.disabled;
  else if (mine && theirs) status = SLOT_STATUS.both;
  else if (mine) status = SLOT_STATUS.mine;
  else if (theirs) status = SLOT_STATUS.theirs;
  else if (!ctx.online && !existTables && !existOther) status = SLOT_STATUS.disabled;
  else status = SLOT_STATUS.available;
  return { start: slot.start, end: slot.end, status, exist_tables: existTables, exist_other_place: existOther, free_tables: freeTables, mine };
}

// ---------------------------------------------------------------------------------------------
// Status of an appointment as one viewer sees it (networking.md §4)

export const APPOINTMENT_STATES = ['pending', 'accepted', 'rejected', 'canceled'] as const;
export type AppointmentState = (typeof APPOINTMENT_STATES)[number];

export type AppointmentStatus =
  | 'my'
  | 'noAppointment'
  | 'waitingForResponse'
  | 'waitingForMyResponse'
  | 'appointed'
  | 'rejected'
  | 'canceled'
  | 'tooLateForResponse'
  | 'tooLateForMyResponse'
  | 'unknown';

/**
 * The state behind the legacy `response` values: null (or '' or the other reading's 2, edited)
 * pending; 1 accepted; 3 closed, and 0 as the client sets locally on reject. A closed meeting with
 * canceled_by was canceled, without it rejected.
 */
export function stateOfResponse(response: number | string | null | undefined, canceledBy?: number | null): AppointmentState {
  const r = response === null || response === undefined || response === '' ? null : Number(response);
  if (r === null || r === 2) return 'pending';
  if (r === 1) return 'accepted';
  return canceledBy ? 'canceled' : 'rejected';
}

export interface StatusSubject {
  from_user_id: number;
  to_user_id: number;
  state: AppointmentState;
  /** Unix seconds; 0 or null for an any-time request. */
  time_start: number | null;
  date: string;
  timezone: string;
}

/** Whether the meeting's time has begun: its start, or for an any-time request the end of its day. */
export function hasBegun(a: Pick<StatusSubject, 'time_start' | 'date' | 'timezone'>, nowMs: number): boolean {
  if (a.time_start) return a.time_start * 1000 <= nowMs;
  return localDateOf(Math.floor(nowMs / 1000), a.timezone) > a.date;
}

/** The status of `visitorId`'s card for the viewer, given the pair's appointment (if any). */
export function appointmentStatus(viewerId: number | null, visitorId: number, a: StatusSubject | null | undefined, nowMs: number): AppointmentStatus {
  if (viewerId === null) return 'unknown';
  if (visitorId === viewerId) return 'my';
  if (!a) return 'noAppointment';
  if (!involvesPair(a, viewerId, visitorId)) return 'unknown';
  switch (a.state) {
    case 'accepted':
      return 'appointed';
    case 'rejected':
      return 'rejected';
    case 'canceled':
      return 'canceled';
    case 'pending': {
      const late = hasBegun(a, nowMs);
      if (a.to_user_id === viewerId) return late ? 'tooLateForMyResponse' : 'waitingForMyResponse';
      return late ? 'tooLateForResponse' : 'waitingForResponse';
    }
    default:
      return 'unknown';
  }
}

function involvesPair(a: Pick<StatusSubject, 'from_user_id' | 'to_user_id'>, x: number, y: number): boolean {
  return (a.from_user_id === x && a.to_user_id === y) || (a.from_user_id === y && a.to_user_id === x);
}

export type AppointmentAction = 'confirm' | 'reject' | 'edit' | 'cancel' | 'message' | 'requestAgain' | 'request';

/** The card's actions per status (networking.md §4 item actions, §5 gating). */
export function appointmentActions(status: AppointmentStatus): AppointmentAction[] {
  switch (status) {
    case 'noAppointment':
      return ['request'];
    case 'waitingForMyResponse':
      return ['confirm', 'reject'];
    case 'appointed':
    case 'waitingForResponse':
      return ['edit', 'cancel'];
    case 'canceled':
      return ['message'];
    case 'rejected':
      return ['requestAgain'];
    case 'tooLateForResponse':
      // Nothing can be answered any more; the requester may still move the request to a new time.
      return ['edit'];
    default:
      return [];
  }
}

// ---------------------------------------------------------------------------------------------
// Command payloads (contract/commands.ts lists them)

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const UnixSeconds = Type.Integer({ minimum: 0, maximum: 1e11 });
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 });

/**
 * The body of meetings/create-meeting. `time_start` picks a slot of `date` (its end comes from the
 * slot, so time_end is accepted and ignored); any_time true (or no time_start) is an any-time
 * request. With meeting_id it edits that meeting.
 */
export const AppointmentRequestPayload = Type.Object(
  {
    event_id: Id,
    user_id: Id,
    date: Day,
    comment: Type.Optional(Type.String({ maxLength: APPOINTMENT_TEXT_MAX })),
    any_time: Type.Optional(Type.Boolean()),
    time_start: Type.Optional(Type.Union([UnixSeconds, Type.Null()])),
    time_end: Type.Optional(Type.Union([UnixSeconds, Type.Null()])),
    place: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 1_000_000 }), Type.Null()])),
    meeting_id: Type.Optional(Type.Union([Id, Type.Null()])),
  },
  { additionalProperties: false },
);
export type AppointmentRequestPayload = Static<typeof AppointmentRequestPayload>;

export const AppointmentApprovePayload = Type.Object({ meeting_id: Id }, { additionalProperties: false });
export type AppointmentApprovePayload = Static<typeof AppointmentApprovePayload>;

/** Reject (by the recipient of a request) or cancel (anything else); the reason is free text. */
export const AppointmentRejectPayload = Type.Object(
  { meeting_id: Id, reason: Type.String({ maxLength: APPOINTMENT_TEXT_MAX }) },
  { additionalProperties: false },
);
export type AppointmentRejectPayload = Static<typeof AppointmentRejectPayload>;

// ---------------------------------------------------------------------------------------------
// Replicated collection

const Int32 = Type.Integer({ minimum: 0, maximum: 2147483647, multipleOf: 1 });
const Unix = Type.Integer({ minimum: 0, maximum: 1e11, multipleOf: 1 });

/**
 * `appointments`: the signed-in user's own meetings, as requester or recipient, each with the other
 * person's card. User-scoped: the same meeting is a different document for its two people (each
 * sees the other's user_info). Its rev is the greater of the meeting's and the other person's, so a
 * renamed or newly hidden phone re-sends the document. 0 stands for "none" in the numeric fields.
 */
export const AppointmentsCollection = defineCollection({
  name: 'appointments',
  version: 0,
  schema: Type.Object({
    /** The meeting id as a string. */
    id: Type.String(),
    meeting_id: Int32,
    event_id: Int32,
    from_user_id: Int32,
    to_user_id: Int32,
    /** The invitee, as the specs name it (= to_user_id). */
    user_id: Int32,
    /** The other person, for this document's owner. */
    other_user_id: Int32,
    date: Type.String({ maxLength: 10 }),
    /** Unix seconds; 0 for an any-time request. */
    time_start: Unix,
    time_end: Unix,
    any_time: Type.Boolean(),
    comment: Type.String(),
    place: Type.Integer(),
    table_num: Type.Integer(),
    where_type: Type.Integer(),
    where: Type.String(),
    timezone: Type.String(),
    is_online: Type.Boolean(),
    state: Type.Union(APPOINTMENT_STATES.map((s) => Type.Literal(s))),
    response_msg: Type.String(),
    canceled_by: Type.Integer(),
    request_date: Unix,
    /** The call frame's address (manage-meeting/join-by-meeting) once accepted, else ''. */
    video_link: Type.String(),
    user_info: Type.Object({
      user_id: Type.Integer(),
      first_name: Type.String(),
      last_name: Type.String(),
      avatar: Type.String(),
      position: Type.String(),
      company: Type.String(),
      /** '' when the person hides it. */
      phone: Type.String(),
    }),
    ...RevField,
  }),
  indexes: ['time_start', ['event_id', 'time_start']],
});
export type AppointmentDoc = DocOf<typeof AppointmentsCollection>;
