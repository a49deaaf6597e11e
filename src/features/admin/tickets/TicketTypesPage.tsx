import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { blankTicketType, type TicketTypeFields } from '../../../../contract/sales.ts';
import { useEventOrders, useSalesAdminActions, type AdminTypeView, type EventOrdersPage, type SalesAdminData } from '../../../data/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { CopyField } from '../../../ui/CopyField.tsx';
import { useLocale, useLocalePath } from '../../../ui/useLocale.ts';
import { formatMoney } from '../../../../contract/money.ts';
import { AdminPanel } from '../AdminPanel.tsx';
import { CardList, RefusedNote } from './CardList.tsx';
import { SalesSettingsForm } from './SalesSettingsForm.tsx';
import { PromoCodesPanel } from './PromoCodesPanel.tsx';
import { SharedQuotasPanel } from './SharedQuotasPanel.tsx';
import { TicketTypeForm } from './TicketTypeForm.tsx';
import { WaitlistPanel } from './WaitlistPanel.tsx';
import { CheckinListsPanel } from './CheckinListsPanel.tsx';
import { ConfirmStep } from './ConfirmStep.tsx';

/** The ticket types and payment settings of one event, for its organisers. */
export function TicketTypesPanel({ data }: { data: SalesAdminData }) {
  const { t } = useTranslation();
  const { event, sales } = data;
  const eventId = event.event_id;
  const actions = useSalesAdminActions();
  const figures = useEventOrders(eventId, { state: null, search: '', limit: 1 });
  const [editing, setEditing] = useState<string | null>(null);
  const [draft, setDraft] = useState<TicketTypeFields | null>(null);
  const stats = figures.result?.ok ? figures.result.data : null;
  const refused = sales.settingsRefused;
  const startNew = (fields: TicketTypeFields) => {
    setEditing('new');
    setDraft(fields);
  };

  return (
    <>
      {refused ? <RefusedNote code={refused.code} onDismiss={() => void actions.dismiss(refused.commandId)} /> : null}
      <SalesSettingsForm
        key={JSON.stringify(sales.settings)}
        initial={sales.settings}
        cardAvailable={stats ? stats.card_available : null}
        onSave={(fields) => actions.saveSettings(eventId, fields)}
      />
      {sales.settingsPending ? <p className="muted small">{t('admin.pending')}</p> : null}

      <AdminPanel id="sales-types-h" title={t('sales.types.list')}>
        {!stats ? <p className="muted small">{figures.loading ? t('common.loading') : t('sales.types.figuresOffline')}</p> : null}
        <CardList
          items={sales.types}
          editing={editing}
          empty={
            <EmptyState
              compact
              title={t('sales.types.empty')}
              text={event.is_free ? t('sales.types.emptyFree') : t('sales.types.emptyPaid')}
              action={
                event.is_free ? (
                  <Button variant="primary" onClick={() => startNew({ ...blankTicketType(), name: t('sales.types.freeName') })}>
                    {t('sales.types.addFree')}
                  </Button>
                ) : null
              }
            />
          }
          form={(type) => (
            <TicketTypeForm
              initial={type ? type.fields : (draft ?? blankTicketType())}
              currency={sales.currency}
              timezone={event.timezone}
              submitLabel={type ? t('sales.form.save') : t('sales.form.add')}
              onCancel={() => setEditing(null)}
              onSave={async (fields) => {
                // A new type goes last in the list.
                await actions.saveType(eventId, type ? type.id : null, type ? fields : { ...fields, sort: sales.types.length });
                setEditing(null);
              }}
            />
          )}
          row={(type) => (
            <TypeRow
              key={type.key}
              eventId={eventId}
              type={type}
              quotaName={sales.quotas.find((q) => type.id !== null && q.fields.type_ids.includes(type.id))?.fields.name ?? null}
              currency={sales.currency}
              stats={stats}
              onEdit={() => setEditing(type.key)}
              onHide={(hidden) => void actions.saveType(eventId, type.id, { ...type.fields, hidden })}
              onDelete={() => void (type.id ? actions.deleteType(eventId, type.id) : undefined)}
              onNewLink={() => void (type.id ? actions.renewLink(eventId, type.id) : undefined)}
              onDismiss={(commandId) => void actions.dismiss(commandId)}
            />
          )}
          add={
            <Button variant="primary" onClick={() => startNew({ ...blankTicketType(), name: '' })}>
              {t('sales.types.add')}
            </Button>
          }
        />
      </AdminPanel>
      <SharedQuotasPanel eventId={eventId} quotas={sales.quotas} types={sales.types} stats={stats} actions={actions} />
      <WaitlistPanel eventId={eventId} types={sales.types} timezone={event.timezone} />
      <CheckinListsPanel eventId={eventId} />
      <PromoCodesPanel
        eventId={eventId}
        currency={sales.currency}
        timezone={event.timezone}
        codes={sales.promoCodes}
        types={sales.types}
        stats={stats}
        actions={actions}
      />
    </>
  );
}

