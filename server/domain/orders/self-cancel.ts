import { DomainError } from '../../../contract/errors.ts';
import type { Tx } from '../../db/tx.ts';
import { orderEffect, releaseAll, type OrderNotice } from './lifecycle.ts';
import { releasePromoUses } from './promo-repository.ts';
import { lineOfTicket, lockOrder, markLineCancelled, orderLines, setOrderState } from './repository.ts';
import type { Effect } from '../effects.ts';
import { offerFreedPlaces, withWaitlist } from './waitlist-offers.ts';

/**
 * The order's side of a holder cancelling one free ticket (tickets/cancel.ts): the line's place goes
 * back to its type and shared quota at once, with the same statements an ended order uses, so the
 * counts that decide "sold out" (and the waitlist's reconciling of them) are right the moment the
 * transaction commits. A promo use the line held goes back too. The line is marked, so an order
 * that ends later gives back only what it still holds; the last line cancelled ends the order, and
 * the place is offered to the type's waitlist at once.
 * A paid line is not the holder's to cancel here: that needs the organiser's refund rules.
 */
export async function cancelFreeLine(trx: Tx, ticketId: number, byUserId: number): Promise<{ effect: Effect; notices: OrderNotice[] } | null> {
  return cancelLine(trx, ticketId, byUserId, false);
}

/**
 * The same for a paid line whose cancellation the organiser approved (tickets/cancel-decision.ts):
 * its money went back (or is recorded for the organiser to pay back), so the last line cancelled
 * ends the order as refunded rather than cancelled.
 */
export async function cancelPaidLine(trx: Tx, ticketId: number, byUserId: number): Promise<{ effect: Effect; notices: OrderNotice[] } | null> {
  return cancelLine(trx, ticketId, byUserId, true);
}

async function cancelLine(trx: Tx, ticketId: number, byUserId: number, paid: boolean): Promise<{ effect: Effect; notices: OrderNotice[] } | null> {
  const found = await lineOfTicket(trx, ticketId);
  if (!found) return null;
  const order = await lockOrder(trx, { id: found.order_id });
  if (order?.state !== 'paid') throw new DomainError('ticket_not_cancellable', 'ticket_id');
  const lines = await orderLines(trx, order.id);
  const line = lines.find((l) => l.id === found.id);
  if (!line || line.cancelled_at !== null || (!paid && Number(line.price) > 0)) throw new DomainError('ticket_not_cancellable', 'ticket_id');
  await releaseAll(trx, [line]);
  let promoUses = order.promo_uses;
  if (Number(line.discount) > 0 && order.promo_code_id !== null && promoUses > 0) {
    await releasePromoUses(trx, order.promo_code_id, 1);
    promoUses -= 1;
  }
  await markLineCancelled(trx, line.id);
  const left = lines.filter((l) => l.id !== line.id && l.cancelled_at === null);
  const ended = left.length === 0;
  const patch = {
    ...(promoUses !== order.promo_uses ? { promo_uses: promoUses } : {}),
    ...(ended ? { state: paid ? ('refunded' as const) : ('cancelled' as const), ended_at: new Date(), ended_by: byUserId } : {}),
  };
  if (Object.keys(patch).length > 0) await setOrderState(trx, order.id, patch);
  // The freed place goes to the type's waitlist in this same transaction, so nobody outside the
  // line can buy it first between the commit and the next sweep.
  const offers = await offerFreedPlaces(trx, [line.ticket_type_id], new Date());
  return withWaitlist(
    { effect: orderEffect(order, true), notices: ended ? [{ kind: paid ? ('refunded' as const) : ('cancelled' as const), orderId: order.id }] : [] },
    offers,
  );
}
