import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkSalesSettings, SALES_CURRENCIES, TICKET_TYPE_LIMITS, type SalesSettingsFields } from '../../../../contract/sales.ts';
import { EDIT_HOURS_MAX } from '../../../../contract/self-service.ts';
import { Field } from '../Field.tsx';
import { CardForm, useCardSave } from './CardForm.tsx';

/**
 * How the event is paid for: its currency (one per event; fixed once anything is ordered), bank
 * transfer or payment at the venue with the organisers' instructions and how long an unpaid order
 * holds its tickets, cards when this server has a card provider, until when ticket holders may
 * correct their attendee details, and whether they may ask to cancel paid tickets. Saved as a command.
 */
export function SalesSettingsForm({
  initial,
  cardAvailable,
  onSave,
}: {
  initial: SalesSettingsFields;
  /** Whether this server takes card payments; null when that is not known (offline). */
  cardAvailable: boolean | null;
  onSave(fields: SalesSettingsFields): Promise<void>;
}) {
  const { t } = useTranslation();
  const idp = useId();
  const [value, setValue] = useState(initial);
  const { tried, busy, save } = useCardSave(onSave);
  const [saved, setSaved] = useState(false);
  const set = <K extends keyof SalesSettingsFields>(k: K, v: SalesSettingsFields[K]) => {
    setSaved(false);
    setValue((f) => ({ ...f, [k]: v }));
  };
  const problems = checkSalesSettings(value);
  const id = (k: string) => `${idp}-${k}`;
  const submit = async () => {
    if (await save(Object.keys(problems).length === 0, value)) setSaved(true);
  };
  return (
    <CardForm
      onSubmit={() => void submit()}
      showFix={false}
      busy={busy}
      submitLabel={t('sales.settings.save')}
      status={
        saved ? (
          <p className="muted" role="status">
            {t('sales.saved')}
          </p>
        ) : null
      }
    >
      <fieldset className="admin-form__section">
        <legend>{t('sales.settings.title')}</legend>
        <Field errors="sales" id={id('currency')} label={t('sales.settings.currency')} hint={t('sales.settings.currencyHint')}>
          <select value={value.currency} onChange={(e) => set('currency', e.target.value as SalesSettingsFields['currency'])}>
            {SALES_CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </Field>
        <label className="sales__check">
          <input type="checkbox" checked={value.transfer_enabled} onChange={(e) => set('transfer_enabled', e.target.checked)} />
          {t('sales.settings.transfer')}
        </label>
        {value.transfer_enabled ? (
          <>
            <Field
              errors="sales"
              id={id('instructions')}
              label={t('sales.settings.instructions')}
              hint={t('sales.settings.instructionsHint')}
              problem={tried ? problems.transfer_instructions : undefined}
            >
              <textarea
                rows={4}
                value={value.transfer_instructions}
                maxLength={TICKET_TYPE_LIMITS.instructions}
                onChange={(e) => set('transfer_instructions', e.target.value)}
              />
            </Field>
            <Field errors="sales" id={id('hours')} label={t('sales.settings.hours')} hint={t('sales.settings.hoursHint')}>
              <input
                type="number"
                min={1}
                max={TICKET_TYPE_LIMITS.maxTransferHours}
                value={value.transfer_hours}
                onChange={(e) => set('transfer_hours', Math.min(TICKET_TYPE_LIMITS.maxTransferHours, Math.max(1, Math.floor(Number(e.target.value) || 1))))}
              />
            </Field>
          </>
        ) : null}
        <label className="sales__check">
          <input type="checkbox" checked={value.card_enabled} onChange={(e) => set('card_enabled', e.target.checked)} />
          {t('sales.settings.card')}
        </label>
        {value.card_enabled && cardAvailable === false ? <p className="muted small">{t('sales.settings.cardMissing')}</p> : null}
        <label className="sales__check">
          <input type="checkbox" checked={value.paid_cancel === 'request'} onChange={(e) => set('paid_cancel', e.target.checked ? 'request' : 'never')} />
          {t('sales.settings.paidCancel')}
        </label>
        <p className="muted small">{t('sales.settings.paidCancelHint')}</p>
        <Field errors="sales" id={id('edit')} label={t('sales.settings.editHours')} hint={t('sales.settings.editHoursHint')}>
          <input
            type="number"
            min={0}
            max={EDIT_HOURS_MAX}
            value={value.edit_hours ?? 0}
            onChange={(e) => set('edit_hours', Math.min(EDIT_HOURS_MAX, Math.max(0, Math.floor(Number(e.target.value) || 0))))}
          />
        </Field>
      </fieldset>
    </CardForm>
  );
}
