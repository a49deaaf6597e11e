import { useCallback } from 'react';
import { useParams } from 'react-router-dom';
import { DEFAULT_LOCALE, type Locale } from '../../contract/constants.ts';
import { isLocale } from './locale.ts';

/** The locale of the current route; LocaleRoot has already turned away any other prefix. */
export function useLocale(): Locale {
  const { locale } = useParams();
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
}

/** Builds in-app paths in the current language: `to('/events/5')` gives `/uk/events/5`. */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => `/${locale}${path === '/' ? '' : path}`, [locale]);
}
