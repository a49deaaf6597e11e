import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../contract/money.ts';
import { useCheckoutActions, useMyOrders, useSyncStatus, type OnlineFailure, type OrderView } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { dateFormat } from '../../ui/intl.ts';
import { LinkifiedText } from '../../ui/LinkifiedText.tsx';
import { useLocale, useLocalePath } from '../../ui/useLocale.ts';
import { FormError } from '../../ui/form/Field.tsx';
import { OrdersList } from './OrdersList.tsx';

/**
 * The user's orders on My tickets, from the device (they ride in the tickets collection): orders
 * waiting for payment first, each with how to pay it, so the instructions are at hand offline;
 * then what became of the others (cancelled, refunded, expired), which is how the app tells a
 * holder that the organiser cancelled their tickets.
 */
export function OrdersSection({ now }: { now: number }) {
  const { t } = useTranslation();
  const { data } = useMyOrders(now);
  const ended = data.past.filter((o) => o.order.state !== 'paid');
  if (!data.awaiting.length && !ended.length) return null;
  return (
    <OrdersList id="orders-h" className="orders" title={t('orders.title')}>
      {data.awaiting.map((o) => (
        <li key={o.order.id}>
          <PendingOrder view={o} />
        </li>
      ))}
      {ended.map((o) => (
        <li key={o.order.id}>
          <EndedOrder view={o} />
        </li>
      ))}
    </OrdersList>
  );
}

function useMoney() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (amount: number, currency: string) => (amount > 0 ? formatMoney(amount, currency, locale) : t('price.free'));
}

function OrderHead({ view }: { view: OrderView }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const money = useMoney();
  const o = view.order;
  return (
    <>
      <p className="orders__event">
        <Link to={to(`/events/${view.eventId}`)}>{view.event.name}</Link>
      </p>
      <p className="muted small">
        {t('orders.code', { code: o.code })} · {money(o.total, o.currency)} · {o.lines.map((l) => l.type).join(', ')}
        {o.promo_code ? ` · ${t('checkout.promo.orderDiscount', { code: o.promo_code })}` : ''}
      </p>
    </>
  );
}

function PendingOrder({ view }: { view: OrderView }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const money = useMoney();
  const sync = useSyncStatus();
  const actions = useCheckoutActions();
  const [busy, setBusy] = useState<'pay' | 'cancel' | null>(null);
  const [failure, setFailure] = useState<OnlineFailure | null>(null);
  const o = view.order;
  const offline = sync.state === 'offline';
  const deadline = dateFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: view.event.timezone }).format(o.expires_at * 1000);
  const act = async (what: 'pay' | 'cancel') => {
    setBusy(what);
    setFailure(null);
    const r = what === 'pay' ? await actions.resumePayment(o.code) : await actions.cancelOrder(o.code);
    if (r.ok && what === 'pay') {
      window.location.assign((r.data as { redirect_url: string }).redirect_url);
      return;
    }
    if (!r.ok) setFailure(r);
    setBusy(null);
  };
  return (
    <article className="orders__card orders__card--pending">
      <OrderHead view={view} />
      <p className="orders__state">{view.overdue ? t('orders.overdue') : t('orders.awaiting', { date: deadline })}</p>
      {o.method === 'transfer' ? (
        <>
          <p>{t('orders.payTransfer', { amount: money(o.total, o.currency), code: o.code })}</p>
          <LinkifiedText className="orders__instructions" text={o.instructions} />
        </>
      ) : (
        <p>{t('orders.payCard')}</p>
      )}
      <div className="orders__actions">
        {o.method === 'card' && !view.overdue ? (
          <Button size="sm" variant="primary" busy={busy === 'pay'} disabled={offline || busy !== null} onClick={() => void act('pay')}>
            {t('orders.continuePayment')}
          </Button>
        ) : null}
        <Button size="sm" busy={busy === 'cancel'} disabled={offline || busy !== null} onClick={() => void act('cancel')}>
          {t('orders.cancel')}
        </Button>
      </div>
      {offline ? <p className="muted small">{t('tickets.needsNetwork')}</p> : null}
      {failure ? (
        <FormError>
          {failure.code === 'network_error' ? t('tickets.needsNetwork') : t(`errors.${failure.code}`, { defaultValue: t('errors.unknown_error') })}
        </FormError>
      ) : null}
    </article>
  );
}

function EndedOrder({ view }: { view: OrderView }) {
  const { t } = useTranslation();
  return (
    <article className="orders__card">
      <OrderHead view={view} />
      <p className="orders__state">{t(`orders.ended.${view.order.state}`)}</p>
    </article>
  );
}
