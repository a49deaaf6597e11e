import { sql } from 'kysely';
import type { OrderState, PaymentMethod } from '../../../contract/sales.ts';
import { likeContains, EVENT_CARD_COLUMNS } from '../../db/sql.ts';
import type { Q, Tx } from '../../db/tx.ts';
import { withTies } from '../feed/feed.ts';
import type { Held } from './limits.ts';

/** SQL of orders: placing them, their lines and tickets, their states, the buyer's feed and the organiser's list. */

const ORDER_COLUMNS = [
  'o.id',
  'o.code',
  'o.event_id',
  'o.user_id',
  'o.client_key',
  'o.state',
  'o.method',
  'o.total',
  'o.currency',
  'o.email',
  'o.locale',
  'o.instructions',
  'o.expires_at',
  'o.paid_at',
  'o.ended_at',
  'o.provider_session',
  'o.provider_payment',
  'o.created_at',
  'o.promo_code_id',
  'o.promo_code',
  'o.discount',
  'o.promo_uses',
] as const;

function orderQuery(q: Q) {
  return q.selectFrom('orders as o').select(ORDER_COLUMNS);
}
export type OrderRow = Awaited<ReturnType<ReturnType<typeof orderQuery>['executeTakeFirstOrThrow']>>;

export async function findOrderByKey(q: Q, userId: number, clientKey: string): Promise<OrderRow | undefined> {
  return orderQuery(q).where('o.user_id', '=', userId).where('o.client_key', '=', clientKey).executeTakeFirst();
}

export type OrderRef = { id: number } | { code: string } | { session: string } | { payment: string };

function refWhere(ref: OrderRef) {
  if ('id' in ref) return sql<boolean>`o.id = ${ref.id}`;
  if ('code' in ref) return sql<boolean>`o.code = ${ref.code}`;
  if ('session' in ref) return sql<boolean>`o.provider_session = ${ref.session}`;
  return sql<boolean>`o.provider_payment = ${ref.payment}`;
}

export async function findOrder(q: Q, ref: OrderRef): Promise<OrderRow | undefined> {
  return orderQuery(q).where(refWhere(ref)).executeTakeFirst();
}

/** The order, locked until the transaction ends: every change of state goes through here. */
export async function lockOrder(trx: Tx, ref: OrderRef): Promise<OrderRow | undefined> {
  return orderQuery(trx).where(refWhere(ref)).forUpdate().executeTakeFirst();
}

export async function orderCodeTaken(q: Q, code: string): Promise<boolean> {
  return (await q.selectFrom('orders').select('id').where('code', '=', code).executeTakeFirst()) !== undefined;
}

export interface NewOrder {
  code: string;
  event_id: number;
  user_id: number;
  client_key: string;
  state: OrderState;
  method: PaymentMethod;
  total: number;
  currency: string;
  email: string;
  locale: string;
  instructions: string;
  expires_at: Date | null;
  paid_at: Date | null;
  promo_code_id: number | null;
  promo_code: string;
  discount: number;
  promo_uses: number;
}

export async function insertOrder(trx: Tx, order: NewOrder): Promise<number> {
  return (await trx.insertInto('orders').values(order).returning('id').executeTakeFirstOrThrow()).id;
}

export interface NewLine {
  ticket_type_id: number;
  type_name: string;
  price: number;
  /** What a promo code took off this ticket. */
  discount: number;
  name: string;
  company: string;
  position: string;
}

export async function insertLines(trx: Tx, orderId: number, lines: NewLine[]): Promise<void> {
  await trx
    .insertInto('order_lines')
    .values(lines.map((l) => ({ order_id: orderId, ...l })))
    .execute();
}

