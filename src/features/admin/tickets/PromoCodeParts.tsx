import { useTranslation } from 'react-i18next';
import { PROMO_KINDS, PROMO_LIMITS, type PromoKind } from '../../../../contract/promo.ts';
import type { AdminTypeView } from '../../../data/index.ts';
import { Field } from '../Field.tsx';
import { TimeWindow } from '../TimeWindow.tsx';
import { LimitField } from './LimitField.tsx';
import type { PromoForm } from './usePromoCodeForm.ts';

/** What each part of the promo code form gets: the form's state, the field ids and whether a save was tried. */
interface PartProps {
  form: PromoForm;
  id(k: string): string;
  tried: boolean;
}

/** The kind of discount and, unless the code makes tickets free, its percent or amount. */
export function PromoDiscount({ form, id, tried, currency }: PartProps & { currency: string }) {
  const { t } = useTranslation();
  const { value, set, amount, setAmount, parsed, valueProblem } = form;
  return (
    <>
      <Field errors="sales" id={id('kind')} label={t('sales.promo.form.kind')}>
        <select
          value={value.kind}
          onChange={(e) => {
            const kind = e.target.value as PromoKind;
            set('kind', kind);
            if (kind !== 'free' && (parsed === null || parsed <= 0)) setAmount('10');
          }}
        >
          {PROMO_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`sales.promo.kinds.${k}`)}
            </option>
          ))}
        </select>
      </Field>
      {value.kind !== 'free' ? (
        <Field
          errors="sales"
          id={id('value')}
          label={value.kind === 'percent' ? t('sales.promo.form.percent') : t('sales.promo.form.amount', { currency })}
          problem={tried ? valueProblem : undefined}
        >
          <input type="text" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
        </Field>
      ) : null}
    </>
  );
}

/** The ticket types the code lowers; none ticked means all of them. */
export function PromoTypes({ form, tried, types }: Omit<PartProps, 'id'> & { types: readonly AdminTypeView[] }) {
  const { t } = useTranslation();
  const { value, set, problems } = form;
  if (!types.length) return null;
  return (
    <fieldset className="promo__types">
      <legend>{t('sales.promo.form.types')}</legend>
      <p className="muted small">{t('sales.promo.form.typesHint')}</p>
      {types.map((type) =>
        type.id === null ? null : (
          <label key={type.key} className="sales__check">
            <input
              type="checkbox"
              checked={value.type_ids.includes(type.id)}
              onChange={(e) => {
                const typeId = type.id as number;
                set('type_ids', e.target.checked ? [...value.type_ids, typeId] : value.type_ids.filter((x) => x !== typeId));
              }}
            />
            {type.fields.name}
          </label>
        ),
      )}
      {tried && problems.type_ids ? <p className="field__error">{t(`sales.fieldErrors.${problems.type_ids}`)}</p> : null}
    </fieldset>
  );
}

/** Whether the code can be used only so many times, and how many. */
export function PromoUses({ form, id, tried }: PartProps) {
  const { t } = useTranslation();
  const { set, uses, setUses, limited, usesBad, problems } = form;
  return (
    <LimitField
      id={id('uses')}
      checkLabel={t('sales.promo.form.limited')}
      label={t('sales.promo.form.maxUses')}
      hint={t('sales.promo.form.maxUsesHint')}
      problem={tried ? (usesBad ? 'required' : problems.max_uses) : undefined}
      max={PROMO_LIMITS.maxUses}
      limited={limited}
      text={uses}
      setText={setUses}
      set={(n) => set('max_uses', n)}
    />
  );
}

/** When the code can be used, in the event's timezone; either end may stay open. */
export function PromoWindow({ form, id, tried, timezone }: PartProps & { timezone: string }) {
  const { t } = useTranslation();
  const { value, set, problems } = form;
  return (
    <TimeWindow
      legend={t('sales.promo.form.window')}
      hint={t('sales.promo.form.windowHint', { zone: timezone })}
      timezone={timezone}
      from={{ id: id('from'), label: t('sales.promo.form.validFrom'), value: value.valid_from, set: (v) => set('valid_from', v) }}
      until={{
        id: id('until'),
        label: t('sales.promo.form.validUntil'),
        value: value.valid_until,
        set: (v) => set('valid_until', v),
        problem: tried ? problems.valid_until : undefined,
      }}
    />
  );
}
