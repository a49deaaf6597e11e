import type { FastifyInstance } from 'fastify';
import { OfferKey } from '../../../contract/waitlist.ts';
import { Type, type Static } from '@sinclair/typebox';
import { DomainError } from '../../../contract/errors.ts';
import { AccessKey } from '../../../contract/sales.ts';
import { CheckoutRequest, ORDER_CODE_PATTERN } from '../../../contract/orders.ts';
import { PromoCheckRequest } from '../../../contract/promo.ts';
import { placeOrder } from '../../domain/orders/checkout.ts';
import { checkPromo } from '../../domain/orders/promo.ts';
import { endOrder } from '../../domain/orders/lifecycle.ts';
import { eventTicketTypes, loadOrder, openCardPayment, orderView } from '../../domain/orders/service.ts';
import { ok } from '../envelope.ts';
import { EventParams, Lang, needUser } from './events-shared.ts';

/**
 * Buying tickets (issue 15). Plain HTTP calls, never sync commands: a payment needs the server
 * there and then, and a queued one could not be honoured. Every answer is the legacy envelope.
 *
 * - GET /api/events/:eventId/ticket-types: what is on sale now, open to guests: the types buyers
 *   may see with their state (on sale, not yet, ended, sold out) and, when few are left, how many;
 *   the currency; the paid methods offered (card only when this server has a provider). With
 *   `?access=<key>` a hidden type whose private link has that key is offered too, and `access` says
 *   whether the key was valid ('none' without one). With `?offer=<key>` of an open waitlist offer
 *   its type is offered on sale, one place (`offer`: its state, type and end; null without a key).
 * - POST /api/checkout/orders (CheckoutRequest, contract/sales.ts): places an order. Answers
 *   `{order, redirect_url?}`: a free order is paid with its tickets issued; a transfer waits with
 *   the organiser's instructions; a card order answers the provider's page to send the buyer to.
 *   The same `client_key` again answers the same order. Refusals: sold_out (detail: the type),
 *   sale_not_started, sale_ended, price_changed, payment_method_unavailable, too_many_tickets and
 *   ticket_limit_per_person (detail: the type), unverified_ticket_limit, pending_orders_limit,
 *   pending_tickets_limit (domain/orders/limits.ts), attendee_required (detail:
 *   `lines.<i>.<field>`), event_cancelled, event_finished, payment_failed (the provider did not
 *   answer; nothing was kept).
 *   A `promo_code` prices the tickets it applies to; a code that cannot be used answers
 *   promo_code_invalid, promo_code_not_started, promo_code_expired, promo_code_used_up or
 *   promo_code_not_applicable with the detail `promo_code`, and nothing is ordered. A hidden type
 *   needs the key of its private link in `access`: ticket_access_invalid (detail `access`) when the
 *   key is not the type's (guessed, or replaced since), ticket_type_not_found without a key.
 *   A waitlist offer is bought with its key in `offer`: waitlist_offer_invalid (detail `offer`) for
 *   a key that is not an open offer of this buyer for a type in the order.
 * - POST /api/checkout/promo (PromoCheckRequest, contract/promo.ts): whether a code can be used now
 *   for these types, and its terms, which the page prices the cart with before the buyer pays.
 *   Signed-in buyers only, and throttled like placing orders, so codes cannot be guessed in bulk.
 * - GET /api/checkout/orders/:code: the buyer's own order.
 * - POST /api/checkout/orders/:code/pay: a pending card order's payment page again, while the
 *   session it opened is open (order_state_changed once it is over; payment_failed when the
 *   provider does not answer).
 * - POST /api/checkout/orders/:code/cancel: the buyer gives up a pending order; its tickets go back on sale.
 */

const CodeParams = Type.Object({ code: Type.String({ pattern: ORDER_CODE_PATTERN }) });
const LangQuery = Type.Object({ lang: Lang });
const OfferQuery = Type.Object({ lang: Lang, access: Type.Optional(AccessKey), offer: Type.Optional(OfferKey) });
const LangBody = Type.Object({ lang: Lang });

