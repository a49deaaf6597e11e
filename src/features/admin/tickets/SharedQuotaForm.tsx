import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkSharedQuota, SHARED_QUOTA_LIMITS, type SharedQuotaFields } from '../../../../contract/quotas.ts';
import type { AdminQuotaView, AdminTypeView } from '../../../data/index.ts';
import { numberOrNull } from '../form.ts';
import { Field } from '../Field.tsx';
import { CardForm, useCardSave } from './CardForm.tsx';

/**
 * One shared quota's fields, checked by the rules the server applies (contract/quotas.ts
 * checkSharedQuota) before anything is queued, a type already in another of the event's quotas
 * included. How many places its types hold is the server's to know, so a size below that comes back
 * as the command's refusal.
 */
export function SharedQuotaForm({
  initial,
  types,
  others,
  submitLabel,
  onSave,
  onCancel,
}: {
  initial: SharedQuotaFields;
  types: readonly AdminTypeView[];
  /** The event's other quotas: a type in one of them cannot be chosen here too. */
  others: readonly AdminQuotaView[];
  submitLabel: string;
  onSave(fields: SharedQuotaFields): Promise<void>;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const idp = useId();
  const [value, setValue] = useState(initial);
  const [size, setSize] = useState(String(initial.size));
  const { tried, busy, save } = useCardSave(onSave);
  const parsed = numberOrNull(size);
  const sizeBad = parsed === null || !Number.isInteger(parsed) || parsed < 1 || parsed > SHARED_QUOTA_LIMITS.maxSize;
  const fields: SharedQuotaFields = { ...value, size: sizeBad ? 1 : (parsed as number) };
  const typeIds = types.flatMap((x) => (x.id === null ? [] : [x.id]));
  const elsewhere = new Map(others.flatMap((q) => q.fields.type_ids.map((id) => [id, q.id ?? 0] as [number, number])));
  const quotaOf = new Map(others.flatMap((q) => q.fields.type_ids.map((id) => [id, q.fields.name] as [number, string])));
  const problems = checkSharedQuota(fields, typeIds, elsewhere);
  const ok = Object.keys(problems).length === 0 && !sizeBad;
  const id = (k: string) => `${idp}-${k}`;

  return (
    <CardForm onSubmit={() => void save(ok, fields)} showFix={tried && !ok} busy={busy} submitLabel={submitLabel} onCancel={onCancel}>
      <fieldset className="admin-form__section">
        <legend>{t('sales.quotas.form.title')}</legend>
        <Field
          errors="sales"
          id={id('name')}
          label={t('sales.quotas.form.name')}
          hint={t('sales.quotas.form.nameHint')}
          problem={tried ? problems.name : undefined}
        >
          <input
            type="text"
            value={value.name}
            maxLength={SHARED_QUOTA_LIMITS.name}
            required
            onChange={(e) => setValue((f) => ({ ...f, name: e.target.value }))}
          />
        </Field>
        <Field errors="sales" id={id('size')} label={t('sales.quotas.form.size')} problem={tried && sizeBad ? 'required' : undefined}>
          <input type="number" min={1} max={SHARED_QUOTA_LIMITS.maxSize} value={size} onChange={(e) => setSize(e.target.value)} />
        </Field>
        <fieldset className="promo__types">
          <legend>{t('sales.quotas.form.types')}</legend>
          <p className="muted small">{t('sales.quotas.form.typesHint')}</p>
          {types.map((type) => {
            if (type.id === null) return null;
            const typeId = type.id;
            const taken = elsewhere.has(typeId);
            return (
              <label key={type.key} className="sales__check">
                <input
                  type="checkbox"
                  checked={value.type_ids.includes(typeId)}
                  disabled={taken && !value.type_ids.includes(typeId)}
                  onChange={(e) => setValue((f) => ({ ...f, type_ids: e.target.checked ? [...f.type_ids, typeId] : f.type_ids.filter((x) => x !== typeId) }))}
                />
                {taken ? t('sales.quotas.form.typeElsewhere', { name: type.fields.name, quota: quotaOf.get(typeId) ?? '' }) : type.fields.name}
              </label>
            );
          })}
          {tried && problems.type_ids ? <p className="field__error">{t(`sales.fieldErrors.${problems.type_ids}`)}</p> : null}
        </fieldset>
      </fieldset>
    </CardForm>
  );
}
