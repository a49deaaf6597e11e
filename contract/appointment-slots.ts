import { SLOT_STATUS, type SlotStatus } from './appointment-constants.ts';
import { TIME_RE, addDays, isDay, zonedToUnix } from './appointment-time.ts';

/*
 * The slot engine of appointments (networking.md §9): an event's meeting days and slots and the
 * state of a slot for one user. contract/appointments.ts re-exports it.
 */

/** A window of one day in which meetings may be booked, in the event's local time. */
export interface AllowedTime {
  day: string;
  from: string;
  /** 'HH:mm', or '24:00' for a window that runs to midnight (windows past midnight are split). */
  to: string;
}

export interface MeetingSettings {
  slot_minutes: number;
  /** Every numbered table, the meeting area's and the places' (contract/admin-meetings.ts). */
  tables_count: number;
  /** Named places other than tables, where people meet without one: id -> label. */
  places: Record<string, string>;
  allowed_times: AllowedTime[];
  /** Places where some of the tables stand, in numbering order after the area's own tables. */
  zones?: { id: number; label: string; tables: number }[];
}

/** The place table `n` stands in, or null for a table of the meeting area (or beyond the count). */
export function tableZone(settings: Pick<MeetingSettings, 'tables_count' | 'zones'>, n: number): string | null {
  const zones = settings.zones ?? [];
  let last = settings.tables_count - zones.reduce((sum, z) => sum + z.tables, 0);
  if (n <= last) return null;
  for (const z of zones) {
    last += z.tables;
    if (n <= last) return z.label;
  }
  return null;
}

export interface Slot {
  /** Unix seconds. */
  start: number;
  end: number;
}

/**
 * The settings as an event document carries them (contract/entities.ts EventMeeting): places as a
 * list, each with the tables standing in it; the engine's `places` are those without tables.
 */
export function settingsOfEvent(meeting: {
  slot_minutes: number;
  tables_count: number;
  places: readonly { id: number; label: string; tables?: number }[];
  allowed_times: readonly AllowedTime[];
}): MeetingSettings {
  return {
    slot_minutes: meeting.slot_minutes,
    tables_count: meeting.tables_count,
    places: Object.fromEntries(meeting.places.filter((p) => !p.tables).map((p) => [String(p.id), p.label])),
    allowed_times: meeting.allowed_times.map((w) => ({ day: w.day, from: w.from, to: w.to })),
    zones: meeting.places.filter((p) => (p.tables ?? 0) > 0).map((p) => ({ id: p.id, label: p.label, tables: p.tables ?? 0 })),
  };
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
 * The day a slot picker opens on when nobody chose one: the first meeting day from today that still
 * has a slot to start. Late in the evening today's last slot has begun and none of its slots can be
 * booked, so the picker opens on the next day instead of a page of greyed-out times. Without such a
 * day, the first day from today, then the first day of all (an event that is over still shows its
 * times).
 */
export function openingDay(dates: readonly string[], slotsOf: (day: string) => readonly Slot[], today: string, nowUnix: number): string | null {
  const ahead = dates.filter((d) => d >= today);
  return ahead.find((d) => slotsOf(d).some((s) => s.start > nowUnix)) ?? ahead[0] ?? dates[0] ?? null;
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
