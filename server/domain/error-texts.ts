import type { ErrorCode } from '../../contract/errors.ts';
import en from '../../locales/en.json';
import pl from '../../locales/pl.json';
import ru from '../../locales/ru.json';
import uk from '../../locales/uk.json';

/**
 * The words of the error catalogue in the languages of the app (locales/*.json `errors.*`), for the
 * clients built to the specs, which show the server's `message` as it comes (events.md §8) and send
 * `lang` (events.md §7): the legacy calls' envelope (routes/legacy-text.ts) and the sockets'
 * Exception frames (realtime/sockets/frames.ts) say the same thing the PWA does.
 */
const CATALOGUES: Record<string, { errors: Record<string, string> }> = { en, pl, ru, uk };

/** A `lang` a client sent, when it is one we speak ("uk", "pl-PL" → "pl"); undefined otherwise. */
export function spokenLanguage(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const short = raw.trim().toLowerCase().slice(0, 2);
  return short in CATALOGUES ? short : undefined;
}

/** The error's text in that language (English when unknown). */
export function errorText(code: ErrorCode, lang: string | undefined): string {
  return CATALOGUES[lang ?? 'en']?.errors[code] ?? en.errors[code as keyof typeof en.errors] ?? code;
}