export async function checkoutApi(app: FastifyInstance) {
  app.get<{ Params: Static<typeof EventParams>; Querystring: Static<typeof OfferQuery> }>(
    '/api/events/:eventId/ticket-types',
    { schema: { params: EventParams, querystring: OfferQuery } },
    async (request) => ok(await eventTicketTypes(app.db, request.params.eventId, app.cards !== null, new Date(), request.query.access, request.query.offer)),
  );

  app.post<{ Body: Static<typeof CheckoutRequest> }>(
    '/api/checkout/orders',
    { schema: { body: CheckoutRequest }, onRequest: app.limits.throttle('checkout') },
    async (request, reply) => {
      const user = needUser(request, reply);
      if (!user) return reply;
      const body = request.body;
      if (body.method === 'card' && !app.cards) throw new DomainError('payment_method_unavailable', 'method');
      const placed = await app.writer.run((trx) => placeOrder(trx, user.id, body, { cardAvailable: app.cards !== null, now: new Date() }));
      let redirect: string | null = null;
      if (placed.order.method === 'card' && placed.order.state === 'pending') {
        try {
          redirect = await openCardPayment(app, placed.order);
        } catch (err) {
          // A repeated request whose payment page is over: the order as it stands is the answer.
          if (!placed.created && err instanceof DomainError && err.code === 'order_state_changed') {
            return ok({ order: await orderView(app.db, placed.order.id), redirect_url: null });
          }
          request.log.warn({ err, order: placed.order.code }, 'the card provider did not open a payment; the order gives its tickets back');
          if (placed.created) await app.writer.run((trx) => endOrder(trx, { id: placed.order.id }, 'cancelled', null, ['pending']));
          throw new DomainError('payment_failed');
        }
      }
      return ok({ order: await orderView(app.db, placed.order.id), redirect_url: redirect });
    },
  );

  app.post<{ Body: Static<typeof PromoCheckRequest> }>(
    '/api/checkout/promo',
    { schema: { body: PromoCheckRequest }, onRequest: app.limits.throttle('checkout') },
    async (request, reply) => {
      const user = needUser(request, reply);
      if (!user) return reply;
      const body = request.body;
      return ok(await checkPromo(app.db, body.event_id, body.code, body.type_ids, new Date()));
    },
  );

  app.get<{ Params: Static<typeof CodeParams> }>(
    '/api/checkout/orders/:code',
    { schema: { params: CodeParams, querystring: LangQuery } },
    async (request, reply) => {
      const user = needUser(request, reply);
      if (!user) return reply;
      return ok(await orderView(app.db, { code: request.params.code }, user.id));
    },
  );

  app.post<{ Params: Static<typeof CodeParams> }>(
    '/api/checkout/orders/:code/pay',
    { schema: { params: CodeParams, body: Type.Optional(LangBody) } },
    async (request, reply) => {
      const user = needUser(request, reply);
      if (!user) return reply;
      const order = await loadOrder(app.db, { code: request.params.code }, user.id);
      if (order.state !== 'pending' || order.method !== 'card') throw new DomainError('order_state_changed', order.state);
      try {
        return ok({ redirect_url: await openCardPayment(app, order) });
      } catch (err) {
        if (err instanceof DomainError) throw err;
        // The provider refused or did not answer: the order keeps waiting and the buyer may try again.
        request.log.warn({ err, order: order.code }, 'the card provider did not open the payment page again');
        throw new DomainError('payment_failed');
      }
    },
  );

  app.post<{ Params: Static<typeof CodeParams> }>(
    '/api/checkout/orders/:code/cancel',
    { schema: { params: CodeParams, body: Type.Optional(LangBody) } },
    async (request, reply) => {
      const user = needUser(request, reply);
      if (!user) return reply;
      const order = await loadOrder(app.db, { code: request.params.code }, user.id);
      if (order.state !== 'pending') throw new DomainError('order_state_changed', order.state);
      // The buyer's own choice: no mail tells them what they just did.
      await app.writer.run((trx) => endOrder(trx, { id: order.id }, 'cancelled', user.id, ['pending']));
      return ok(await orderView(app.db, order.id));
    },
  );
}
