import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useCheckoutActions, useSession, type OnlineFailure, type PlacedOrderView } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { LinkifiedText } from '../../ui/LinkifiedText.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useLocale, useLocalePath } from '../../ui/useLocale.ts';
import { deadlineText, priceText } from './format.ts';

/** What the result needs of an order: the server's answer and the device's order document both have it. */
export type ResultOrder = Pick<PlacedOrderView, 'code' | 'state' | 'method' | 'total' | 'currency' | 'expires_at' | 'instructions'> &
  Partial<Pick<PlacedOrderView, 'promo_code' | 'discount'>>;

/**
 * What became of an order: tickets ready, how to pay a transfer and by when, a card payment
 * waiting for the provider's confirmation (or not completed, with the way to pay again), or an
 * order that ended. `back` is the organiser's site a widget buyer came from.
 */
export function OrderResult({
  order,
  timeZone,
  cardReturn,
  back,
  onClose,
}: {
  order: ResultOrder;
  timeZone: string;
  /** The buyer came back from the card provider's page: paid there, or left it. */
  cardReturn?: 'paid' | 'left';
  back?: string;
  onClose?: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const { user } = useSession();
  const actions = useCheckoutActions();
  const [busy, setBusy] = useState<'pay' | 'cancel' | null>(null);
  const [failure, setFailure] = useState<OnlineFailure | null>(null);
  const amount = priceText(t, order.total, order.currency, locale);

  const payAgain = async () => {
    setBusy('pay');
    setFailure(null);
    const r = await actions.resumePayment(order.code);
    if (r.ok) window.location.assign(r.data.redirect_url);
    else {
      setFailure(r);
      setBusy(null);
    }
  };
  const cancel = async () => {
    setBusy('cancel');
    setFailure(null);
    const r = await actions.cancelOrder(order.code);
    if (!r.ok) setFailure(r);
    setBusy(null);
  };

  const myTickets = (
    <Link className="btn btn--primary" to={to('/profile/mytickets')} onClick={onClose}>
      {t('checkout.result.myTickets')}
    </Link>
  );
  const backLink = back ? (
    <a className="btn btn--secondary" href={back}>
      {t('checkout.result.back', { site: new URL(back).host })}
    </a>
  ) : null;

  let body: ReactNode;
  if (order.state === 'paid') {
    body = (
      <>
        <p className="checkout__result-title">{t('checkout.result.paid')}</p>
        <p>{user?.email ? t('checkout.result.paidMailed', { email: user.email }) : t('checkout.result.paidText')}</p>
      </>
    );
  } else if (order.state === 'pending' && order.method === 'transfer') {
    body = (
      <>
        <p className="checkout__result-title">{t('checkout.result.placed', { code: order.code })}</p>
        <p>{t('checkout.result.payBy', { amount, code: order.code, date: deadlineText(order.expires_at, locale, timeZone) })}</p>
        <div className="checkout__instructions">
          <p className="checkout__instructions-title">{t('checkout.result.instructions')}</p>
          <LinkifiedText className="checkout__instructions-text" text={order.instructions} />
        </div>
        <p className="muted">{t('checkout.result.transferNext')}</p>
      </>
    );
  } else if (order.state === 'pending' && order.method === 'card') {
    body =
      cardReturn === 'paid' ? (
        <>
          <p className="checkout__result-title">{t('checkout.result.confirming')}</p>
          <Spinner label={t('checkout.result.confirming')} />
        </>
      ) : (
        <>
          <p className="checkout__result-title">{t('checkout.result.cardPending', { code: order.code })}</p>
          <p>{t('checkout.result.cardPendingText', { date: deadlineText(order.expires_at, locale, timeZone) })}</p>
          <div className="checkout__auth-actions">
            <Button variant="primary" busy={busy === 'pay'} disabled={busy !== null} onClick={() => void payAgain()}>
              {t('checkout.result.payAgain', { amount })}
            </Button>
            <Button busy={busy === 'cancel'} disabled={busy !== null} onClick={() => void cancel()}>
              {t('checkout.result.cancel')}
            </Button>
          </div>
        </>
      );
  } else {
    body = <p className="checkout__result-title">{t(`checkout.result.ended.${order.state}`, { code: order.code })}</p>;
  }
  return (
    <div className="checkout__result" role="status">
      {body}
      {order.promo_code ? (
        <p className="checkout__discount">
          {t('checkout.promo.orderDiscount', { code: order.promo_code })}: −{priceText(t, order.discount ?? 0, order.currency, locale)}
        </p>
      ) : null}
      {failure ? (
        <p className="form-error" role="alert">
          {t(`errors.${failure.code}`)}
        </p>
      ) : null}
      <div className="checkout__auth-actions">
        {myTickets}
        {backLink}
      </div>
    </div>
  );
}