export async function orderLines(q: Q, orderId: number) {
  return q
    .selectFrom('order_lines as l')
    .innerJoin('ticket_types as tt', 'tt.id', 'l.ticket_type_id')
    .select([
      'l.id',
      'l.ticket_type_id',
      'l.type_name',
      'l.price',
      'l.discount',
      'l.name',
      'l.company',
      'l.position',
      'l.ticket_id',
      'l.cancelled_at',
      'tt.description',
    ])
    .where('l.order_id', '=', orderId)
    .orderBy('l.id')
    .execute();
}
export type OrderLineRow = Awaited<ReturnType<typeof orderLines>>[number];

export async function setOrderState(
  trx: Tx,
  orderId: number,
  patch: Partial<{
    state: OrderState;
    paid_at: Date;
    ended_at: Date;
    ended_by: number | null;
    provider_payment: string;
    provider_session: string;
    promo_uses: number;
  }>,
): Promise<void> {
  await trx.updateTable('orders').set(patch).where('id', '=', orderId).execute();
}

/**
 * What the person holds of the event in pending and paid orders (limits.ts): tickets by type, and
 * how many tickets and orders wait for payment. Called after the event's overdue orders expired.
 */
export async function heldOf(q: Q, userId: number, eventId: number): Promise<Held> {
  const r = await sql<{ type_id: number; state: string; orders: number; n: number }>`
    SELECT l.ticket_type_id AS type_id, o.state, count(DISTINCT o.id)::int AS orders, count(*)::int AS n
    FROM orders o JOIN order_lines l ON l.order_id = o.id
    WHERE o.user_id = ${userId} AND o.event_id = ${eventId} AND o.state IN ('pending', 'paid') AND l.cancelled_at IS NULL
    GROUP BY l.ticket_type_id, o.state`.execute(q);
  const byType = new Map<number, number>();
  let total = 0;
  let pendingTickets = 0;
  for (const row of r.rows) {
    byType.set(row.type_id, (byType.get(row.type_id) ?? 0) + row.n);
    total += row.n;
    if (row.state === 'pending') pendingTickets += row.n;
  }
  const p = await sql<{ n: number }>`SELECT count(*)::int AS n FROM orders
    WHERE user_id = ${userId} AND event_id = ${eventId} AND state = 'pending'`.execute(q);
  return { byType, total, pendingTickets, pendingOrders: p.rows[0]?.n ?? 0 };
}

/**
 * Locks the buyer's row until the transaction ends and answers whether their address is verified:
 * two checkouts of one person (two tabs, two instances) then count what the person holds one after
 * the other, whatever else serialises writers.
 */
export async function lockBuyer(trx: Tx, userId: number): Promise<{ verified: boolean }> {
  const r = await trx.selectFrom('users').select('email_verified').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
  return { verified: r.email_verified };
}

/** Pending orders whose time is up (of one event, or everywhere), oldest first. */
export async function overdueOrderIds(q: Q, now: Date, eventId: number | null, limit: number): Promise<number[]> {
  const r = await sql<{ id: number }>`SELECT id FROM orders
    WHERE state = 'pending' AND expires_at <= ${now} ${eventId === null ? sql`` : sql`AND event_id = ${eventId}`}
    ORDER BY expires_at, id LIMIT ${limit}`.execute(q);
  return r.rows.map((x) => x.id);
}

// Tickets of an order --------------------------------------------------------------------------

export interface NewTicket {
  code: string;
  type: string;
  name: string;
  company: string;
  position: string;
  price: number;
  description: string;
  ticket_type_id: number;
  line_id: number;
}

