import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CHECKOUT_MAX_TICKETS, UNVERIFIED_TICKETS_PER_EVENT, type AttendeeField } from '../../../contract/sales.ts';
import { placesOfEvent, setAttendee, setMethod, setQuantity, useMyWaitlist, useSession } from '../../data/index.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { useLocale, useLocalePath } from '../../ui/useLocale.ts';
import { CheckoutHeader } from './CheckoutHeader.tsx';
import { CheckoutNav, StepList } from './CheckoutNav.tsx';
import { ChooseStep } from './ChooseStep.tsx';
import { DetailsStep } from './DetailsStep.tsx';
import { failureText } from './format.ts';
import { NoTickets } from './NoTickets.tsx';
import { OrderResult } from './OrderResult.tsx';
import { PayStep } from './PayStep.tsx';
import { useCheckout } from './useCheckout.ts';
import { WaitlistControl } from './WaitlistControl.tsx';
import './checkout.css';

/**
 * The checkout for one event (issue 15): choose types and quantities, give each ticket's
 * attendee details, sign in or sign up on the way, choose how to pay and place the order. What
 * the buyer chose is a local document, so it survives a reload, the trip to the sign-in page and a
 * lost connection; placing the order is the one step that needs the network, and says so offline.
 * The same component is the dialog over a page (CheckoutHost) and the page of its own
 * (CheckoutPage), where the widget and the card provider send buyers.
 */
export function Checkout({
  eventId,
  onDone,
  back,
  page = false,
  access = null,
  offerKey = null,
}: {
  eventId: number;
  onDone?: () => void;
  back?: string;
  page?: boolean;
  /** The key of a hidden type's private link (`?access=`), which offers that type too. */
  access?: string | null;
  /** The key of a waitlist offer (`?offer=`): the place held for the buyer is offered and bought with it. */
  offerKey?: string | null;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const { pathname, search } = useLocation();
  const { user } = useSession();
  const checkout = useCheckout(eventId, access, offerKey);
  const waitlist = useMyWaitlist();
  const places = placesOfEvent(waitlist.data, eventId);
  const { event, offer, types, cart, current, update } = checkout;

  if (!event) return checkout.isLoading ? <Spinner label={t('common.loading')} /> : <p>{t('checkout.noEvent')}</p>;
  if (checkout.placed) return <OrderResult order={checkout.placed} timeZone={event.timezone} back={back} onClose={onDone} />;
  if (event.status === 'cancelled') return <p className="form-error">{t('admin.cancelledNotice')}</p>;
  if (event.when_end * 1000 <= checkout.now) return <p>{t('event.buy.finished')}</p>;
  if (!types.length) return offer.status === 'loading' ? <Spinner label={t('common.loading')} /> : <NoTickets event={event} onClose={onDone} />;
  if (checkout.step === null) return <Spinner label={t('common.loading')} />;

  // An unverified account gets a few tickets per event (server/domain/orders/limits.ts): the choice says so up front.
  const unverified = user?.email_verified === false;
  const prefill = { name: user ? `${user.first_name} ${user.last_name}`.trim() : '', company: '', position: '' };
  const auth = user ? null : authLinks(to, page ? `${pathname}${search}` : to(`/events/${eventId}/checkout`));

  return (
    <div className="checkout">
      <CheckoutHeader event={event} offer={offer} access={access} offline={checkout.offline} onDone={onDone} />
      <StepList steps={checkout.steps} current={current} />
      {offer.status === 'offline' || (checkout.offline && !offer.offer) ? <p className="muted small">{t('checkout.asOfSync')}</p> : null}

      {current === 'choose' && unverified ? <p className="muted small">{t('checkout.unverifiedNote', { max: UNVERIFIED_TICKETS_PER_EVENT })}</p> : null}
      {current === 'choose' ? (
        <ChooseStep
          types={types}
          cart={cart}
          currency={checkout.currency}
          timeZone={event.timezone}
          maxTickets={unverified ? UNVERIFIED_TICKETS_PER_EVENT : CHECKOUT_MAX_TICKETS}
          onQuantity={(id, n) => update(setQuantity(cart, id, n, prefill))}
          soldOut={(typeId) => (
            <WaitlistControl
              eventId={eventId}
              typeId={typeId}
              place={places.get(typeId)}
              signedIn={Boolean(user)}
              loginLink={auth?.login ?? ''}
              timeZone={event.timezone}
              now={checkout.now}
            />
          )}
        />
      ) : null}
      {current === 'details' ? (
        <DetailsStep
          types={types}
          cart={cart}
          problems={checkout.problems}
          showProblems={checkout.showProblems}
          onChange={(id, i, field: AttendeeField, value) => update(setAttendee(cart, id, i, field, value))}
        />
      ) : null}
      {current === 'pay' ? (
        <PayStep
          types={types}
          cart={cart}
          currency={checkout.currency}
          total={checkout.total}
          pricing={checkout.pricing}
          promo={checkout.promo}
          methods={checkout.methods}
          method={checkout.method}
          onMethod={(m) => update(setMethod(cart, m))}
          auth={auth}
          onLeave={onDone}
          offline={checkout.offline}
          busy={checkout.busy}
          onPlace={() => void checkout.place()}
        />
      ) : null}

      {checkout.failure ? (
        <p className="form-error" role="alert">
          {failureText(t, locale, types, checkout.failure)}
        </p>
      ) : null}
      <CheckoutNav
        current={current}
        count={checkout.count}
        total={checkout.total}
        currency={checkout.currency}
        onBack={checkout.back}
        onContinue={checkout.forward}
      />
    </div>
  );
}

/** Where a buyer who is not signed in signs in or up, each page sending them back to `returnPath`. */
function authLinks(to: (path: string) => string, returnPath: string): { login: string; signup: string } {
  return { login: `${to('/login')}?return_url=${encodeURIComponent(returnPath)}`, signup: `${to('/signup')}?return_url=${encodeURIComponent(returnPath)}` };
}
