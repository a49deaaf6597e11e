import { describe, expect, it } from 'vitest';
import { REFERRAL_KEEP_MS, referralLink } from '../../contract/referrals.ts';
import { parsePendingReferral, referralTotals } from '../../sync/views/referrals/referrals.ts';

/** A referral link waiting on a device, and the page's totals. */

describe('parsePendingReferral', () => {
  const now = 1_900_000_000_000;
  it('keeps a well-formed link for a month', () => {
    const raw = JSON.stringify({ code: '0123456789ab', event_id: 5, at: now - 1000 });
    expect(parsePendingReferral(raw, now)).toEqual({ code: '0123456789ab', event_id: 5, at: now - 1000 });
    expect(parsePendingReferral(JSON.stringify({ code: '0123456789ab', event_id: 5, at: now - REFERRAL_KEEP_MS - 1 }), now)).toBeNull();
  });

  it('drops anything else', () => {
    for (const raw of [
      null,
      '',
      'x',
      '{}',
      JSON.stringify({ code: 'ANNA', event_id: 5, at: now }),
      JSON.stringify({ code: '0123456789ab', event_id: 0, at: now }),
    ]) {
      expect(parsePendingReferral(raw, now), String(raw)).toBeNull();
    }
  });
});

describe('referrals', () => {
  it('adds the counts of every event and builds the link', () => {
    const e = (signed_up: number, tickets: number) => ({ event_id: 1, name: '', signed_up, tickets, people: [] });
    expect(referralTotals({ code: 'c', events: [e(2, 1), e(3, 0)] })).toEqual({ signedUp: 5, tickets: 1 });
    expect(referralTotals(null)).toEqual({ signedUp: 0, tickets: 0 });
    expect(referralLink('https://foyer.example', 'pl', 7, '0123456789ab')).toBe('https://foyer.example/pl/events/7?ref=0123456789ab');
  });
});
