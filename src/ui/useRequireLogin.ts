import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '../data/index.ts';
import { useLocale } from './useLocale.ts';

/** The login screen's address that brings the user back to where they are now. */
export function useLoginHref(): string {
  const locale = useLocale();
  const { pathname, search, hash } = useLocation();
  return `/${locale}/login?return_url=${encodeURIComponent(`${pathname}${search}${hash}`)}`;
}

/**
 * Runs an action that needs an account (favorite, check-in), or opens the login screen for a guest
 * so they come back to the same page afterwards and can do it again.
 */
export function useRequireLogin(): (action: () => void) => void {
  const { user } = useSession();
  const navigate = useNavigate();
  const loginHref = useLoginHref();
  return useCallback(
    (action: () => void) => {
      if (user) action();
      else navigate(loginHref);
    },
    [user, navigate, loginHref],
  );
}
