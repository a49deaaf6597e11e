import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { SESSION_COOKIE, SESSION_TTL_MS, LOCALES, DEFAULT_LOCALE } from '../../../contract/constants.ts';
import { decoyHash, verifyPassword } from '../../auth/passwords.ts';
import { clearFailures, createSession, deleteSession, isRateLimited, recordFailure } from '../../auth/sessions.ts';
import { fail, ok, requireUser } from '../envelope.ts';
import { announceSessionEnd, sessionKey } from '../../realtime/sessions.ts';
import { dropSocketTickets } from '../../realtime/tickets.ts';

const LoginBody = Type.Object(
  { email: Type.String({ minLength: 3, maxLength: 254 }), password: Type.String({ minLength: 1, maxLength: 1024 }) },
  { additionalProperties: false },
);

/** Only a path on this server may be a return target, so the login page is no open redirect. */
export function safeReturnUrl(value: unknown, fallback: string): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  return value;
}

function localeOf(url: string): string {
  const first = url.split('/')[1] ?? '';
  return (LOCALES as readonly string[]).includes(first) ? first : DEFAULT_LOCALE;
}

export async function authRoutes(app: FastifyInstance) {
  /** Ends the request's session: its row, its unused socket tickets, and its open sockets and streams on every instance. */
  const endSession = async (request: { sessionToken?: string; user: { id: number } | null }) => {
    if (!request.sessionToken) return;
    await deleteSession(app.db, request.sessionToken);
    if (!request.user) return;
    const session = sessionKey(request.sessionToken);
    await dropSocketTickets(app.db, request.user.id, session);
    await announceSessionEnd(app.bus, { userId: request.user.id, session });
  };

  const setCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: app.config.secureCookies,
      maxAge: Math.floor(SESSION_TTL_MS / 1000),
    });

  app.post<{ Body: Static<typeof LoginBody> }>('/api/auth/login', { schema: { body: LoginBody } }, async (request, reply) => {
    const email = request.body.email.trim().toLowerCase();
    const keys = [`email:${email}`, `ip:${request.ip}`];
    for (const key of keys) {
      if (await isRateLimited(app.db, key)) return fail(reply, 'rate_limited');
    }
    const user = await app.db
      .selectFrom('users')
      .select(['id', 'password_hash', 'disabled'])
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
      .where('deleted', '=', false)
      .executeTakeFirst();
    // Unknown email, wrong password and disabled account all get the same answer after the same work.
    const valid = await verifyPassword(user?.password_hash ?? (await decoyHash()), request.body.password);
    if (!user || !valid || user.disabled) {
      for (const key of keys) await recordFailure(app.db, key);
      return fail(reply, 'invalid_credentials');
    }
    await clearFailures(app.db, `email:${email}`);
    const token = await createSession(app.db, user.id);
    setCookie(reply, token);
    return ok({ token, user_id: user.id });
  });

  app.post('/api/auth/logout', async (request, reply) => {
    await endSession(request);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return ok({ result: true });
  });

  app.get('/api/auth/me', async (request, reply) => {
    const user = requireUser(request, reply);
    if (!user) return;
    return ok({ user_id: user.id, email: user.email, first_name: user.first_name, last_name: user.last_name });
  });

  // The specs' login broadcast: a client sends the user here with a return URL; a signed-in user goes
  // straight back, anybody else sees the PWA's login screen, which returns there after login.
  app.get<{ Querystring: { return_url?: string } }>('/oauth/broadcast', async (request, reply) => {
    const back = safeReturnUrl(request.query.return_url, `/${DEFAULT_LOCALE}`);
    if (request.user) return reply.redirect(back);
    return reply.redirect(`/${localeOf(back)}/login?return_url=${encodeURIComponent(back)}`);
  });

  const logout = async (locale: string, request: { sessionToken?: string; user: { id: number } | null }, reply: FastifyReply) => {
    await endSession(request);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.redirect(`/${locale}/?logged_out=1`);
  };
  app.get<{ Params: { locale: string } }>('/:locale/oauth/logout', async (request, reply) => {
    const locale = (LOCALES as readonly string[]).includes(request.params.locale) ? request.params.locale : DEFAULT_LOCALE;
    return logout(locale, request, reply);
  });
  app.get('/oauth/logout', async (request, reply) => logout(DEFAULT_LOCALE, request, reply));
}
