import { sql } from 'kysely';
import type { Q, Tx } from '../../db/tx.ts';

/**
 * SQL of holders' requests to cancel paid tickets (cancel-request.ts, 067_paid_cancel_requests.sql):
 * the request recorded once, the event's open requests for the organiser, a decision.
 */

/** Records an open request; false when the ticket has one open already (the partial unique index). */
export async function insertCancelRequest(trx: Tx, r: { ticketId: number; eventId: number; userId: number }): Promise<boolean> {
  const res = await sql<{ id: number }>`
    INSERT INTO ticket_cancel_requests (ticket_id, event_id, user_id) VALUES (${r.ticketId}, ${r.eventId}, ${r.userId})
    ON CONFLICT (ticket_id) WHERE state = 'open' DO NOTHING
    RETURNING id`.execute(trx);
  return res.rows.length > 0;
}

/** A change the holder's devices must pull: the ticket's rev moves (its trigger), nothing else. */
export async function touchTicket(trx: Tx, ticketId: number): Promise<void> {
  await sql`UPDATE tickets SET rev = rev WHERE id = ${ticketId}`.execute(trx);
}

export interface OpenCancelRequest {
  id: number;
  ticket_id: number;
  event_id: number;
  user_id: number;
  state: 'open' | 'approved' | 'declined';
  created_at: Date;
}

/** The request, locked: two decisions of one request at once are judged one after the other. */
export async function lockCancelRequest(trx: Tx, id: number): Promise<OpenCancelRequest | undefined> {
  const r = await sql<OpenCancelRequest>`
    SELECT id, ticket_id, event_id, user_id, state, created_at FROM ticket_cancel_requests WHERE id = ${id} FOR UPDATE`.execute(trx);
  return r.rows[0];
}

export async function decideCancelRequest(trx: Tx, id: number, state: 'approved' | 'declined', by: number): Promise<void> {
  await sql`UPDATE ticket_cancel_requests SET state = ${state}, decided_at = now(), decided_by = ${by} WHERE id = ${id}`.execute(trx);
}

export interface CancelRequestListRow {
  id: number;
  ticket_id: number;
  created_at: Date;
  type: string;
  name: string;
  price: string;
  currency: string;
  email: string;
  order_code: string | null;
  order_method: string | null;
}

/** The event's open requests, oldest first, with what the organiser needs to decide. */
export async function openCancelRequests(q: Q, eventId: number): Promise<CancelRequestListRow[]> {
  const r = await sql<CancelRequestListRow>`
    SELECT r.id, r.ticket_id, r.created_at, t.type, t.name, t.price, t.currency, u.email, o.code AS order_code, o.method AS order_method
    FROM ticket_cancel_requests r JOIN tickets t ON t.id = r.ticket_id JOIN users u ON u.id = r.user_id
      LEFT JOIN orders o ON o.id = t.order_id
    WHERE r.event_id = ${eventId} AND r.state = 'open'
    ORDER BY r.created_at, r.id`.execute(q);
  return r.rows;
}

export interface CancelRequestFacts {
  id: number;
  ticket_id: number;
  event_id: number;
  user_id: number;
  state: 'open' | 'approved' | 'declined';
  order_id: number | null;
  order_method: string | null;
  provider_payment: string | null;
  currency: string;
  /** What the holder paid for this ticket: its order line's price (after any promo), or the ticket's. */
  amount: string;
}

/** What deciding a request needs, read before the card provider is asked to refund (outside any transaction). */
export async function cancelRequestFacts(q: Q, id: number): Promise<CancelRequestFacts | undefined> {
  const r = await sql<CancelRequestFacts>`
    SELECT r.id, r.ticket_id, r.event_id, r.user_id, r.state, o.id AS order_id, o.method AS order_method, o.provider_payment,
      t.currency, coalesce(l.price, t.price) AS amount
    FROM ticket_cancel_requests r JOIN tickets t ON t.id = r.ticket_id LEFT JOIN orders o ON o.id = t.order_id
      LEFT JOIN order_lines l ON l.ticket_id = t.id
    WHERE r.id = ${id}`.execute(q);
  return r.rows[0];
}
