import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { API_MAX_LIMIT } from '../../../contract/constants.ts';
import { DomainError } from '../../../contract/errors.ts';
import { ORDER_STATES } from '../../../contract/sales.ts';
import { ORDER_CODE_PATTERN } from '../../../contract/orders.ts';
import { exportEventOrders, listEventOrders, organiserEnd, organiserMarkPaid, refundableOrder } from '../../domain/orders/organiser.ts';
import { orderView } from '../../domain/orders/service.ts';
import { waitlistView } from '../../domain/orders/waitlist-read.ts';
import { ok } from '../envelope.ts';
import { Id, Lang, needUser } from './events-shared.ts';

/**
 * The organiser's orders (issue 15), online: the list holds buyers' addresses and changes with every
 * sale, so it is read from the server (docs/DESIGN.md, "Orders on the server"). Organisers of the
 * event only (organiser_required otherwise).
 *
 * - GET /api/events/:eventId/orders?state=&q=&limit=&offset=: `{total, items, counts, revenue,
 *   types, promo_codes, card_available}`; `q` searches the order code, the buyer's name and address and
 *   attendees' names. Each item names its promo code and discount; `promo_codes` says how many
 *   tickets each code discounted in pending and paid orders.
 * - GET /api/events/:eventId/orders/export: `{items, complete}`, every order as the list shows one
 *   (newest first, at most ORDER_EXPORT_MAX; `complete` false when there were more), for the CSV
 *   the organiser's page writes.
 * - POST /api/events/:eventId/orders/:code/mark-paid: a transfer or a payment at the venue arrived.
 * - POST /api/events/:eventId/orders/:code/cancel `{from}`: cancels a pending or paid order; a paid
 *   order's tickets stop working at the door. Money is not returned by this.
 * - POST /api/events/:eventId/orders/:code/refund: a paid card order is refunded through the card
 *   provider; a paid transfer is recorded as refunded (the organiser returns the money).
 * - GET /api/events/:eventId/waitlist: `{offer_hours, entries}`, the lines of the event's types
 *   (domain/orders/waitlist-read.ts): each entry's type, state, place while waiting, name, address.
 * Each answers the order as it is now; `from` (the state the organiser saw) guards against acting
 * on an order that changed meanwhile (order_state_changed). The buyer is emailed after each.
 */

const ListQuery = Type.Object({
  lang: Lang,
  state: Type.Optional(Type.Union(ORDER_STATES.map((s) => Type.Literal(s)))),
  q: Type.Optional(Type.String({ maxLength: 100 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: API_MAX_LIMIT })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
});
const OrderParams = Type.Object({ eventId: Id, code: Type.String({ pattern: ORDER_CODE_PATTERN }) });
const ActionBody = Type.Object({ lang: Lang, from: Type.Optional(Type.Union(ORDER_STATES.map((s) => Type.Literal(s)))) });

export async function ordersApi(app: FastifyInstance) {
  app.get<{ Params: { eventId: number }; Querystring: Static<typeof ListQuery> }>(
    '/api/events/:eventId/orders',
    { schema: { params: Type.Object({ eventId: Id }), querystring: ListQuery } },
    async (request, reply) => {
      const user = needUser(request, reply);
      if (!user) return reply;
      const q = request.query;
      const list = await listEventOrders(app.db, user.id, request.params.eventId, {
        state: q.state ?? null,
        search: (q.q ?? '').trim(),
        limit: q.limit ?? 50,
        offset: q.offset ?? 0,
      });
      // The settings screen says when cards are switched on but this server has no provider.
      return ok({ ...list, card_available: app.cards !== null });
    },
  );

  app.get<{ Params: { eventId: number } }>(
    '/api/events/:eventId/orders/export',
    { schema: { params: Type.Object({ eventId: Id }), querystring: Type.Object({ lang: Lang }) } },
    async (request, reply) => {
      const user = needUser(request, reply);
      if (!user) return reply;
      return ok(await exportEventOrders(app.db, user.id, request.params.eventId));
    },
  );

  app.get<{ Params: { eventId: number } }>(
    '/api/events/:eventId/waitlist',
    { schema: { params: Type.Object({ eventId: Id }), querystring: Type.Object({ lang: Lang }) } },
    async (request, reply) => {
      const user = needUser(request, reply);
      if (!user) return reply;
      return ok(await waitlistView(app.db, user.id, request.params.eventId));
    },
  );

  type Action = { Params: Static<typeof OrderParams>; Body: Static<typeof ActionBody> | undefined };
  const opts = { schema: { params: OrderParams, body: Type.Optional(ActionBody) } };

  app.post<Action>('/api/events/:eventId/orders/:code/mark-paid', opts, async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    const { eventId, code } = request.params;
    const done = await app.writer.run((trx) => organiserMarkPaid(trx, user.id, eventId, code));
    return ok(await orderView(app.db, done.order.id));
  });

  app.post<Action>('/api/events/:eventId/orders/:code/cancel', opts, async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    const { eventId, code } = request.params;
    const from = request.body?.from;
    if (from !== 'pending' && from !== 'paid') throw new DomainError('invalid_input', 'from');
    const done = await app.writer.run((trx) => organiserEnd(trx, user.id, eventId, code, 'cancelled', from));
    return ok(await orderView(app.db, done.order.id));
  });

  app.post<Action>('/api/events/:eventId/orders/:code/refund', opts, async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    const { eventId, code } = request.params;
    const order = await refundableOrder(app.db, user.id, eventId, code);
    if (order.method === 'card') {
      if (!app.cards || !order.provider_payment) throw new DomainError('payment_method_unavailable', 'method');
      try {
        await app.cards.refund(order.provider_payment, order.id);
      } catch (err) {
        request.log.warn({ err, order: order.code }, 'the card provider refused or did not answer a refund');
        throw new DomainError('refund_failed');
      }
    }
    const done = await app.writer.run((trx) => organiserEnd(trx, user.id, eventId, code, 'refunded', 'paid'));
    return ok(await orderView(app.db, done.order.id));
  });
}
