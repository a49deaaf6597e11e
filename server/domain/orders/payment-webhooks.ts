import type Stripe from 'stripe';
import { DomainError } from '../../../contract/errors.ts';
import { minorUnits } from '../../../contract/sales.ts';
import type { Tx } from '../../db/tx.ts';
import { quiet } from '../effects.ts';
import { endOrder, markPaid, orderEffect, type OrderNotice } from './lifecycle.ts';
import { withOrderMail } from './mail.ts';
import { claimPaymentEvent, findOrder, lockOrder, setOrderState, type OrderRef, type OrderRow } from './repository.ts';
import type { Writer } from '../write.ts';
import type { CardProvider } from '../payments/stripe.ts';

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
 *
 * An event acts on an order only when it is that order's payment: the session the order opened
 * (orders.provider_session, recorded before the buyer is sent to it), or the payment that session
 * paid, with the order's amount and currency (issue 26). Anything else is a `mismatch`: nothing
 * changes and the route logs it; it is answered 200 all the same, since Stripe retrying it for days
 * would change nothing either.
 */

const PROVIDER = 'stripe';

export interface AppliedWebhook {
  /**
   * What became of it, for the log and the tests: applied, repeated (seen before), ignored (names
   * no order of ours), mismatch (names an order but is not its payment: nothing changed).
   */
  outcome: 'applied' | 'repeated' | 'ignored' | 'mismatch' | 'refunded_unfulfilled';
  /** Why a mismatch was refused, for the log. */
  reason?: string;
  notices: OrderNotice[];
}

/**
 * Which order an event is about, or why it is about none. Stripe signs every event of the account
 * with the endpoint's secret, so a valid signature proves only that the account produced it: a
 * Checkout Session made by anything else with access to the account can carry any
 * `metadata.order_id`. An event counts for an order only through what Foyer recorded itself (the
 * session it opened, the payment that session paid) and only with the order's own figures.
 */
type Match = { order: OrderRow } | { order: null; mismatch: string | null };

/** The amount and currency of the event against the order's: the provider charges minor units. */
function figuresDiffer(order: OrderRow, amount: number | null | undefined, currency: string | null | undefined): string | null {
  const ours = order.currency.trim();
  if ((currency ?? '').toUpperCase() !== ours) return `currency ${currency ?? 'none'}, the order's is ${ours}`;
  const expected = minorUnits(Number(order.total), ours);
  if (amount !== expected) return `amount ${amount ?? 'none'}, the order's is ${expected}`;
  return null;
}

/** The order that opened this session, if the session's figures are the order's. */
async function matchSession(trx: Tx, session: Stripe.Checkout.Session): Promise<Match> {
  const order = await findOrder(trx, { session: session.id });
  const named = session.metadata?.order_id;
  if (!order) return { order: null, mismatch: named === undefined ? null : `session ${session.id} was not opened for order ${named}` };
  if (named !== undefined && named !== String(order.id)) return { order: null, mismatch: `session of order ${order.id} names order ${named}` };
  const differ = figuresDiffer(order, session.amount_total, session.currency);
  return differ ? { order: null, mismatch: differ } : { order };
}

/** The order this payment paid, if the charge's figures are the order's. */
async function matchCharge(trx: Tx, charge: Stripe.Charge, payment: string): Promise<Match> {
  const order = await findOrder(trx, { payment });
  if (!order) return { order: null, mismatch: null };
  const differ = figuresDiffer(order, charge.amount, charge.currency);
  return differ ? { order: null, mismatch: differ } : { order };
}

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

type Change = (trx: Tx, ref: OrderRef) => Promise<{ effect: ReturnType<typeof quiet>; notices: OrderNotice[] }>;

export async function applyStripeEvent(writer: Writer, cards: CardProvider, event: Stripe.Event): Promise<AppliedWebhook> {
  /**
   * Claims the event and, when it matches its order, applies `change` in one transaction. A repeated
   * event changes nothing; so does one that does not match, whose claim keeps a redelivery quiet.
   */
  const once = async (match: (trx: Tx) => Promise<Match>, change: Change): Promise<AppliedWebhook> => {
    const r = await writer.run(async (trx) => {
      const found = await match(trx);
      const none = { effect: quiet(), notices: [] as OrderNotice[] };
      if (!(await claimPaymentEvent(trx, PROVIDER, event.id, found.order?.id ?? null))) return { ...none, outcome: 'repeated' as const };
      if (!found.order) {
        return found.mismatch ? { ...none, outcome: 'mismatch' as const, reason: found.mismatch } : { ...none, outcome: 'ignored' as const };
      }
      return { ...withOrderMail(await change(trx, { id: found.order.id })), outcome: 'applied' as const };
    });
    return { outcome: r.outcome, notices: r.notices, ...('reason' in r && r.reason ? { reason: r.reason } : {}) };
  };

  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      // A completed session may still wait for a slow payment method; its own event follows.
      if (event.type === 'checkout.session.completed' && session.payment_status !== 'paid') return { outcome: 'ignored', notices: [] };
      const payment = idOf(session.payment_intent);
      try {
        return await once(
          (trx) => matchSession(trx, session),
          (trx, ref) => markPaid(trx, ref, { userId: null, ...(payment ? { payment } : {}) }),
        );
      } catch (err) {
        if (!(err instanceof DomainError) || (err.code !== 'sold_out' && err.code !== 'order_state_changed') || !payment) throw err;
        // Paid for tickets it can no longer have: the money goes straight back. Only a session
        // that matched its order gets here, so the payment given back is the order's own.
        const found = await writer.run(async (trx) => ({ effect: quiet(), match: await matchSession(trx, session) }));
        if (!found.match.order) throw err;
        await cards.refund(payment, found.match.order.id);
        const r = await once(
          (trx) => matchSession(trx, session),
          (trx, ref) => refundUnfulfilled(trx, ref, payment),
        );
        return { ...r, outcome: r.outcome === 'applied' ? 'refunded_unfulfilled' : r.outcome };
      }
    }
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed': {
      const session = event.data.object;
      return once(
        (trx) => matchSession(trx, session),
        async (trx, ref) => {
          const order = await findOrder(trx, ref);
          if (order?.state !== 'pending') return { effect: quiet(), notices: [] };
          return endOrder(trx, ref, 'expired', null);
        },
      );
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const payment = idOf(charge.payment_intent);
      if (!payment || !charge.refunded) return { outcome: 'ignored', notices: [] };
      return once(
        (trx) => matchCharge(trx, charge, payment),
        async (trx, ref) => {
          const order = await findOrder(trx, ref);
          if (order?.state !== 'paid') return { effect: quiet(), notices: [] };
          return endOrder(trx, ref, 'refunded', null);
        },
      );
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
