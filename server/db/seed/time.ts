import { addDays, localDateOf, localTimeOf, zonedToUnix } from '../../../contract/appointments.ts';
import { spanWindows } from '../../../contract/event-windows.ts';

/**
 * Time for the seed, on the venue's clock: schedules, meeting hours and appointment dates are what
 * a visitor reads in the event's zone, not the server's. The wall-clock arithmetic is the
 * contract's (contract/appointments.ts), the one the devices and the booking rules use.
 */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export { addDays };

const unix = (at: Date) => Math.floor(at.getTime() / 1000);

export function localDate(at: Date, timezone: string): string {
  return localDateOf(unix(at), timezone);
}

export function localTime(at: Date, timezone: string): string {
  return localTimeOf(unix(at), timezone);
}

/** The instant the venue's clock shows `time` on `date`. */
export function zonedTime(date: string, time: string, timezone: string): Date {
  return new Date(zonedToUnix(date, time, timezone) * 1000);
}

/** The hour the seed runs in: every relative date hangs off it, so content stays put within an hour. */
export function floorToHour(at: Date): Date {
  return new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
}

/** Meeting hours as the settings store them, one entry per calendar day of the venue (contract/event-windows.ts). */
export function allowedTimes(windows: { start: Date; end: Date }[], timezone: string): { day: string; from: string; to: string }[] {
  return windows.flatMap((w) => spanWindows(unix(w.start), unix(w.end), timezone));
}
