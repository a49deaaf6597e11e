import { sql } from 'kysely';
import { TICKET_TYPE_FIELD_NAMES, type SalesSettingsFields, type TicketTypeFields } from '../../../contract/sales.ts';
import type { Q, Tx } from '../../db/tx.ts';

/**
 * SQL of ticket types and of an event's payment settings. The quota is taken and given back here
 * with single conditional statements: the database decides who got the last ticket.
 */

export type TicketTypeRow = NonNullable<Awaited<ReturnType<typeof findTicketType>>>;

// The organiser's fields come from the contract's list, so a field added to the form is read back too.
const TYPE_COLUMNS = ['id', 'event_id', ...TICKET_TYPE_FIELD_NAMES, 'taken', 'deleted', 'access_key', 'shared_quota_id'] as const;

export async function findTicketType(q: Q, typeId: number) {
  return q.selectFrom('ticket_types').select(TYPE_COLUMNS).where('id', '=', typeId).executeTakeFirst();
}

/** The types of these events that are not removed, in the organiser's order. */
export async function ticketTypesOf(q: Q, eventIds: number[]) {
  if (!eventIds.length) return [];
  return q
    .selectFrom('ticket_types')
    .select(TYPE_COLUMNS)
    .where('event_id', 'in', eventIds)
    .where('deleted', '=', false)
    .orderBy('event_id')
    .orderBy('sort')
    .orderBy('id')
    .execute();
}
export type TypeRow = Awaited<ReturnType<typeof ticketTypesOf>>[number];

function typeColumns(f: TicketTypeFields) {
  return {
    name: f.name,
    description: f.description,
    price: f.price,
    quota: f.quota,
    sale_starts_at: f.sale_starts_at === null ? null : new Date(f.sale_starts_at * 1000),
    sale_ends_at: f.sale_ends_at === null ? null : new Date(f.sale_ends_at * 1000),
    hidden: f.hidden,
    max_per_order: f.max_per_order,
    max_per_person: f.max_per_person,
    ask_name: f.ask_name,
    ask_company: f.ask_company,
    ask_position: f.ask_position,
    sort: f.sort,
  };
}

