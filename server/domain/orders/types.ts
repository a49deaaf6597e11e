import { DomainError, type ErrorCode } from '../../../contract/errors.ts';
import {
  checkSalesSettings,
  checkTicketType,
  normaliseTicketType,
  TICKET_TYPE_FIELD_NAMES,
  type SalesProblem,
  type SalesSettingsFields,
  type TicketTypeFields,
} from '../../../contract/sales.ts';
import type { Tx } from '../../db/tx.ts';
import { requireOrganiser } from '../organisers/service.ts';
import type { Effect } from '../effects.ts';
import {
  eventCurrency,
  eventHasOrders,
  insertTicketType,
  lockTicketType,
  markTicketTypeDeleted,
  refreshMinPrice,
  renewAccessKey,
  setEventCurrency,
  typeEverOrdered,
  writeSalesSettings,
  salesSettingsOf,
  touchPaidTickets,
  writeTicketType,
} from './types-repository.ts';
import { forgetPromoType } from './promo-repository.ts';
import { settleLines } from './waitlist.ts';

/**
 * The organiser's side of ticket sales: ticket types and how the event is paid for. Each is a
 * command (queued offline, applied once), checked for the organiser's right inside its own
 * transaction like every admin write. The event's document carries the types, so every change
 * gives the event a new rev (the trigger of 040_ticket_sales.sql) and every device learns it.
 */

/** Every device holds the event's public part; the organisers' own devices hold the rest. */
export function salesEffect(eventId: number, userId: number): Effect {
  return { ids: [String(eventId)], collections: ['events'], userIds: [userId], eventIds: [eventId] };
}

const PROBLEM_CODES: Record<SalesProblem, ErrorCode> = {
  required: 'invalid_input',
  too_long: 'invalid_input',
  price_cents: 'price_cents',
  sale_order: 'ticket_sale_order',
  quota_below_taken: 'ticket_quota_below_taken',
  per_person_below_order: 'ticket_per_person_below_order',
};

function refuse<K extends string>(problems: Partial<Record<K, SalesProblem>>, order: readonly K[]): void {
  for (const field of order) {
    const problem = problems[field];
    if (problem) throw new DomainError(PROBLEM_CODES[problem], field);
  }
}

/**
 * Creates a type (no `typeId`) or replaces every field of one. A quota below what pending and paid
 * orders already hold is refused: those tickets exist. Prices change only future orders.
 */
export async function saveTicketType(trx: Tx, userId: number, eventId: number, typeId: number | undefined, raw: TicketTypeFields): Promise<Effect> {
  await requireOrganiser(trx, eventId, userId);
  const fields = normaliseTicketType(raw);
  const currency = await eventCurrency(trx, eventId);
  if (typeId === undefined) {
    refuse(checkTicketType(fields, currency), TICKET_TYPE_FIELD_NAMES);
    await insertTicketType(trx, eventId, fields);
  } else {
    const current = await lockTicketType(trx, typeId);
    if (!current || current.deleted || current.event_id !== eventId) throw new DomainError('ticket_type_not_found');
    refuse(checkTicketType(fields, currency, current.taken), TICKET_TYPE_FIELD_NAMES);
    await writeTicketType(trx, typeId, fields);
  }
  await refreshMinPrice(trx, eventId);
  // A quota raised (or removed) frees places for the type's waitlist.
  return typeId === undefined ? salesEffect(eventId, userId) : settleLines(trx, [typeId], salesEffect(eventId, userId));
}

/**
 * Makes a new private link for the type: whoever holds the old one can no longer see or buy it.
 * Any type has a key, so a type made hidden later already has a link; orders placed with the old
 * key stay as they are, as a promo code edited later leaves its orders.
 */
export async function renewTicketTypeLink(trx: Tx, userId: number, eventId: number, typeId: number): Promise<Effect> {
  await requireOrganiser(trx, eventId, userId);
  const current = await lockTicketType(trx, typeId);
  if (!current || current.deleted || current.event_id !== eventId) throw new DomainError('ticket_type_not_found');
  await renewAccessKey(trx, typeId);
  return salesEffect(eventId, userId);
}

/**
 * Removes a type nobody ever ordered. One that sold keeps its row (its tickets and orders point at
 * it): the organiser hides it instead, which the screen offers.
 */
export async function deleteTicketType(trx: Tx, userId: number, eventId: number, typeId: number): Promise<Effect> {
  await requireOrganiser(trx, eventId, userId);
  const current = await lockTicketType(trx, typeId);
  if (!current || current.event_id !== eventId) throw new DomainError('ticket_type_not_found');
  if (current.deleted) return salesEffect(eventId, userId);
  if (current.taken > 0 || (await typeEverOrdered(trx, typeId))) throw new DomainError('ticket_type_in_use');
  await markTicketTypeDeleted(trx, typeId);
  await forgetPromoType(trx, eventId, typeId);
  await refreshMinPrice(trx, eventId);
  return salesEffect(eventId, userId);
}

/**
 * The currency and the paid methods. The currency is the event's and cannot change once an order
 * exists: the orders, tickets and refunds are in the old one.
 */
export async function saveSalesSettings(trx: Tx, userId: number, eventId: number, fields: SalesSettingsFields): Promise<Effect> {
  await requireOrganiser(trx, eventId, userId);
  const next = { ...fields, transfer_instructions: fields.transfer_instructions.trim() };
  const problems = checkSalesSettings(next);
  if (problems.transfer_instructions) throw new DomainError('transfer_instructions_required', 'transfer_instructions');
  const current = await eventCurrency(trx, eventId);
  if (current !== next.currency) {
    if (await eventHasOrders(trx, eventId)) throw new DomainError('currency_locked', 'currency');
    await setEventCurrency(trx, eventId, next.currency);
  }
  const [before] = await salesSettingsOf(trx, [eventId]);
  await writeSalesSettings(trx, eventId, next);
  if (next.paid_cancel !== undefined && next.paid_cancel !== (before?.paid_cancel ?? 'never')) await touchPaidTickets(trx, eventId);
  return salesEffect(eventId, userId);
}
