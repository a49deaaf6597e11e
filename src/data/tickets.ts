import { useMemo } from 'react';
import type { TicketDoc } from '../../contract/tickets.ts';
import { isErrorCode } from '../../contract/errors.ts';
import { joinUrl, retryAfterOf } from '../../sync/engine/http.ts';
import { emailLockRemaining, queryTickets, ticketCounts, type TicketsTab } from '../../sync/views/tickets/tickets.ts';
import { sortOrders, type OrdersData } from '../../sync/views/tickets/orders.ts';
import type { Loadable, MyTicketsData, TicketActions, TicketDownloadResult, TicketEmailResult } from './api.ts';
import { query } from './device.ts';
import { useDevice, useRuntime } from './hooks.ts';
import { callOnline } from './online.ts';

/** The reads' values before the device answers. */
const NO_TICKET_DOCS: TicketDoc[] = [];

/** The ticket lists of the profile: one tab, the first `limit` of it, and every tab's count. */
export function useMyTickets(tab: TicketsTab, limit: number, nowMs: number): Loadable<MyTicketsData> {
  const { loading, value } = useDevice(query('tickets'), NO_TICKET_DOCS);
  const data = useMemo(() => ({ ...queryTickets(value, tab, nowMs, limit), counts: ticketCounts(value, nowMs) }), [value, tab, nowMs, limit]);
  return useMemo(() => ({ data, isLoading: loading }), [data, loading]);
}

/** The user's orders: waiting for payment first, then the rest, newest first; `all` as the documents. */
export function useMyOrders(nowMs: number): Loadable<OrdersData & { all: TicketDoc[] }> {
  const { loading, value } = useDevice(query('orders'), NO_TICKET_DOCS);
  const data = useMemo(() => ({ ...sortOrders(value, nowMs), all: value }), [value, nowMs]);
  return useMemo(() => ({ data, isLoading: loading }), [data, loading]);
}

/** Milliseconds before each ticket may be sent again, as of `nowMs` (the caller ticks). */
export function useTicketEmailLock(ticketId: number, nowMs: number): number {
  const { value } = useDevice(query('emailLocks'), null);
  return emailLockRemaining(value, ticketId, nowMs);
}

export function useTicketActions(): TicketActions {
  const runtime = useRuntime();
  return useMemo(
    () => ({
      async sendToEmail(ticket: Pick<TicketDoc, 'ticket_id' | 'send_email_link'>, locale: string): Promise<TicketEmailResult> {
        const sentAt = Date.now();
        const answer = await callOnline<{ locked_until?: unknown } | null>(runtime, `${ticket.send_email_link}?lang=${encodeURIComponent(locale)}`);
        if (answer.ok) {
          const serverUntil = typeof answer.data?.locked_until === 'number' ? answer.data.locked_until * 1000 : 0;
          await runtime.call('lockTicketEmail', ticket.ticket_id, sentAt, serverUntil);
          return { status: 'sent' };
        }
        if (answer.code === 'ticket_email_locked') {
          // Sent a moment ago from another device or tab: the lock applies here too.
          await runtime.call('lockTicketEmail', ticket.ticket_id, sentAt, 0);
          return { status: 'locked' };
        }
        if (answer.code === 'rate_limited') return { status: 'rate_limited', retryAfter: answer.retryAfter };
        if (answer.code === 'network_error') return { status: 'offline' };
        console.error('foyer: sending the ticket failed', answer.code);
        return { status: 'failed' };
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

      transfer: (ticketId, email, name) => runtime.enqueue('ticket.transfer', { ticket_id: ticketId, email, name }),
      cancel: (ticketId) => runtime.enqueue('ticket.cancel', { ticket_id: ticketId }),
      edit: (ticketId, name, company) => runtime.enqueue('ticket.edit', { ticket_id: ticketId, name, company }),
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