export async function insertTicketType(trx: Tx, eventId: number, f: TicketTypeFields): Promise<number> {
  const r = await trx
    .insertInto('ticket_types')
    .values({ event_id: eventId, ...typeColumns(f) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** Locks the type's row until the transaction ends, so a sale cannot slip between a check and a write. */
export async function lockTicketType(trx: Tx, typeId: number) {
  return trx.selectFrom('ticket_types').select(TYPE_COLUMNS).where('id', '=', typeId).forUpdate().executeTakeFirst();
}

export async function writeTicketType(trx: Tx, typeId: number, f: TicketTypeFields): Promise<void> {
  await trx.updateTable('ticket_types').set(typeColumns(f)).where('id', '=', typeId).execute();
}

/** Gives the type a new private link; the old key stops working with this commit. */
export async function renewAccessKey(trx: Tx, typeId: number): Promise<void> {
  await sql`UPDATE ticket_types SET access_key = DEFAULT WHERE id = ${typeId}`.execute(trx);
}

export async function markTicketTypeDeleted(trx: Tx, typeId: number): Promise<void> {
  await trx.updateTable('ticket_types').set({ deleted: true }).where('id', '=', typeId).execute();
}

/** Whether any order ever sold this type (tickets, lines of ended orders included). */
export async function typeEverOrdered(q: Q, typeId: number): Promise<boolean> {
  const r = await q.selectFrom('order_lines').select('id').where('ticket_type_id', '=', typeId).limit(1).executeTakeFirst();
  return r !== undefined;
}

/**
 * Takes `count` tickets of the type if that many are left; false when they are not (sold out),
 * else the shared quota the type is in (null for none), whose places the caller takes next.
 * One statement: concurrent buyers on any instance queue on the row, and the last ticket goes
 * to exactly one of them. The table's CHECK refuses an oversell even if this were bypassed.
 */
export async function takeQuota(trx: Tx, typeId: number, count: number): Promise<false | { shared: number | null }> {
  const r = await sql<{ shared_quota_id: number | null }>`UPDATE ticket_types SET taken = taken + ${count}
    WHERE id = ${typeId} AND (quota IS NULL OR taken + ${count} <= quota) RETURNING shared_quota_id`.execute(trx);
  const row = r.rows[0];
  return row ? { shared: row.shared_quota_id } : false;
}

/** Gives tickets back to the type (an order expired, was cancelled or refunded); answers its shared quota. */
export async function releaseQuota(trx: Tx, typeId: number, count: number): Promise<number | null> {
  const r = await sql<{ shared_quota_id: number | null }>`UPDATE ticket_types SET taken = greatest(taken - ${count}, 0)
    WHERE id = ${typeId} RETURNING shared_quota_id`.execute(trx);
  return r.rows[0]?.shared_quota_id ?? null;
}

/** Takes places of a shared quota, the way takeQuota takes a type's: false when too few are left. */
export async function takeSharedQuota(trx: Tx, quotaId: number, count: number): Promise<boolean> {
  const r = await sql`UPDATE ticket_quotas SET taken = taken + ${count} WHERE id = ${quotaId} AND taken + ${count} <= size`.execute(trx);
  return Number(r.numAffectedRows ?? 0) === 1;
}

export async function releaseSharedQuota(trx: Tx, quotaId: number, count: number): Promise<void> {
  await sql`UPDATE ticket_quotas SET taken = greatest(taken - ${count}, 0) WHERE id = ${quotaId}`.execute(trx);
}

/** How many of each type paid orders hold, for the organiser's figures (taken counts pending ones too). */
export async function paidCountsOf(q: Q, eventId: number): Promise<Map<number, number>> {
  const r = await sql<{ type_id: number; n: number }>`
    SELECT l.ticket_type_id AS type_id, count(*)::int AS n FROM order_lines l JOIN orders o ON o.id = l.order_id
    WHERE o.event_id = ${eventId} AND o.state = 'paid' AND l.cancelled_at IS NULL GROUP BY l.ticket_type_id`.execute(q);
  return new Map(r.rows.map((x) => [x.type_id, x.n]));
}

// The event's payment settings ----------------------------------------------------------------

export async function salesSettingsOf(q: Q, eventIds: number[]) {
  if (!eventIds.length) return [];
  return q
    .selectFrom('ticket_sales_settings')
    .select(['event_id', 'transfer_enabled', 'transfer_instructions', 'transfer_hours', 'card_enabled', 'edit_hours', 'paid_cancel'])
    .where('event_id', 'in', eventIds)
    .execute();
}

export async function writeSalesSettings(trx: Tx, eventId: number, f: Omit<SalesSettingsFields, 'currency'>): Promise<void> {
  const values = {
    transfer_enabled: f.transfer_enabled,
    transfer_instructions: f.transfer_instructions,
    transfer_hours: f.transfer_hours,
    card_enabled: f.card_enabled,
    ...(f.edit_hours === undefined ? {} : { edit_hours: f.edit_hours }),
    ...(f.paid_cancel === undefined ? {} : { paid_cancel: f.paid_cancel }),
    updated_at: new Date(),
  };
  await trx
    .insertInto('ticket_sales_settings')
    .values({ event_id: eventId, ...values })
    .onConflict((oc) => oc.column('event_id').doUpdateSet(values))
    .execute();
}

/** The event's currency (events.currency), which every type is priced in. */
export async function eventCurrency(q: Q, eventId: number): Promise<string> {
  const r = await q.selectFrom('events').select('currency').where('id', '=', eventId).executeTakeFirstOrThrow();
  return r.currency.trim();
}

export async function setEventCurrency(trx: Tx, eventId: number, currency: string): Promise<void> {
  await trx.updateTable('events').set({ currency }).where('id', '=', eventId).where('currency', '<>', currency).execute();
}

export async function eventHasOrders(q: Q, eventId: number): Promise<boolean> {
  return (await q.selectFrom('orders').select('id').where('event_id', '=', eventId).limit(1).executeTakeFirst()) !== undefined;
}

/**
 * The legacy `ticket_min_price` (the "from" price on cards) follows the cheapest type buyers can
 * see. An event with no types keeps what it had (seeded prices, events made before sales).
 */
export async function refreshMinPrice(trx: Tx, eventId: number): Promise<void> {
  await sql`UPDATE events e SET ticket_min_price = m.price
    FROM (SELECT min(price) AS price FROM ticket_types WHERE event_id = ${eventId} AND NOT deleted AND NOT hidden) m
    WHERE e.id = ${eventId} AND m.price IS NOT NULL AND e.ticket_min_price <> m.price`.execute(trx);
}

/**
 * The event's valid paid tickets, touched when the organiser changes the rule, so the holders'
 * cards offer (or stop offering) "ask to cancel" from their next pull.
 */
export async function touchPaidTickets(trx: Tx, eventId: number): Promise<void> {
  await sql`UPDATE tickets SET rev = rev WHERE event_id = ${eventId} AND price > 0 AND status = 'valid' AND NOT deleted`.execute(trx);
}
