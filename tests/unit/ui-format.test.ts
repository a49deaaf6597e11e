import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { countdownParts, formatClock, formatEventRange, formatEventStart, isoInEventZone } from '../../src/ui/format/events.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

// 2026-05-12 15:00:00 UTC
const WHEN = Date.UTC(2026, 4, 12, 15, 0, 0) / 1000;

describe('event dates in the event timezone', () => {
  it('shows the local time of the place, whatever the viewer zone', () => {
    expect(formatEventStart(WHEN, 'Europe/Kyiv')).toBe('12.05.2026 18:00');
    expect(formatEventStart(WHEN, 'Europe/Warsaw')).toBe('12.05.2026 17:00');
    expect(formatEventStart(WHEN, 'America/New_York')).toBe('12.05.2026 11:00');
  });

  it('moves to the next day when the zone says so', () => {
    expect(formatEventStart(WHEN + 7 * 3600, 'Asia/Tokyo')).toBe('13.05.2026 07:00');
  });

  it('falls back to UTC for an unknown or empty zone', () => {
    expect(formatEventStart(WHEN, 'Nowhere/Atlantis')).toBe('12.05.2026 15:00');
    expect(formatEventStart(WHEN, '')).toBe('12.05.2026 15:00');
  });

  it('writes a range on one day and across days', () => {
    expect(formatEventRange(WHEN, WHEN + 3 * 3600, 'Europe/Kyiv')).toBe('12.05.2026 18:00–21:00');
    expect(formatEventRange(WHEN, WHEN + 26 * 3600, 'Europe/Kyiv')).toBe('12.05.2026 18:00 – 13.05.2026 20:00');
    expect(formatEventRange(WHEN, 0, 'Europe/Kyiv')).toBe('12.05.2026 18:00');
  });

  it('gives machine-readable times with the event offset', () => {
    expect(isoInEventZone(WHEN, 'Europe/Kyiv')).toBe('2026-05-12T18:00:00+03:00');
    expect(isoInEventZone(WHEN, '')).toBe('2026-05-12T15:00:00Z');
  });

  it("agrees with dayjs's own timezone conversion, across zones, half and quarter hours and DST changes", () => {
    const zones = [
      'Europe/Kyiv',
      'Europe/Warsaw',
      'America/New_York',
      'Asia/Kolkata',
      'Asia/Kathmandu',
      'Australia/Lord_Howe',
      'Pacific/Chatham',
      'UTC',
      'America/St_Johns',
    ];
    // Every 37 minutes across two years: each zone's DST changes fall between two samples more than once.
    for (let t = Date.UTC(2026, 0, 1) / 1000; t < Date.UTC(2028, 0, 1) / 1000; t += 37 * 60 * 23) {
      for (const tz of zones) {
        const theirs = dayjs.unix(t).tz(tz);
        expect(isoInEventZone(t, tz), `${tz} at ${t}`).toBe(theirs.format());
        expect(formatEventStart(t, tz), `${tz} at ${t}`).toBe(theirs.format('DD.MM.YYYY HH:mm'));
      }
    }
    // Twenty thousand of dayjs's own conversions take seconds on a busy two-core machine; the
    // bound is for a hang, not a speed target.
  }, 60_000);
});

describe('countdown', () => {
  it('splits a duration into days and a clock', () => {
    const parts = countdownParts(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 999);
    expect(parts).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
    expect(formatClock(parts)).toBe('03:04:05');
  });

  it('never counts below zero', () => {
    expect(countdownParts(-5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(formatClock(countdownParts(-5000))).toBe('00:00:00');
  });
});
