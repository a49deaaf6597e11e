import type { IncomingMessage } from 'node:http';

/**
 * The specs write a few legacy calls without the /api prefix every other call has
 * (events.md §7: `GET /events/set-favorite/{eventId}`, `GET /events/{id}/trips`,
 * `GET|POST /events/ticket-design`), and most of the rest without a leading slash at all
 * (`GET events/get-user-tickets`, `POST meetings/reject-meeting`): a client whose base address is
 * the site rather than /api calls them at the root. Those calls are answered by their /api twins:
 * the URL is rewritten before routing (Fastify's `rewriteUrl`), so the twin's schema, session,
 * same-origin check, envelope and errors all apply, and nothing about them can drift apart. Served
 * in place rather than redirected: clients do not follow a redirect of a POST (OkHttp, for one,
 * follows a 307 or 308 only for GET and HEAD), and a redirect of a call costs a round trip.
 * `/profile/getStatusTypes` (networking.md §7) is served under its own name already.
 *
 * - The three calls the specs name without /api are always rewritten.
 * - Any other path is rewritten when /api + path is the shape of an API route and the path is not
 *   one of the server's own routes, except for a browser loading a page: the app's pages all start
 *   with a locale (`/uk/events/3`), but an old link such as `/events/3` is also the shape of an API
 *   call (`GET /api/events/{id}`), and a person who follows it must get the app, which sends them
 *   on to the same page in their language (src/app/LocaleRoot.tsx).
 */
const SPEC_PATHS_WITHOUT_API = [/^\/events\/set-favorite\/[^/?#]+\/?$/, /^\/events\/[^/?#]+\/trips\/?$/, /^\/events\/ticket-design\/?$/];

/** The URL a request is routed by: the /api twin for the specs' unprefixed calls, else the URL. */
export function withApiPrefix(url: string): string {
  const q = url.search(/[?#]/);
  const path = q < 0 ? url : url.slice(0, q);
  return SPEC_PATHS_WITHOUT_API.some((p) => p.test(path)) ? `/api${url}` : url;
}

/** A route's URL pattern as a regular expression over concrete paths (`:id` and `*` as find-my-way reads them). */
function patternOf(url: string): RegExp {
  const source = url
    .split(/(:[A-Za-z0-9_]+(?:\([^)]*\))?|\*)/)
    .map((part) => {
      if (part === '*') return '.*';
      if (part.startsWith(':')) return '[^/]+?';
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}$`);
}

/**
 * A browser loading a page (following a link, typing an address): such a request gets the app's
 * page, never an API answer. Browsers say so in Sec-Fetch-Mode; older ones by asking for HTML.
 */
export function isPageLoad(req: Pick<IncomingMessage, 'method' | 'headers'>): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const mode = req.headers['sec-fetch-mode'];
  if (typeof mode === 'string') return mode === 'navigate';
  return String(req.headers.accept ?? '').includes('text/html');
}

/**
 * The routes of the app, learned as they are added (an `onRoute` hook), and the rewrite of a call
 * made at the root to its /api twin.
 */
export class UnprefixedCalls {
  private readonly api: RegExp[] = [];
  private readonly own: RegExp[] = [];

  /** Records a route's URL pattern as it is added. */
  add(url: string): void {
    if (url === '/api' || url.startsWith('/api/')) this.api.push(patternOf(url));
    else if (url !== '*' && url !== '/*') this.own.push(patternOf(url));
  }

  /** The URL to route `req` by. */
  rewrite(req: Pick<IncomingMessage, 'method' | 'headers' | 'url'>): string {
    const url = req.url ?? '/';
    const named = withApiPrefix(url);
    if (named !== url) return named;
    const q = url.search(/[?#]/);
    const path = q < 0 ? url : url.slice(0, q);
    if (path === '/' || path.startsWith('/api/') || path === '/api') return url;
    // A trailing slash is how some clients join a base and a path; the routes have none.
    const bare = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
    if (this.own.some((p) => p.test(path) || p.test(bare))) return url;
    if (!this.api.some((p) => p.test(`/api${bare}`))) return url;
    if (isPageLoad(req)) return url;
    return `/api${bare}${q < 0 ? '' : url.slice(q)}`;
  }
}
