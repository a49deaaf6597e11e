import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, FALLBACK_LOCALE, LOCALES, type Locale } from '../../contract/constants.ts';
import { localeOfPath } from '../ui/locale.ts';

/**
 * Each language is a chunk of its own, and the first route loads only the one its URL names: all
 * four in the first script were about a tenth of it (bench:weight). The others load when chosen
 * (i18next loads a language before it switches to it, so the old one shows until then). The
 * service worker precaches every chunk, so a venue with no connection still switches language.
 *
 * The fallback language only answers keys a language lacks, and tests/unit/i18n.test.ts keeps every
 * language complete, so it is loaded only when a key is found missing; the screen is then drawn
 * again with it.
 */
const load = (locale: string) => import(`../../locales/${locale}.json`) as Promise<{ default: Record<string, unknown> }>;

export async function initI18n(pathname: string) {
  const lng = localeOfPath(pathname) ?? DEFAULT_LOCALE;
  document.documentElement.lang = lng;
  await i18next
    .use(resourcesToBackend((language: string) => load(language)))
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: false,
      supportedLngs: [...LOCALES],
      // React escapes what it renders; escaping here too would show "&amp;" to users.
      interpolation: { escapeValue: false },
      returnNull: false,
      saveMissing: true,
      missingKeyHandler: () => void loadFallbackLocale(),
      // The URL's language is loaded before the first render, and i18next loads any other before it
      // switches, so nothing needs to wait. Suspending would unmount the screen while the fallback
      // or a chosen language loads, and a form would lose what was typed and what it answered.
      react: { useSuspense: false },
    });
  return i18next;
}

let fallbackLoading: Promise<void> | undefined;

/** Loads the fallback language once, turns it on and draws the screen again in the same language. */
export function loadFallbackLocale(fallback: Locale = FALLBACK_LOCALE): Promise<void> {
  fallbackLoading ??= (async () => {
    await i18next.loadLanguages(fallback);
    i18next.options.fallbackLng = fallback;
    await i18next.changeLanguage(i18next.language);
  })();
  return fallbackLoading;
}
