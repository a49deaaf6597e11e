import { Type, type Static } from '@sinclair/typebox';
import { LiteralUnion } from './schema.ts';
import { PLACE_NO_TABLE, WHERE_TYPE } from './appointment-constants.ts';
import { addDays, isDay, TIME_RE, zonedToUnix } from './appointment-time.ts';
import type { AllowedTime } from './appointment-slots.ts';
import { IsoDay } from './storable.ts';

/**
 * The organisers' meeting settings (issue 14, slice 4; networking.md §3–4, §9): the days and hours
 * one-to-one meetings may be booked in, the slot length, the numbered tables, the places (the
 * specs' placeItems) with how many of those tables each holds, and the visitor categories of the
 * event's menu (the visitors filter). The form and the server share the checks here, and the one
 * function that says which booked meetings a change would leave outside.
 *
 * Tables are numbered across the venue: first the tables of the meeting area that belongs to no
 * place, then each place's own in place order. A place with no tables is a spot people meet at
 * (the slot engine's "other place"); a place with tables is where those tables stand.
 */

export const MEETING_LIMITS = {
  slotMin: 5,
  slotMax: 240,
  windows: 400,
  places: 50,
  placeLabel: 100,
  tables: 500,
  categories: 50,
  categoryName: 100,
} as const;

const EventId = Type.Integer({ minimum: 1 });
const Time = Type.String({ pattern: '^(?:[01]\\d|2[0-3]):[0-5]\\d$|^24:00$', maxLength: 5 });

export const MeetingWindow = Type.Object({ day: IsoDay(), from: Time, to: Time }, { additionalProperties: false });
export type MeetingWindow = Static<typeof MeetingWindow>;

export const MeetingPlaceInput = Type.Object(
  {
    /** Kept when the place already exists, so booked meetings stay at it; a new place has none. */
    id: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    label: Type.String({ maxLength: MEETING_LIMITS.placeLabel }),
    tables: Type.Integer({ minimum: 0, maximum: MEETING_LIMITS.tables }),
  },
  { additionalProperties: false },
);
export type MeetingPlaceInput = Static<typeof MeetingPlaceInput>;

export const MeetingSettingsFields = Type.Object(
  {
    slot_minutes: Type.Integer({ minimum: MEETING_LIMITS.slotMin, maximum: MEETING_LIMITS.slotMax }),
    /** Numbered tables of the meeting area that stand in no place. */
    tables: Type.Integer({ minimum: 0, maximum: MEETING_LIMITS.tables }),
    windows: Type.Array(MeetingWindow, { maxItems: MEETING_LIMITS.windows }),
    places: Type.Array(MeetingPlaceInput, { maxItems: MEETING_LIMITS.places }),
  },
  { additionalProperties: false },
);
export type MeetingSettingsFields = Static<typeof MeetingSettingsFields>;

/**
 * What happens to booked meetings the new settings leave outside: `refuse` (nothing is saved, the
 * organiser is shown them and decides), `keep` (they stay as booked) or `cancel` (they are
 * cancelled and both people are told, in the app and by email).
 */
export const OUTSIDE_CHOICES = ['refuse', 'keep', 'cancel'] as const;
export type OutsideChoice = (typeof OUTSIDE_CHOICES)[number];

export const MeetingsSetPayload = Type.Object(
  { event_id: EventId, settings: MeetingSettingsFields, outside: LiteralUnion(OUTSIDE_CHOICES) },
  { additionalProperties: false },
);
export type MeetingsSetPayload = Static<typeof MeetingsSetPayload>;

export const CategoryInput = Type.Object(
  { id: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })), name: Type.String({ maxLength: MEETING_LIMITS.categoryName }) },
  { additionalProperties: false },
);
export const CategoriesSetPayload = Type.Object(
  { event_id: EventId, categories: Type.Array(CategoryInput, { maxItems: MEETING_LIMITS.categories }) },
  { additionalProperties: false },
);
export type CategoriesSetPayload = Static<typeof CategoriesSetPayload>;

export type MeetingFieldName = 'slot_minutes' | 'tables' | 'windows' | 'places' | 'categories';
export type MeetingProblem = 'range' | 'slot_step' | 'window_time' | 'window_day' | 'window_overlap' | 'required' | 'duplicate';
export type MeetingProblems = Partial<Record<MeetingFieldName, MeetingProblem>> & {
  /** Index → problem of single rows, so the form marks the row. */
  windowRows?: Record<number, MeetingProblem>;
  placeRows?: Record<number, MeetingProblem>;
};

const hasText = (s: string) => /[\p{L}\p{N}]/u.test(s);

