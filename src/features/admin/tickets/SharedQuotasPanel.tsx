import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { blankSharedQuota, type SharedQuotaFields } from '../../../../contract/quotas.ts';
import type { AdminQuotaView, AdminTypeView, EventOrdersPage, SalesAdminActions } from '../../../data/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { AdminPanel } from '../AdminPanel.tsx';
import { CardList, RefusedNote, EditDeleteButtons } from './CardList.tsx';
import { SharedQuotaForm } from './SharedQuotaForm.tsx';

/**
 * The event's quotas shared across ticket types, for its organisers: on the device like the types
 * (the organisers' copy of the event document, queued edits on top), with how many places are held
 * from the same online figures as the types' sales.
 */
export function SharedQuotasPanel({
  eventId,
  quotas,
  types,
  stats,
  actions,
}: {
  eventId: number;
  quotas: readonly AdminQuotaView[];
  types: readonly AdminTypeView[];
  stats: EventOrdersPage | null;
  actions: SalesAdminActions;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<string | null>(null);
  const others = (key: string | null) => quotas.filter((q) => q.key !== key);
  return (
    <AdminPanel id="sales-quotas-h" className="promo" title={t('sales.quotas.title')}>
      <CardList
        items={quotas}
        editing={editing}
        empty={<EmptyState compact title={t('sales.quotas.empty')} text={t('sales.quotas.emptyHint')} />}
        form={(quota) => (
          <SharedQuotaForm
            initial={quota ? quota.fields : blankSharedQuota()}
            types={types}
            others={others(quota?.key ?? null)}
            submitLabel={quota ? t('sales.form.save') : t('sales.form.add')}
            onCancel={() => setEditing(null)}
            onSave={async (fields: SharedQuotaFields) => {
              await actions.saveQuota(eventId, quota?.id ?? null, fields);
              setEditing(null);
            }}
          />
        )}
        row={(quota) => (
          <QuotaRow
            key={quota.key}
            quota={quota}
            types={types}
            // A quota the figures do not list yet was made after they were read: nothing held its places then.
            taken={stats ? (stats.quotas.find((x) => x.id === quota.id)?.taken ?? 0) : null}
            onEdit={() => setEditing(quota.key)}
            onDelete={() => void (quota.id ? actions.deleteQuota(eventId, quota.id) : undefined)}
            onDismiss={(commandId) => void actions.dismiss(commandId)}
          />
        )}
        add={<Button onClick={() => setEditing('new')}>{t('sales.quotas.add')}</Button>}
      />
    </AdminPanel>
  );
}

function QuotaRow({
  quota,
  types,
  taken,
  onEdit,
  onDelete,
  onDismiss,
}: {
  quota: AdminQuotaView;
  types: readonly AdminTypeView[];
  /** Places held by pending and paid orders; null while the figures are not known (offline). */
  taken: number | null;
  onEdit(): void;
  onDelete(): void;
  onDismiss(commandId: string): void;
}) {
  const { t } = useTranslation();
  const f = quota.fields;
  const names = f.type_ids.map((id) => types.find((x) => x.id === id)?.fields.name).filter((x): x is string => Boolean(x));
  const refused = quota.refused;
  return (
    <li className="admin__card" data-quota={f.name}>
      <div className="sales__type-head">
        <p className="admin__name">{f.name}</p>
        <p className="promo__uses">{taken === null ? t('sales.quotas.size', { count: f.size }) : t('sales.quotas.taken', { taken, size: f.size })}</p>
      </div>
      <p className="sales__facts">{t('sales.quotas.types', { types: names.join(', ') })}</p>
      <p className="sales__badges">
        {taken !== null && taken >= f.size ? <span className="sales__badge sales__badge--warn">{t('checkout.state.soldOut')}</span> : null}
        {quota.pending ? <span className="sales__badge sales__badge--warn">{t('admin.pending')}</span> : null}
      </p>
      {refused ? <RefusedNote code={refused.code} onDismiss={() => onDismiss(refused.commandId)} /> : null}
      {quota.id !== null ? <EditDeleteButtons edit={t('sales.quotas.edit')} remove={t('sales.quotas.delete')} onEdit={onEdit} onDelete={onDelete} /> : null}
    </li>
  );
}