/** Issues one ticket per line and links each line to its ticket. */
export async function insertOrderTickets(trx: Tx, order: OrderRow, tickets: NewTicket[]): Promise<number[]> {
  if (!tickets.length) return [];
  const rows = await trx
    .insertInto('tickets')
    .values(
      tickets.map((t) => ({
        event_id: order.event_id,
        user_id: order.user_id,
        code: t.code,
        type: t.type,
        name: t.name,
        company: t.company,
        position: t.position,
        price: t.price,
        currency: order.currency,
        description: t.description,
        order_id: order.id,
        ticket_type_id: t.ticket_type_id,
      })),
    )
    .returning(['id', 'code'])
    .execute();
  const byCode = new Map(rows.map((r) => [r.code, r.id]));
  for (const t of tickets) {
    const ticketId = byCode.get(t.code);
    if (ticketId === undefined) throw new Error(`issue tickets: the insert returned no ticket with code ${t.code}`);
    await trx.updateTable('order_lines').set({ ticket_id: ticketId }).where('id', '=', t.line_id).execute();
  }
  return rows.map((r) => r.id);
}

export async function ticketCodeTaken(q: Q, code: string): Promise<boolean> {
  return (await q.selectFrom('tickets').select('id').where('code', '=', code).executeTakeFirst()) !== undefined;
}

/** Voids the order's tickets: door devices learn it through their feed and refuse them. */
export async function cancelOrderTickets(trx: Tx, orderId: number): Promise<void> {
  await trx.updateTable('tickets').set({ status: 'cancelled' }).where('order_id', '=', orderId).where('status', '<>', 'cancelled').execute();
}

// Webhook events -------------------------------------------------------------------------------

/** Records a provider's event once; false when it was applied before (a repeated delivery). */
export async function claimPaymentEvent(trx: Tx, provider: string, eventId: string, orderId: number | null): Promise<boolean> {
  const r = await trx
    .insertInto('payment_events')
    .values({ provider, event_id: eventId, order_id: orderId })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return r !== undefined;
}

// The buyer's feed -----------------------------------------------------------------------------

function orderFeedRows(q: Q, userId: number) {
  return q
    .selectFrom('orders as o')
    .innerJoin('events as e', 'e.id', 'o.event_id')
    .select([
      ...ORDER_COLUMNS,
      'o.deleted',
      ...EVENT_CARD_COLUMNS,
      sql<
        { type: string; price: number; name: string }[]
      >`coalesce((SELECT json_agg(json_build_object('type', l.type_name, 'price', l.price, 'name', l.name) ORDER BY l.id)
        FROM order_lines l WHERE l.order_id = o.id), '[]'::json)`.as('lines'),
      sql<number>`greatest(o.rev, e.rev)`.as('rev'),
    ])
    .where('o.user_id', '=', userId);
}
export type OrderFeedRow = Awaited<ReturnType<ReturnType<typeof orderFeedRows>['executeTakeFirstOrThrow']>>;

/** A page of the user's orders for the tickets feed, in document-rev order. */
export async function userOrdersSince(q: Q, userId: number, checkpoint: number, limit: number): Promise<OrderFeedRow[]> {
  const docRev = sql<number>`greatest(o.rev, e.rev)`;
  const rows = await orderFeedRows(q, userId).where(sql<boolean>`${docRev} > ${checkpoint}`).orderBy(docRev).orderBy('o.id').limit(limit).execute();
  return withTies(rows, limit, (rev, afterId) =>
    orderFeedRows(q, userId).where(sql<boolean>`${docRev} = ${rev}`).where('o.id', '>', afterId).orderBy('o.id').execute(),
  );
}

// The organiser's list -------------------------------------------------------------------------

export interface OrderListFilter {
  state: OrderState | null;
  /** Order code, buyer's name or email, or an attendee's name. */
  search: string;
  limit: number;
  offset: number;
}

function listWhere(eventId: number, f: Pick<OrderListFilter, 'state' | 'search'>) {
  const parts = [sql`o.event_id = ${eventId}`];
  if (f.state) parts.push(sql`o.state = ${f.state}`);
  if (f.search) {
    const like = likeContains(f.search);
    parts.push(sql`(o.code ILIKE ${like} OR o.email ILIKE ${like} OR (u.first_name || ' ' || u.last_name) ILIKE ${like}
      OR EXISTS (SELECT 1 FROM order_lines sl WHERE sl.order_id = o.id AND sl.name ILIKE ${like}))`);
  }
  return sql.join(parts, sql` AND `);
}

