import { useState } from 'react';
import { checkoutLines, useCheckoutActions, type OnlineFailure, type PlacedOrderView } from '../../data/index.ts';
import { useLocale } from '../../ui/useLocale.ts';
import type { CheckoutCart } from './useCheckoutCart.ts';

/** Refusals that mean the offer on screen is stale, so it is asked for again. */
const STALE_OFFER_CODES = [
  'ticket_access_invalid',
  'sold_out',
  'sale_ended',
  'sale_not_started',
  'price_changed',
  'ticket_type_not_found',
  'payment_method_unavailable',
  'waitlist_offer_invalid',
];

/**
 * Placing the order, the one step of the checkout that needs the network, and what came of it: the
 * order placed, or the refusal, which the checkout's own `failure` shows (it is also cleared when
 * the cart or the step changes, so the checkout keeps it and hands it here to set).
 */
export function usePlaceOrder(
  eventId: number,
  access: string | null,
  offerKey: string | null,
  c: CheckoutCart,
  on: { setFailure: (failure: OnlineFailure | null) => void; fixDetails: () => void; lapsePromo: (code: string) => Promise<void> },
) {
  const locale = useLocale();
  const actions = useCheckoutActions();
  const [placed, setPlaced] = useState<PlacedOrderView | null>(null);
  const [busy, setBusy] = useState(false);
  const { cart } = c;
  const { setFailure } = on;

  const place = async () => {
    if (c.problems.size) {
      on.fixDetails();
      return;
    }
    let key = cart.clientKey;
    if (!key) {
      key = actions.newClientKey();
      await c.save({ ...cart, clientKey: key });
    }
    setBusy(true);
    setFailure(null);
    const r = await actions.placeOrder({
      event_id: eventId,
      client_key: key,
      method: c.method || 'free',
      lines: checkoutLines(cart, c.types),
      expected_total: c.total,
      lang: locale,
      ...(cart.promo && c.pricing.applies ? { promo_code: cart.promo.code } : {}),
      ...(access ? { access } : {}),
      ...(offerKey ? { offer: offerKey } : {}),
    });
    if (r.ok) {
      await actions.clearCart(eventId);
      if (r.data.redirect_url) {
        // The card provider's page; it sends the buyer back to this event's checkout page.
        window.location.assign(r.data.redirect_url);
        return;
      }
      setBusy(false);
      setPlaced(r.data.order);
      return;
    }
    setBusy(false);
    if (r.code.startsWith('promo_code_')) {
      // The code stopped working since it was applied (used up by others, expired): it comes off,
      // the full price shows, and the reason stands under the code's field.
      await on.lapsePromo(r.code);
      return;
    }
    setFailure(r);
    if (r.code === 'attendee_required') on.fixDetails();
    if (STALE_OFFER_CODES.includes(r.code)) c.offer.reload();
  };
  return { placed, busy, place };
}
