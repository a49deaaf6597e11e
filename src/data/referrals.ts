import { useCallback, useEffect, useMemo } from 'react';
import { isReferralCode } from '../../contract/referrals.ts';
import type { CacheEntry } from '../../sync/store/caches.ts';
import { parsePendingReferral, type PendingReferral, type ReferralsCache } from '../../sync/views/referrals/referrals.ts';
import type { Cached, Loadable } from './api.ts';
import { useCacheEntry, useRuntime, useSession } from './hooks.ts';
import { useRefreshOnSync } from './refresh-on-sync.ts';

const REFERRALS_KEYS = ['referrals'] as const;

export type { PendingReferral, ReferralsCache } from '../../sync/views/referrals/referrals.ts';
export { referralTotals } from '../../sync/views/referrals/referrals.ts';
export { referralLink, REFERRAL_PARAM } from '../../contract/referrals.ts';

/**
 * A referral link opened on this device waits in localStorage, not in the database: a guest's
 * database is wiped when they sign in, and the sign-up call that hands it over is made before any
 * session exists.
 */
const PENDING_KEY = 'foyer:referral';

export function pendingReferral(nowMs = Date.now()): PendingReferral | null {
  try {
    return parsePendingReferral(localStorage.getItem(PENDING_KEY), nowMs);
  } catch {
    return null;
  }
}

function forgetReferral(): void {
  try {
    localStorage.removeItem(PENDING_KEY);
  } catch {
    // Storage refused (a private mode): nothing was kept either.
  }
}

/** A link to an event with somebody's code was opened; the first one waiting is kept. */
export function rememberReferral(code: string, eventId: number, nowMs = Date.now()): void {
  if (!isReferralCode(code) || !Number.isInteger(eventId) || eventId < 1) return;
  try {
    localStorage.setItem(PENDING_KEY, JSON.stringify({ code, event_id: eventId, at: nowMs }));
  } catch {
    // As above: the referral is lost, the visit is not.
  }
}

/** The body fields a sign-up hands the pending link over in (contract/accounts.ts RegisterBody). */
export function referralForSignUp(): { ref?: string; ref_event_id?: number } {
  const p = pendingReferral();
  return p ? { ref: p.code, ref_event_id: p.event_id } : {};
}

/** After a sign-up the server has the link. */
export function referralHandedOver(): void {
  forgetReferral();
}

/**
 * A referral link's code and event, as the page found them in its address (null when none). A
 * signed-in visitor hands it to the server at once (the referral.claim command, queued like every
 * write); a guest's waits on the device for their sign-up, or for their login, when it is handed
 * over the same way. The first link waiting is kept.
 */
export function useReferralCatcher(code: string | null, eventId: number | null): void {
  const runtime = useRuntime();
  const { user, status } = useSession();
  const userId = user?.id ?? null;
  const ready = status === 'ready';
  useEffect(() => {
    if (!ready) return;
    const claim = (p: { code: string; event_id: number }) =>
      runtime.enqueue('referral.claim', p).catch((err: unknown) => console.error('foyer: keeping the referral failed', err));
    if (code && eventId && isReferralCode(code)) {
      if (userId === null) rememberReferral(code, eventId);
      else void claim({ code, event_id: eventId });
    }
    if (userId === null) return;
    const waiting = pendingReferral();
    if (!waiting) return;
    forgetReferral();
    void claim({ code: waiting.code, event_id: waiting.event_id });
  }, [runtime, ready, userId, code, eventId]);
}

/** Who came through the user's links, as of the last time the device was online on the page. */
export function useReferrals(): Loadable<Cached<ReferralsCache>> & { refresh(): void } {
  const runtime = useRuntime();
  const { loading, value } = useCacheEntry('referrals');
  const refresh = useCallback(() => runtime.refresh(['referrals']), [runtime]);
  useRefreshOnSync(REFERRALS_KEYS);
  const entry = value as CacheEntry<ReferralsCache> | null;
  return useMemo(() => ({ data: { data: entry?.data ?? null, fetchedAt: entry?.fetchedAt ?? null }, isLoading: loading, refresh }), [entry, loading, refresh]);
}
