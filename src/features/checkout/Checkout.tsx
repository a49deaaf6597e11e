import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ATTENDEE_FIELDS, type AttendeeField, type PaymentMethod } from '../../../contract/sales.ts';
import {
  attendeeProblems,
  cartCount,
  cartTickets,
  cartTotal,
  checkoutLines,
  setAttendee,
  setMethod,
  setQuantity,
  useCart,
  useCheckoutActions,
  useCheckoutOffer,
  useEvent,
  useSession,
  useSyncStatus,
  withoutUnknownTypes,
  type OnlineFailure,
  type PlacedOrderView,
} from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { formatEventRange } from '../../ui/format/events.ts';
import { tooManyRequestsText } from '../../ui/retryAfter.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { useLocale, useLocalePath } from '../../ui/useLocale.ts';
import { useNow } from '../../ui/useNow.ts';
import { ChooseStep } from './ChooseStep.tsx';
import { DetailsStep } from './DetailsStep.tsx';
import { priceText, typesFromEvent } from './format.ts';
import { NoTickets } from './NoTickets.tsx';
import { OrderResult } from './OrderResult.tsx';
import { PayStep } from './PayStep.tsx';
import './checkout.css';

type Step = 'choose' | 'details' | 'pay';
const STEPS: Step[] = ['choose', 'details', 'pay'];
/** How often the sale states (not yet, ended) follow the clock while the checkout is open. */
const CLOCK_MS = 30_000;

/**
 * The checkout for one event (issue 15): choose types and quantities, give each ticket's
 * attendee details, sign in or sign up on the way, choose how to pay and place the order. What
 * the buyer chose is a local document, so it survives a reload, the trip to the sign-in page and a
 * lost connection; placing the order is the one step that needs the network, and says so offline.
 * The same component is the dialog over a page (CheckoutHost) and the page of its own
 * (CheckoutPage), where the widget and the card provider send buyers.
 */
