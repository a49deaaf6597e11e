import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';

// Extending twice is harmless; doing it here keeps these helpers usable on their own (tests, workers).
dayjs.extend(utc);
dayjs.extend(timezone);

/** The specs' date and time formats (events.md §9), the same in every language. */
export const EVENT_DATE_FORMAT = 'DD.MM.YYYY';
export const EVENT_TIME_FORMAT = 'HH:mm';

/**
 * dayjs's timezone plugin formats the moment with toLocaleString to find the zone's offset, which
 * builds an Intl formatter on every call: about a fifth of a millisecond each, and an event page asks
 * for the same few moments many times per render. Dayjs values are immutable, so one per moment is kept.
 */
const zoned = new Map<string, Dayjs>();
const ZONED_KEPT = 2000;

/**
 * An event's moment on the clock of the place where it happens: 18:00 in Kyiv reads 18:00 for a
 * visitor browsing from Warsaw too, which is what the poster and the ticket say. A timezone the
 * browser does not know falls back to UTC rather than failing the whole card.
 */
export function inEventZone(unixSeconds: number, tz: string): Dayjs {
  const key = `${unixSeconds}|${tz}`;
  const known = zoned.get(key);
  if (known) return known;
  const value = zonedMoment(unixSeconds, tz);
  // A plain bound rather than an LRU: the moments a session shows are few, and a full map starts over.
  if (zoned.size >= ZONED_KEPT) zoned.clear();
  zoned.set(key, value);
  return value;
}

/**
 * The moment with the zone's offset at that instant. dayjs's `.tz()` finds the offset through
 * toLocaleString, which builds an Intl formatter per call: the first render of a list of event cards
 * spent a quarter of its time there (Lighthouse's long tasks on /uk/). One formatter per zone gives
 * the same offset; tests/unit/ui-format.test.ts compares both across zones and DST changes.
 */
function zonedMoment(unixSeconds: number, tz: string): Dayjs {
  const moment = dayjs.unix(unixSeconds);
  if (!tz) return moment.utc();
  const offset = zoneOffsetMinutes(unixSeconds, tz);
  return offset === undefined ? moment.utc() : moment.utcOffset(offset);
}

const zoneClocks = new Map<string, Intl.DateTimeFormat | null>();

/** Minutes east of UTC in `tz` at that moment; undefined for a zone the browser does not know. */
export function zoneOffsetMinutes(unixSeconds: number, tz: string): number | undefined {
  let clock = zoneClocks.get(tz);
  if (clock === undefined) {
    try {
      clock = new Intl.DateTimeFormat('en-US', {
        timeZone: tz,
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
    zoneClocks.set(tz, clock);
  }
  if (!clock) return undefined;
  const part: Record<string, number> = {};
  for (const p of clock.formatToParts(new Date(unixSeconds * 1000))) if (p.type !== 'literal') part[p.type] = Number(p.value);
  const wall = Date.UTC(part.year ?? 1970, (part.month ?? 1) - 1, part.day ?? 1, part.hour ?? 0, part.minute ?? 0, part.second ?? 0);
  return Math.round((wall - unixSeconds * 1000) / 60_000);
}

export function formatEventStart(when: number, tz: string): string {
  return inEventZone(when, tz).format(`${EVENT_DATE_FORMAT} ${EVENT_TIME_FORMAT}`);
}

/** "12.05.2026 18:00–21:00" on one day, both full dates when the event spans days. */
export function formatEventRange(when: number, whenEnd: number, tz: string): string {
  const start = inEventZone(when, tz);
  if (!whenEnd || whenEnd <= when) return start.format(`${EVENT_DATE_FORMAT} ${EVENT_TIME_FORMAT}`);
  const end = inEventZone(whenEnd, tz);
  const full = `${EVENT_DATE_FORMAT} ${EVENT_TIME_FORMAT}`;
  return start.isSame(end, 'day') ? `${start.format(full)}–${end.format(EVENT_TIME_FORMAT)}` : `${start.format(full)} – ${end.format(full)}`;
}

/** ISO 8601 with the event's offset, for `<time dateTime>`. */
export function isoInEventZone(unixSeconds: number, tz: string): string {
  return inEventZone(unixSeconds, tz).format();
}

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Splits a remaining duration into whole units; a duration already over counts as zero. */
export function countdownParts(remainingMs: number): CountdownParts {
  const total = Math.max(0, Math.floor(remainingMs / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/** "03:04:05": the clock part of a countdown; days are worded separately because they are translated. */
export function formatClock({ hours, minutes, seconds }: CountdownParts): string {
  return [hours, minutes, seconds].map((n) => String(n).padStart(2, '0')).join(':');
}
