import { cacheSource, legacyGet } from '../../store/caches.ts';
import { toReferrals } from './referrals.ts';

/**
 * Referrals' read-through cache (sync/store/caches.ts), merged with every area's in
 * workers/caches.ts. referrals: GET /api/referrals, the user's referral code and who came through
 * their links, shown with its age so the page works offline as of its last visit online.
 */
export const REFERRAL_CACHES = {
  referrals: cacheSource({
    needsUser: true,
    fetch: async (http, _arg, signal) => toReferrals(await legacyGet(http, '/api/referrals', signal)),
  }),
} as const;
