import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The appointment modal's any-time versus select-time switch (networking.md §2, §4): any time asks
 * for the day only and the two agree on the hour themselves; switching to it clears the time.
 */
export function AnyTimeSwitch({ anyTime, onChange }: { anyTime: boolean; onChange(anyTime: boolean): void }) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className="any-time-switch">
      <legend className="visually-hidden">{t('appointments.modal.whenLabel')}</legend>
      <label>
        <input type="radio" name={name} checked={!anyTime} onChange={() => onChange(false)} /> {t('appointments.modal.selectTime')}
      </label>
      <label>
        <input type="radio" name={name} checked={anyTime} onChange={() => onChange(true)} /> {t('appointments.modal.anyTime')}
      </label>
    </fieldset>
  );
}
