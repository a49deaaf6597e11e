import { APPOINTMENT_DEFAULT_SLOT_MINUTES, type AllowedTime, type MeetingSettings } from '../../../contract/appointments.ts';
import { spanWindows } from '../../../contract/event-windows.ts';

/*
 * An event's meeting settings (the meeting_settings row) with their defaults. They belong to the
 * event: its document carries them (document-repository.ts) and the booking rules of the
 * appointments area compute with them (appointments/slots.ts).
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
