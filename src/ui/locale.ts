import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../contract/constants.ts';

/** Where the chosen language is remembered, so "/" opens in the language the user picked last. */
const STORED_LOCALE_KEY = 'foyer.locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The locale a path starts with, or null when its first segment is not one. */
export function localeOfPath(pathname: string): Locale | null {
  const first = pathname.split('/')[1] ?? '';
  return isLocale(first) ? first : null;
}

/**
 * The same address in another language: the locale prefix is replaced (or added when missing),
 * and the rest of the path, the query and the hash stay as they are.
 */
export function swapLocale(pathname: string, search: string, hash: string, locale: Locale): string {
  const segments = pathname.split('/').slice(1);
  if (isLocale(segments[0])) segments.shift();
  const rest = segments.join('/');
  return `/${locale}${rest ? `/${rest}` : ''}${search}${hash}`;
}

/** The first of the browser's languages (what it sends as Accept-Language) Foyer speaks, by primary subtag. */
export function browserLocale(languages: readonly string[]): Locale | null {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split(/[-_]/)[0] ?? '';
    if (isLocale(primary)) return primary;
  }
  return null;
}

/**
 * The language of an address without one: the one chosen last time; on a first visit the
 * browser's own, when Foyer speaks it; else the default.
 */
export function storedLocale(): Locale {
  let value: string | null = null;
  try {
    value = window.localStorage.getItem(STORED_LOCALE_KEY);
  } catch {
    // Storage can be unavailable (private mode, blocked cookies); the browser's language still works.
  }
  if (isLocale(value)) return value;
  const languages = typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
  return browserLocale(languages.filter(Boolean)) ?? DEFAULT_LOCALE;
}

export function rememberLocale(locale: Locale): void {
  try {
    window.localStorage.setItem(STORED_LOCALE_KEY, locale);
  } catch {
    // Not remembering the language is harmless: the URL still carries it.
  }
}

/**
 * Each language is offered under its own name (an autonym), the same in every interface language,
 * so a user who landed in a language they cannot read still finds theirs.
 */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  uk: 'Українська',
  en: 'English',
  ru: 'Русский',
  pl: 'Polski',
};
