import type { TicketDoc } from '../../../contract/tickets.ts';
import type { FoyerDatabase } from '../../../sync/engine/database.ts';
import { lockTicketEmail, observeEmailLocks, observeOrders, observeTickets, type TicketEmailDoc } from '../../../sync/views/tickets/tickets.ts';
import { clearCart, observeCart, saveCart, type CartDoc } from '../../../sync/views/tickets/cart.ts';
import { observeSalesCommands } from '../../../sync/views/tickets/sales-admin.ts';
import type { QueuedCommand } from '../../../sync/store/overlay.ts';
import { LiveStore, LiveStoreMap } from '../live-store.ts';

/**
 * My tickets (events.md §2) from the user's `tickets` documents, so the cards and their QR codes
 * show offline. Downloading the PDF and sending it by email need the server; the email lock of
 * events.md §4 is a local document (sync/views/tickets/tickets.ts), so it holds across reloads and tabs.
 */
export class TicketsStores {
  readonly tickets = new LiveStore<TicketDoc[]>((db) => observeTickets(db), []);
  /** The user's orders, which share the tickets collection (contract/tickets.ts). */
  readonly orders = new LiveStore<TicketDoc[]>((db) => observeOrders(db), []);
  readonly emailLocks = new LiveStore<TicketEmailDoc | null>((db) => observeEmailLocks(db), null);
  /** The checkout's cart per event, a local document (sync/views/tickets/cart.ts). */
  readonly carts = new LiveStoreMap<number, CartDoc | null>((eventId) => new LiveStore((db) => observeCart(db, eventId), null));
  /** Queued ticket-type and payment-settings commands, for the organiser's overlay. */
  readonly salesCommands = new LiveStore<(QueuedCommand & { code?: string })[]>((db) => observeSalesCommands(db), []);
  private db: FoyerDatabase | null = null;

  setDatabase(db: FoyerDatabase | null): void {
    this.db = db;
    this.tickets.setDatabase(db);
    this.orders.setDatabase(db);
    this.emailLocks.setDatabase(db);
    this.carts.setDatabase(db);
    this.salesCommands.setDatabase(db);
  }

  cartOf(eventId: number): LiveStore<CartDoc | null> {
    return this.carts.get(eventId);
  }

  saveCart(cart: CartDoc): Promise<void> {
    return this.db ? saveCart(this.db, cart) : Promise.resolve();
  }

  clearCart(eventId: number): Promise<void> {
    return this.db ? clearCart(this.db, eventId) : Promise.resolve();
  }

  lock(ticketId: number, atMs: number, serverUntilMs = 0): Promise<void> {
    if (!this.db) return Promise.resolve();
    return lockTicketEmail(this.db, ticketId, atMs, serverUntilMs);
  }
}
