import { useMemo } from 'react';
import type { TicketDoc } from '../../contract/tickets.ts';
import { LegacyError } from '../../sync/store/caches.ts';
import type { FoyerDatabase } from '../../sync/engine/database.ts';
import { isErrorCode } from '../../contract/errors.ts';
import { joinUrl, NetworkError, retryAfterOf } from '../../sync/engine/http.ts';
import {
  emailLockRemaining,
  lockTicketEmail,
  observeEmailLocks,
  observeOrders,
  observeTickets,
  queryTickets,
  ticketCounts,
  type TicketEmailDoc,
  type TicketsTab,
} from '../../sync/views/tickets/tickets.ts';
import { clearCart, observeCart, saveCart, type CartDoc } from '../../sync/views/tickets/cart.ts';
import { sortOrders, type OrdersData } from '../../sync/views/tickets/orders.ts';
import { observeSalesCommands } from '../../sync/views/tickets/sales-admin.ts';
import type { QueuedCommand } from '../../sync/store/overlay.ts';
import type { Loadable, MyTicketsData, TicketActions, TicketDownloadResult, TicketEmailResult } from './api.ts';
import { useRuntime, useStore } from './hooks.ts';
import { LiveStore, LiveStoreMap } from './live-store.ts';

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

/** The ticket lists of the profile: one tab, the first `limit` of it, and every tab's count. */
export function useMyTickets(tab: TicketsTab, limit: number, nowMs: number): Loadable<MyTicketsData> {
  const runtime = useRuntime();
  const { loading, value } = useStore(runtime.tickets.tickets);
  const data = useMemo(() => ({ ...queryTickets(value, tab, nowMs, limit), counts: ticketCounts(value, nowMs) }), [value, tab, nowMs, limit]);
  return useMemo(() => ({ data, isLoading: loading }), [data, loading]);
}

/** The user's orders: waiting for payment first, then the rest, newest first; `all` as the documents. */
export function useMyOrders(nowMs: number): Loadable<OrdersData & { all: TicketDoc[] }> {
  const { loading, value } = useStore(useRuntime().tickets.orders);
  const data = useMemo(() => ({ ...sortOrders(value, nowMs), all: value }), [value, nowMs]);
  return useMemo(() => ({ data, isLoading: loading }), [data, loading]);
}

/** Milliseconds before each ticket may be sent again, as of `nowMs` (the caller ticks). */
export function useTicketEmailLock(ticketId: number, nowMs: number): number {
  const { value } = useStore(useRuntime().tickets.emailLocks);
  return emailLockRemaining(value, ticketId, nowMs);
}

export function useTicketActions(): TicketActions {
  const runtime = useRuntime();
  return useMemo(
    () => ({
      async sendToEmail(ticket: Pick<TicketDoc, 'ticket_id' | 'send_email_link'>, locale: string): Promise<TicketEmailResult> {
        const sentAt = Date.now();
        try {
          const data = (await runtime.legacy(`${ticket.send_email_link}?lang=${encodeURIComponent(locale)}`)) as { locked_until?: unknown } | null;
          const serverUntil = typeof data?.locked_until === 'number' ? data.locked_until * 1000 : 0;
          await runtime.tickets.lock(ticket.ticket_id, sentAt, serverUntil);
          return { status: 'sent' };
        } catch (err) {
          if (err instanceof LegacyError && err.code === 'ticket_email_locked') {
            // Sent a moment ago from another device or tab: the lock applies here too.
            await runtime.tickets.lock(ticket.ticket_id, sentAt);
            return { status: 'locked' };
          }
          if (err instanceof LegacyError && err.code === 'rate_limited') return { status: 'rate_limited', retryAfter: err.retryAfter };
          if (err instanceof NetworkError) return { status: 'offline' };
          console.error('foyer: sending the ticket failed', err);
          return { status: 'failed' };
        }
      },

      // Fetched rather than linked: an answer that is not the PDF (too many downloads, a ticket
      // gone) is the legacy envelope, which a plain link would save as a file named like a PDF.
      async downloadPdf(ticket, locale): Promise<TicketDownloadResult> {
        let res: Response;
        try {
          res = await fetch(joinUrl(runtime.baseUrl, `${ticket.download_link}?lang=${encodeURIComponent(locale)}`), { credentials: 'same-origin' });
        } catch {
          return { status: 'offline' };
        }
        if (res.status === 401) return { status: 'refused', code: 'auth_required' };
        if ((res.headers.get('content-type') ?? '').startsWith('application/pdf')) {
          saveFile(await res.blob(), fileName(res.headers.get('content-disposition')) ?? `ticket-${ticket.ticket_id}.pdf`);
          return { status: 'saved' };
        }
        const body = (await res.json().catch(() => null)) as { error?: unknown; data?: unknown } | null;
        const code = isErrorCode(body?.error) ? body.error : 'unknown_error';
        return { status: 'refused', code, retryAfter: retryAfterOf(body?.data) };
      },
    }),
    [runtime],
  );
}

/** The file name of a Content-Disposition header, when it carries a plain one. */
function fileName(disposition: string | null): string | undefined {
  const name = disposition?.match(/filename="([^"\\/]+)"/)?.[1];
  return name || undefined;
}

function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started reading the blob by now; keeping it a while costs nothing.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
