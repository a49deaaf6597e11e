import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, FALLBACK_LOCALE, LOCALES, type Locale } from '../../contract/constants.ts';
import { localeOfPath } from '../ui/locale.ts';
import { laterTexts, loadTexts } from '../ui/texts.ts';

/**
 * Each language is a chunk of its own, and the first route loads only the one its URL names: all
 * four in the first script were about a tenth of it (bench:weight). Of that one it loads only the
 * first part, the shell's and the first screen's sections (ui/texts.ts, locales/parts.ts). The
 * others load whole when chosen (i18next loads a language before it switches to it, so the old one
 * shows until then). The service worker precaches every chunk, so a venue with no connection
 * still switches language.
 *
 * The fallback language only answers keys a language lacks, and tests/unit/i18n.test.ts keeps every
 * language complete, so it is loaded only when a key is found missing after the language's later
 * part has arrived; the screen is then drawn again with it.
 */
export async function initI18n(pathname: string) {
  const lng = localeOfPath(pathname) ?? DEFAULT_LOCALE;
  document.documentElement.lang = lng;
  await i18next
    .use(resourcesToBackend((language: string) => loadTexts(language, language === lng)))
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: false,
      supportedLngs: [...LOCALES],
      // React escapes what it renders; escaping here too would show "&amp;" to users.
      interpolation: { escapeValue: false },
      returnNull: false,
      saveMissing: true,
      missingKeyHandler: (_languages, _namespace, key) => void missing(key),
      // The URL's language is loaded before the first render, and i18next loads any other before it
      // switches, so nothing needs to wait. Suspending would unmount the screen while the fallback
      // or a chosen language loads, and a form would lose what was typed and what it answered.
      react: { useSuspense: false, bindI18nStore: 'added' },
    });
  return i18next;
}

/** A key not found: most likely in the later part, else the language lacks it and the fallback has it. */
async function missing(key: string): Promise<void> {
  await laterTexts().catch(() => undefined);
  if (!i18next.exists(key)) await loadFallbackLocale();
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
