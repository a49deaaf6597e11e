import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../../contract/errors.ts';
import { applyStripeEvent } from '../../domain/orders/payment-webhooks.ts';

/**
 * POST /payments/stripe/webhook: Stripe's confirmations (domain/orders/payment-webhooks.ts). The body is
 * kept as the bytes that arrived, because the signature is over exactly those; the SDK verifies it
 * (and its age) with STRIPE_WEBHOOK_SECRET before anything is read. Answers:
 * - 404 when this server takes no card payments;
 * - 400 for a missing, forged or stale signature (Stripe shows it as failed; nothing changed);
 * - 200 once the event is applied, or was applied before (a repeated delivery), or means nothing
 *   here, or names an order whose payment it is not (`mismatch`, logged); a refusal of the domain (an order that cannot move) is 200 too, logged, since Stripe
 *   retrying it for days would change nothing;
 * - 500 when the database failed, so Stripe delivers it again later.
 * It sits outside /api and its envelope: its only client is Stripe.
 */
export async function paymentRoutes(app: FastifyInstance) {
  // Only inside this plugin: every other route keeps Fastify's JSON parser.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post('/payments/stripe/webhook', async (request, reply) => {
    const cards = app.cards;
    if (!cards) return reply.code(404).send({ error: 'not_found' });
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) return reply.code(400).send({ error: 'invalid_signature' });
    let event: ReturnType<typeof cards.verifyWebhook>;
    try {
      event = cards.verifyWebhook(request.body, signature);
    } catch {
      request.log.warn('a card provider webhook with a bad signature was refused');
      return reply.code(400).send({ error: 'invalid_signature' });
    }
    try {
      const applied = await applyStripeEvent(app.writer, cards, event);
      if (applied.outcome === 'mismatch') {
        request.log.warn(
          { event: event.id, type: event.type, reason: applied.reason },
          'a card provider webhook does not match the order it names; nothing changed',
        );
      }
      return { received: true, outcome: applied.outcome };
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      request.log.warn({ err, event: event.id, type: event.type }, 'a card provider webhook could not change its order');
      return { received: true, outcome: 'refused', code: err.code };
    }
  });
}
