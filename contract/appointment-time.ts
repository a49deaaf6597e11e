/*
 * Time in the event's timezone, for appointments: Intl only, no library, because the worker and
 * the page run this too. contract/appointments.ts re-exports it.
 */

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
  const part = (type: keyof LocalParts): number => {
    const value = out[type];
    if (value === undefined) throw new Error(`Intl gave no ${type} for ${timezone}`);
    return value;
  };
  // Some engines write midnight as hour 24 under hourCycle h23; it is the same day's 0.
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour') % 24, minute: part('minute'), second: part('second') };
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
/** A wall-clock time HH:MM, or 24:00 for the midnight that ends a day. */
export const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

export function isDay(value: string): boolean {
  return DAY_RE.test(value) && addDays(value, 0) === value;
}
