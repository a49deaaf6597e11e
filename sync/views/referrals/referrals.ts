import { isReferralCode, REFERRAL_KEEP_MS } from '../../../contract/referrals.ts';
import type { ReferralsAnswer } from '../../../contract/referrals.ts';
import { looseInt as int, looseObject as obj, looseString as str } from '../../store/caches.ts';

/**
 * Referrals on the device (issue 16). What came through the user's links is the server's to count
 * (GET /api/referrals, a read-through cache shown with its age, so the page works offline as of its
 * last visit online). A link somebody else shared is remembered on this device until its visitor
 * signs up or logs in, then handed to the server once.
 */

/** GET /api/referrals (server/domain/referrals/service.ts referralsOf), kept as a read-through cache. */
export type ReferralsCache = ReferralsAnswer;

/** The answer read loosely: a field the server left out reads as empty. */
export function toReferrals(data: unknown): ReferralsCache {
  const d = obj(data);
  const events = (Array.isArray(d.events) ? d.events : []).map((raw) => {
    const e = obj(raw);
    const people = (Array.isArray(e.people) ? e.people : []).map((rp) => {
      const p = obj(rp);
      return {
        user_id: int(p.user_id),
        first_name: str(p.first_name),
        last_name: str(p.last_name),
        avatar: str(p.avatar),
        via: p.via === 'signup' ? ('signup' as const) : ('link' as const),
        at: int(p.at),
        has_ticket: p.has_ticket === true,
        ticket_at: int(p.ticket_at),
      };
    });
    return { event_id: int(e.event_id), name: str(e.name), signed_up: int(e.signed_up), tickets: int(e.tickets), people };
  });
  return { code: str(d.code), events };
}

/** A link opened on this device and not handed over yet. */
export interface PendingReferral {
  code: string;
  event_id: number;
  /** Epoch ms when it was opened. */
  at: number;
}

export function parsePendingReferral(raw: string | null, nowMs: number): PendingReferral | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<PendingReferral>;
    if (!isReferralCode(v.code) || typeof v.event_id !== 'number' || !Number.isInteger(v.event_id) || v.event_id < 1 || typeof v.at !== 'number') return null;
    // An old link is nobody's doing any more.
    if (nowMs - v.at > REFERRAL_KEEP_MS) return null;
    return { code: v.code, event_id: v.event_id, at: v.at };
  } catch {
    return null;
  }
}

/** Totals over every event, for the page's summary. */
export function referralTotals(data: ReferralsCache | null): { signedUp: number; tickets: number } {
  let signedUp = 0;
  let tickets = 0;
  for (const e of data?.events ?? []) {
    signedUp += e.signed_up;
    tickets += e.tickets;
  }
  return { signedUp, tickets };
}
