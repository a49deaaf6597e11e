/**
 * Clock time in a named timezone, and on the device's own clock, with Intl only. The server, the
 * sync worker and the page all read event times on the clock of the place where the event happens
 * (18:00 in Kyiv reads 18:00 from Warsaw too, as the poster and the ticket say), so this lives in
 * contract/ and needs no date library.
 *
 * Building an Intl.DateTimeFormat costs about a fifth of a millisecond; asking one for parts, a few
 * microseconds. Date libraries' timezone support builds one per call (dayjs's did, and an event
 * list's first render spent a quarter of its time there), so here each zone gets one formatter for
 * the life of the realm.
 */

export interface WallClock {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** null for a zone this engine does not know, so the failure is remembered too. */
const clocks = new Map<string, Intl.DateTimeFormat | null>();

function clockOf(timezone: string): Intl.DateTimeFormat | null {
  let clock = clocks.get(timezone);
  if (clock === undefined) {
    try {
      clock = new Intl.DateTimeFormat('en-US', {
        timeZone: timezone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      clock = null;
    }
    clocks.set(timezone, clock);
  }
  return clock;
}

/** Whether the engine knows the zone ('Europe/Kyiv' yes, 'Nowhere/Atlantis' and '' no). */
export function isKnownZone(timezone: string): boolean {
  return timezone !== '' && clockOf(timezone) !== null;
}

/** The clock at an instant (ms) in a zone; throws a RangeError for a zone the engine does not know. */
export function wallClock(ms: number, timezone: string): WallClock {
  const clock = clockOf(timezone);
  if (!clock) throw new RangeError(`unknown timezone: ${timezone}`);
  const part: Record<string, number> = {};
  for (const p of clock.formatToParts(new Date(ms))) if (p.type !== 'literal') part[p.type] = Number(p.value);
  const get = (type: keyof WallClock): number => {
    const value = part[type];
    if (value === undefined || Number.isNaN(value)) throw new RangeError(`Intl gave no ${type} for ${timezone}`);
    return value;
  };
  // Some engines write midnight as hour 24 under hourCycle h23; it is the same day's 0.
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour') % 24, minute: get('minute'), second: get('second') };
}

/** The clock in UTC, which every engine knows. */
export function utcClock(ms: number): WallClock {
  const d = new Date(ms);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

/** The device's own clock, for what the device itself did (a scan at the door, a message). */
export function deviceClock(ms: number): WallClock {
  const d = new Date(ms);
  return { year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate(), hour: d.getHours(), minute: d.getMinutes(), second: d.getSeconds() };
}

/** Minutes east of UTC in the zone at that instant (unix seconds); undefined for an unknown zone. */
export function zoneOffsetMinutes(unixSeconds: number, timezone: string): number | undefined {
  if (!isKnownZone(timezone)) return undefined;
  const w = wallClock(unixSeconds * 1000, timezone);
  const wall = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((wall - unixSeconds * 1000) / 60_000);
}

export const pad2 = (n: number): string => String(n).padStart(2, '0');

/** 'YYYY-MM-DD', the form days are stored and compared in. */
export const isoDay = (w: WallClock): string => `${w.year}-${pad2(w.month)}-${pad2(w.day)}`;

/** 'DD.MM.YYYY', the specs' date (events.md §9), the same in every language. */
export const dottedDay = (w: WallClock): string => `${pad2(w.day)}.${pad2(w.month)}.${w.year}`;

/** 'HH:mm', the specs' time. */
export const clockTime = (w: WallClock): string => `${pad2(w.hour)}:${pad2(w.minute)}`;

/** 'HH:mm:ss'. */
export const clockTimeWithSeconds = (w: WallClock): string => `${clockTime(w)}:${pad2(w.second)}`;

export const sameDay = (a: WallClock, b: WallClock): boolean => a.year === b.year && a.month === b.month && a.day === b.day;

/** '+03:00', '-03:30', or 'Z' for no offset, as ISO 8601 writes it. */
export function offsetText(minutes: number): string {
  if (minutes === 0) return 'Z';
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
}
