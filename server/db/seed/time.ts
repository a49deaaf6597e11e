/**
 * Wall-clock helpers for an IANA timezone. Schedules, meeting hours and appointment dates are what a
 * visitor reads on the venue's clock, so they are computed in the event's zone, not the server's.
 */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

const formats = new Map<string, Intl.DateTimeFormat>();

function wallClock(at: Date, timezone: string) {
  let format = formats.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formats.set(timezone, format);
  }
  const parts: Record<string, string> = {};
  for (const p of format.formatToParts(at)) parts[p.type] = p.value;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

export function localDate(at: Date, timezone: string): string {
  return wallClock(at, timezone).date;
}

export function localTime(at: Date, timezone: string): string {
  return wallClock(at, timezone).time;
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

function offsetMs(at: Date, timezone: string): number {
  const { date, time } = wallClock(at, timezone);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  return Date.UTC(y, m - 1, d, h, mi) - Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS;
}

/** The instant the venue's clock shows `time` on `date`. Two passes settle a DST change in between. */
export function zonedTime(date: string, time: string, timezone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, h, mi);
  let t = wall - offsetMs(new Date(wall), timezone);
  t = wall - offsetMs(new Date(t), timezone);
  return new Date(t);
}

/** The hour the seed runs in: every relative date hangs off it, so content stays put within an hour. */
export function floorToHour(at: Date): Date {
  return new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
}

/**
 * Meeting hours as the settings store them, one entry per calendar day of the venue. A window that
 * runs past local midnight becomes two entries; the first ends at '24:00' (ISO 8601's end of day)
 * because '00:00' would read as the start of that same day.
 */
export function allowedTimes(windows: { start: Date; end: Date }[], timezone: string): { day: string; from: string; to: string }[] {
  const out: { day: string; from: string; to: string }[] = [];
  for (const w of windows) {
    let from = w.start;
    while (from < w.end) {
      const day = localDate(from, timezone);
      const nextMidnight = zonedTime(addDays(day, 1), '00:00', timezone);
      const endsAtMidnight = w.end.getTime() >= nextMidnight.getTime();
      const to = endsAtMidnight ? nextMidnight : w.end;
      // Compared by value: a window ending exactly at midnight must also read '24:00', not '00:00'.
      out.push({ day, from: localTime(from, timezone), to: endsAtMidnight ? '24:00' : localTime(to, timezone) });
      from = to;
    }
  }
  return out;
}
