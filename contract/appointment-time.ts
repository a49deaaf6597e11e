import { clockTime, isoDay, utcClock, wallClock } from './time.ts';

/*
 * Days and times of appointments in the event's timezone, on contract/time.ts's clocks, because the
 * worker and the page run this too. contract/appointments.ts re-exports it.
 */

/** Local wall time minus UTC at that instant, in ms. */
function offsetMs(ms: number, timezone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  const p = wallClock(whole, timezone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - whole;
}

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
  return isoDay(wallClock(unix * 1000, timezone));
}

/** 'HH:mm' of an instant (unix seconds) in the timezone, as the slot picker shows it. */
export function localTimeOf(unix: number, timezone: string): string {
  return clockTime(wallClock(unix * 1000, timezone));
}

export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return isoDay(utcClock(Date.UTC(y, m - 1, d + n)));
}

const DAY_RE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** A wall-clock time HH:MM, or 24:00 for the midnight that ends a day. */
export const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

export function isDay(value: string): boolean {
  return DAY_RE.test(value) && addDays(value, 0) === value;
}
