/**
 * The specs write a few legacy calls without the /api prefix every other call has
 * (events.md §7: `GET /events/set-favorite/{eventId}`, `GET /events/{id}/trips`,
 * `GET|POST /events/ticket-design`). Clients built to the specs call exactly those paths, so they
 * are answered by their /api twins: the URL is rewritten before routing (Fastify's `rewriteUrl`),
 * so the twin's schema, session, same-origin check, envelope and errors all apply, and nothing
 * about them can drift apart. Without this the PWA's deep-link handler would answer them with its
 * HTML. `/profile/getStatusTypes` (networking.md §7) is served under its own name already.
 *
 * Only these exact shapes are rewritten: the PWA's own pages all start with a locale
 * (`/uk/events/3`), so none of them can match.
 */
const SPEC_PATHS_WITHOUT_API = [/^\/events\/set-favorite\/[^/?#]+\/?$/, /^\/events\/[^/?#]+\/trips\/?$/, /^\/events\/ticket-design\/?$/];

/** The URL a request is routed by: the /api twin for the specs' unprefixed calls, else the URL. */
export function withApiPrefix(url: string): string {
  const q = url.search(/[?#]/);
  const path = q < 0 ? url : url.slice(0, q);
  return SPEC_PATHS_WITHOUT_API.some((p) => p.test(path)) ? `/api${url}` : url;
}
