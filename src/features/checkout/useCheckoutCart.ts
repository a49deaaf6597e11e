import { useMemo } from 'react';
import { ATTENDEE_FIELDS, type PaymentMethod } from '../../../contract/sales.ts';
import { buyableTypes } from '../../../contract/publish.ts';
import {
  attendeeProblems,
  cartCount,
  cartPricing,
  cartTickets,
  useCart,
  useCheckoutOffer,
  useEvent,
  withoutUnknownTypes,
  type CartDoc,
} from '../../data/index.ts';
import { useNow } from '../../ui/useNow.ts';
import { typesFromEvent } from './format.ts';

/** How often the sale states (not yet, ended) follow the clock while the checkout is open. */
const CLOCK_MS = 30_000;

/** The checkout's view of one event's offer and cart, as useCheckoutCart gives it. */
export type CheckoutCart = ReturnType<typeof useCheckoutCart>;

/**
 * What the buyer can choose and has chosen: the offer (the server's, or the event document's
 * offline), the cart as a local document without the types no longer offered, and what follows
 * from both: the price, the payment method and the attendee details still missing.
 */
export function useCheckoutCart(eventId: number, access: string | null, offerKey: string | null) {
  const { data: event, isLoading } = useEvent(eventId);
  const offer = useCheckoutOffer(eventId, access, offerKey);
  const { cart: stored, loading: cartLoading, save } = useCart(eventId);
  const now = useNow(CLOCK_MS);

  const offered = offer.offer?.methods;
  const listed = event?.sales.methods;
  const methods = useMemo(() => offered ?? ((listed ?? []) as PaymentMethod[]), [offered, listed]);
  const types = useMemo(() => buyableTypes(offer.offer?.types ?? (event ? typesFromEvent(event, now) : []), methods), [offer.offer, event, now, methods]);
  const cart = useMemo(() => withoutUnknownTypes(stored, types), [stored, types]);
  const currency = offer.offer?.currency ?? event?.sales.currency ?? '';
  const pricing = cartPricing(cart, types, currency);
  const tickets = cartTickets(cart, types);
  return {
    event,
    isLoading,
    now,
    offer,
    save,
    ready: !cartLoading && types.length > 0,
    methods,
    types,
    cart,
    currency,
    pricing,
    total: pricing.total,
    count: cartCount(cart),
    tickets,
    asks: tickets.some(({ type }) => ATTENDEE_FIELDS.some((f) => type[`ask_${f}`] !== 'off')),
    problems: attendeeProblems(cart, types),
    method: paymentMethod(pricing.total, cart, methods),
  };
}

/** The method the order goes with: none to choose for a free one, else the buyer's or the only one offered. */
function paymentMethod(total: number, cart: CartDoc, methods: PaymentMethod[]): PaymentMethod | '' {
  return total === 0 ? 'free' : cart.method && methods.includes(cart.method) ? cart.method : methods.length === 1 ? (methods[0] ?? '') : '';
}
