import { useState } from 'react';
import { useSyncStatus, type CartDoc, type OnlineFailure } from '../../data/index.ts';
import { useCheckoutCart } from './useCheckoutCart.ts';
import { useCheckoutSteps } from './useCheckoutSteps.ts';
import { usePlaceOrder } from './usePlaceOrder.ts';
import { usePromoCode } from './usePromoCode.ts';

export type { CheckoutStep } from './useCheckoutSteps.ts';

/**
 * The checkout's state for one event: the offer (the server's, or the event document's offline),
 * the buyer's cart as a local document, which step shows, and placing the order, the one step
 * that needs the network. `access` is the key of the private link the page was opened with: it
 * offers that hidden type and goes with the order, where the server checks it again; `offerKey`,
 * a waitlist offer's, does the same for the place held for the buyer.
 */
export function useCheckout(eventId: number, access: string | null = null, offerKey: string | null = null) {
  const sync = useSyncStatus();
  const c = useCheckoutCart(eventId, access, offerKey);
  const [failure, setFailure] = useState<OnlineFailure | null>(null);
  const flow = useCheckoutSteps({ asks: c.asks, count: c.count, problems: c.problems, ready: c.ready, clearFailure: () => setFailure(null) });
  const offline = sync.state === 'offline';

  const update = (next: CartDoc) => {
    setFailure(null);
    void c.save(next);
  };
  const { promo, lapse } = usePromoCode(eventId, c, offline, update);
  const order = usePlaceOrder(eventId, access, offerKey, c, { setFailure, fixDetails: flow.fixDetails, lapsePromo: lapse });

  return {
    event: c.event,
    isLoading: c.isLoading,
    now: c.now,
    offer: c.offer,
    offline,
    types: c.types,
    cart: c.cart,
    currency: c.currency,
    methods: c.methods,
    method: c.method,
    total: c.total,
    pricing: c.pricing,
    promo,
    count: c.count,
    problems: c.problems,
    showProblems: flow.showProblems,
    steps: flow.steps,
    step: flow.step,
    current: flow.current,
    placed: order.placed,
    failure,
    busy: order.busy,
    update,
    back: flow.back,
    forward: flow.forward,
    place: order.place,
  };
}
