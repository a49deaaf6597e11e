import type { FastifyInstance } from 'fastify';
import type { Static } from '@sinclair/typebox';
import { TokenBody } from '../../../contract/accounts.ts';
import { acceptByLink } from '../../domain/admin/invitation-links.ts';
import { previewInvitation } from '../../domain/organisers/invitations.ts';
import { tooManyRequests } from '../../limits/index.ts';
import { legacyErrorHandler, ok, requireUser } from '../envelope.ts';

/**
 * The page an invitation's link opens (src/features/account/InvitationPage.tsx) reads the
 * invitation and, with the person signed in, accepts it. Like the other links from emails these
 * are online calls: the token is checked on the server, and following it is the proof of the
 * mailbox. Each counts against the address's budget of link calls, so tokens cannot be guessed.
 */
export async function invitationRoutes(app: FastifyInstance) {
  app.setErrorHandler(legacyErrorHandler);
  const spend = async (ip: string) => app.limits.accounts.take([{ limit: 'link_address', ip }]);

  app.post<{ Body: Static<typeof TokenBody> }>('/api/auth/invitation', { schema: { body: TokenBody } }, async (request, reply) => {
    const wait = await spend(request.ip);
    if (wait !== undefined) return tooManyRequests(request, reply, wait);
    reply.header('cache-control', 'no-store');
    return ok(await previewInvitation(app.db, request.body.token));
  });

  app.post<{ Body: Static<typeof TokenBody> }>('/api/auth/invitation/accept', { schema: { body: TokenBody } }, async (request, reply) => {
    const user = requireUser(request, reply);
    if (!user) return reply;
    const wait = await spend(request.ip);
    if (wait !== undefined) return tooManyRequests(request, reply, wait);
    const { accepted } = await app.writer.run((trx) => acceptByLink(trx, request.body.token, user.id));
    return ok(accepted);
  });
}
