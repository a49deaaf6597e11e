import { describe, expect, it } from 'vitest';
import { calendarStamp, foldLine, googleCalendarLink, icsCalendar, icsText } from '../../src/ui/format/calendar.ts';

const start = Date.UTC(2030, 6, 1, 7, 30) / 1000; // 10:30 in Kyiv (UTC+3 in summer)
const entry = {
  uid: 'appointment-42@foyer',
  title: 'Meeting with Anna; coffee, cake',
  details: 'Line one\nLine two',
  location: 'Table 3',
  start,
  end: start + 900,
  timezone: 'Europe/Kyiv',
};

describe('add to calendar', () => {
  it("the Google-style link carries YYYYMMDDTHHmm00 on the event's clock and names the zone", () => {
    expect(calendarStamp(start, 'Europe/Kyiv')).toBe('20300701T103000');
    const url = new URL(googleCalendarLink(entry));
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      action: 'TEMPLATE',
      text: entry.title,
      dates: '20300701T103000/20300701T104500',
      details: entry.details,
      location: 'Table 3',
      ctz: 'Europe/Kyiv',
    });
  });

  it('an .ics file of one or many meetings, in UTC, escaped and folded, with CRLF line ends', () => {
    const ics = icsCalendar([entry, { ...entry, uid: 'appointment-43@foyer', start: start + 3600, end: start + 4500 }], start - 86_400);
    const lines = ics.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(2);
    expect(lines).toContain('DTSTART:20300701T073000Z');
    expect(lines).toContain('DTEND:20300701T074500Z');
    expect(lines).toContain('DTSTAMP:20300630T073000Z');
    expect(lines).toContain('SUMMARY:Meeting with Anna\\; coffee\\, cake');
    expect(lines).toContain('DESCRIPTION:Line one\\nLine two');
    expect(lines).toContain('UID:appointment-43@foyer');
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/\n/);
  });

  it('escapes backslashes and folds long lines at 75 octets without splitting a letter', () => {
    expect(icsText('a\\b')).toBe('a\\\\b');
    const folded = foldLine(`SUMMARY:${'ж'.repeat(60)}`);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(new TextEncoder().encode(p).length).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    expect(parts.map((p, i) => (i ? p.slice(1) : p)).join('')).toBe(`SUMMARY:${'ж'.repeat(60)}`);
  });
});
