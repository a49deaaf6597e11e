import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { randomBytes } from 'node:crypto';
import { DEFAULT_LOCALE, LOCALES, LOGIN_DEVICE_COOKIE, LOGIN_DEVICE_COOKIE_MAX_AGE_S, SESSION_COOKIE, SESSION_TTL_MS } from '../../../contract/constants.ts';
import { safeReturnPath } from '../../../contract/return-url.ts';
import { decoyHash, verifyPassword } from '../../domain/auth/passwords.ts';
import { createSession, endSession as endSessionRows, sessionKey } from '../../domain/auth/sessions.ts';
import { issueSocketPass } from '../../domain/auth/socket-passes.ts';
import { accountByEmail } from '../../domain/profile/repository.ts';
import { tooManyRequests } from '../../limits/index.ts';
import { fail, ok, requireUser } from '../envelope.ts';
import { accountRoutes } from './accounts.ts';
import { invitationRoutes } from './invitations.ts';
import { handoffRoutes } from './handoff.ts';
import { logoutRoutes } from './logout.ts';

const LoginBody = Type.Object(
  { email: Type.String({ minLength: 3, maxLength: 254 }), password: Type.String({ minLength: 1, maxLength: 1024 }) },
  { additionalProperties: false },
);

/** A device cookie as the login mints it: 16 random bytes, base64url. */
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

function localeOf(url: string): string {
  const first = url.split('/')[1] ?? '';
  return (LOCALES as readonly string[]).includes(first) ? first : DEFAULT_LOCALE;
}

export async function authRoutes(app: FastifyInstance) {
  /**
   * Ends the request's session: its row, its unused socket passes, and its open sockets and streams
   * on every instance, which are told before the answer goes out.
   */
  const endSession = async (request: { sessionToken?: string; user: { id: number } | null }) => {
    const token = request.sessionToken;
    if (!token) return;
    const userId = request.user?.id ?? null;
    await app.writer.run((trx) => endSessionRows(trx, userId, token), { announced: true });
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
    // A browser without its device cookie gets one minted now; it becomes familiar with a success.
    const sent = request.cookies[LOGIN_DEVICE_COOKIE];
    const device = sent && DEVICE_ID.test(sent) ? sent : randomBytes(16).toString('base64url');
    const admission = await app.limits.login.admit(email, request.ip, device);
    if (!admission.ok) return tooManyRequests(request, reply, admission.retryAfterMs);
    const user = await accountByEmail(app.db, email, { live: true });
    // Unknown email, wrong password and disabled account all get the same answer after the same work.
    const valid = await verifyPassword(user?.password_hash ?? (await decoyHash()), request.body.password);
    if (!user || !valid || user.disabled) {
      await admission.attempt.failed();
      return fail(reply, 'invalid_credentials');
    }
    await admission.attempt.succeeded();
    const token = await createSession(app.db, user.id, String(request.headers['user-agent'] ?? ''));
    setCookie(reply, token);
    // The device is familiar to this account from now on (server/limits/login.ts); a browser keeps the id a year.
    reply.setCookie(LOGIN_DEVICE_COOKIE, device, {
      path: '/api/auth',
      httpOnly: true,
      sameSite: 'lax',
      secure: app.config.secureCookies,
      maxAge: LOGIN_DEVICE_COOKIE_MAX_AGE_S,
    });
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
    return ok({ user_id: user.id, email: user.email, first_name: user.first_name, last_name: user.last_name, email_verified: user.email_verified });
  });

  // The specs' login broadcast: a client sends the user here with a return URL; a signed-in user goes
  // straight back, anybody else sees the PWA's login screen, which returns there after login.
  app.get<{ Querystring: { return_url?: string } }>('/oauth/broadcast', async (request, reply) => {
    const back = safeReturnPath(request.query.return_url, `${request.protocol}://${request.host}`, `/${DEFAULT_LOCALE}`);
    if (request.user) return reply.redirect(back);
    return reply.redirect(`/${localeOf(back)}/login?return_url=${encodeURIComponent(back)}`);
  });

  // A single-use pass for `?token=` on a socket URL (contract/ws.ts), so the session token never
  // travels in a URL. The old name answers as it did for clients built before the rename.
  const socketPass = (field: 'pass' | 'ticket') => async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.user || !request.sessionToken) return reply.code(401).send({ status_code: 401, data: null, error: 'auth_required' });
    const { pass, expiresAt } = await issueSocketPass(app.db, request.user.id, sessionKey(request.sessionToken));
    reply.header('cache-control', 'no-store');
    return { status_code: 200, data: { [field]: pass, expires_in: Math.round((expiresAt.getTime() - Date.now()) / 1000) } };
  };
  app.post('/api/auth/socket-pass', socketPass('pass'));
  app.post('/api/auth/socket-ticket', socketPass('ticket'));

  // Sign-up, links from emails, passwords, email change, the devices list, the session handoff.
  await app.register(accountRoutes, { setCookie });
  // The links of organisers' invitations.
  await app.register(invitationRoutes);
  await app.register(handoffRoutes, { setCookie });

  // The specs' logout URL, ended at once only for the app's own navigations (logout.ts).
  await app.register(logoutRoutes, { endSession });
}
