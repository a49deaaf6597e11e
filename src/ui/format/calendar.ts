import { localDateOf, localTimeOf } from '../../../contract/appointments.ts';

/**
 * Add to calendar: the specs' Google-style link (events.md §4: text, start and end as
 * YYYYMMDDTHHmm00, details and location) and an iCalendar file made on the device, so it works
 * offline too.
 */

export interface CalendarEntry {
  /** Stable across exports, so a calendar updates the entry instead of adding a second one. */
  uid: string;
  title: string;
  details: string;
  location: string;
  /** Unix seconds. */
  start: number;
  end: number;
  timezone: string;
  url?: string;
}

/** YYYYMMDDTHHmm00 on the wall clock of the timezone. */
export function calendarStamp(unixSeconds: number, timezone: string): string {
  const day = localDateOf(unixSeconds, timezone).replace(/-/g, '');
  const time = localTimeOf(unixSeconds, timezone).replace(':', '');
  return `${day}T${time}00`;
}

/**
 * The times are the event's wall clock, and ctz names that zone, so the entry lands at the right
 * moment whatever zone the user's calendar is in.
 */
export function googleCalendarLink(e: CalendarEntry): string {
  const q = new URLSearchParams({
    action: 'TEMPLATE',
    text: e.title,
    dates: `${calendarStamp(e.start, e.timezone)}/${calendarStamp(e.end, e.timezone)}`,
    details: e.details,
    location: e.location,
    ctz: e.timezone,
  });
  return `https://calendar.google.com/calendar/render?${q}`;
}

/** UTC in the basic format iCalendar wants: 20300701T100000Z. */
function utcStamp(unixSeconds: number): string {
  return new Date(unixSeconds * 1000)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** RFC 5545 §3.3.11: backslash, semicolon, comma and newlines are escaped in text values. */
export function icsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** RFC 5545 §3.1: lines longer than 75 octets are folded, never inside a UTF-8 sequence. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    // Continuation lines start with a space, which counts towards their 75.
    if (octets + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

export function icsCalendar(entries: readonly CalendarEntry[], nowSeconds = Math.floor(Date.now() / 1000)): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Foyer//Appointments//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'];
  for (const e of entries) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      `DTSTAMP:${utcStamp(nowSeconds)}`,
      `DTSTART:${utcStamp(e.start)}`,
      `DTEND:${utcStamp(e.end)}`,
      `SUMMARY:${icsText(e.title)}`,
      `DESCRIPTION:${icsText(e.details)}`,
      `LOCATION:${icsText(e.location)}`,
    );
    if (e.url) lines.push(`URL:${e.url}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** Saves the file through a temporary link; nothing leaves the device. */
export function downloadIcs(filename: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/calendar;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has started once click() returns; the URL is no longer needed after that.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