/** The rules of the settings that need no database; `dates` are the event's dates in its timezone. */
export function checkMeetingSettings(s: MeetingSettingsFields, dates: readonly string[]): MeetingProblems {
  const out: MeetingProblems = {};
  if (s.slot_minutes < MEETING_LIMITS.slotMin || s.slot_minutes > MEETING_LIMITS.slotMax) out.slot_minutes = 'range';
  else if (s.slot_minutes % 5 !== 0) out.slot_minutes = 'slot_step';
  if (s.tables < 0 || s.tables > MEETING_LIMITS.tables) out.tables = 'range';
  const rows: Record<number, MeetingProblem> = {};
  s.windows.forEach((w, i) => {
    if (!isDay(w.day) || !dates.includes(w.day)) rows[i] = 'window_day';
    else if (!TIME_RE.test(w.from) || !TIME_RE.test(w.to) || w.from === '24:00' || w.from >= w.to) rows[i] = 'window_time';
    else if (s.windows.some((o, k) => k !== i && o.day === w.day && o.from < w.to && w.from < o.to)) rows[i] = 'window_overlap';
  });
  if (Object.keys(rows).length) {
    out.windowRows = rows;
    out.windows = Object.values(rows)[0];
  }
  const placeRows: Record<number, MeetingProblem> = {};
  const labels = new Set<string>();
  s.places.forEach((p, i) => {
    const label = p.label.trim().toLowerCase();
    if (!hasText(label)) placeRows[i] = 'required';
    else if (labels.has(label)) placeRows[i] = 'duplicate';
    else if (p.tables < 0 || p.tables > MEETING_LIMITS.tables) placeRows[i] = 'range';
    labels.add(label);
  });
  if (Object.keys(placeRows).length) {
    out.placeRows = placeRows;
    out.places = Object.values(placeRows)[0];
  }
  return out;
}

export function checkCategories(list: readonly { name: string }[]): MeetingProblem | null {
  const seen = new Set<string>();
  for (const c of list) {
    const name = c.name.trim().toLowerCase();
    if (!hasText(name)) return 'required';
    if (seen.has(name)) return 'duplicate';
    seen.add(name);
  }
  return null;
}

/** The error code the server answers for a settings problem (contract/errors.ts). */
export const MEETING_PROBLEM_CODE = 'invalid_input' as const;

/** A meeting as the check of what a change leaves outside needs it. */
export interface BookedMeeting {
  id: number;
  /** YYYY-MM-DD in the event's timezone. */
  date: string;
  /** Unix seconds; null for an any-time request. */
  start: number | null;
  end: number | null;
  table_num: number | null;
  where_type: number | null;
  place: number | null;
}

export type OutsideReason = 'hours' | 'table' | 'place';

/** Place ids a new place may take: never PLACE_NO_TABLE, which a request uses to mean "no table". */
export function nextPlaceId(taken: Iterable<number>): number {
  const used = new Set(taken);
  let id = Math.max(0, ...used) + 1;
  while (id === PLACE_NO_TABLE || used.has(id)) id++;
  return id;
}

/** All the tables the settings number: the area's and every place's. */
export function totalTables(s: Pick<MeetingSettingsFields, 'tables' | 'places'>): number {
  return s.tables + s.places.reduce((n, p) => n + p.tables, 0);
}

/**
 * The booked meetings (pending or agreed) the settings would leave outside: at a time no window
 * covers any more (an any-time request on a day without windows), at a table number that no longer
 * exists, or at a place that was removed. The organiser sees these before anything is saved.
 */
export function meetingsOutside(
  s: Pick<MeetingSettingsFields, 'windows' | 'tables' | 'places'>,
  timezone: string,
  meetings: readonly BookedMeeting[],
): { id: number; reason: OutsideReason }[] {
  const spans = s.windows.map((w) => ({
    day: w.day,
    from: zonedToUnix(w.day, w.from, timezone),
    to: w.to === '24:00' ? zonedToUnix(addDays(w.day, 1), '00:00', timezone) : zonedToUnix(w.day, w.to, timezone),
  }));
  const days = new Set(s.windows.map((w) => w.day));
  const tables = totalTables(s);
  const places = new Set(s.places.flatMap((p) => (p.id === undefined ? [] : [p.id])));
  const out: { id: number; reason: OutsideReason }[] = [];
  for (const m of meetings) {
    const { start, end } = m;
    const inHours = start === null || end === null ? days.has(m.date) : spans.some((w) => w.from <= start && end <= w.to);
    if (!inHours) out.push({ id: m.id, reason: 'hours' });
    else if (m.where_type === WHERE_TYPE.table && m.table_num !== null && m.table_num > tables) out.push({ id: m.id, reason: 'table' });
    else if (m.where_type === WHERE_TYPE.place && m.place !== null && m.place !== PLACE_NO_TABLE && !places.has(m.place))
      out.push({ id: m.id, reason: 'place' });
  }
  return out;
}

/** The stored windows (`allowed_times`) as the form edits them, sorted. */
export function sortWindows(list: readonly AllowedTime[]): MeetingWindow[] {
  return [...list].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.from < b.from ? -1 : a.from > b.from ? 1 : 0)).map((w) => ({ ...w }));
}

/** How a booked table is worded for the legacy clients, which print `where` as it is: "Table 7" or "Table 7, Hall B". */
export function tableWhereText(table: number, zone: string | null): string {
  return zone ? `Table ${table}, ${zone}` : `Table ${table}`;
}

/** The place a table's `where` names after its number, or ''. */
export function zoneOfTableWhere(where: string, table: number): string {
  const prefix = `Table ${table}, `;
  return where.startsWith(prefix) ? where.slice(prefix.length) : '';
}

/** A booked meeting as GET /api/admin/events/:id/meetings answers it, and organisers' devices keep it. */
export interface BookedMeetingItem {
  id: number;
  date: string;
  time_start: number | null;
  time_end: number | null;
  table_num: number | null;
  where_type: number | null;
  place: number | null;
  where: string;
  /** null pending, 1 agreed. */
  response: number | null;
  from: { id: number; name: string };
  to: { id: number; name: string };
}

export function bookedOf(item: BookedMeetingItem): BookedMeeting {
  return {
    id: item.id,
    date: item.date,
    start: item.time_start,
    end: item.time_end,
    table_num: item.table_num,
    where_type: item.where_type,
    place: item.place,
  };
}
