import { localDateOf, localTimeOf, zonedToUnix } from '../../../contract/appointments.ts';
import { canonicalTimeZone } from '../../../contract/admin.ts';
import type { EventFieldName, EventFields, FieldProblem } from '../../data/index.ts';

/**
 * Pure helpers of the event form: times as the venue's wall clock (the form's datetime-local
 * inputs mean the event's own timezone, not the organiser's device's), blank fields of a new
 * event, and the server's refusal codes put back on their fields.
 */

/** 'YYYY-MM-DDTHH:mm' in the timezone, what a datetime-local input shows. */
export function toLocalInput(unix: number, timezone: string): string {
  return `${localDateOf(unix, timezone)}T${localTimeOf(unix, timezone)}`;
}

/** The unix seconds a datetime-local value means in the timezone; null when it is not one. */
export function fromLocalInput(value: string, timezone: string): number | null {
  const [, date, time] = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(value) ?? [];
  if (!date || !time) return null;
  try {
    return zonedToUnix(date, time, timezone);
  } catch {
    return null;
  }
}

/** The device's own timezone, the natural first guess for a new event. */
export function deviceTimeZone(): string {
  try {
    // Older ICU data still calls Kyiv Europe/Kiev: the form offers the name the server stores.
    return canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
  } catch {
    return 'UTC';
  }
}

/** Every IANA name the browser knows, for the timezone field's suggestions. */
export function timeZoneNames(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  try {
    return [...new Set((intl.supportedValuesOf?.('timeZone') ?? []).map(canonicalTimeZone))];
  } catch {
    return [];
  }
}

const HOUR = 3600;

/** A new event: next week at 10:00 for eight hours, in the device's timezone. */
export function blankFields(nowUnix: number): EventFields {
  const timezone = deviceTimeZone();
  const day = localDateOf(nowUnix + 7 * 24 * HOUR, timezone);
  const starts = zonedToUnix(day, '10:00', timezone);
  return {
    name: '',
    category_id: 1,
    description: '',
    is_webinar: false,
    place_name: '',
    address: '',
    city: '',
    map_point: null,
    timezone,
    starts_at: starts,
    ends_at: starts + 8 * HOUR,
    stream_url: '',
    video_type: 0,
    broadcast_background: '',
    is_free: true,
  };
}

/** A refusal the server answered, put on the field it is about (the form checked the rest itself). */
export function fieldOfCode(code: string): { field: EventFieldName; problem: FieldProblem } | null {
  switch (code) {
    case 'invalid_timezone':
      return { field: 'timezone', problem: 'timezone' };
    case 'event_time_order':
      return { field: 'ends_at', problem: 'time_order' };
    case 'invalid_url':
      return { field: 'stream_url', problem: 'url' };
    default:
      return null;
  }
}

/** A number field's value, or null when it is empty or not a number. */
export function numberOrNull(value: string): number | null {
  if (value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}
