import type { FastifyInstance } from 'fastify';
import type { PushKey } from '../../../contract/push.ts';
import { ok } from '../envelope.ts';
import { needUser } from './events-shared.ts';

/**
 * GET /api/push/key (issue 31): the VAPID public key a browser subscribes to Web Push with. Only
 * for the signed-in: a subscription is handed over as the person's `push.subscribe` command.
 */
export async function pushApi(app: FastifyInstance) {
  app.get('/api/push/key', async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    const answer: PushKey = { public_key: await app.push.publicKey() };
    return ok(answer);
  });
}
