import type { FastifyRequest } from 'fastify';
import { spokenLanguage } from '../domain/error-texts.ts';

/**
 * The texts of the legacy answers, in the language the call asked for. New clients translate the
 * stable `error` code themselves; the specs' clients show the server's `message` as it comes
 * ("Failed company load shows the raw message", events.md §8) and send `lang` on every call
 * (events.md §7), so the server answers in it. The words are the app's own (server/domain/error-texts.ts),
 * so the PWA and the old clients say the same thing. An unknown or missing `lang` gets English, the
 * fallback language.
 */
export { errorText } from '../domain/error-texts.ts';

/** The language a legacy call asked for: `lang` in its query or body, when it is one we speak. */
export function requestLanguage(request: FastifyRequest): string | undefined {
  const fromQuery = (request.query as { lang?: unknown } | undefined)?.lang;
  const fromBody = request.body && typeof request.body === 'object' ? (request.body as { lang?: unknown }).lang : undefined;
  return spokenLanguage(typeof fromQuery === 'string' ? fromQuery : fromBody);
}
