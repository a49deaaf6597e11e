import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Static, TSchema } from '@sinclair/typebox';
import { HANDOFF_TTL_MS, HandoffBody, HandoffCheckBody } from '../../../contract/accounts.ts';
import { errorText } from '../../domain/error-texts.ts';
import { exchangeHandoff, issueHandoffCode, previewHandoff } from '../../domain/accounts/handoff.ts';
import { tooManyRequests } from '../../limits/index.ts';
import { hasUnknownKeys } from '../api/profile.ts';
import { fail, legacyErrorHandler, ok, requireUser } from '../envelope.ts';
import { requestLanguage } from '../legacy-text.ts';

/**
 * The session handoff's calls (rules in domain/accounts/handoff.ts). The page strips
 * `?token=&user_id=` from its address first and posts them here, never in a URL the server sees
 * again; the server's request log redacts `token` anyway (plugins/log.ts).
 *
 * - POST /api/auth/handoff/check: who the link signs in and who is signed in now; spends nothing.
 * - POST /api/auth/handoff: the exchange; a browser signed in as somebody else gets
 *   `handoff_confirm` (status_code 409) with both names until it sends `confirm: true`.
 * - POST /api/auth/handoff-code: a one-time code for the asking session's account, for an app
 *   that hands a browser over later than its login.
 */
export async function handoffRoutes(app: FastifyInstance, opts: { setCookie: (reply: FastifyReply, token: string) => void }) {
  app.setErrorHandler(legacyErrorHandler);
  app.addHook('preValidation', async (request, reply) => {
    const schema = request.routeOptions.schema?.body as TSchema | undefined;
    if (schema && hasUnknownKeys(schema, request.body)) return fail(reply, 'invalid_input', 'unknown field');
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post<{ Body: Static<typeof HandoffCheckBody> }>('/api/auth/handoff/check', { schema: { body: HandoffCheckBody } }, async (request) =>
    ok(await previewHandoff(app.db, request.body.token, request.body.user_id, request.user?.id ?? null)),
  );

  app.post<{ Body: Static<typeof HandoffBody> }>('/api/auth/handoff', { schema: { body: HandoffBody } }, async (request, reply) => {
    const { token, user_id: userId, confirm = false } = request.body;
    const current = request.user && request.sessionToken ? { userId: request.user.id, token: request.sessionToken } : null;
    if (current && current.userId !== userId && !confirm) {
      // Asked before anything changes: a link somebody else made must not swap this browser's account.
      const preview = await previewHandoff(app.db, token, userId, current.userId);
      const lang = requestLanguage(request);
      return reply.send({ status_code: 409, data: preview, error: 'handoff_confirm', ...(lang ? { message: errorText('handoff_confirm', lang) } : {}) });
    }
    const outcome = await app.writer.run(
      (trx) => exchangeHandoff(trx, { token, userId, confirm, current, userAgent: String(request.headers['user-agent'] ?? '') }),
      { announced: true },
    );
    if (outcome.kind === 'signed_in') opts.setCookie(reply, outcome.token);
    return ok({ user_id: outcome.userId, switched: outcome.kind === 'signed_in' && current !== null });
  });

  app.post('/api/auth/handoff-code', async (request, reply) => {
    const user = requireUser(request, reply);
    if (!user) return reply;
    const wait = await app.limits.accounts.take([{ limit: 'handoff_user', userId: user.id }]);
    if (wait !== undefined) return tooManyRequests(request, reply, wait);
    const { token } = await app.writer.run((trx) => issueHandoffCode(trx, user.id));
    return ok({ token, user_id: user.id, expires_in: Math.round(HANDOFF_TTL_MS / 1000) });
  });
}
