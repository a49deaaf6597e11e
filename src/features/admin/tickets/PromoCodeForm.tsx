import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PROMO_LIMITS, type PromoCodeFields } from '../../../../contract/promo.ts';
import type { AdminTypeView } from '../../../data/index.ts';
import { Field } from '../Field.tsx';
import { CardForm, useCardSave } from './CardForm.tsx';
import { PromoDiscount, PromoTypes, PromoUses, PromoWindow } from './PromoCodeParts.tsx';
import { usePromoCodeForm } from './usePromoCodeForm.ts';

/**
 * One promo code's fields, checked by the same rules the server applies (contract/promo.ts
 * checkPromoCode) before anything is queued. How often it was used is the server's to know, so a
 * limit below that is refused by the server alone and comes back as the command's refusal.
 */
export function PromoCodeForm({
  initial,
  currency,
  timezone,
  types,
  otherCodes,
  submitLabel,
  onSave,
  onCancel,
}: {
  initial: PromoCodeFields;
  currency: string;
  timezone: string;
  types: readonly AdminTypeView[];
  /** The event's other codes as stored (capitals): the same one again is refused at its field. */
  otherCodes: readonly string[];
  submitLabel: string;
  onSave(fields: PromoCodeFields): Promise<void>;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const idp = useId();
  const form = usePromoCodeForm(initial, currency, types, otherCodes);
  const { value, set, problems, fields, ok } = form;
  const { tried, busy, save } = useCardSave(onSave);
  const id = (k: string) => `${idp}-${k}`;

  return (
    <CardForm onSubmit={() => void save(ok, fields)} showFix={tried && !ok} busy={busy} submitLabel={submitLabel} onCancel={onCancel}>
      <fieldset className="admin-form__section">
        <legend>{t('sales.promo.title')}</legend>
        <Field
          errors="sales"
          id={id('code')}
          label={t('sales.promo.form.code')}
          hint={t('sales.promo.form.codeHint')}
          problem={tried ? problems.code : undefined}
        >
          <input
            type="text"
            value={value.code}
            maxLength={PROMO_LIMITS.codeMax}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            required
            onChange={(e) => set('code', e.target.value)}
          />
        </Field>
        <PromoDiscount form={form} id={id} tried={tried} currency={currency} />
        <PromoTypes form={form} tried={tried} types={types} />
        <PromoUses form={form} id={id} tried={tried} />
        <label className="sales__check">
          <input type="checkbox" checked={value.active} onChange={(e) => set('active', e.target.checked)} />
          {t('sales.promo.form.active')}
        </label>
      </fieldset>

      <PromoWindow form={form} id={id} tried={tried} timezone={timezone} />
    </CardForm>
  );
}
