import { useCallback, useEffect, useMemo, useState } from 'react';
import type { AccessState, PaymentMethod, TicketTypeOffer } from '../../contract/sales.ts';
import type { CheckoutRequest } from '../../contract/orders.ts';
import type { PromoCheckRequest, PromoOffer } from '../../contract/promo.ts';
import { emptyCart, type CartDoc } from '../../sync/views/tickets/cart.ts';
import { query } from './device.ts';
import { useDevice, useRuntime, useStore } from './hooks.ts';
import { callOnline, type OnlineResult } from './online.ts';

/**
 * Buying tickets (server/routes/api/checkout.ts). Unlike every other action this is never queued:
 * a payment needs the server there and then, and an order placed later than the buyer pressed the
 * button could not be honoured (the tickets may be gone, the price changed). Offline, the screens
 * say so and keep the cart, which is a local document (sync/views/tickets/cart.ts). What is on sale
 * right now (states, "3 left", the methods this server offers) is asked of the server while the
 * checkout is open; offline the checkout shows the types the event document carries.
 */

export type OfferType = TicketTypeOffer;

export interface CheckoutOffer {
  currency: string;
  methods: PaymentMethod[];
  types: OfferType[];
  /** Whether the private link the checkout was opened with is one of the event's ('none': no link). */
  access: AccessState;
  /** The waitlist offer the checkout was opened with (`?offer=`): valid with its type and end (unix seconds), or not; null without one. */
  offer: { state: 'valid' | 'invalid'; type_id: number; expires: number } | null;
  /** Epoch milliseconds of the answer. */
  fetchedAt: number;
}

export interface PlacedOrderView {
  id: number;
  code: string;
  event_id: number;
  state: string;
  method: string;
  total: number;
  currency: string;
  expires_at: number;
  instructions: string;
  lines: { type: string; price: number; name: string; ticket_id: number | null }[];
  /** The promo code the order was placed with ('' for none) and what it took off. */
  promo_code: string;
  discount: number;
}

export type CheckoutResult<T> = OnlineResult<T>;

export type OfferState = { status: 'loading' | 'offline' | 'failed'; offer: CheckoutOffer | null } | { status: 'ready'; offer: CheckoutOffer };

/**
 * What is on sale now, asked of the server while the checkout is open (again when the network
 * returns). `access` is the key of a hidden type's private link, which adds that type to the offer;
 * offline the event document has no hidden types, so the link's type waits for the network.
 */
export function useCheckoutOffer(eventId: number, access: string | null = null, offerKey: string | null = null): OfferState & { reload(): void } {
  const runtime = useRuntime();
  const sync = useStore(runtime.sync);
  const online = sync.state !== 'offline';
  const [state, setState] = useState<OfferState>({ status: 'loading', offer: null });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!eventId) return;
    const controller = new AbortController();
    setState((s) => ({ status: 'loading', offer: s.offer }) as OfferState);
    const params = new URLSearchParams({ ...(access ? { access } : {}), ...(offerKey ? { offer: offerKey } : {}) }).toString();
    const query = params ? `?${params}` : '';
    callOnline<Omit<CheckoutOffer, 'fetchedAt'>>(runtime, `/api/events/${eventId}/ticket-types${query}`, undefined, controller.signal)
      .then((r) => {
        if (controller.signal.aborted) return;
        if (r.ok) setState({ status: 'ready', offer: { ...r.data, fetchedAt: Date.now() } });
        else setState((s) => ({ status: r.code === 'network_error' ? 'offline' : 'failed', offer: s.offer }) as OfferState);
      })
      .catch(() => setState((s) => ({ status: 'failed', offer: s.offer }) as OfferState));
    return () => controller.abort();
  }, [runtime, eventId, access, offerKey, online, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return useMemo(() => ({ ...state, reload }), [state, reload]);
}

/** The cart of one event, from its local document (an empty one until the buyer chooses). */
export function useCart(eventId: number): { cart: CartDoc; loading: boolean; save(next: CartDoc): Promise<void> } {
  const runtime = useRuntime();
  const { loading, value } = useDevice(query('cart', eventId), null);
  const cart = useMemo(() => value ?? emptyCart(eventId), [value, eventId]);
  const save = useCallback(async (next: CartDoc) => void (await runtime.call('saveCart', next)), [runtime]);
  return { cart, loading, save };
}

export interface CheckoutActions {
  /** Places the order; with a card, `redirect_url` is the provider's page to send the buyer to. */
  placeOrder(request: CheckoutRequest): Promise<CheckoutResult<{ order: PlacedOrderView; redirect_url: string | null }>>;
  /** Whether a promo code can be used now for these types, and its terms (a refusal names why). */
  checkPromo(request: PromoCheckRequest): Promise<CheckoutResult<PromoOffer>>;
  /** A pending card order's payment page again. */
  resumePayment(code: string): Promise<CheckoutResult<{ redirect_url: string }>>;
  /** Gives up a pending order: its tickets go back on sale. */
  cancelOrder(code: string): Promise<CheckoutResult<PlacedOrderView>>;
  /** Empties the event's cart once its order is placed. */
  clearCart(eventId: number): Promise<void>;
  /** A new id for this attempt to buy (the cart keeps it until its content changes). */
  newClientKey(): string;
}

export function useCheckoutActions(): CheckoutActions {
  const runtime = useRuntime();
  return useMemo(
    () => ({
      async placeOrder(request) {
        const r = await callOnline<{ order: PlacedOrderView; redirect_url: string | null }>(runtime, '/api/checkout/orders', request);
        // The order and its tickets come to the device through the tickets feed; pull now rather than on the next hint.
        if (r.ok) runtime.resync();
        return r;
      },
      checkPromo: (request) => callOnline<PromoOffer>(runtime, '/api/checkout/promo', request),
      resumePayment: (code) => callOnline(runtime, `/api/checkout/orders/${encodeURIComponent(code)}/pay`, {}),
      async cancelOrder(code) {
        const r = await callOnline<PlacedOrderView>(runtime, `/api/checkout/orders/${encodeURIComponent(code)}/cancel`, {});
        if (r.ok) runtime.resync();
        return r;
      },
      clearCart: async (eventId) => void (await runtime.call('clearCart', eventId)),
      newClientKey: () => [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join(''),
    }),
    [runtime],
  );
}
