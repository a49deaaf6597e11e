import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, FALLBACK_LOCALE, LOCALES, type Locale } from '../../contract/constants.ts';
import uk from '../../locales/uk.json';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import pl from '../../locales/pl.json';
import { localeOfPath } from './locale.ts';

/**
 * The four languages are bundled with the app rather than fetched, so a venue with no connection
 * still gets a translated interface in whichever language a shared link names. They cost about a
 * tenth of the first route's script (bench:weight); loading ru and pl on demand would save most of
 * that, at the price of a first render that waits for them.
 */
export const resources = {
  uk: { translation: uk },
  en: { translation: en },
  ru: { translation: ru },
  pl: { translation: pl },
} satisfies Record<Locale, { translation: unknown }>;

export function initI18n(pathname: string) {
  const lng = localeOfPath(pathname) ?? DEFAULT_LOCALE;
  void i18next.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: FALLBACK_LOCALE,
    supportedLngs: [...LOCALES],
    // Resources are already in memory: initialise synchronously so the first render is translated.
    initAsync: false,
    // React escapes what it renders; escaping here too would show "&amp;" to users.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = lng;
  return i18next;
}
