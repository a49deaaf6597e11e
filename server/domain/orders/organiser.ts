import { DomainError } from '../../../contract/errors.ts';
import type { OrderState } from '../../../contract/sales.ts';
import { toUnix, type Q, type Tx } from '../../db/tx.ts';
import { requireOrganiser } from '../organisers/service.ts';
import { endOrder, markPaid, type OrderOutcome } from './lifecycle.ts';
import { withOrderMail } from './mail.ts';
import { countEventOrders, eventOrders, findOrder, lockOrder, orderStateCounts, type OrderListFilter, type OrderRow } from './repository.ts';
import { paidCountsOf, ticketTypesOf } from './types-repository.ts';
import { promoCodesOf } from './promo-repository.ts';
import { sharedQuotasOf } from './quota-repository.ts';

/**
 * The organiser's orders screen: the list (search, filter by state), each type's figures, and the
 * actions on one order: mark paid, cancel, refund. Every action checks the organiser's right and
 * the order's event inside its own transaction, like every admin write. The list is read online:
 * it holds buyers' addresses and changes with every sale (docs/DESIGN.md, "Orders on the server").
 */

export async function listEventOrders(db: Q, userId: number, eventId: number, filter: OrderListFilter) {
  await requireOrganiser(db, eventId, userId);
  const [items, total, states, types, paid, promos, quotas] = await Promise.all([
    eventOrders(db, eventId, filter),
    countEventOrders(db, eventId, filter),
    orderStateCounts(db, eventId),
    ticketTypesOf(db, [eventId]),
    paidCountsOf(db, eventId),
    promoCodesOf(db, [eventId]),
    sharedQuotasOf(db, [eventId]),
  ]);
  return {
    total,
    counts: states.counts,
    revenue: states.revenue,
    types: types.map((t) => ({ id: t.id, name: t.name, quota: t.quota, taken: t.taken, paid: paid.get(t.id) ?? 0, hidden: t.hidden })),
    // Tickets discounted by pending and paid orders; the codes themselves are on the device.
    promo_codes: promos.map((p) => ({ id: p.id, code: p.code, used: p.used, max_uses: p.max_uses })),
    // Places of each shared quota held by pending and paid orders; the quotas themselves are on the device.
    quotas: quotas.map((x) => ({ id: x.id, size: x.size, taken: x.taken })),
    items: items.map(orderListItem),
  };
}

/** One order as the organiser's list and export show it. */
function orderListItem(o: Awaited<ReturnType<typeof eventOrders>>[number]) {
  return {
    id: o.id,
    code: o.code,
    state: o.state,
    method: o.method,
    total: Number(o.total),
    currency: o.currency.trim(),
    email: o.email,
    buyer: `${o.first_name} ${o.last_name}`.trim(),
    created_at: toUnix(o.created_at),
    expires_at: o.state === 'pending' ? toUnix(o.expires_at) : 0,
    paid_at: toUnix(o.paid_at),
    ended_at: toUnix(o.ended_at),
    /** A card payment the provider can give back. */
    refundable_by_provider: o.method === 'card' && o.has_payment,
    promo_code: o.promo_code,
    discount: Number(o.discount),
    lines: o.lines.map((l) => ({ ...l, price: Number(l.price), discount: Number(l.discount) })),
  };
}

/**
 * Every order of the event, newest first, for the organiser's CSV export (the page writes the file
 * in the organiser's language). Bounded so one request cannot ask for an unbounded answer; an event
 * with more orders than that exports the newest.
 */
export async function exportEventOrders(db: Q, userId: number, eventId: number) {
  await requireOrganiser(db, eventId, userId);
  const items = await eventOrders(db, eventId, { state: null, search: '', limit: ORDER_EXPORT_MAX, offset: 0 });
  return { items: items.map(orderListItem), complete: items.length < ORDER_EXPORT_MAX };
}

/** The most orders one export holds. */
export const ORDER_EXPORT_MAX = 20_000;

/** The order of this event, locked, for an organiser's action on it. */
async function organisersOrder(trx: Tx, userId: number, eventId: number, code: string): Promise<OrderRow> {
  await requireOrganiser(trx, eventId, userId);
  const order = await lockOrder(trx, { code });
  if (!order || order.event_id !== eventId) throw new DomainError('order_not_found');
  return order;
}

/** A transfer (or a payment at the venue) arrived: the order is paid and its tickets issued. */
export async function organiserMarkPaid(trx: Tx, userId: number, eventId: number, code: string): Promise<OrderOutcome> {
  const order = await organisersOrder(trx, userId, eventId, code);
  if (order.method === 'free') throw new DomainError('order_state_changed', order.state);
  return withOrderMail(await markPaid(trx, { id: order.id }, { userId }));
}

/**
 * Cancels (pending or paid, money kept or returned outside Foyer) or records a refund of a paid
 * order. `from` is the state the organiser saw: an order that moved meanwhile (paid by card a
 * second ago, expired) answers order_state_changed instead of being ended on stale information.
 */
export async function organiserEnd(
  trx: Tx,
  userId: number,
  eventId: number,
  code: string,
  to: 'cancelled' | 'refunded',
  from: OrderState,
): Promise<OrderOutcome> {
  const order = await organisersOrder(trx, userId, eventId, code);
  // Already so (the provider's own refund webhook came first): done, nothing more to change.
  if (order.state !== from && order.state !== to) throw new DomainError('order_state_changed', order.state);
  if (to === 'refunded' && order.method === 'free') throw new DomainError('order_state_changed', order.state);
  return withOrderMail(await endOrder(trx, { id: order.id }, to, userId, [from]));
}

/** Checks that the organiser may refund this order through the provider, before the provider is asked. */
export async function refundableOrder(q: Q, userId: number, eventId: number, code: string): Promise<OrderRow> {
  await requireOrganiser(q, eventId, userId);
  const order = await findOrder(q, { code });
  if (!order || order.event_id !== eventId) throw new DomainError('order_not_found');
  if (order.state !== 'paid' || order.method === 'free') throw new DomainError('order_state_changed', order.state);
  return order;
}
