import type { OrderSummary } from '../../../contract/orders.ts';
import type { TicketDoc } from '../../../contract/tickets.ts';

/**
 * The user's orders as My tickets and the checkout show them, from the order documents of the
 * tickets collection. Pure: the screens' clock is passed in.
 */

export interface OrderView {
  order: OrderSummary;
  eventId: number;
  event: TicketDoc['event'];
  /** A pending order whose time is up on this device's clock: the server expires it on its next sweep. */
  overdue: boolean;
}

export function toOrderView(doc: TicketDoc, nowMs: number): OrderView {
  const o = doc.order;
  return { order: o, eventId: doc.event_id, event: doc.event, overdue: o.state === 'pending' && o.expires_at > 0 && o.expires_at * 1000 <= nowMs };
}

export interface OrdersData {
  /** Waiting for payment, soonest deadline first. */
  awaiting: OrderView[];
  /** Everything else (paid, expired, cancelled, refunded), newest first. */
  past: OrderView[];
}

export function sortOrders(docs: readonly TicketDoc[], nowMs: number): OrdersData {
  const views = docs.map((d) => toOrderView(d, nowMs));
  return {
    awaiting: views.filter((v) => v.order.state === 'pending').sort((a, b) => a.order.expires_at - b.order.expires_at || a.order.id - b.order.id),
    past: views.filter((v) => v.order.state !== 'pending').sort((a, b) => b.order.created_at - a.order.created_at || b.order.id - a.order.id),
  };
}

/** The order with this code, when the device holds it. */
export function findOrderByCode(docs: readonly TicketDoc[], code: string): TicketDoc | undefined {
  return docs.find((d) => d.order.code === code);
}
