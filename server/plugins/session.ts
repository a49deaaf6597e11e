import type { FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { SESSION_COOKIE } from '../../contract/constants.ts';
import { findSession, sessionKey, type SessionUser } from '../domain/auth/sessions.ts';
import { ACCOUNTS_CHANNEL, HINTS_CHANNEL, SESSIONS_CHANNEL } from '../domain/effects.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    sessionToken?: string;
  }
}

/**
 * Who is asking: the session comes from the HttpOnly cookie (the PWA) or a Bearer token (other
 * clients); `request.user` is null for a guest and for a token that is no longer valid. Lookups go
 * through app.sessionCache (plugins/session-cache.ts), which hears every ended session on the bus.
 */
export async function registerSession(app: FastifyInstance): Promise<void> {
  const cache = app.sessionCache;
  if (cache.enabled) {
    const stop = [SESSIONS_CHANNEL, HINTS_CHANNEL, ACCOUNTS_CHANNEL].map((channel) => app.bus.subscribe(channel, (message) => cache.heard(channel, message)));
    app.addHook('onClose', async () => {
      for (const unsubscribe of stop) unsubscribe();
    });
  }
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', undefined);
  await app.register(cookie);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : request.cookies[SESSION_COOKIE];
    if (!token) return;
    const user = await cache.user(sessionKey(token), () => findSession(app.db, token));
    if (user) {
      request.user = user;
      request.sessionToken = token;
    }
  });
}
