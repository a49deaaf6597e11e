import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ASK_MODES, ATTENDEE_FIELDS, checkTicketType, TICKET_TYPE_LIMITS, type AskMode, type TicketTypeFields } from '../../../../contract/sales.ts';
import { numberOrNull } from '../form.ts';
import { Field } from '../Field.tsx';
import { TimeWindow } from '../TimeWindow.tsx';
import { CardForm, useCardSave } from './CardForm.tsx';
import { LimitField } from './LimitField.tsx';

/** A whole number typed into a limit field, kept within 1..max. */
function clampInt(text: string, max: number): number {
  return Math.min(max, Math.max(1, Math.floor(Number(text)) || 1));
}

/**
 * One ticket type's fields, checked by the same rules the server applies (contract/sales.ts
 * checkTicketType) before anything is queued; times are the venue's wall clock, like the event's.
 */
export function TicketTypeForm({
  initial,
  currency,
  timezone,
  submitLabel,
  onSave,
  onCancel,
}: {
  initial: TicketTypeFields;
  currency: string;
  timezone: string;
  submitLabel: string;
  onSave(fields: TicketTypeFields): Promise<void>;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const idp = useId();
  const [value, setValue] = useState(initial);
  const [price, setPrice] = useState(String(initial.price));
  const [quota, setQuota] = useState(initial.quota === null ? '' : String(initial.quota));
  const { tried, busy, save } = useCardSave(onSave);
  const set = <K extends keyof TicketTypeFields>(k: K, v: TicketTypeFields[K]) => setValue((f) => ({ ...f, [k]: v }));
  const limited = value.quota !== null;
  const parsedPrice = numberOrNull(price.replace(',', '.'));
  const fields: TicketTypeFields = { ...value, price: parsedPrice ?? -1 };
  const problems = checkTicketType({ ...fields, price: Math.max(0, fields.price) }, currency);
  const priceBad = parsedPrice === null || parsedPrice < 0 || parsedPrice > TICKET_TYPE_LIMITS.maxPrice;
  const quotaBad = limited && (value.quota === null || value.quota < 1);
  const ok = Object.keys(problems).length === 0 && !priceBad && !quotaBad;
  const id = (k: string) => `${idp}-${k}`;

  return (
    <CardForm onSubmit={() => void save(ok, fields)} showFix={tried && !ok} busy={busy} submitLabel={submitLabel} onCancel={onCancel}>
      <fieldset className="admin-form__section">
        <legend>{t('sales.form.ticket')}</legend>
        <Field errors="sales" id={id('name')} label={t('sales.form.name')} problem={tried ? problems.name : undefined}>
          <input type="text" value={value.name} maxLength={TICKET_TYPE_LIMITS.name} required onChange={(e) => set('name', e.target.value)} />
        </Field>
        <Field errors="sales" id={id('description')} label={t('sales.form.description')} problem={tried ? problems.description : undefined}>
          <textarea rows={2} value={value.description} maxLength={TICKET_TYPE_LIMITS.description} onChange={(e) => set('description', e.target.value)} />
        </Field>
        <Field
          errors="sales"
          id={id('price')}
          label={t('sales.form.price', { currency })}
          hint={t('sales.form.priceHint')}
          problem={tried ? (priceBad ? 'required' : problems.price) : undefined}
        >
          <input type="text" inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />
        </Field>
        <div className="admin-form__pair">
          <Field errors="sales" id={id('max')} label={t('sales.form.maxPerOrder')}>
            <input
              type="number"
              min={1}
              max={TICKET_TYPE_LIMITS.maxPerOrder}
              value={value.max_per_order}
              onChange={(e) => {
                const n = clampInt(e.target.value, TICKET_TYPE_LIMITS.maxPerOrder);
                // One order is never more than one person may hold: the person's limit follows upwards.
                setValue((f) => ({ ...f, max_per_order: n, max_per_person: Math.max(f.max_per_person, n) }));
              }}
            />
          </Field>
          <Field
            errors="sales"
            id={id('per-person')}
            label={t('sales.form.maxPerPerson')}
            hint={t('sales.form.maxPerPersonHint')}
            problem={tried ? problems.max_per_person : undefined}
          >
            <input
              type="number"
              min={1}
              max={TICKET_TYPE_LIMITS.maxPerPerson}
              value={value.max_per_person}
              onChange={(e) => set('max_per_person', clampInt(e.target.value, TICKET_TYPE_LIMITS.maxPerPerson))}
            />
          </Field>
        </div>
        <LimitField
          id={id('quota')}
          checkLabel={t('sales.form.limited')}
          label={t('sales.form.quota')}
          problem={tried ? (quotaBad ? 'required' : problems.quota) : undefined}
          max={TICKET_TYPE_LIMITS.maxQuota}
          limited={limited}
          text={quota}
          setText={setQuota}
          set={(n) => set('quota', n)}
        />
        <label className="sales__check">
          <input type="checkbox" checked={value.hidden} onChange={(e) => set('hidden', e.target.checked)} />
          {t('sales.form.hidden')}
        </label>
      </fieldset>

      <TimeWindow
        legend={t('sales.form.saleWindow')}
        hint={t('sales.form.saleWindowHint', { zone: timezone })}
        timezone={timezone}
        from={{ id: id('starts'), label: t('sales.form.saleStarts'), value: value.sale_starts_at, set: (v) => set('sale_starts_at', v) }}
        until={{
          id: id('ends'),
          label: t('sales.form.saleEnds'),
          value: value.sale_ends_at,
          set: (v) => set('sale_ends_at', v),
          problem: tried ? problems.sale_ends_at : undefined,
        }}
      />

      <fieldset className="admin-form__section">
        <legend>{t('sales.form.attendee')}</legend>
        <p className="muted small">{t('sales.form.attendeeHint')}</p>
        <div className="admin-form__pair">
          {ATTENDEE_FIELDS.map((f) => (
            <Field errors="sales" key={f} id={id(`ask-${f}`)} label={t(`checkout.fields.${f}`)}>
              <select value={value[`ask_${f}`]} onChange={(e) => set(`ask_${f}`, e.target.value as AskMode)}>
                {ASK_MODES.map((m) => (
                  <option key={m} value={m}>
                    {t(`sales.ask.${m}`)}
                  </option>
                ))}
              </select>
            </Field>
          ))}
        </div>
      </fieldset>
    </CardForm>
  );
}
