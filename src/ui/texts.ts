import i18next from 'i18next';
import type { Locale } from '../../contract/constants.ts';

type Texts = Record<string, unknown>;
type Load = () => Promise<{ default: Texts }>;

/**
 * Each language in two chunks (locales/parts.ts): the first screen and the shell need only the
 * first, the screens opened from there the rest. The first route fetches the first part of its
 * language alone; a screen or a widget that loads on demand waits for the rest with its own code
 * (app/router.tsx, ui/later.ts), in parallel, and the service worker precaches both for offline.
 */
const PARTS: Record<Locale, { first: Load; later: Load }> = {
  uk: { first: () => import('virtual:foyer-locale/uk'), later: () => import('virtual:foyer-locale/uk-later') },
  en: { first: () => import('virtual:foyer-locale/en'), later: () => import('virtual:foyer-locale/en-later') },
  ru: { first: () => import('virtual:foyer-locale/ru'), later: () => import('virtual:foyer-locale/ru-later') },
  pl: { first: () => import('virtual:foyer-locale/pl'), later: () => import('virtual:foyer-locale/pl-later') },
};

const partsOf = (language: string) => (PARTS as Record<string, { first: Load; later: Load } | undefined>)[language];

/** Languages whose later part is in i18next's store, or on its way. */
const completing = new Map<string, Promise<void>>();

/**
 * What i18next's backend loads for a language: only the first part for the one the page starts in,
 * both for a language chosen or needed later (that one is wanted for a screen already open).
 */
export async function loadTexts(language: string, firstOnly: boolean): Promise<Texts> {
  const parts = partsOf(language);
  if (!parts) return {};
  if (firstOnly) return (await parts.first()).default;
  completing.set(language, Promise.resolve());
  const [first, later] = await Promise.all([parts.first(), parts.later()]);
  return { ...first.default, ...later.default };
}

/** Resolves when the current language has its later sections too; loads them once. */
export function laterTexts(language: string = i18next.language): Promise<void> {
  let done = completing.get(language);
  if (!done) {
    const parts = partsOf(language);
    done = parts
      ? parts.later().then(
          (m) => {
            i18next.addResourceBundle(language, 'translation', m.default, true, true);
          },
          (err: unknown) => {
            // Offline before the service worker cached it: the next screen asks again.
            completing.delete(language);
            throw err;
          },
        )
      : Promise.resolve();
    completing.set(language, done);
  }
  return done;
}

/**
 * Code that loads on demand (a screen, a widget), with its language's later part fetched beside
 * it. Should the texts fail where the code did not, i18next asks again for the first key it misses.
 */
export async function withLaterTexts<T>(load: () => Promise<T>): Promise<T> {
  const [loaded] = await Promise.all([load(), laterTexts().catch(() => undefined)]);
  return loaded;
}