export async function eventOrders(q: Q, eventId: number, f: OrderListFilter) {
  const r = await sql<{
    id: number;
    code: string;
    state: string;
    method: string;
    total: number;
    currency: string;
    email: string;
    first_name: string;
    last_name: string;
    created_at: Date;
    expires_at: Date | null;
    paid_at: Date | null;
    ended_at: Date | null;
    has_payment: boolean;
    promo_code: string;
    discount: number;
    lines: { type: string; price: number; discount: number; name: string; company: string; position: string; ticket_id: number | null }[] | string;
  }>`
    SELECT o.id, o.code, o.state, o.method, o.total, o.currency, o.email, u.first_name, u.last_name,
      o.created_at, o.expires_at, o.paid_at, o.ended_at, (o.provider_payment IS NOT NULL) AS has_payment, o.promo_code, o.discount,
      coalesce((SELECT json_agg(json_build_object('type', l.type_name, 'price', l.price, 'discount', l.discount, 'name', l.name, 'company', l.company,
        'position', l.position, 'ticket_id', l.ticket_id) ORDER BY l.id) FROM order_lines l WHERE l.order_id = o.id), '[]'::json) AS lines
    FROM orders o JOIN users u ON u.id = o.user_id
    WHERE ${listWhere(eventId, f)}
    ORDER BY o.created_at DESC, o.id DESC
    LIMIT ${f.limit} OFFSET ${f.offset}`.execute(q);
  return r.rows.map((row) => ({ ...row, lines: typeof row.lines === 'string' ? (JSON.parse(row.lines) as Exclude<typeof row.lines, string>) : row.lines }));
}

export async function countEventOrders(q: Q, eventId: number, f: Pick<OrderListFilter, 'state' | 'search'>): Promise<number> {
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM orders o JOIN users u ON u.id = o.user_id WHERE ${listWhere(eventId, f)}`.execute(q);
  return r.rows[0]?.n ?? 0;
}

/** How many orders of the event are in each state, and what paid orders brought in. */
export async function orderStateCounts(q: Q, eventId: number): Promise<{ counts: Record<string, number>; revenue: number }> {
  const r = await sql<{ state: string; n: number; total: number }>`SELECT state, count(*)::int AS n, coalesce(sum(total), 0) AS total
    FROM orders WHERE event_id = ${eventId} GROUP BY state`.execute(q);
  const counts: Record<string, number> = {};
  let revenue = 0;
  for (const row of r.rows) {
    counts[row.state] = row.n;
    if (row.state === 'paid') revenue = Number(row.total);
  }
  return { counts, revenue };
}

/** The buyer's name and address for the organiser's mails and list. */
export async function buyerOf(q: Q, userId: number) {
  return q.selectFrom('users').select(['id', 'email', 'first_name', 'last_name', 'locale', 'deleted']).where('id', '=', userId).executeTakeFirstOrThrow();
}

/** The order line that sold a ticket now names the ticket that replaced it (a transfer). */
export async function moveOrderLine(trx: Tx, fromTicket: number, toTicket: number): Promise<void> {
  await trx.updateTable('order_lines').set({ ticket_id: toTicket }).where('ticket_id', '=', fromTicket).execute();
}

/** The line that sold a ticket (it follows the ticket through transfers). */
export async function lineOfTicket(q: Q, ticketId: number): Promise<{ id: number; order_id: number } | undefined> {
  return q.selectFrom('order_lines').select(['id', 'order_id']).where('ticket_id', '=', ticketId).executeTakeFirst();
}

export async function markLineCancelled(trx: Tx, lineId: number): Promise<void> {
  await trx.updateTable('order_lines').set({ cancelled_at: sql`now()` }).where('id', '=', lineId).execute();
}
