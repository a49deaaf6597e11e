import { useMemo } from 'react';
import type { TicketDoc } from '../../contract/tickets.ts';
import { LegacyError } from '../../sync/caches.ts';
import type { FoyerDatabase } from '../../sync/database.ts';
import { NetworkError } from '../../sync/http.ts';
import {
  emailLockRemaining,
  lockTicketEmail,
  observeEmailLocks,
  observeTickets,
  queryTickets,
  ticketCounts,
  type TicketEmailDoc,
  type TicketsTab,
} from '../../sync/tickets.ts';
import type { Loadable, MyTicketsData, TicketActions, TicketEmailResult } from './api.ts';
import { useRuntime, useStore } from './hooks.ts';
import { LiveStore } from './live-store.ts';

/**
 * My tickets (events.md §2) from the user's `tickets` documents, so the cards and their QR codes
 * show offline. Downloading the PDF and sending it by email need the server; the email lock of
 * events.md §4 is a local document (sync/tickets.ts), so it holds across reloads and tabs.
 */
export class TicketsStores {
  readonly tickets = new LiveStore<TicketDoc[]>((db) => observeTickets(db), []);
  readonly emailLocks = new LiveStore<TicketEmailDoc | null>((db) => observeEmailLocks(db), null);
  private db: FoyerDatabase | null = null;

  setDatabase(db: FoyerDatabase | null): void {
    this.db = db;
    this.tickets.setDatabase(db);
    this.emailLocks.setDatabase(db);
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
          return 'sent';
        } catch (err) {
          if (err instanceof LegacyError && err.code === 'ticket_email_locked') {
            // Sent a moment ago from another device or tab: the lock applies here too.
            await runtime.tickets.lock(ticket.ticket_id, sentAt);
            return 'locked';
          }
          if (err instanceof NetworkError) return 'offline';
          console.error('foyer: sending the ticket failed', err);
          return 'failed';
        }
      },
    }),
    [runtime],
  );
}
