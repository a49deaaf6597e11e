import { Navigate, useLocation } from 'react-router-dom';
import { useLocale } from '../ui/useLocale.ts';
import { legacyTarget } from './legacy-links.ts';
import { NotFound } from './NotFound.tsx';

/** `/{locale}/myprofile/…`, the hash-mode variant's profile area, is the profile page it named. */
export function LegacyRedirect() {
  const locale = useLocale();
  const { pathname, search, hash } = useLocation();
  const target = legacyTarget(`${pathname}${search}${hash}`, locale);
  return target ? <Navigate replace to={target} /> : <NotFound />;
}
