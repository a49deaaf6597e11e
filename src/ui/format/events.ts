import {
  clockTime,
  clockTimeWithSeconds,
  dottedDay,
  isKnownZone,
  isoDay,
  offsetText,
  sameDay,
  utcClock,
  wallClock,
  zoneOffsetMinutes,
  type WallClock,
} from '../../../contract/time.ts';

/**
 * An event's moment on the clock of the place where it happens: 18:00 in Kyiv reads 18:00 for a
 * visitor browsing from Warsaw too, which is what the poster and the ticket say. A timezone the
 * browser does not know falls back to UTC rather than failing the whole card. contract/time.ts
 * keeps one Intl formatter per zone, so a list of event cards costs a few microseconds a moment.
 */
function inEventZone(unixSeconds: number, tz: string): WallClock {
  return isKnownZone(tz) ? wallClock(unixSeconds * 1000, tz) : utcClock(unixSeconds * 1000);
}

/** The specs' date and time (events.md §9), the same in every language: "12.05.2026 18:00". */
const dateAndTime = (w: WallClock) => `${dottedDay(w)} ${clockTime(w)}`;

export function formatEventStart(when: number, tz: string): string {
  return dateAndTime(inEventZone(when, tz));
}

/** "12.05.2026 18:00–21:00" on one day, both full dates when the event spans days. */
export function formatEventRange(when: number, whenEnd: number, tz: string): string {
  const start = inEventZone(when, tz);
  if (!whenEnd || whenEnd <= when) return dateAndTime(start);
  const end = inEventZone(whenEnd, tz);
  return sameDay(start, end) ? `${dateAndTime(start)}–${clockTime(end)}` : `${dateAndTime(start)} – ${dateAndTime(end)}`;
}

/** ISO 8601 with the event's offset, for `<time dateTime>`. */
export function isoInEventZone(unixSeconds: number, tz: string): string {
  const w = inEventZone(unixSeconds, tz);
  const offset = isKnownZone(tz) ? (zoneOffsetMinutes(unixSeconds, tz) ?? 0) : 0;
  return `${isoDay(w)}T${clockTimeWithSeconds(w)}${offsetText(offset)}`;
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
