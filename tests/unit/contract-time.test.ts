import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { clockTime, deviceClock, dottedDay, isKnownZone, offsetText, wallClock, zoneOffsetMinutes } from '../../contract/time.ts';
import { formatScanTime, formatSince } from '../../src/features/checkin/format.ts';
import { dialogDate } from '../../src/features/messages/format.ts';

const WHEN = Date.UTC(2026, 4, 12, 15, 0, 7);

describe('clock time without a date library', () => {
  it('reads an instant on the clock of a zone, across a DST change', () => {
    expect(wallClock(WHEN, 'Europe/Kyiv')).toEqual({ year: 2026, month: 5, day: 12, hour: 18, minute: 0, second: 7 });
    expect(zoneOffsetMinutes(WHEN / 1000, 'Asia/Kathmandu')).toBe(345);
    expect(zoneOffsetMinutes(Date.UTC(2026, 0, 1) / 1000, 'Europe/Kyiv')).toBe(120);
    // Midnight on the clock is hour 0 of the new day, not hour 24 of the old one.
    expect(wallClock(Date.UTC(2026, 4, 12, 21, 0), 'Europe/Kyiv')).toMatchObject({ day: 13, hour: 0 });
  });

  it('knows which zones it does not know, and says so instead of guessing', () => {
    expect(isKnownZone('Europe/Kyiv')).toBe(true);
    expect(isKnownZone('Nowhere/Atlantis')).toBe(false);
    expect(isKnownZone('')).toBe(false);
    expect(zoneOffsetMinutes(WHEN / 1000, 'Nowhere/Atlantis')).toBeUndefined();
    expect(() => wallClock(WHEN, 'Nowhere/Atlantis')).toThrow(RangeError);
  });

  it('writes offsets as ISO 8601 does', () => {
    expect(offsetText(180)).toBe('+03:00');
    expect(offsetText(-210)).toBe('-03:30');
    expect(offsetText(0)).toBe('Z');
  });

  it("agrees with dayjs on the device's own clock", () => {
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 7 * 3600_000 + 13 * 60_000) {
      const w = deviceClock(t);
      expect(`${dottedDay(w)} ${clockTime(w)}`).toBe(dayjs(t).format('DD.MM.YYYY HH:mm'));
    }
  });

  it('gives the door and the messages their times on the device clock', () => {
    const now = new Date(2026, 4, 12, 14, 5, 31).getTime();
    expect(formatScanTime(now - 2000, now)).toBe('14:05:29');
    expect(formatSince(now - 60_000, now)).toBe('14:04');
    expect(formatScanTime(new Date(2026, 4, 11, 9, 1, 2).getTime(), now)).toBe('11.05.2026 09:01:02');
    expect(formatSince(new Date(2026, 4, 11, 9, 1, 2).getTime(), now)).toBe('11.05.2026 09:01');
    expect(dialogDate(now / 1000)).toBe('12.05.2026 14:05');
    expect(dialogDate(0)).toBe('');
  });
});
