import type { FoyerDatabase } from '../../engine/database.ts';
import { clearCart, saveCart } from './cart.ts';
import { lockTicketEmail } from './tickets.ts';
import { observeCart } from './cart.ts';
import { observeSalesCommands } from './sales-admin.ts';
import { observeEmailLocks, observeOrders, observeTickets } from './tickets.ts';
import { observeWaitlistCommands, observeWaitlistDocs } from './waitlist.ts';

/**
 * The live reads of tickets and orders: the user's tickets, orders and email locks, an event's
 * cart, and the organisers' queued sales commands, as the worker serves them to the page by name
 * (workers/queries.ts merges every area's). A screen reads one with useDevice(query(name,
 * ...args)).
 */
export const TICKET_READS = {
  tickets: (db: FoyerDatabase) => observeTickets(db),
  orders: (db: FoyerDatabase) => observeOrders(db),
  emailLocks: (db: FoyerDatabase) => observeEmailLocks(db),
  cart: (db: FoyerDatabase, eventId: number) => observeCart(db, eventId),
  salesCommands: (db: FoyerDatabase) => observeSalesCommands(db),
  waitlistDocs: (db: FoyerDatabase) => observeWaitlistDocs(db),
  waitlistCommands: (db: FoyerDatabase) => observeWaitlistCommands(db),
} as const;

/**
 * The local writes of tickets: an event's cart, and the email lock after a ticket was sent, which
 * the page asks of the device by name (workers/actions.ts merges every area's).
 */
export const TICKET_WRITES = {
  saveCart: (db: FoyerDatabase, cart: Parameters<typeof saveCart>[1]) => saveCart(db, cart),
  clearCart: (db: FoyerDatabase, eventId: number) => clearCart(db, eventId),
  lockTicketEmail: (db: FoyerDatabase, ticketId: number, atMs: number, serverUntilMs: number) => lockTicketEmail(db, ticketId, atMs, serverUntilMs),
} as const;
