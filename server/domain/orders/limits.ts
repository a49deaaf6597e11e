import type { ErrorCode } from '../../../contract/errors.ts';
import { PENDING_ORDERS_PER_EVENT, PENDING_TICKETS_PER_EVENT, UNVERIFIED_TICKETS_PER_EVENT } from '../../../contract/sales.ts';

/**
 * How much of an event's sale one person may take (issue 26): one account took all 200 free
 * tickets of an event in 30 s, and one could keep 60 paid ones from everybody in pending orders.
 * Beside each type's limit per order (checkout.ts), a person may hold at most `max_per_person` of a
 * type over all their pending and paid orders of the event; an account that has not verified its
 * address at most UNVERIFIED_TICKETS_PER_EVENT tickets of the event, so throw-away sign-ups are no
 * way round the per-person limit; and orders waiting for payment may hold at most
 * PENDING_TICKETS_PER_EVENT tickets in at most PENDING_ORDERS_PER_EVENT orders. Expired, cancelled
 * and refunded orders hold nothing and count for nothing.
 *
 * A pure rule: checkout.ts counts what the person holds inside the order's transaction, after
 * locking the person's row, so two checkouts of one person at once are judged one after the other.
 */

/** What the person holds of the event in pending and paid orders, before this order. */
export interface Held {
  byType: ReadonlyMap<number, number>;
  /** Tickets of every type. */
  total: number;
  /** Tickets in orders waiting for payment. */
  pendingTickets: number;
  pendingOrders: number;
}

export const NOTHING_HELD: Held = { byType: new Map(), total: 0, pendingTickets: 0, pendingOrders: 0 };

export interface Wanted {
  /** Tickets of each type in this order. */
  counts: ReadonlyMap<number, number>;
  /** Each ordered type's limit per person. */
  maxPerPerson: ReadonlyMap<number, number>;
  /** The order will wait for payment (not free). */
  pending: boolean;
}

export interface Refusal {
  code: Extract<ErrorCode, 'ticket_limit_per_person' | 'unverified_ticket_limit' | 'pending_tickets_limit' | 'pending_orders_limit'>;
  /** The type, for a limit of one type. */
  detail?: string;
}

/** Why the person may not place this order, or null when they may. The type's own limit comes first: it names what to change. */
export function limitRefusal(wanted: Wanted, held: Held, verified: boolean): Refusal | null {
  let total = 0;
  for (const [typeId, n] of [...wanted.counts].sort((a, b) => a[0] - b[0])) {
    total += n;
    const max = wanted.maxPerPerson.get(typeId) ?? 0;
    if ((held.byType.get(typeId) ?? 0) + n > max) return { code: 'ticket_limit_per_person', detail: String(typeId) };
  }
  if (!verified && held.total + total > UNVERIFIED_TICKETS_PER_EVENT) return { code: 'unverified_ticket_limit' };
  if (wanted.pending) {
    if (held.pendingOrders >= PENDING_ORDERS_PER_EVENT) return { code: 'pending_orders_limit' };
    if (held.pendingTickets + total > PENDING_TICKETS_PER_EVENT) return { code: 'pending_tickets_limit' };
  }
  return null;
}
