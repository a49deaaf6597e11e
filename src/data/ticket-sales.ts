import { useCallback, useEffect, useMemo, useState } from 'react';
import type { PromoCodeFields } from '../../contract/promo.ts';
import type { SharedQuotaFields } from '../../contract/quotas.ts';
import type { OrderState, SalesSettingsFields, TicketTypeFields } from '../../contract/sales.ts';
import { salesAdminView, type SalesAdminView } from '../../sync/views/tickets/sales-admin.ts';
import { callOnline, type OnlineResult } from './online.ts';
import type { Loadable } from './api.ts';
import type { EventView, QueuedCommand } from '../../sync/store/overlay.ts';
import { query } from './device.ts';
import { useDevice, useRuntime, useStore, useViews } from './hooks.ts';

/** Queued ticket-type and payment-settings commands before the device answers. */
const NO_SALES_COMMANDS: (QueuedCommand & { code?: string })[] = [];

/**
 * The organiser's side of ticket sales (src/features/admin/tickets). Ticket types and the payment
 * settings are read from the device (the organisers' copy of the event document) with the queued
 * commands laid over them, and written as commands, so they work offline like every admin edit.
 * The orders are read online (docs/DESIGN.md, "Orders on the server"), and acting on one (mark
 * paid, cancel, refund) needs the network too: it is judged against the order as it is now.
 */

export interface SalesAdminData {
  event: EventView;
  sales: SalesAdminView;
}

/** The event's ticket types and settings as the organiser edits them; undefined when not theirs or not on the device. */
export function useSalesAdmin(eventId: number): Loadable<SalesAdminData | undefined> {
  const views = useViews();
  const commands = useDevice(query('salesCommands'), NO_SALES_COMMANDS);
  const data = useMemo(() => {
    const event = views.value.find((e) => e.event_id === eventId && e.is_owner);
    return event ? { event, sales: salesAdminView(event, commands.value) } : undefined;
  }, [views.value, commands.value, eventId]);
  return useMemo(() => ({ data, isLoading: views.loading || commands.loading }), [data, views.loading, commands.loading]);
}

export interface SalesAdminActions {
  saveType(eventId: number, typeId: number | null, fields: TicketTypeFields): Promise<void>;
  deleteType(eventId: number, typeId: number): Promise<void>;
  /** Makes a new private link for a type; the old one stops working once the server applies it. */
  renewLink(eventId: number, typeId: number): Promise<void>;
  saveSettings(eventId: number, fields: SalesSettingsFields): Promise<void>;
  /** Creates a promo code (no id) or replaces every field of one; switching one off is an edit. */
  savePromo(eventId: number, codeId: number | null, fields: PromoCodeFields): Promise<void>;
  /** Creates a shared quota (no id) or replaces every field of one. */
  saveQuota(eventId: number, quotaId: number | null, fields: SharedQuotaFields): Promise<void>;
  deleteQuota(eventId: number, quotaId: number): Promise<void>;
  /** Lets go of a refused or parked command. */
  dismiss(commandId: string): Promise<void>;
}

export function useSalesAdminActions(): SalesAdminActions {
  const runtime = useRuntime();
  return useMemo(
    () => ({
      saveType: (eventId, typeId, fields) => runtime.enqueue('ticket_type.save', { event_id: eventId, ...(typeId ? { type_id: typeId } : {}), fields }),
      deleteType: (eventId, typeId) => runtime.enqueue('ticket_type.delete', { event_id: eventId, type_id: typeId }),
      renewLink: (eventId, typeId) => runtime.enqueue('ticket_type.new_link', { event_id: eventId, type_id: typeId }),
      saveSettings: (eventId, fields) => runtime.enqueue('ticket_sales.settings', { event_id: eventId, fields }),
      savePromo: (eventId, codeId, fields) => runtime.enqueue('promo_code.save', { event_id: eventId, ...(codeId ? { code_id: codeId } : {}), fields }),
      saveQuota: (eventId, quotaId, fields) => runtime.enqueue('ticket_quota.save', { event_id: eventId, ...(quotaId ? { quota_id: quotaId } : {}), fields }),
      deleteQuota: (eventId, quotaId) => runtime.enqueue('ticket_quota.delete', { event_id: eventId, quota_id: quotaId }),
      dismiss: (commandId) => runtime.dismiss(commandId),
    }),
    [runtime],
  );
}

