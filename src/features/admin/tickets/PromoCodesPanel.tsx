import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../contract/money.ts';
import { blankPromoCode, normalCode, type PromoCodeFields } from '../../../../contract/promo.ts';
import type { AdminPromoView, AdminTypeView, EventOrdersPage, SalesAdminActions } from '../../../data/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { dateFormat } from '../../../ui/intl.ts';
import { useLocale } from '../../../ui/useLocale.ts';
import { AdminPanel } from '../AdminPanel.tsx';
import { CardList, RefusedNote } from './CardList.tsx';
import { PromoCodeForm } from './PromoCodeForm.tsx';

/**
 * The event's promo codes, for its organisers: on the device like the ticket types (the organisers'
 * copy of the event document, queued edits on top), with how often each was used from the same
 * online figures as the types' sales. A code is switched off rather than deleted: orders name it.
 */
export function PromoCodesPanel({
  eventId,
  currency,
  timezone,
  codes,
  types,
  stats,
  actions,
}: {
  eventId: number;
  currency: string;
  timezone: string;
  codes: readonly AdminPromoView[];
  types: readonly AdminTypeView[];
  stats: EventOrdersPage | null;
  actions: SalesAdminActions;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <AdminPanel id="sales-promo-h" className="promo" title={t('sales.promo.title')}>
      {!stats && codes.length ? <p className="muted small">{t('sales.promo.usesOffline')}</p> : null}
      <CardList
        items={codes}
        editing={editing}
        empty={<EmptyState compact title={t('sales.promo.empty')} text={t('sales.promo.emptyHint')} />}
        form={(code) => (
          <PromoCodeForm
            initial={code ? code.fields : blankPromoCode()}
            currency={currency}
            timezone={timezone}
            types={types}
            otherCodes={codes.filter((x) => x.key !== code?.key).map((x) => normalCode(x.fields.code))}
            submitLabel={code ? t('sales.form.save') : t('sales.form.add')}
            onCancel={() => setEditing(null)}
            onSave={async (fields: PromoCodeFields) => {
              await actions.savePromo(eventId, code?.id ?? null, fields);
              setEditing(null);
            }}
          />
        )}
        row={(code) => (
          <PromoRow
            key={code.key}
            code={code}
            currency={currency}
            timezone={timezone}
            types={types}
            // A code the figures do not list yet was made after they were read: nothing used it before that.
            used={stats ? (stats.promo_codes.find((x) => x.id === code.id)?.used ?? 0) : null}
            onEdit={() => setEditing(code.key)}
            onActive={(active) => void actions.savePromo(eventId, code.id, { ...code.fields, active })}
            onDismiss={(commandId) => void actions.dismiss(commandId)}
          />
        )}
        add={<Button onClick={() => setEditing('new')}>{t('sales.promo.add')}</Button>}
      />
    </AdminPanel>
  );
}

function PromoRow({
  code,
  currency,
  timezone,
  types,
  used,
  onEdit,
  onActive,
  onDismiss,
}: {
  code: AdminPromoView;
  currency: string;
  timezone: string;
  types: readonly AdminTypeView[];
  /** Tickets discounted so far; null while the figures are not known (offline). */
  used: number | null;
  onEdit(): void;
  onActive(active: boolean): void;
  onDismiss(commandId: string): void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const f = code.fields;
  const when = (s: number) => dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: timezone }).format(s * 1000);
  const terms =
    f.kind === 'free'
      ? t('sales.promo.freeTicket')
      : f.kind === 'percent'
        ? t('sales.promo.percentOff', { value: f.value })
        : t('sales.promo.amountOff', { amount: formatMoney(f.value, currency, locale) });
  const names = f.type_ids.map((id) => types.find((x) => x.id === id)?.fields.name).filter((x): x is string => Boolean(x));
  const uses =
    used === null
      ? f.max_uses === null
        ? ''
        : t('sales.promo.limitOnly', { max: f.max_uses })
      : f.max_uses === null
        ? t('sales.promo.usesNoLimit', { used })
        : t('sales.promo.uses', { used, max: f.max_uses });
  const facts = [
    terms,
    names.length ? t('sales.promo.forTypes', { types: names.join(', ') }) : t('sales.promo.allTypes'),
    f.valid_from ? t('sales.promo.from', { date: when(f.valid_from) }) : '',
    f.valid_until ? t('sales.promo.until', { date: when(f.valid_until) }) : '',
  ].filter(Boolean);
  const refused = code.refused;
  return (
    <li className="admin__card" data-promo={f.code}>
      <div className="sales__type-head">
        <p className="admin__name promo__code">{f.code}</p>
        {uses ? <p className="promo__uses">{uses}</p> : null}
      </div>
      <p className="sales__facts">{facts.join(' · ')}</p>
      <p className="sales__badges">
        {f.active ? null : <span className="sales__badge">{t('sales.promo.offBadge')}</span>}
        {code.pending ? <span className="sales__badge sales__badge--warn">{t('admin.pending')}</span> : null}
      </p>
      {refused ? <RefusedNote code={refused.code} onDismiss={() => onDismiss(refused.commandId)} /> : null}
      {code.id !== null ? (
        <div className="admin__buttons">
          <Button size="sm" onClick={onEdit}>
            {t('sales.promo.edit')}
          </Button>
          <Button size="sm" onClick={() => onActive(!f.active)}>
            {f.active ? t('sales.promo.deactivate') : t('sales.promo.activate')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}
