import { createContext, useCallback, useContext } from 'react';
import { DEFAULT_LOCALE, type Locale } from '../../contract/constants.ts';
import { localeOfPath } from './locale.ts';

/**
 * The locale of the route, as LocaleRoot (src/app) read it from the address. A context of its own,
 * not useParams: useParams re-renders its caller on every route change (the matches change), and
 * nearly every component builds links with the locale, the header and the tab bar included. The
 * locale itself changes only when the user picks another language.
 */
export const LocaleContext = createContext<Locale | null>(null);

/** The locale of the current route; LocaleRoot has already turned away any other prefix. */
export function useLocale(): Locale {
  // Outside LocaleRoot (the route error page, "/"): the address's prefix, read once per render.
  return useContext(LocaleContext) ?? (typeof location === 'undefined' ? null : localeOfPath(location.pathname)) ?? DEFAULT_LOCALE;
}

/** Builds in-app paths in the current language: `to('/events/5')` gives `/uk/events/5`. */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => `/${locale}${path === '/' ? '' : path}`, [locale]);
}
