import { describe, expect, it } from 'vitest';
import { localeOfPath, swapLocale } from '../../src/ui/locale.ts';
import { relativeParts } from '../../src/app/layout/relativeTime.ts';
import { inPeriod } from '../../src/features/events/mine/period.ts';

describe('swapLocale', () => {
  it('replaces the prefix and keeps path, query and hash', () => {
    expect(swapLocale('/uk/events/5', '?tab=x', '#top', 'en')).toBe('/en/events/5?tab=x#top');
    expect(swapLocale('/ru/events/list', '?category=3', '', 'pl')).toBe('/pl/events/list?category=3');
  });

  it('handles the bare locale root and paths without a prefix', () => {
    expect(swapLocale('/uk', '', '', 'en')).toBe('/en');
    expect(swapLocale('/uk/', '', '', 'en')).toBe('/en');
    expect(swapLocale('/', '', '', 'ru')).toBe('/ru');
    expect(swapLocale('/events/5', '', '', 'uk')).toBe('/uk/events/5');
  });

  it('reads the locale of a path', () => {
    expect(localeOfPath('/pl/events')).toBe('pl');
    expect(localeOfPath('/de/events')).toBeNull();
    expect(localeOfPath('/')).toBeNull();
  });
});

describe('relativeParts', () => {
  const now = 1_800_000_000_000;
  it('says now under a minute and picks the largest whole unit', () => {
    expect(relativeParts(now - 30_000, now)).toEqual({ value: 0, unit: 'second' });
    expect(relativeParts(now - 5 * 60_000, now)).toEqual({ value: -5, unit: 'minute' });
    expect(relativeParts(now - 3 * 3_600_000, now)).toEqual({ value: -3, unit: 'hour' });
    expect(relativeParts(now - 50 * 3_600_000, now)).toEqual({ value: -2, unit: 'day' });
  });

  it('treats a time slightly ahead of the clock as now', () => {
    expect(relativeParts(now + 5000, now)).toEqual({ value: 0, unit: 'second' });
  });
});

describe('inPeriod', () => {
  const now = 1_800_000_000_000;
  it('counts a running event as upcoming, by when_end against now', () => {
    expect(inPeriod({ when_end: now / 1000 + 60 }, 'future', now)).toBe(true);
    expect(inPeriod({ when_end: now / 1000 }, 'future', now)).toBe(true);
    expect(inPeriod({ when_end: now / 1000 - 1 }, 'past', now)).toBe(true);
    expect(inPeriod({ when_end: now / 1000 - 1 }, 'future', now)).toBe(false);
  });
});
