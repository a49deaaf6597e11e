import type { FastifyInstance } from 'fastify';
import type { PushKey } from '../../../contract/push.ts';
import { PUSH_REMINDER_SWEEP_MS, remindersDue } from '../../domain/notices/push-reminders.ts';
import { periodic } from '../../realtime/periodic.ts';
import { ok } from '../envelope.ts';
import { needUser } from './events-shared.ts';

/**
 * GET /api/push/key (issue 31): the VAPID public key a browser subscribes to Web Push with. Only
 * for the signed-in: a subscription is handed over as the person's `push.subscribe` command.
 */
export async function pushApi(app: FastifyInstance) {
  // Reminders by push before accepted meetings, from every instance; the claim makes each go out once.
  const sweep = periodic(
    PUSH_REMINDER_SWEEP_MS,
    async () => {
      await app.writer.run((trx) => remindersDue(trx, new Date()));
    },
    (err) => app.log.warn({ err }, 'the sweep for reminder pushes failed; the next one tries again'),
  );
  app.addHook('preClose', () => sweep.stop());
  app.get('/api/push/key', async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    const answer: PushKey = { public_key: await app.push.publicKey() };
    return ok(answer);
  });
}