function TypeRow({
  eventId,
  type,
  quotaName,
  currency,
  stats,
  onEdit,
  onHide,
  onDelete,
  onNewLink,
  onDismiss,
}: {
  eventId: number;
  type: AdminTypeView;
  /** The shared quota the type is in, if any. */
  quotaName: string | null;
  currency: string;
  stats: EventOrdersPage | null;
  onEdit(): void;
  onHide(hidden: boolean): void;
  onDelete(): void;
  onNewLink(): void;
  onDismiss(commandId: string): void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const [confirming, setConfirming] = useState(false);
  const [renewing, setRenewing] = useState(false);
  const f = type.fields;
  const figures = stats?.types.find((x) => x.id === type.id);
  const refused = type.refused;
  const price = f.price > 0 ? formatMoney(f.price, currency, locale) : t('price.free');
  const asks = (['name', 'company', 'position'] as const).filter((k) => f[`ask_${k}`] !== 'off').map((k) => t(`checkout.fields.${k}`));
  return (
    <li className="admin__card">
      <div className="sales__type-head">
        <p className="admin__name">{f.name}</p>
        <p className="admin__name">{price}</p>
      </div>
      {f.description ? <p className="muted small">{f.description}</p> : null}
      <p className="sales__facts">
        {f.quota === null ? t('sales.types.unlimited') : t('sales.types.quota', { count: f.quota })}
        {figures ? ` · ${t('sales.types.figures', { paid: figures.paid, waiting: figures.taken - figures.paid })}` : ''}
        {figures && f.quota !== null ? ` · ${t('sales.types.leftN', { count: Math.max(0, f.quota - figures.taken) })}` : ''}
        {asks.length ? ` · ${t('sales.types.asks', { fields: asks.join(', ') })}` : ''}
        {quotaName ? ` · ${t('sales.types.inQuota', { name: quotaName })}` : ''}
      </p>
      <p className="sales__badges">
        {f.hidden ? <span className="sales__badge">{t('sales.types.hiddenBadge')}</span> : null}
        {type.soldOut ? <span className="sales__badge sales__badge--warn">{t('checkout.state.soldOut')}</span> : null}
        {type.pending ? <span className="sales__badge sales__badge--warn">{t('admin.pending')}</span> : null}
      </p>
      {refused ? <RefusedNote code={refused.code} onDismiss={() => onDismiss(refused.commandId)} /> : null}
      {f.hidden && type.id !== null && type.accessKey ? (
        <div className="sales__link">
          <CopyField
            label={t('sales.types.link')}
            value={`${window.location.origin}${to(`/events/${eventId}/checkout`)}?access=${type.accessKey}`}
            actions={
              <Button size="sm" variant="ghost" onClick={() => setRenewing(true)}>
                {t('sales.types.newLink')}
              </Button>
            }
          />
          <p className="muted small">{type.linkPending ? t('sales.types.linkPending') : t('sales.types.linkHint')}</p>
        </div>
      ) : null}
      {renewing ? (
        <ConfirmStep
          question={t('sales.types.newLinkAsk')}
          confirm={t('sales.types.newLink')}
          onConfirm={() => {
            setRenewing(false);
            onNewLink();
          }}
          onCancel={() => setRenewing(false)}
        />
      ) : null}
      {type.id !== null ? (
        <div className="admin__buttons">
          <Button size="sm" onClick={onEdit}>
            {t('sales.types.edit')}
          </Button>
          <Button size="sm" onClick={() => onHide(!f.hidden)}>
            {f.hidden ? t('sales.types.show') : t('sales.types.hide')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
            {t('sales.types.delete')}
          </Button>
        </div>
      ) : null}
      {confirming ? (
        <ConfirmStep
          question={t('sales.types.deleteAsk', { name: f.name })}
          confirm={t('sales.types.delete')}
          onConfirm={() => {
            setConfirming(false);
            onDelete();
          }}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </li>
  );
}
