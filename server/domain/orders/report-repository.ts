import { sql } from 'kysely';
import type { Series, SalesFigures, TypeSales } from '../../../contract/admin-people.ts';
import { ORDER_STATES, PAYMENT_METHODS, type OrderState, type PaymentMethod } from '../../../contract/sales.ts';
import type { Q } from '../../db/tx.ts';

/**
 * The sales figures of one event, each from the orders and their lines as they are now: a handful
 * of grouped reads over the event's orders (orders_event), cheap next to the overview's other counts.
 * Sums come back as float8: PostgreSQL's numeric arrives as text, and money here is at most
 * 1,000,000 × 50 × 20 per order, far inside a double's exact integers of cents.
 */
export async function salesFigures(q: Q, eventId: number, timezone: string): Promise<SalesFigures> {
  const event = await q.selectFrom('events').select('currency').where('id', '=', eventId).executeTakeFirst();
  const states = await sql<{ state: OrderState; n: number; amount: number }>`
    SELECT state, count(*)::int AS n, coalesce(sum(total), 0)::float8 AS amount FROM orders
    WHERE event_id = ${eventId} AND NOT deleted GROUP BY state`.execute(q);
  const types = await sql<{ type_id: number; name: string; quota: number | null; sold: number; pending: number; refunded: number; revenue: number }>`
    SELECT t.id AS type_id, t.name, t.quota,
      count(l.id) FILTER (WHERE o.state = 'paid')::int AS sold,
      count(l.id) FILTER (WHERE o.state = 'pending')::int AS pending,
      count(l.id) FILTER (WHERE o.state = 'refunded')::int AS refunded,
      coalesce(sum(l.price) FILTER (WHERE o.state = 'paid'), 0)::float8 AS revenue
    FROM ticket_types t
    LEFT JOIN order_lines l ON l.ticket_type_id = t.id
    LEFT JOIN orders o ON o.id = l.order_id AND NOT o.deleted
    WHERE t.event_id = ${eventId}
    GROUP BY t.id, t.name, t.quota, t.deleted, t.sort
    -- A type the organisers removed stays in the figures while orders of it remain.
    HAVING NOT t.deleted OR count(o.id) > 0
    ORDER BY t.sort, t.id`.execute(q);
  const methods = await sql<{ method: PaymentMethod; orders: number; revenue: number }>`
    SELECT method, count(*)::int AS orders, coalesce(sum(total), 0)::float8 AS revenue FROM orders
    WHERE event_id = ${eventId} AND NOT deleted AND state = 'paid' GROUP BY method`.execute(q);
  const days = await sql<{ at: string; tickets: number; revenue: number }>`
    SELECT to_char(o.paid_at AT TIME ZONE ${timezone}, 'YYYY-MM-DD') AS at, count(l.id)::int AS tickets,
      coalesce(sum(l.price), 0)::float8 AS revenue
    FROM orders o JOIN order_lines l ON l.order_id = o.id
    WHERE o.event_id = ${eventId} AND NOT o.deleted AND o.state = 'paid' AND o.paid_at IS NOT NULL
    GROUP BY 1 ORDER BY 1`.execute(q);

  const orders = Object.fromEntries(ORDER_STATES.map((s) => [s, 0])) as Record<OrderState, number>;
  const amount = Object.fromEntries(ORDER_STATES.map((s) => [s, 0])) as Record<OrderState, number>;
  for (const r of states.rows) {
    orders[r.state] = Number(r.n);
    amount[r.state] = Number(r.amount);
  }
  const byMethod = new Map(methods.rows.map((r) => [r.method, r]));
  const day = (pick: (r: (typeof days.rows)[number]) => number): Series[] => days.rows.map((r) => ({ at: r.at, n: Number(pick(r)) }));
  return {
    currency: (event?.currency ?? '').trim(),
    revenue: amount.paid,
    pending: amount.pending,
    refunded: amount.refunded,
    orders,
    by_type: types.rows.map(
      (r): TypeSales => ({
        type_id: r.type_id,
        name: r.name,
        quota: r.quota,
        sold: Number(r.sold),
        pending: Number(r.pending),
        refunded: Number(r.refunded),
        revenue: Number(r.revenue),
      }),
    ),
    by_method: PAYMENT_METHODS.filter((m) => byMethod.has(m)).map((m) => ({
      method: m,
      orders: Number(byMethod.get(m)?.orders ?? 0),
      revenue: Number(byMethod.get(m)?.revenue ?? 0),
    })),
    tickets_by_day: day((r) => r.tickets),
    revenue_by_day: day((r) => r.revenue),
  };
}
