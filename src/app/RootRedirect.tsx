import { Navigate, useLocation } from 'react-router-dom';
import { storedLocale } from '../ui/locale.ts';
import { rootHashTarget } from './legacy-links.ts';

/**
 * "/" opens the home page in the language chosen last time (on a first visit the browser's), or in
 * the default language. A hash-mode link of the old app (`/#/myprofile/messages`) goes to the page
 * it named.
 */
export function RootRedirect() {
  const { search, hash } = useLocation();
  const locale = storedLocale();
  const old = rootHashTarget(hash, locale);
  if (old !== null) return <Navigate replace to={withQuery(old, search)} />;
  return <Navigate replace to={`/${locale}${search}${hash}`} />;
}

/** The query before the hash (`/?lang=en#/myprofile`) joins the old route's own. */
function withQuery(target: string, search: string): string {
  if (!search) return target;
  return target.includes('?') ? `${target}&${search.slice(1)}` : `${target}${search}`;
}
