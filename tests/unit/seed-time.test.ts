import { describe, expect, it } from 'vitest';
import { allowedTimes } from '../../server/db/seed/time.ts';

describe('seed meeting hours', () => {
  it('writes a window that ends exactly at local midnight as ending at 24:00', () => {
    // 18:00–00:00 in Warsaw (UTC+1 in November).
    const w = { start: new Date('2026-11-21T17:00:00Z'), end: new Date('2026-11-21T23:00:00Z') };
    expect(allowedTimes([w], 'Europe/Warsaw')).toEqual([{ day: '2026-11-21', from: '18:00', to: '24:00' }]);
  });

  it('splits a window that runs past midnight into two days', () => {
    const w = { start: new Date('2026-11-21T20:00:00Z'), end: new Date('2026-11-22T01:00:00Z') };
    expect(allowedTimes([w], 'Europe/Warsaw')).toEqual([
      { day: '2026-11-21', from: '21:00', to: '24:00' },
      { day: '2026-11-22', from: '00:00', to: '02:00' },
    ]);
  });

  it('keeps a window inside one day as it is', () => {
    const w = { start: new Date('2026-11-21T09:00:00Z'), end: new Date('2026-11-21T17:00:00Z') };
    expect(allowedTimes([w], 'Europe/Kyiv')).toEqual([{ day: '2026-11-21', from: '11:00', to: '19:00' }]);
  });
});
