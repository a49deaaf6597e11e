import { useEffect, useMemo, useState } from 'react';
import { ATTENDEE_FIELDS, type PaymentMethod } from '../../../contract/sales.ts';
import { buyableTypes } from '../../../contract/publish.ts';
import {
  attendeeProblems,
  cartCount,
  cartPricing,
  cartTickets,
  checkoutLines,
  setPromo,
  useCart,
  useCheckoutActions,
  useCheckoutOffer,
  useEvent,
  useSyncStatus,
  withoutUnknownTypes,
  type CartDoc,
  type OnlineFailure,
  type PlacedOrderView,
} from '../../data/index.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { useNow } from '../../ui/useNow.ts';
import { typesFromEvent } from './format.ts';

export type CheckoutStep = 'choose' | 'details' | 'pay';
const STEPS: CheckoutStep[] = ['choose', 'details', 'pay'];
/** How often the sale states (not yet, ended) follow the clock while the checkout is open. */
const CLOCK_MS = 30_000;
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
 * The checkout's state for one event: the offer (the server's, or the event document's offline),
 * the buyer's cart as a local document, which step shows, and placing the order, the one step
 * that needs the network. `access` is the key of the private link the page was opened with: it
 * offers that hidden type and goes with the order, where the server checks it again; `offerKey`,
 * a waitlist offer's, does the same for the place held for the buyer.
 */
export function useCheckout(eventId: number, access: string | null = null, offerKey: string | null = null) {
  const locale = useLocale();
  const { data: event, isLoading } = useEvent(eventId);
  const sync = useSyncStatus();
  const offer = useCheckoutOffer(eventId, access, offerKey);
  const { cart: stored, loading: cartLoading, save } = useCart(eventId);
  const actions = useCheckoutActions();
  const now = useNow(CLOCK_MS);
  const [step, setStep] = useState<CheckoutStep | null>(null);
  const [placed, setPlaced] = useState<PlacedOrderView | null>(null);
  const [failure, setFailure] = useState<OnlineFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const [showProblems, setShowProblems] = useState(false);
  const [promoBusy, setPromoBusy] = useState(false);
  const [promoRefusal, setPromoRefusal] = useState<string | null>(null);

  const offered = offer.offer?.methods;
  const listed = event?.sales.methods;
  const methods = useMemo(() => offered ?? ((listed ?? []) as PaymentMethod[]), [offered, listed]);
  const types = useMemo(() => buyableTypes(offer.offer?.types ?? (event ? typesFromEvent(event, now) : []), methods), [offer.offer, event, now, methods]);
  const cart = useMemo(() => withoutUnknownTypes(stored, types), [stored, types]);
  const currency = offer.offer?.currency ?? event?.sales.currency ?? '';
  const pricing = cartPricing(cart, types, currency);
  const total = pricing.total;
  const count = cartCount(cart);
  const tickets = cartTickets(cart, types);
  const asks = tickets.some(({ type }) => ATTENDEE_FIELDS.some((f) => type[`ask_${f}`] !== 'off'));
  const problems = attendeeProblems(cart, types);
  const steps = asks ? STEPS : STEPS.filter((s) => s !== 'details');
  // Coming back to a cart (from signing in, say), the buyer goes on where they left off; decided
  // once, when the cart has loaded, and from then on only the buttons move between the steps.
  const resumeAt: CheckoutStep = count === 0 ? 'choose' : problems.size ? 'details' : 'pay';
  const ready = !cartLoading && types.length > 0;
  useEffect(() => {
    if (step === null && ready) setStep(resumeAt);
  }, [step, ready, resumeAt]);
  const current: CheckoutStep = step ?? resumeAt;
  const method: PaymentMethod | '' =
    total === 0 ? 'free' : cart.method && methods.includes(cart.method) ? cart.method : methods.length === 1 ? (methods[0] ?? '') : '';

  const update = (next: CartDoc) => {
    setFailure(null);
    void save(next);
  };

  // A code is checked by the server before it is applied, and applied only if it can be used: a
  // refused one stays in the field with the reason under it and changes nothing in the cart.
  const applyPromo = async (code: string) => {
    setPromoRefusal(null);
    if (!code.trim()) return;
    if (sync.state === 'offline') {
      setPromoRefusal('network_error');
      return;
    }
    const inCart = [...new Set(tickets.map((x) => x.type.id))];
    setPromoBusy(true);
    const r = await actions.checkPromo({ event_id: eventId, code, type_ids: inCart.length ? inCart : types.map((x) => x.id), lang: locale });
    setPromoBusy(false);
    if (r.ok) update(setPromo(cart, r.data));
    else setPromoRefusal(r.code);
  };
  const removePromo = () => {
    setPromoRefusal(null);
    update(setPromo(cart, null));
  };
  const go = (next: CheckoutStep) => {
    setFailure(null);
    setStep(next);
  };
  const back = () => go(steps[steps.indexOf(current) - 1] ?? 'choose');
  const forward = () => {
    if (current === 'details' && problems.size) {
      setShowProblems(true);
      return;
    }
    go(steps[steps.indexOf(current) + 1] ?? 'pay');
  };

  const place = async () => {
    if (problems.size) {
      setShowProblems(true);
      go('details');
      return;
    }
    let key = cart.clientKey;
    if (!key) {
      key = actions.newClientKey();
      await save({ ...cart, clientKey: key });
    }
    setBusy(true);
    setFailure(null);
    const r = await actions.placeOrder({
      event_id: eventId,
      client_key: key,
      method: method || 'free',
      lines: checkoutLines(cart, types),
      expected_total: total,
      lang: locale,
      ...(cart.promo && pricing.applies ? { promo_code: cart.promo.code } : {}),
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
      setPromoRefusal(r.code);
      await save(setPromo(cart, null));
      return;
    }
    setFailure(r);
    if (r.code === 'attendee_required') {
      setShowProblems(true);
      go('details');
    }
    if (STALE_OFFER_CODES.includes(r.code)) offer.reload();
  };

  return {
    event,
    isLoading,
    now,
    offer,
    offline: sync.state === 'offline',
    types,
    cart,
    currency,
    methods,
    method,
    total,
    pricing,
    promo: {
      applied: cart.promo ?? null,
      busy: promoBusy,
      // Applied, but the cart holds none of the types it lowers: it is not sent, and the field says why.
      refusal: promoRefusal ?? (cart.promo && !pricing.applies ? 'promo_code_not_applicable' : null),
      apply: applyPromo,
      remove: removePromo,
    },
    count,
    problems,
    showProblems,
    steps,
    step,
    current,
    placed,
    failure,
    busy,
    update,
    back,
    forward,
    place,
  };
}
