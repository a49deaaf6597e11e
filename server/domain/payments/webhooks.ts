import type Stripe from 'stripe';
import { DomainError } from '../../../contract/errors.ts';
import type { Tx } from '../../db/tx.ts';
import { quiet } from '../effects.ts';
import { endOrder, markPaid, orderEffect, type OrderNotice } from '../orders/lifecycle.ts';
import { claimPaymentEvent, findOrder, lockOrder, setOrderState, type OrderRef } from '../orders/repository.ts';
import type { Writer } from '../write.ts';
import type { CardProvider } from './stripe.ts';

/**
 * What Stripe's webhooks do to orders. Each event is applied once: its id is claimed in the same
 * transaction as the change it makes, so a delivery Stripe repeats (it retries until it hears
 * 2xx, and may send one twice) finds the claim and changes nothing, and a delivery whose
 * transaction failed is applied when it comes again.
 *
 * - checkout.session.completed (paid) and .async_payment_succeeded: the order is paid, its
 *   tickets issued and mailed.
 * - checkout.session.expired and .async_payment_failed: a pending order expires.
 * - charge.refunded (in full, e.g. from Stripe's dashboard): a paid order is refunded.
 *
 * A payment that arrives for an order that can no longer be fulfilled (it expired and its tickets
 * were sold to somebody else, or the organiser cancelled it meanwhile) is given back at once
 * through the SDK and the order is recorded as refunded, so nobody pays for nothing.
 */

const PROVIDER = 'stripe';

export interface AppliedWebhook {
  /** What became of it, for the log and the tests: applied, repeated (seen before), ignored. */
  outcome: 'applied' | 'repeated' | 'ignored' | 'refunded_unfulfilled';
  notices: OrderNotice[];
}

function sessionRef(session: Stripe.Checkout.Session): OrderRef[] {
  const refs: OrderRef[] = [{ session: session.id }];
  const id = Number(session.metadata?.order_id);
  if (Number.isInteger(id) && id > 0) refs.push({ id });
  return refs;
}

/** The first of the refs that names an order. */
async function resolve(trx: Tx, refs: OrderRef[]): Promise<OrderRef | null> {
  for (const ref of refs) {
    const found = await findOrder(trx, ref);
    if (found) return { id: found.id };
  }
  return null;
}

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

export async function applyStripeEvent(writer: Writer, cards: CardProvider, event: Stripe.Event): Promise<AppliedWebhook> {
  /** Claims the event and applies `change` in one transaction; a repeated event changes nothing. */
  const once = async (refs: OrderRef[], change: (trx: Tx, ref: OrderRef) => Promise<{ effect: ReturnType<typeof quiet>; notices: OrderNotice[] }>) =>
    writer.run(async (trx) => {
      const ref = await resolve(trx, refs);
      if (!(await claimPaymentEvent(trx, PROVIDER, event.id, ref && 'id' in ref ? ref.id : null))) {
        return { effect: quiet(), notices: [] as OrderNotice[], outcome: 'repeated' as const };
      }
      if (!ref) return { effect: quiet(), notices: [] as OrderNotice[], outcome: 'ignored' as const };
      const done = await change(trx, ref);
      return { ...done, outcome: 'applied' as const };
    });

  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      // A completed session may still wait for a slow payment method; its own event follows.
      if (event.type === 'checkout.session.completed' && session.payment_status !== 'paid') return { outcome: 'ignored', notices: [] };
      const payment = idOf(session.payment_intent);
      try {
        const r = await once(sessionRef(session), (trx, ref) => markPaid(trx, ref, { userId: null, ...(payment ? { payment } : {}) }));
        return { outcome: r.outcome, notices: r.notices };
      } catch (err) {
        if (!(err instanceof DomainError) || (err.code !== 'sold_out' && err.code !== 'order_state_changed') || !payment) throw err;
        // Paid for tickets it can no longer have: the money goes straight back.
        const order = await writer.run(async (trx) => {
          const ref = await resolve(trx, sessionRef(session));
          return { effect: quiet(), order: ref ? await findOrder(trx, ref) : undefined };
        });
        if (!order.order) throw err;
        await cards.refund(payment, order.order.id);
        const r = await once(sessionRef(session), (trx, ref) => refundUnfulfilled(trx, ref, payment));
        return { outcome: r.outcome === 'applied' ? 'refunded_unfulfilled' : r.outcome, notices: r.notices };
      }
    }
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed': {
      const r = await once(sessionRef(event.data.object), async (trx, ref) => {
        const order = await findOrder(trx, ref);
        if (order?.state !== 'pending') return { effect: quiet(), notices: [] };
        return endOrder(trx, ref, 'expired', null);
      });
      return { outcome: r.outcome, notices: r.notices };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const payment = idOf(charge.payment_intent);
      if (!payment || !charge.refunded) return { outcome: 'ignored', notices: [] };
      const r = await once([{ payment }], async (trx, ref) => {
        const order = await findOrder(trx, ref);
        if (order?.state !== 'paid') return { effect: quiet(), notices: [] };
        return endOrder(trx, ref, 'refunded', null);
      });
      return { outcome: r.outcome, notices: r.notices };
    }
    default:
      return { outcome: 'ignored', notices: [] };
  }
}

/** Records a payment that was given back because the order could not be fulfilled. */
async function refundUnfulfilled(trx: Tx, ref: OrderRef, payment: string) {
  const order = await lockOrder(trx, ref);
  if (!order) throw new DomainError('order_not_found');
  if (order.state === 'refunded') return { effect: quiet(), notices: [] };
  await setOrderState(trx, order.id, { state: 'refunded', provider_payment: payment, ended_at: new Date(), ended_by: null });
  return { effect: orderEffect(order, false), notices: [{ kind: 'refunded' as const, orderId: order.id }] };
}
