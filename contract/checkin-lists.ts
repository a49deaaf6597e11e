import { Type, type Static } from '@sinclair/typebox';
import { isKnownZone, wallClock } from './time.ts';

/**
 * Check-in lists per gate (issue 30; pretix's check-in lists). An organiser names the lists the
 * doors work ("Main hall", "Workshop day 2", "VIP"): each admits some ticket types (none named:
 * every type) on one day of the event (none: every day), and may allow exit and re-entry. A door
 * device chooses its list and judges every scan against it offline (contract/checkin.ts
 * judgeScan); usage is counted per list, so a ticket used in the main hall still enters the
 * workshop. An event without lists has one implicit list (id 0) that admits every ticket once:
 * what the door did before lists, and what older doors and the legacy calls still do.
 */

/** The implicit list of an event without lists, and of a scan that names none. */
export const IMPLICIT_LIST_ID = 0;
export const CHECKIN_LIST_NAME_MAX = 80;
/** A door's lists are few; the cap keeps one event's lists a small answer. */
export const CHECKIN_LISTS_MAX = 50;
const DAY = '^(\\d{4}-\\d{2}-\\d{2})?$';

/** A list as a door device keeps it and judges with it. */
export interface CheckinList {
  id: number;
  name: string;
  /** Ticket type ids it admits; empty: every type. */
  type_ids: number[];
  /** The event day it admits on (YYYY-MM-DD in the event's time zone); '': every day. */
  day: string;
  /** A ticket that went out may come in again (a "Check out" at the door records the exit). */
  reentry: boolean;
}

/** The organiser's form and the `checkin_list.save` fields. */
export const CheckinListFields = Type.Object(
  {
    name: Type.String({ maxLength: 200 }),
    type_ids: Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }), { maxItems: 100 }),
    day: Type.String({ pattern: DAY, maxLength: 10 }),
    reentry: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type CheckinListFields = Static<typeof CheckinListFields>;

const EventId = Type.Integer({ minimum: 1, maximum: 2147483647 });
/** Creates a list (no `list_id`) or changes one; a replay is answered from the stored result. */
export const CheckinListSavePayload = Type.Object(
  { event_id: EventId, list_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })), fields: CheckinListFields },
  { additionalProperties: false },
);
export type CheckinListSavePayload = Static<typeof CheckinListSavePayload>;
export const CheckinListDeletePayload = Type.Object(
  { event_id: EventId, list_id: Type.Integer({ minimum: 1, maximum: 2147483647 }) },
  { additionalProperties: false },
);
export type CheckinListDeletePayload = Static<typeof CheckinListDeletePayload>;

export type CheckinListProblem = 'required' | 'too_long' | 'unknown_type' | 'outside_event';
export type CheckinListFieldName = 'name' | 'type_ids' | 'day';

/**
 * Field-level problems of a list, the same on the form and on the server: a name, types of this
 * event, a day the event runs on (`days`, its dates in its time zone).
 */
export function checkCheckinList(
  f: CheckinListFields,
  typeIds: readonly number[],
  days: readonly string[],
): Partial<Record<CheckinListFieldName, CheckinListProblem>> {
  const out: Partial<Record<CheckinListFieldName, CheckinListProblem>> = {};
  const name = f.name.trim();
  if (!name) out.name = 'required';
  else if (name.length > CHECKIN_LIST_NAME_MAX) out.name = 'too_long';
  if (f.type_ids.some((id) => !typeIds.includes(id))) out.type_ids = 'unknown_type';
  if (f.day && !days.includes(f.day)) out.day = 'outside_event';
  return out;
}

/** The dates (YYYY-MM-DD) an event runs on in its time zone, first to last; at most 60. */
export function eventDays(startsAtMs: number, endsAtMs: number, timeZone: string): string[] {
  const out: string[] = [];
  const last = dayIn(Math.max(startsAtMs, endsAtMs - 1), timeZone);
  for (let t = startsAtMs; out.length < 60; t += 86_400_000) {
    const d = dayIn(t, timeZone);
    if (out.at(-1) !== d) out.push(d);
    if (d >= last) break;
  }
  return out;
}

/**
 * The date (YYYY-MM-DD) of an instant in a time zone; UTC when the zone is unknown. Read through
 * contract/time.ts's one formatter per zone: the door asks for every scan, and building a
 * formatter costs more than the rest of the scan's judgement.
 */
export function dayIn(ms: number, timeZone: string): string {
  const { year, month, day } = wallClock(ms, isKnownZone(timeZone) ? timeZone : 'UTC');
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A list with the counts the organiser and the door show: who is in now, of how many it admits. */
export interface CheckinListView extends CheckinList {
  inside: number;
  allowed: number;
}

/** GET /api/checkin/lists?event_id=: the event's lists, its time zone and days, its ticket types. */
export interface CheckinListsAnswer {
  lists: CheckinListView[];
  timezone: string;
  days: string[];
  types: { id: number; name: string }[];
}

/** A scan's place in a list's sequence of entries and exits. */
export interface ListScan {
  id: string;
  scanned_at_ms: number;
  result: string;
}

const before = (a: ListScan, b: ListScan) => a.scanned_at_ms < b.scanned_at_ms || (a.scanned_at_ms === b.scanned_at_ms && a.id < b.id);

/**
 * Who is in on one list: walks its entries and exits in scan order (then id, as every device and
 * the server order them). Without re-entry the first admission counts for good and an exit changes
 * nothing. Answers the admission the ticket is in on (or null), and for every later admission that
 * came while the ticket was already in, the one it repeats: those are the duplicates.
 */
export function listPresence<T extends ListScan>(scans: readonly T[], reentry: boolean): { inside: T | null; duplicates: Map<string, string> } {
  const ordered = scans.filter((s) => s.result === 'admitted' || s.result === 'checked_out').sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
  let inside: T | null = null;
  const duplicates = new Map<string, string>();
  for (const s of ordered) {
    if (s.result === 'checked_out') {
      if (reentry) inside = null;
    } else if (inside) duplicates.set(s.id, inside.id);
    else inside = s;
  }
  return { inside, duplicates };
}

/** Whether a list admits a ticket of this type (0: a ticket of no type, admitted by lists of every type only). */
export const listAdmitsType = (list: Pick<CheckinList, 'type_ids'>, typeId: number) => list.type_ids.length === 0 || list.type_ids.includes(typeId);

/** The refusals of check-in lists, each on its field (the form shows the same through checkCheckinList). */
export const CHECKIN_LIST_ERROR_CODES = {
  checkin_list_not_found: { legacyStatus: 404 },
  checkin_list_name: { legacyStatus: 400 },
  checkin_list_unknown_type: { legacyStatus: 400 },
  checkin_list_day: { legacyStatus: 400 },
  checkin_list_too_many: { legacyStatus: 400 },
} as const;

/** A list's day (YYYY-MM-DD, the event's calendar) as people read it: "14.05.2026". */
export function formatListDay(day: string): string {
  const [y, m, d] = day.split('-');
  return y && m && d ? `${d}.${m}.${y}` : day;
}
