import { addDays, localDateOf, localTimeOf, zonedToUnix, type AllowedTime } from './appointments.ts';

/**
 * A span of time as the venue's days: one window per calendar day in the event's timezone. A span
 * past local midnight becomes '…–24:00' and '00:00–…' ('24:00' is ISO 8601's end of day, since
 * '00:00' would read as the start of that same day). Meeting settings store their hours this way,
 * and an event without settings is bookable over its own span read the same way.
 */
export function spanWindows(startUnix: number, endUnix: number, timezone: string): AllowedTime[] {
  const out: AllowedTime[] = [];
  let from = startUnix;
  while (from < endUnix) {
    const day = localDateOf(from, timezone);
    const midnight = zonedToUnix(addDays(day, 1), '00:00', timezone);
    const to = Math.min(midnight, endUnix);
    out.push({ day, from: localTimeOf(from, timezone), to: to === midnight ? '24:00' : localTimeOf(to, timezone) });
    from = to;
  }
  return out;
}
