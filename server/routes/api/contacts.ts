import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../../contract/errors.ts';
import { ownContactCode } from '../../domain/contacts/service.ts';
import { configureTicketSigning } from '../../domain/signing/keys.ts';
import { ok } from '../envelope.ts';
import { needUser } from './events-shared.ts';

/**
 * GET /api/contacts/code (issue 31): the signed-in person's contact code, what it shares, and the
 * public key that checks every contact code. The device keeps the answer (a read-through cache), so
 * the code shows and scans are judged with no network.
 */
export async function contactsApi(app: FastifyInstance) {
  // Contact codes are signed from the tickets' master secret (domain/contacts/signing.ts).
  configureTicketSigning(app.config.ticketSigningKey);
  app.get('/api/contacts/code', async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    reply.header('cache-control', 'no-store');
    const code = await ownContactCode(app.db, user.id);
    if (!code) throw new DomainError('forbidden');
    return ok(code);
  });
}
