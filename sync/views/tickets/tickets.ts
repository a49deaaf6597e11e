import { map, type Observable } from 'rxjs';
import { TICKET_EMAIL_LOCK_MS } from '../../../contract/constants.ts';
import { ticketPeriodOf, type TicketDoc } from '../../../contract/tickets.ts';
import type { FoyerDatabase } from '../../engine/database.ts';
import { modifyLocal, observeLocal } from '../../store/local.ts';

/**
 * My tickets (events.md §2): the user's `tickets` documents split into the all / future / past tabs
 * with the same order the legacy list uses (upcoming soonest first, then past most recent first),
 * and the send-to-email lock of events.md §4 kept in a local document so it survives reloads.
 * Pure apart from the two observers at the end.
 */

export type TicketsTab = 'all' | 'future' | 'past';
export const TICKETS_TABS: readonly TicketsTab[] = ['all', 'future', 'past'];

export interface TicketCounts {
  all: number;
  future: number;
  past: number;
}

/** Upcoming (not yet ended) first by start, then past by start, newest first; ties by id, newest first. */
export function compareTickets(nowMs: number): (a: TicketDoc, b: TicketDoc) => number {
  return (a, b) => {
    const pa = ticketPeriodOf(a.when_end, nowMs);
    const pb = ticketPeriodOf(b.when_end, nowMs);
    if (pa !== pb) return pa === 'future' ? -1 : 1;
    const byStart = pa === 'future' ? a.when - b.when : b.when - a.when;
    return byStart || b.ticket_id - a.ticket_id;
  };
}

export function ticketCounts(tickets: readonly TicketDoc[], nowMs: number): TicketCounts {
  let future = 0;
  for (const t of tickets) if (ticketPeriodOf(t.when_end, nowMs) === 'future') future++;
  return { all: tickets.length, future, past: tickets.length - future };
}

export interface TicketsPage {
  items: TicketDoc[];
  /** How many the tab holds. */
  total: number;
}

export function queryTickets(tickets: readonly TicketDoc[], tab: TicketsTab, nowMs: number, limit: number): TicketsPage {
  const matching = tab === 'all' ? [...tickets] : tickets.filter((t) => ticketPeriodOf(t.when_end, nowMs) === tab);
  matching.sort(compareTickets(nowMs));
  return { items: matching.slice(0, Math.max(0, limit)), total: matching.length };
}

/** The user's tickets; the orders that share the collection (kind `order`) are left out. */
export function observeTickets(db: FoyerDatabase): Observable<TicketDoc[]> {
  return db.tickets.find({ selector: { kind: 'ticket' } }).$.pipe(map((list) => list.map((d) => d.toJSON() as TicketDoc)));
}

/** The user's orders, each as its own document of the tickets collection (contract/tickets.ts). */
export function observeOrders(db: FoyerDatabase): Observable<TicketDoc[]> {
  return db.tickets.find({ selector: { kind: 'order' } }).$.pipe(map((list) => list.map((d) => d.toJSON() as TicketDoc)));
}

// ---- the send-to-email lock ----

export const LOCAL_TICKET_EMAIL = 'ticket_email';

export interface TicketEmailDoc {
  /** Ticket id → epoch milliseconds until which sending again is locked. */
  lockedUntil: Record<string, number>;
}

/** Milliseconds left before the ticket may be sent again; 0 when it may be sent now. */
export function emailLockRemaining(doc: TicketEmailDoc | null, ticketId: number, nowMs: number): number {
  const until = doc?.lockedUntil[String(ticketId)] ?? 0;
  return Math.max(0, until - nowMs);
}

/**
 * Locks the ticket for TICKET_EMAIL_LOCK_MS from `sentAtMs`, or until the server's own lock when it
 * names a later one (the ticket was sent from another device). Expired locks are dropped so the
 * document stays small.
 */
export function withEmailLock(doc: TicketEmailDoc | null, ticketId: number, sentAtMs: number, serverUntilMs = 0): TicketEmailDoc {
  const kept = Object.entries(doc?.lockedUntil ?? {}).filter(([, until]) => until > sentAtMs);
  const until = Math.max(sentAtMs + TICKET_EMAIL_LOCK_MS, serverUntilMs);
  return { lockedUntil: { ...Object.fromEntries(kept), [String(ticketId)]: until } };
}

export async function lockTicketEmail(db: FoyerDatabase, ticketId: number, sentAtMs = Date.now(), serverUntilMs = 0): Promise<void> {
  await modifyLocal<TicketEmailDoc>(db, LOCAL_TICKET_EMAIL, { lockedUntil: {} }, (d) => withEmailLock(d, ticketId, sentAtMs, serverUntilMs));
}

export function observeEmailLocks(db: FoyerDatabase): Observable<TicketEmailDoc | null> {
  return observeLocal<TicketEmailDoc>(db, LOCAL_TICKET_EMAIL);
}
