import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkPromoCode, normalCode, PROMO_KINDS, PROMO_LIMITS, type PromoCodeFields, type PromoKind } from '../../../../contract/promo.ts';
import type { AdminTypeView } from '../../../data/index.ts';
import { fromLocalInput, numberOrNull, toLocalInput } from '../form.ts';
import { Field } from '../Field.tsx';
import { CardForm, useCardSave } from './CardForm.tsx';

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
  const [value, setValue] = useState(initial);
  const [amount, setAmount] = useState(initial.kind === 'free' ? '' : String(initial.value));
  const [uses, setUses] = useState(initial.max_uses === null ? '' : String(initial.max_uses));
  const { tried, busy, save } = useCardSave(onSave);
  const set = <K extends keyof PromoCodeFields>(k: K, v: PromoCodeFields[K]) => setValue((f) => ({ ...f, [k]: v }));
  const parsed = numberOrNull(amount.replace(',', '.'));
  const limited = value.max_uses !== null;
  const fields: PromoCodeFields = { ...value, value: value.kind === 'free' ? 100 : (parsed ?? -1) };
  const typeIds = types.flatMap((x) => (x.id === null ? [] : [x.id]));
  const checked = checkPromoCode({ ...fields, value: Math.max(0, fields.value) }, currency, typeIds);
  // The server refuses a duplicate too (promo_code_taken); said here, it is said at the field.
  const problems = !checked.code && otherCodes.includes(normalCode(value.code)) ? { ...checked, code: 'code_taken' as const } : checked;
  const valueProblem =
    value.kind === 'free' ? undefined : parsed === null || parsed < 0 ? (value.kind === 'percent' ? 'percent_range' : 'amount') : problems.value;
  const usesBad = limited && (value.max_uses === null || value.max_uses < 1);
  const ok = Object.keys(problems).length === 0 && !valueProblem && !usesBad;
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
        {types.length ? (
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
        ) : null}
        <label className="sales__check">
          <input
            type="checkbox"
            checked={limited}
            onChange={(e) => {
              const n = numberOrNull(uses);
              set('max_uses', e.target.checked ? (n !== null && n >= 1 ? Math.floor(n) : 100) : null);
              if (e.target.checked && (n === null || n < 1)) setUses('100');
            }}
          />
          {t('sales.promo.form.limited')}
        </label>
        {limited ? (
          <Field
            errors="sales"
            id={id('uses')}
            label={t('sales.promo.form.maxUses')}
            hint={t('sales.promo.form.maxUsesHint')}
            problem={tried ? (usesBad ? 'required' : problems.max_uses) : undefined}
          >
            <input
              type="number"
              min={1}
              max={PROMO_LIMITS.maxUses}
              value={uses}
              onChange={(e) => {
                setUses(e.target.value);
                const n = numberOrNull(e.target.value);
                set('max_uses', n === null ? 0 : Math.floor(n));
              }}
            />
          </Field>
        ) : null}
        <label className="sales__check">
          <input type="checkbox" checked={value.active} onChange={(e) => set('active', e.target.checked)} />
          {t('sales.promo.form.active')}
        </label>
      </fieldset>

      <fieldset className="admin-form__section">
        <legend>{t('sales.promo.form.window')}</legend>
        <p className="muted small">{t('sales.promo.form.windowHint', { zone: timezone })}</p>
        <div className="admin-form__pair">
          <Field errors="sales" id={id('from')} label={t('sales.promo.form.validFrom')}>
            <input
              type="datetime-local"
              value={value.valid_from === null ? '' : toLocalInput(value.valid_from, timezone)}
              onChange={(e) => set('valid_from', fromLocalInput(e.target.value, timezone))}
            />
          </Field>
          <Field errors="sales" id={id('until')} label={t('sales.promo.form.validUntil')} problem={tried ? problems.valid_until : undefined}>
            <input
              type="datetime-local"
              value={value.valid_until === null ? '' : toLocalInput(value.valid_until, timezone)}
              onChange={(e) => set('valid_until', fromLocalInput(e.target.value, timezone))}
            />
          </Field>
        </div>
      </fieldset>
    </CardForm>
  );
}
