import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, LOCALES, SESSION_COOKIE, type Locale } from '../../../contract/constants.ts';

/**
 * The specs' logout URL, `/{locale}/oauth/logout` (and `/oauth/logout`), safe from other sites.
 *
 * A GET that ends the session is a link any page can make: an image or a link on a foreign page
 * would sign the user out (the session cookie is SameSite=Lax, so a top-level navigation carries
 * it). Browsers label where a request comes from (`Sec-Fetch-Site`), so a cookie session ends at
 * once only for the app's own navigations (`same-origin`) and for a URL the user typed or
 * bookmarked (`none`); a Bearer session (other clients) cannot come from a foreign page and ends
 * as before. Anything else, including a browser too old to send the label, gets a small page that
 * asks first; its button posts back to the same URL, and a POST from another origin is refused by
 * the app-wide origin check (server/app.ts), so that page cannot be submitted from elsewhere.
 */

export interface LogoutDeps {
  /** Ends the request's session: its row, its socket passes, its sockets and streams everywhere. */
  endSession(request: FastifyRequest): Promise<void>;
}

interface Words {
  title: string;
  text: string;
  confirm: string;
  stay: string;
}

/** The page leaves the app (it is served before any script runs), so the server holds its words. */
const WORDS: Record<Locale, Words> = {
  en: {
    title: 'Log out of Foyer?',
    text: 'A link from another site asked to log you out. Log out only if you meant to.',
    confirm: 'Log out',
    stay: 'Stay logged in',
  },
  uk: {
    title: 'Вийти з Foyer?',
    text: 'Посилання з іншого сайту просить вас вийти. Виходьте, лише якщо ви цього хотіли.',
    confirm: 'Вийти',
    stay: 'Залишитися в системі',
  },
  ru: {
    title: 'Выйти из Foyer?',
    text: 'Ссылка с другого сайта просит вас выйти. Выходите, только если вы этого хотели.',
    confirm: 'Выйти',
    stay: 'Остаться в системе',
  },
  pl: {
    title: 'Wylogować się z Foyer?',
    text: 'Link z innej witryny prosi o wylogowanie. Wyloguj się tylko wtedy, jeśli tego chcesz.',
    confirm: 'Wyloguj się',
    stay: 'Pozostań zalogowany',
  },
};

/** The app's own navigation, or one the user started by typing or from a bookmark. */
export function isOwnNavigation(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  return site === 'same-origin' || site === 'none';
}

const STYLE =
  'body{margin:0;min-height:100vh;display:grid;place-items:center;font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#f5f7fa;padding:1rem;box-sizing:border-box}' +
  'main{max-width:28rem;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 1px 4px rgba(0,0,0,.12)}' +
  'h1{font-size:1.25rem;margin:0 0 .5rem}p{margin:0 0 1.25rem}form{display:flex;gap:.75rem;flex-wrap:wrap;align-items:center}' +
  'button{font:inherit;padding:.5rem 1rem;border:0;border-radius:8px;background:#0f4c81;color:#fff;cursor:pointer}' +
  'a{color:#0f4c81}button:focus-visible,a:focus-visible{outline:3px solid #f5a623;outline-offset:2px}';

function confirmPage(reply: FastifyReply, locale: Locale, action: string) {
  const w = WORDS[locale];
  const esc = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return (
    reply
      .code(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // Nothing to run, nothing to load; the form may post only back here, and no page may frame it
      // (a framed confirm button is a clickjacking target).
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
      .header('x-frame-options', 'DENY')
      .send(`<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(w.title)}</title><style>${STYLE}</style></head>
<body><main><h1>${esc(w.title)}</h1><p>${esc(w.text)}</p>
<form method="post" action="${esc(action)}"><button type="submit">${esc(w.confirm)}</button><a href="/${locale}/">${esc(w.stay)}</a></form></main></body></html>`)
  );
}

export async function logoutRoutes(app: FastifyInstance, deps: LogoutDeps) {
  // The confirm page's form posts url-encoded; nothing in it is read.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, {}));

  const logout = async (locale: Locale, request: FastifyRequest, reply: FastifyReply) => {
    await deps.endSession(request);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    // After the confirm page's POST, 303 makes the browser GET the home page.
    return reply.redirect(`/${locale}/?logged_out=1`, request.method === 'POST' ? 303 : 302);
  };
  const localeOf = (value: string | undefined): Locale => ((LOCALES as readonly string[]).includes(value ?? '') ? (value as Locale) : DEFAULT_LOCALE);

  const ask = async (locale: Locale, action: string, request: FastifyRequest, reply: FastifyReply) => {
    // Without a session there is nothing another site could end, and a page of another site can
    // send the cookie but never an Authorization header (other clients' Bearer sessions).
    const bearer = request.headers.authorization?.startsWith('Bearer ') ?? false;
    if (!request.sessionToken || bearer || isOwnNavigation(request)) return logout(locale, request, reply);
    return confirmPage(reply, locale, action);
  };

  app.get<{ Params: { locale: string } }>('/:locale/oauth/logout', async (request, reply) => {
    const locale = localeOf(request.params.locale);
    return ask(locale, `/${locale}/oauth/logout`, request, reply);
  });
  app.get('/oauth/logout', async (request, reply) => ask(DEFAULT_LOCALE, '/oauth/logout', request, reply));
  app.post<{ Params: { locale: string } }>('/:locale/oauth/logout', async (request, reply) => logout(localeOf(request.params.locale), request, reply));
  app.post('/oauth/logout', async (request, reply) => logout(DEFAULT_LOCALE, request, reply));
}
