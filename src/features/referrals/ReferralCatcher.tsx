import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { REFERRAL_PARAM, useReferralCatcher, useSession } from '../../data/index.ts';

/**
 * On every page: a referral link (`/{locale}/events/{id}?ref=<code>`) is noted for the person who
 * shared it (src/data/referrals.ts), and the code leaves the address bar, so the visitor does not
 * pass it on by copying the address they are at.
 */
export function ReferralCatcher() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const code = params.get(REFERRAL_PARAM);
  const eventMatch = /\/events\/(\d{1,10})(?:\/|$)/.exec(pathname);
  const eventId = eventMatch ? Number(eventMatch[1]) : null;
  const { status } = useSession();
  useReferralCatcher(code, eventId);
  // Only once the session is known: until then the catcher cannot tell a guest from a member.
  useEffect(() => {
    if (code === null || status !== 'ready') return;
    const next = new URLSearchParams(params);
    next.delete(REFERRAL_PARAM);
    setParams(next, { replace: true });
  }, [code, status, params, setParams]);
  return null;
}
