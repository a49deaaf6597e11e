import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { DomainError } from '../../../contract/errors.ts';
import { minorUnits } from '../../../contract/sales.ts';
import { toUnix } from '../../db/tx.ts';
import { requireOrganiser } from '../../domain/organisers/service.ts';
import { approveCancelRequest, decidableRequest, declineCancelRequest, requestRefundKey } from '../../domain/ticket-holders/cancel-decision.ts';
import { openCancelRequests } from '../../domain/ticket-holders/cancel-request-repository.ts';
import { ok } from '../envelope.ts';
import { Id, Lang, needUser } from './events-shared.ts';

/**
 * Holders' requests to cancel paid tickets, for the event's organisers (issue 30), online like the
 * order actions (orders.ts): approving a card order's request asks the card provider for the
 * money, which needs the network anyway.
 *
 * - GET /api/events/:eventId/cancel-requests: `{items}`, the open requests, oldest first: the
 *   ticket's type, attendee, price, the holder's address, the order's code and method.
 * - POST /api/events/:eventId/cancel-requests/:id/approve: the ticket is cancelled, its place
 *   freed, its money refunded (card) or recorded for the organiser to pay back (transfer).
 * - POST /api/events/:eventId/cancel-requests/:id/decline: the request is closed, the ticket stays.
 * Each answers `{state}`, the request's state now; deciding a decided request changes nothing.
 */

const Params = Type.Object({ eventId: Id, id: Id });
type Decide = { Params: { eventId: number; id: number } };
const opts = { schema: { params: Params, body: Type.Optional(Type.Object({ lang: Lang })) } };

export async function cancelRequestsApi(app: FastifyInstance) {
  app.get<{ Params: { eventId: number } }>(
    '/api/events/:eventId/cancel-requests',
    { schema: { params: Type.Object({ eventId: Id }), querystring: Type.Object({ lang: Lang }) } },
    async (request, reply) => {
      const user = needUser(request, reply);
      if (!user) return reply;
      await requireOrganiser(app.db, request.params.eventId, user.id);
      const rows = await openCancelRequests(app.db, request.params.eventId);
      return ok({
        items: rows.map((r) => ({
          id: r.id,
          ticket_id: r.ticket_id,
          created_at: toUnix(r.created_at),
          type: r.type,
          name: r.name,
          price: Number(r.price),
          currency: r.currency.trim(),
          email: r.email,
          order_code: r.order_code ?? '',
          method: r.order_method ?? '',
        })),
      });
    },
  );

  app.post<Decide>('/api/events/:eventId/cancel-requests/:id/approve', opts, async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    const { eventId, id } = request.params;
    const r = await decidableRequest(app.db, user.id, eventId, id);
    // The money first: should the provider refuse, the ticket stays and the request stays open.
    if (r.state === 'open' && r.order_method === 'card' && Number(r.amount) > 0) {
      if (!app.cards || !r.provider_payment || r.order_id === null) throw new DomainError('payment_method_unavailable', 'method');
      try {
        await app.cards.refundPart(r.provider_payment, r.order_id, minorUnits(Number(r.amount), r.currency.trim()), requestRefundKey(r.id));
      } catch (err) {
        request.log.warn({ err, request: r.id }, 'the card provider refused or did not answer a cancellation refund');
        throw new DomainError('refund_failed');
      }
    }
    await app.writer.run((trx) => approveCancelRequest(trx, user.id, eventId, id));
    return ok({ state: (await decidableRequest(app.db, user.id, eventId, id)).state });
  });

  app.post<Decide>('/api/events/:eventId/cancel-requests/:id/decline', opts, async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    const { eventId, id } = request.params;
    await app.writer.run((trx) => declineCancelRequest(trx, user.id, eventId, id));
    return ok({ state: (await decidableRequest(app.db, user.id, eventId, id)).state });
  });
}
