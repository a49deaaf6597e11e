import i18next from 'i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../contract/constants.ts';
import en from '../../locales/en.json';
import pl from '../../locales/pl.json';
import ru from '../../locales/ru.json';
import uk from '../../locales/uk.json';

/**
 * The words of everything Foyer sends out of the app: the emails and the ticket PDF. They live in
 * the translators' files (locales/*.json, section `mail`, which never ships to the page:
 * locales/parts.ts) and are rendered with i18next, the library the screens use, so a translator
 * meets one format and tests/unit/i18n.test.ts checks them with the rest. They are written in the
 * recipient's language, not the page's: a mail is read later, elsewhere, by somebody else.
 */

export type MailLocale = Locale;

/** The language a mail is written in: the person's own ("pl-PL" → "pl"), else Foyer's default. */
export function mailLocale(lang: string | undefined): MailLocale {
  const l = (lang ?? '').slice(0, 2).toLowerCase();
  return (LOCALES as readonly string[]).includes(l) ? (l as MailLocale) : DEFAULT_LOCALE;
}

const SECTIONS: Record<MailLocale, { mail: unknown }> = { en, pl, ru, uk };

const texts = i18next.createInstance();
void texts.init({
  resources: Object.fromEntries(LOCALES.map((l) => [l, { translation: { mail: SECTIONS[l].mail } }])),
  lng: DEFAULT_LOCALE,
  // A missing text shows its key rather than another language's words: the i18n test keeps every
  // language complete, and a key in a mail is easier to report than a sentence in the wrong language.
  fallbackLng: false,
  // The resources are in memory: initialising synchronously makes texts usable on import.
  initAsync: false,
  // Mails are plain text. Values (an event's name, a person's) stay as typed, and i18next's default
  // skipOnVariables keeps a `{{…}}` or `$t(…)` inside them from being expanded.
  interpolation: { escapeValue: false },
});

export type MailVars = Record<string, string | number | undefined>;

/** One text of the `mail` section in a language: mailText('uk')('mail.ticketPdf.price'). */
export function mailText(lang: MailLocale): (key: string, vars?: MailVars) => string {
  const t = texts.getFixedT(lang);
  return (key, vars) => t(key, vars ?? {}) as string;
}

export interface Letter {
  subject: string;
  text: string;
}

/**
 * A mail's subject and body: the texts `${key}.subject` and `${key}.body`, the body's `{{hello}}`
 * greeting the person by name when the mail knows it.
 */
export function letter(lang: MailLocale, key: string, vars: MailVars & { name?: string }): Letter {
  const t = mailText(lang);
  const hello = t('mail.hello', { context: vars.name ? 'named' : undefined, name: vars.name });
  return { subject: t(`${key}.subject`, vars), text: t(`${key}.body`, { ...vars, hello }) };
}
