import type { FoyerDatabase } from '../../engine/database.ts';
import { observeCart } from './cart.ts';
import { observeSalesCommands } from './sales-admin.ts';
import { observeEmailLocks, observeOrders, observeTickets } from './tickets.ts';

/**
 * The live reads of tickets and orders: the user's tickets, orders and email locks, an event's cart, and the organisers' queued sales commands, as the worker serves them to the page by name (workers/queries.ts
 * merges every area's). A screen reads one with useDevice(query(name, ...args)).
 */
export const TICKET_READS = {
  tickets: (db: FoyerDatabase) => observeTickets(db),
  orders: (db: FoyerDatabase) => observeOrders(db),
  emailLocks: (db: FoyerDatabase) => observeEmailLocks(db),
  cart: (db: FoyerDatabase, eventId: number) => observeCart(db, eventId),
  salesCommands: (db: FoyerDatabase) => observeSalesCommands(db),
} as const;
