import { describe, expect, it } from 'vitest';
import { sharedEventFor } from '../../src/features/appointments/deep-links.ts';

/** ?meeting_user_id= with no event in the address: the event the two both attend, running before upcoming. */

const NOW = 1_800_000_000;
const H = 3600;
const event = (event_id: number, when: number, when_end: number) => ({ event_id, when, when_end });

describe('sharedEventFor', () => {
  it('picks the running event, else the soonest upcoming one', () => {
    expect(sharedEventFor([event(1, NOW + 48 * H, NOW + 50 * H), event(2, NOW - H, NOW + H), event(3, NOW + 2 * H, NOW + 3 * H)], NOW)).toBe(2);
    expect(sharedEventFor([event(1, NOW + 48 * H, NOW + 50 * H), event(3, NOW + 2 * H, NOW + 3 * H)], NOW)).toBe(3);
  });

  it('skips events that ended', () => {
    expect(sharedEventFor([event(1, NOW - 5 * H, NOW - H)], NOW)).toBeNull();
    expect(sharedEventFor([event(1, NOW - 5 * H, NOW - H), event(2, NOW + H, NOW + 2 * H)], NOW)).toBe(2);
  });

  it('keeps an event without a usable end', () => {
    expect(sharedEventFor([event(4, NOW - 10 * H, 0)], NOW)).toBe(4);
  });
});
