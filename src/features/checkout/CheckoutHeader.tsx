import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { CheckoutOffer, OfferState } from '../../data/index.ts';
import { dateFormat } from '../../ui/intl.ts';
import { formatEventRange } from '../../ui/format/events.ts';
import { useLocale, useLocalePath } from '../../ui/useLocale.ts';
import type { useCheckout } from './useCheckout.ts';

/**
 * What the checkout says above its steps: the event and its dates, a ticket the buyer has already,
 * a private link or waitlist offer that no longer holds, and a private link that waits for the network.
 */
export function CheckoutHeader({
  event,
  offer,
  access,
  offline,
  onDone,
}: {
  event: NonNullable<ReturnType<typeof useCheckout>['event']>;
  offer: OfferState;
  access: string | null;
  offline: boolean;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <>
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
      {offer.offer?.access === 'invalid' ? (
        <p className="form-error" role="alert">
          {t('errors.ticket_access_invalid')}
        </p>
      ) : null}
      <OfferNote offer={offer.offer?.offer ?? null} timeZone={event.timezone} />
      {access && !offer.offer && offline ? <p className="muted small">{t('checkout.privateOffline')}</p> : null}
    </>
  );
}

/** What the checkout opened with a waitlist offer says: until when the place is held, or that the offer is over. */
function OfferNote({ offer, timeZone }: { offer: CheckoutOffer['offer']; timeZone: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (!offer) return null;
  if (offer.state === 'invalid') {
    return (
      <p className="form-error" role="alert">
        {t('errors.waitlist_offer_invalid')}
      </p>
    );
  }
  const until = dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(offer.expires * 1000);
  return <p className="checkout__offer">{t('waitlist.offerBanner', { time: until })}</p>;
}