export interface EventOrderLine {
  type: string;
  price: number;
  /** What a promo code took off this ticket. */
  discount: number;
  name: string;
  company: string;
  position: string;
  ticket_id: number | null;
}

export interface EventOrder {
  id: number;
  code: string;
  state: OrderState;
  method: string;
  total: number;
  currency: string;
  email: string;
  buyer: string;
  created_at: number;
  expires_at: number;
  paid_at: number;
  ended_at: number;
  refundable_by_provider: boolean;
  /** The promo code the order was placed with ('' for none) and what it took off. */
  promo_code: string;
  discount: number;
  lines: EventOrderLine[];
}

export interface EventOrdersPage {
  total: number;
  counts: Partial<Record<OrderState, number>>;
  revenue: number;
  types: { id: number; name: string; quota: number | null; taken: number; paid: number; hidden: boolean }[];
  /** Places of each shared quota held by pending and paid orders. */
  quotas: { id: number; size: number; taken: number }[];
  /** Tickets each promo code discounted in pending and paid orders. */
  promo_codes: { id: number; code: string; used: number; max_uses: number | null }[];
  items: EventOrder[];
  /** This server takes card payments (a provider is configured). */
  card_available: boolean;
}

export interface OrdersFilter {
  state: OrderState | null;
  search: string;
  limit: number;
  offset?: number;
}

/** The event's orders, asked of the server; `reload` asks again (after an action, or when the network is back). */
export function useEventOrders(
  eventId: number,
  filter: OrdersFilter,
): { result: OnlineResult<EventOrdersPage> | null; loading: boolean; fetchedAt: number; reload(): void } {
  const runtime = useRuntime();
  const sync = useStore(runtime.sync);
  const online = sync.state !== 'offline';
  const [state, setState] = useState<{ result: OnlineResult<EventOrdersPage> | null; loading: boolean; fetchedAt: number }>({
    result: null,
    loading: true,
    fetchedAt: 0,
  });
  const [round, setRound] = useState(0);
  const query = new URLSearchParams({
    limit: String(filter.limit),
    offset: String(filter.offset ?? 0),
    ...(filter.state ? { state: filter.state } : {}),
    ...(filter.search ? { q: filter.search } : {}),
  }).toString();
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    callOnline<EventOrdersPage>(runtime, `/api/events/${eventId}/orders?${query}`, undefined, controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      // Offline keeps the last list on screen, said to be as of when it was fetched.
      setState((s) => (result.ok || !s.result?.ok ? { result, loading: false, fetchedAt: result.ok ? Date.now() : s.fetchedAt } : { ...s, loading: false }));
    });
    return () => controller.abort();
  }, [runtime, eventId, query, online, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { ...state, reload };
}

export interface OrderActions {
  markPaid(eventId: number, code: string): Promise<OnlineResult<unknown>>;
  cancel(eventId: number, code: string, from: OrderState): Promise<OnlineResult<unknown>>;
  refund(eventId: number, code: string): Promise<OnlineResult<unknown>>;
  /** Every order of the event for the CSV export; `complete` is false when the server held back the oldest. */
  exportAll(eventId: number): Promise<OnlineResult<{ items: EventOrder[]; complete: boolean }>>;
}

export function useOrderActions(): OrderActions {
  const runtime = useRuntime();
  return useMemo(() => {
    const post = (eventId: number, code: string, action: string, body: object = {}) =>
      callOnline(runtime, `/api/events/${eventId}/orders/${encodeURIComponent(code)}/${action}`, body);
    return {
      markPaid: (eventId, code) => post(eventId, code, 'mark-paid'),
      cancel: (eventId, code, from) => post(eventId, code, 'cancel', { from }),
      refund: (eventId, code) => post(eventId, code, 'refund'),
      exportAll: (eventId) => callOnline(runtime, `/api/events/${eventId}/orders/export`),
    };
  }, [runtime]);
}
