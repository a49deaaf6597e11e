import type { TicketDoc } from '../../../contract/tickets.ts';
import type { TicketEmailDoc } from '../../../sync/views/tickets/tickets.ts';
import type { CartDoc } from '../../../sync/views/tickets/cart.ts';
import type { QueuedCommand } from '../../../sync/store/overlay.ts';
import { query, type Device } from '../device.ts';
import { LiveStore, LiveStoreMap } from '../live-store.ts';

/**
 * My tickets (events.md §2) from the user's `tickets` documents, so the cards and their QR codes
 * show offline. Downloading the PDF and sending it by email need the server; the email lock of
 * events.md §4 is a local document (sync/views/tickets/tickets.ts), so it holds across reloads and tabs.
 */
export class TicketsStores {
  readonly tickets = new LiveStore<TicketDoc[]>(query('tickets'), []);
  /** The user's orders, which share the tickets collection (contract/tickets.ts). */
  readonly orders = new LiveStore<TicketDoc[]>(query('orders'), []);
  readonly emailLocks = new LiveStore<TicketEmailDoc | null>(query('emailLocks'), null);
  /** The checkout's cart per event, a local document (sync/views/tickets/cart.ts). */
  readonly carts = new LiveStoreMap<number, CartDoc | null>((eventId) => new LiveStore(query('cart', eventId), null));
  /** Queued ticket-type and payment-settings commands, for the organiser's overlay. */
  readonly salesCommands = new LiveStore<(QueuedCommand & { code?: string })[]>(query('salesCommands'), []);
  private device: Device | null = null;

  setDevice(device: Device | null): void {
    this.device = device;
    this.tickets.setDevice(device);
    this.orders.setDevice(device);
    this.emailLocks.setDevice(device);
    this.carts.setDevice(device);
    this.salesCommands.setDevice(device);
  }

  cartOf(eventId: number): LiveStore<CartDoc | null> {
    return this.carts.get(eventId);
  }

  saveCart(cart: CartDoc): Promise<void> {
    return this.device ? this.device.call('saveCart', cart) : Promise.resolve();
  }

  clearCart(eventId: number): Promise<void> {
    return this.device ? this.device.call('clearCart', eventId) : Promise.resolve();
  }

  lock(ticketId: number, atMs: number, serverUntilMs = 0): Promise<void> {
    return this.device ? this.device.call('lockTicketEmail', ticketId, atMs, serverUntilMs) : Promise.resolve();
  }
}
