import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../contract/money.ts';
import { useOrderActions, type EventOrder } from '../../../data/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { dateFormat } from '../../../ui/intl.ts';
import { useLocale } from '../../../ui/useLocale.ts';
import { ActionFailure, ConfirmStep } from './ConfirmStep.tsx';
import { useRowAction } from './useRowAction.ts';

type Action = 'paid' | 'cancel' | 'refund';

/**
 * One order on the organiser's list, with what may be done to it in its state: a pending or
 * expired transfer can be marked paid (a late one takes its tickets back if they are left); a
 * pending or paid order can be cancelled; a paid one refunded (by card through the provider,
 * by transfer recorded as returned by the organiser). Cancelling and refunding ask first, since
 * the buyer's tickets stop working at the door.
 */
export function OrderRow({
  eventId,
  order,
  timeZone,
  offline,
  onChanged,
}: {
  eventId: number;
  order: EventOrder;
  timeZone: string;
  offline: boolean;
  onChanged(): void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const actions = useOrderActions();
  const { asking, setAsking, busy, failure, run: runAction } = useRowAction<Action>();
  const when = (s: number) => dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(s * 1000);
  const money = (n: number) => (n > 0 ? formatMoney(n, order.currency, locale) : t('price.free'));

  const run = async (action: Action) => {
    await runAction(action, () =>
      action === 'paid'
        ? actions.markPaid(eventId, order.code)
        : action === 'cancel'
          ? actions.cancel(eventId, order.code, order.state)
          : actions.refund(eventId, order.code),
    );
    // Refused or not, the list is read again: a refusal usually means the order moved meanwhile.
    onChanged();
  };

  const can: Action[] = [];
  if (order.method === 'transfer' && (order.state === 'pending' || order.state === 'expired')) can.push('paid');
  if (order.state === 'pending' || order.state === 'paid') can.push('cancel');
  if (order.state === 'paid' && order.method !== 'free') can.push('refund');
  const badge = order.state === 'paid' ? 'sales__badge--ok' : order.state === 'pending' ? 'sales__badge--warn' : 'sales__badge--bad';

  return (
    <li className="admin__card" data-order={order.code}>
      <div className="sales__type-head">
        <p className="admin__name">
          {order.code} <span className={`sales__badge ${badge}`}>{t(`sales.state.${order.state}`)}</span>
        </p>
        <p className="admin__name">{money(order.total)}</p>
      </div>
      <p className="sales__facts">
        {order.buyer} · {order.email} · {t(`checkout.methods.${order.method}`)} · {when(order.created_at)}
        {order.state === 'pending' && order.expires_at ? ` · ${t('sales.orders.expires', { date: when(order.expires_at) })}` : ''}
        {order.promo_code ? ` · ${t('sales.orders.promo', { code: order.promo_code, amount: formatMoney(order.discount, order.currency, locale) })}` : ''}
      </p>
      <ul className="sales__order-lines">
        {order.lines.map((l, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines have no id of their own in this list; their order never changes
          <li key={i}>
            {l.type}
            {l.name ? ` · ${l.name}` : ''}
            {l.company ? ` · ${l.company}` : ''}
            {l.position ? ` · ${l.position}` : ''} · {money(l.price)}
          </li>
        ))}
      </ul>
      {can.length ? (
        <div className="admin__buttons">
          {can.map((a) => (
            <Button
              key={a}
              size="sm"
              variant={a === 'paid' ? 'primary' : a === 'refund' ? 'danger' : 'secondary'}
              busy={busy === a}
              disabled={offline || busy !== null}
              onClick={() => (a === 'paid' ? void run(a) : setAsking(a))}
            >
              {t(`sales.orders.actions.${a === 'refund' ? (order.refundable_by_provider ? 'refundCard' : 'refundManual') : a}`)}
            </Button>
          ))}
        </div>
      ) : null}
      {asking ? (
        <ConfirmStep question={t(`sales.orders.ask.${asking}`, { code: order.code })} onConfirm={() => void run(asking)} onCancel={() => setAsking(null)} />
      ) : null}
      <ActionFailure failure={failure} />
    </li>
  );
}
