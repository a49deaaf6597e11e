import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../contract/money.ts';
import { useCancelRequestActions, useCancelRequests, type CancelRequestItem } from '../../../data/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { dateFormat } from '../../../ui/intl.ts';
import { useLocale } from '../../../ui/useLocale.ts';
import { ActionFailure, ConfirmStep } from './ConfirmStep.tsx';
import { AdminPanel } from '../AdminPanel.tsx';
import { useRowAction } from './useRowAction.ts';

/**
 * Holders' requests to cancel paid tickets, above the event's orders (issue 30). Approving cancels
 * the ticket and gives its money back (a card payment through the provider, a bank transfer for
 * the organiser to pay back), so it asks first; declining keeps the ticket. Both need the network,
 * like the order actions. Nothing shows while there are no requests.
 */
export function CancelRequestsPanel({ eventId, timeZone, offline, onDecided }: { eventId: number; timeZone: string; offline: boolean; onDecided(): void }) {
  const { t } = useTranslation();
  const list = useCancelRequests(eventId);
  const items = list.result?.ok ? list.result.data.items : [];
  if (items.length === 0) return null;
  const decided = () => {
    list.reload();
    onDecided();
  };
  return (
    <AdminPanel id="sales-cancel-requests-h" className="promo" title={t('sales.cancelRequests.title', { count: items.length })}>
      <ul className="admin__list">
        {items.map((r) => (
          <RequestRow key={r.id} eventId={eventId} request={r} timeZone={timeZone} offline={offline} onDecided={decided} />
        ))}
      </ul>
    </AdminPanel>
  );
}

function RequestRow({
  eventId,
  request: r,
  timeZone,
  offline,
  onDecided,
}: {
  eventId: number;
  request: CancelRequestItem;
  timeZone: string;
  offline: boolean;
  onDecided(): void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const actions = useCancelRequestActions();
  const { asking, setAsking, busy, failure, run: runAction } = useRowAction<'approve' | 'decline'>();
  const run = async (decision: 'approve' | 'decline') => {
    if (await runAction(decision, () => actions.decide(eventId, r.id, decision))) onDecided();
  };
  const when = dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(r.created_at * 1000);
  return (
    <li className="admin__card" data-cancel-request={r.id}>
      <div className="sales__type-head">
        <p className="admin__name">
          {r.type} · {r.name}
        </p>
        <p className="admin__name">{formatMoney(r.price, r.currency, locale)}</p>
      </div>
      <p className="sales__facts">
        {r.email} · {r.order_code} · {t(`checkout.methods.${r.method}`, { defaultValue: r.method })} · {when}
      </p>
      <div className="admin__buttons">
        <Button size="sm" variant="danger" busy={busy === 'approve'} disabled={offline || busy !== null} onClick={() => setAsking('approve')}>
          {t('sales.cancelRequests.approve')}
        </Button>
        <Button size="sm" variant="secondary" busy={busy === 'decline'} disabled={offline || busy !== null} onClick={() => void run('decline')}>
          {t('sales.cancelRequests.decline')}
        </Button>
      </div>
      {asking ? (
        <ConfirmStep
          question={t(r.method === 'card' ? 'sales.cancelRequests.askCard' : 'sales.cancelRequests.askManual', {
            amount: formatMoney(r.price, r.currency, locale),
          })}
          onConfirm={() => void run('approve')}
          onCancel={() => setAsking(null)}
        />
      ) : null}
      <ActionFailure failure={failure} />
    </li>
  );
}
