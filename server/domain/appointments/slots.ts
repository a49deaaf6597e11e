import {
  APPOINTMENT_DEFAULT_SLOT_MINUTES,
  PLACE_NO_TABLE,
  WHERE_TYPE,
  daySlots,
  hasOtherPlace,
  meetingDays,
  type AllowedTime,
  type MeetingSettings,
  type Slot,
} from '../../../contract/appointments.ts';
import { spanWindows } from '../../../contract/event-windows.ts';
import { tableWhereText } from '../../../contract/admin-meetings.ts';
import { tableZone } from '../../../contract/appointment-slots.ts';

/**
 * The server's pure pieces of booking: an event's settings with their defaults, the slot a request
 * names, and where an appointment takes place. The slot statuses themselves are in contract/appointments.ts
 * because devices compute them offline too.
 */

export interface AppointmentEvent {
  id: number;
  starts_at: Date;
  ends_at: Date;
  timezone: string;
  is_webinar: boolean;
  deleted: boolean;
}

export interface SettingsRow {
  slot_minutes: number;
  tables_count: number;
  places: unknown;
  allowed_times: unknown;
  /** Place id -> how many of the tables stand there (032_meeting_places.sql); absent in old rows. */
  place_tables?: unknown;
}

function parsed(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

/**
 * The event's settings as stored, made safe to compute with: unknown shapes in the JSON columns
 * are dropped rather than trusted. Without a row the whole event span is bookable in 15-minute
 * slots with no tables and no named places.
 */
export function resolveSettings(row: SettingsRow | undefined, event: AppointmentEvent): MeetingSettings {
  if (!row) {
    return {
      slot_minutes: APPOINTMENT_DEFAULT_SLOT_MINUTES,
      tables_count: 0,
      places: {},
      allowed_times: spanWindows(Math.floor(event.starts_at.getTime() / 1000), Math.floor(event.ends_at.getTime() / 1000), event.timezone),
    };
  }
  const places: Record<string, string> = {};
  const zones: NonNullable<MeetingSettings['zones']> = [];
  const rawTables = parsed(row.place_tables);
  const tablesOf = (id: string): number => {
    const n = rawTables && typeof rawTables === 'object' ? (rawTables as Record<string, unknown>)[id] : 0;
    return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : 0;
  };
  const rawPlaces = parsed(row.places);
  if (rawPlaces && typeof rawPlaces === 'object' && !Array.isArray(rawPlaces)) {
    for (const [id, label] of Object.entries(rawPlaces as Record<string, unknown>)) {
      if (!/^[1-9]\d{0,5}$/.test(id) || typeof label !== 'string') continue;
      // A place with tables is where they stand; one without is a spot to meet without a table.
      if (tablesOf(id) > 0) zones.push({ id: Number(id), label, tables: tablesOf(id) });
      else places[id] = label;
    }
  }
  zones.sort((a, b) => a.id - b.id);
  const rawTimes = parsed(row.allowed_times);
  const allowed: AllowedTime[] = [];
  if (Array.isArray(rawTimes)) {
    for (const w of rawTimes as Record<string, unknown>[]) {
      if (w && typeof w.day === 'string' && typeof w.from === 'string' && typeof w.to === 'string') allowed.push({ day: w.day, from: w.from, to: w.to });
    }
  }
  return { slot_minutes: row.slot_minutes, tables_count: row.tables_count, places, allowed_times: allowed, zones };
}

/** The slot of `day` that starts at `timeStart`, or undefined when the grid has none there. */
export function findSlot(settings: MeetingSettings, timezone: string, day: string, timeStart: number): Slot | undefined {
  if (!meetingDays(settings).includes(day)) return undefined;
  return daySlots(settings, timezone, day).find((s) => s.start === timeStart);
}

/** Named places, lowest id first. */
export function placeIds(settings: MeetingSettings): number[] {
  return Object.keys(settings.places)
    .map(Number)
    .sort((a, b) => a - b);
}

export interface Placement {
  where_type: number | null;
  place: number | null;
  table_num: number | null;
  where_text: string;
}

const NOWHERE: Placement = { where_type: null, place: null, table_num: null, where_text: '' };

export type PlacementResult = { ok: Placement } | { error: 'unavailable' | 'invalid_place' };

function atPlace(settings: MeetingSettings, id: number): Placement {
  return { where_type: WHERE_TYPE.place, place: id, table_num: null, where_text: settings.places[String(id)] ?? '' };
}

/**
 * Where an appointment takes place (networking.md §4 submit flow, decided in contract/appointments.ts):
 * - online, or an any-time request without a place: nowhere in particular;
 * - a named place id: there;
 * - PLACE_NO_TABLE: the first named place, or "a place to be agreed" (place 5, no label) when the
 *   event names none;
 * - no place: the lowest free table (the current one when `keepTable` is still free), and when
 *   every table is taken the same as PLACE_NO_TABLE if the event has other places.
 */
export function placeAppointment(input: {
  online: boolean;
  settings: MeetingSettings;
  place: number | null | undefined;
  /** Free tables of the slot, lowest first; null for an any-time request. */
  freeTables: number[] | null;
  keepTable?: number | null;
}): PlacementResult {
  const { settings } = input;
  if (input.online) return { ok: NOWHERE };
  const place = input.place || null;
  if (place !== null && settings.places[String(place)] !== undefined) return { ok: atPlace(settings, place) };
  if (place !== null && place !== PLACE_NO_TABLE) return { error: 'invalid_place' };
  const elsewhere = (): PlacementResult => {
    if (!hasOtherPlace(settings)) return { error: 'unavailable' };
    const first = placeIds(settings)[0];
    return { ok: first === undefined ? { where_type: WHERE_TYPE.place, place: PLACE_NO_TABLE, table_num: null, where_text: '' } : atPlace(settings, first) };
  };
  if (place === PLACE_NO_TABLE) return elsewhere();
  if (input.freeTables === null) return { ok: NOWHERE };
  const table = input.keepTable && input.freeTables.includes(input.keepTable) ? input.keepTable : input.freeTables[0];
  if (table !== undefined)
    return { ok: { where_type: WHERE_TYPE.table, place: null, table_num: table, where_text: tableWhereText(table, tableZone(settings, table)) } };
  return elsewhere();
}
