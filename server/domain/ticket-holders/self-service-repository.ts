import { sql } from 'kysely';
import type { Q, Tx } from '../../db/tx.ts';

/**
 * SQL of a holder's own changes to a ticket (transfer.ts, cancel.ts): the ticket locked for the
 * change, the new holder's ticket, the waiting transfers, a cancellation.
 */

export interface TransferTicketRow {
  id: number;
  event_id: number;
  user_id: number;
  status: string;
  invalid: boolean;
  deleted: boolean;
  registration: boolean;
  order_id: number | null;
  order_state: string | null;
  transferred_at: Date | null;
  starts_at: Date;
  ends_at: Date;
  event_deleted: boolean;
  price: string;
  /** The organiser's deadline for attendee edits, in hours before the start. */
  edit_hours: number;
  /** The organiser's rule for paid tickets given back by their holders (contract/self-service.ts). */
  paid_cancel: 'never' | 'request';
}

/**
 * The ticket with what the transfer rules need, its row locked: two transfers of one ticket at once
 * (two devices of the holder) queue here, and the second sees the first's result.
 */
export async function lockTicketForTransfer(trx: Tx, ticketId: number): Promise<TransferTicketRow | undefined> {
  const r = await sql<TransferTicketRow>`
    SELECT t.id, t.event_id, t.user_id, t.status, t.invalid, t.deleted, t.registration, t.order_id, t.transferred_at,
      o.state AS order_state, e.starts_at, e.ends_at, e.deleted AS event_deleted, t.price, coalesce(ss.edit_hours, 0) AS edit_hours,
      coalesce(ss.paid_cancel, 'never') AS paid_cancel
    FROM tickets t JOIN events e ON e.id = t.event_id LEFT JOIN orders o ON o.id = t.order_id
      LEFT JOIN ticket_sales_settings ss ON ss.event_id = t.event_id
    WHERE t.id = ${ticketId}
    FOR UPDATE OF t`.execute(trx);
  return r.rows[0];
}

export interface TransferAccount {
  id: number;
  email: string;
  first_name: string;
  locale: string;
  email_verified: boolean;
}

/** The live account of an address (compared without case), verified or not. */
export async function accountOfEmail(q: Q, email: string): Promise<TransferAccount | undefined> {
  const r = await sql<TransferAccount>`
    SELECT id, email, first_name, locale, email_verified FROM users
    WHERE lower(email) = ${email} AND NOT deleted AND NOT disabled
    ORDER BY id LIMIT 1`.execute(q);
  return r.rows[0];
}

export async function holderOf(q: Q, userId: number): Promise<TransferAccount | undefined> {
  const r = await sql<TransferAccount>`SELECT id, email, first_name, locale, email_verified FROM users WHERE id = ${userId}`.execute(q);
  return r.rows[0];
}

/** The old ticket stops working: cancelled, with when it was given away and, once issued, its successor. */
export async function revokeTransferred(trx: Tx, ticketId: number): Promise<void> {
  await trx.updateTable('tickets').set({ status: 'cancelled', transferred_at: sql`now()` }).where('id', '=', ticketId).execute();
}

export async function linkSuccessor(trx: Tx, ticketId: number, successorId: number): Promise<void> {
  await trx.updateTable('tickets').set({ transferred_to: successorId }).where('id', '=', ticketId).execute();
}

/**
 * The new holder's ticket: the old one's event, type, price and order, with its own code and the
 * name the giver typed. The old holder's company and position are theirs, not the new holder's.
 */
export async function insertSuccessor(trx: Tx, fromId: number, to: { userId: number; code: string; name: string }): Promise<number> {
  const r = await sql<{ id: number }>`
    INSERT INTO tickets (event_id, user_id, code, type, name, price, currency, description, place, visitor_category, order_id, ticket_type_id)
    SELECT event_id, ${to.userId}, ${to.code}, type, ${to.name}, price, currency, description, place, visitor_category, order_id, ticket_type_id
    FROM tickets WHERE id = ${fromId}
    RETURNING id`.execute(trx);
  const id = r.rows[0]?.id;
  if (id === undefined) throw new Error(`transfer: ticket ${fromId} vanished under its lock`);
  return id;
}

export interface TransferRow {
  id: number;
  from_ticket: number;
  to_ticket: number | null;
  from_user: number;
  email: string;
  name: string;
}

/** Records the transfer; false when the ticket was given away already (the unique from_ticket). */
export async function insertTransfer(
  trx: Tx,
  t: { fromTicket: number; toTicket: number | null; fromUser: number; email: string; name: string },
): Promise<boolean> {
  const r = await trx
    .insertInto('ticket_transfers')
    .values({ from_ticket: t.fromTicket, to_ticket: t.toTicket, from_user: t.fromUser, email: t.email, name: t.name })
    .onConflict((oc) => oc.column('from_ticket').doNothing())
    .returning('id')
    .executeTakeFirst();
  return r !== undefined;
}

/** Transfers to this address that wait for its account, locked so a claim happens once. */
export async function waitingTransfers(trx: Tx, email: string): Promise<TransferRow[]> {
  const r = await sql<TransferRow>`
    SELECT id, from_ticket, to_ticket, from_user, email, name FROM ticket_transfers
    WHERE email = ${email} AND to_ticket IS NULL ORDER BY id FOR UPDATE`.execute(trx);
  return r.rows;
}

export async function markClaimed(trx: Tx, transferId: number, toTicket: number): Promise<void> {
  await trx.updateTable('ticket_transfers').set({ to_ticket: toTicket, claimed_at: sql`now()` }).where('id', '=', transferId).execute();
}

/** The holder's cancellation: the door refuses the ticket from its next pull. */
export async function cancelTicketRow(trx: Tx, ticketId: number): Promise<void> {
  await trx.updateTable('tickets').set({ status: 'cancelled' }).where('id', '=', ticketId).execute();
}

/** The attendee details printed on the ticket, as its holder corrected them. */
export async function writeAttendee(trx: Tx, ticketId: number, f: { name: string; company: string }): Promise<void> {
  await trx.updateTable('tickets').set({ name: f.name, company: f.company }).where('id', '=', ticketId).execute();
}

// Registration tickets (registration.ts) -----------------------------------------------------------

/** Makes the person's voided registration ticket valid again; false when they never had one. */
export async function reviveRegistrationTicket(trx: Tx, eventId: number, userId: number): Promise<boolean> {
  const row = await trx
    .updateTable('tickets')
    .set({ status: 'valid', deleted: false })
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .where('registration', '=', true)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertRegistrationTicket(trx: Tx, t: { event_id: number; user_id: number; code: string; type: string; currency: string }): Promise<void> {
  await trx
    .insertInto('tickets')
    .values({ ...t, price: 0, registration: true })
    .execute();
}

/** Voids the person's registration ticket; false when there was no valid one. */
export async function cancelRegistrationTicket(trx: Tx, eventId: number, userId: number): Promise<boolean> {
  const row = await trx
    .updateTable('tickets')
    .set({ status: 'cancelled' })
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .where('registration', '=', true)
    .where('status', '<>', 'cancelled')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
