import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import { FormError } from '../../../ui/form/Field.tsx';

/**
 * What the organiser's sales forms share (a ticket type, a promo code, a shared quota, the settings): they check
 * themselves by the server's rules, show their problems only once a save was tried, and keep a
 * second tap from queuing the same change twice.
 */
export function useCardSave<T>(onSave: (fields: T) => Promise<void>) {
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  /** Saves when the form is `ok`; answers whether it did. */
  const save = async (ok: boolean, fields: T): Promise<boolean> => {
    setTried(true);
    if (!ok || busy) return false;
    setBusy(true);
    try {
      await onSave(fields);
      return true;
    } finally {
      setBusy(false);
    }
  };
  return { tried, busy, save };
}

/**
 * The frame of such a form: its sections, "fix the marked fields" once tried, then save and cancel.
 * The settings form, always on the page, has no cancel and says "saved" beside its button instead.
 */
export function CardForm({
  onSubmit,
  showFix,
  busy,
  submitLabel,
  onCancel,
  status,
  children,
}: {
  onSubmit(): void;
  showFix: boolean;
  busy: boolean;
  submitLabel: string;
  onCancel?(): void;
  status?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form
      className="admin-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <FormError>{showFix ? t('sales.form.fix') : null}</FormError>
      <div className="admin__buttons">
        <Button type="submit" variant="primary" busy={busy}>
          {submitLabel}
        </Button>
        {onCancel ? <Button onClick={onCancel}>{t('common.cancel')}</Button> : null}
        {status}
      </div>
    </form>
  );
}