export function Checkout({ eventId, onDone, back, page = false }: { eventId: number; onDone?: () => void; back?: string; page?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const { pathname, search } = useLocation();
  const { data: event, isLoading } = useEvent(eventId);
  const { user } = useSession();
  const sync = useSyncStatus();
  const offline = sync.state === 'offline';
  const offer = useCheckoutOffer(eventId);
  const { cart: stored, loading: cartLoading, save } = useCart(eventId);
  const actions = useCheckoutActions();
  const now = useNow(CLOCK_MS);
  const [step, setStep] = useState<Step | null>(null);
  const [placed, setPlaced] = useState<PlacedOrderView | null>(null);
  const [failure, setFailure] = useState<OnlineFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const [showProblems, setShowProblems] = useState(false);

  const types = useMemo(() => offer.offer?.types ?? (event ? typesFromEvent(event, now) : []), [offer.offer, event, now]);
  const cart = useMemo(() => withoutUnknownTypes(stored, types), [stored, types]);
  const currency = offer.offer?.currency ?? event?.sales.currency ?? '';
  const methods = offer.offer?.methods ?? ((event?.sales.methods ?? []) as PaymentMethod[]);
  const total = cartTotal(cart, types);
  const count = cartCount(cart);
  const tickets = cartTickets(cart, types);
  const asks = tickets.some(({ type }) => ATTENDEE_FIELDS.some((f) => type[`ask_${f}`] !== 'off'));
  const problems = attendeeProblems(cart, types);
  const steps = asks ? STEPS : STEPS.filter((s) => s !== 'details');
  // Coming back to a cart (from signing in, say), the buyer goes on where they left off; decided
  // once, when the cart has loaded, and from then on only the buttons move between the steps.
  const resumeAt: Step = count === 0 ? 'choose' : problems.size ? 'details' : 'pay';
  const ready = !cartLoading && types.length > 0;
  useEffect(() => {
    if (step === null && ready) setStep(resumeAt);
  }, [step, ready, resumeAt]);
  const current: Step = step ?? resumeAt;
  const method: PaymentMethod | '' =
    total === 0 ? 'free' : cart.method && methods.includes(cart.method) ? cart.method : methods.length === 1 ? (methods[0] ?? '') : '';

  if (!event) return isLoading ? <Spinner label={t('common.loading')} /> : <p>{t('checkout.noEvent')}</p>;
  if (placed) return <OrderResult order={placed} timeZone={event.timezone} back={back} onClose={onDone} />;
  if (event.status === 'cancelled') return <p className="form-error">{t('admin.cancelledNotice')}</p>;
  if (event.when_end * 1000 <= now) return <p>{t('event.buy.finished')}</p>;
  if (!types.length) return offer.status === 'loading' ? <Spinner label={t('common.loading')} /> : <NoTickets event={event} onClose={onDone} />;
  if (step === null) return <Spinner label={t('common.loading')} />;

  const update = (next: typeof cart) => {
    setFailure(null);
    void save(next);
  };
  const prefill = { name: user ? `${user.first_name} ${user.last_name}`.trim() : '', company: '', position: '' };
  const returnPath = page ? `${pathname}${search}` : to(`/events/${eventId}/checkout`);
  const auth = user
    ? null
    : { login: `${to('/login')}?return_url=${encodeURIComponent(returnPath)}`, signup: `${to('/signup')}?return_url=${encodeURIComponent(returnPath)}` };
  const go = (next: Step) => {
    setFailure(null);
    setStep(next);
  };
  const nextFrom = (s: Step) => steps[steps.indexOf(s) + 1] ?? 'pay';
  const prevFrom = (s: Step) => steps[steps.indexOf(s) - 1] ?? 'choose';

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
    setFailure(r);
    if (r.code === 'attendee_required') {
      setShowProblems(true);
      go('details');
    }
    if (['sold_out', 'sale_ended', 'sale_not_started', 'price_changed', 'ticket_type_not_found', 'payment_method_unavailable'].includes(r.code)) offer.reload();
  };

  const failureText = (f: OnlineFailure) => {
    if (f.code === 'rate_limited') return tooManyRequestsText(t, locale, f.retryAfter);
    const typeName = types.find((x) => String(x.id) === f.detail)?.name;
    if (f.code === 'sold_out' && typeName) return t('checkout.soldOutType', { name: typeName });
    if (f.code === 'network_error') return t('checkout.offline');
    return t(`errors.${f.code}`, { defaultValue: t('errors.unknown_error') });
  };

  return (
    <div className="checkout">
      <p className="checkout__event">
        <strong>{event.name}</strong> <span className="muted">{formatEventRange(event.when, event.when_end, event.timezone)}</span>
      </p>
      {event.has_ticket ? (
        <p className="checkout__have">
          {t('checkout.haveTicket')}{' '}
          <Link to={to('/profile/mytickets')} onClick={onDone}>
            {t('checkout.result.myTickets')}
          </Link>
        </p>
      ) : null}
      <ol className="checkout__steps" aria-label={t('checkout.stepsLabel')}>
        {steps.map((s, i) => (
          <li key={s} aria-current={s === current ? 'step' : undefined} className={s === current ? 'checkout__step checkout__step--current' : 'checkout__step'}>
            {t('checkout.stepN', { n: i + 1, name: t(`checkout.steps.${s}`) })}
          </li>
        ))}
      </ol>
      {offer.status === 'offline' || (offline && !offer.offer) ? <p className="muted small">{t('checkout.asOfSync')}</p> : null}

      {current === 'choose' ? (
        <ChooseStep types={types} cart={cart} currency={currency} timeZone={event.timezone} onQuantity={(id, n) => update(setQuantity(cart, id, n, prefill))} />
      ) : null}
      {current === 'details' ? (
        <DetailsStep
          types={types}
          cart={cart}
          problems={problems}
          showProblems={showProblems}
          onChange={(id, i, field: AttendeeField, value) => update(setAttendee(cart, id, i, field, value))}
        />
      ) : null}
      {current === 'pay' ? (
        <PayStep
          types={types}
          cart={cart}
          currency={currency}
          total={total}
          methods={methods}
          method={method}
          onMethod={(m) => update(setMethod(cart, m))}
          auth={auth}
          onLeave={onDone}
          offline={offline}
          busy={busy}
          onPlace={() => void place()}
        />
      ) : null}

      {failure ? (
        <p className="form-error" role="alert">
          {failureText(failure)}
        </p>
      ) : null}
      <div className="checkout__nav">
        {current !== 'choose' ? <Button onClick={() => go(prevFrom(current))}>{t('checkout.back')}</Button> : <span />}
        {current === 'choose' ? (
          <p className="checkout__running muted">{count > 0 ? t('checkout.chosen', { count, total: priceText(t, total, currency, locale) }) : null}</p>
        ) : null}
        {current !== 'pay' ? (
          <Button
            variant="primary"
            disabled={count === 0}
            onClick={() => {
              if (current === 'details' && problems.size) {
                setShowProblems(true);
                return;
              }
              go(nextFrom(current));
            }}
          >
            {t('checkout.continue')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
