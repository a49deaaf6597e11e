import type { FastifyInstance } from 'fastify';
import { referralsOf } from '../../domain/referrals/service.ts';
import { ok } from '../envelope.ts';
import { needUser } from './events-shared.ts';

/**
 * GET /api/referrals (issue 16): the signed-in user's referral code and, per event, how many people
 * signed up and how many hold a ticket through their links, with the newest of them (names only of
 * people who let themselves be listed). The referrals page keeps the answer on the device.
 */
export async function referralsApi(app: FastifyInstance) {
  app.get('/api/referrals', async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    reply.header('cache-control', 'no-store');
    return ok(await referralsOf(app.db, user.id));
  });
}
