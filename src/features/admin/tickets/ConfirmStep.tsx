import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OnlineFailure } from '../../../data/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { FormError } from '../../../ui/form/Field.tsx';

/**
 * The question the sales screens ask before a step that cannot be taken back (a refund, a
 * cancellation, a deleted type, a new secret link), put right under the row's buttons so the
 * organiser answers it where they tapped.
 */
export function ConfirmStep({ question, confirm, onConfirm, onCancel }: { question: ReactNode; confirm?: ReactNode; onConfirm(): void; onCancel(): void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="sales__confirm">
      <legend>{question}</legend>
      <div className="admin__buttons">
        <Button size="sm" variant="danger" onClick={onConfirm}>
          {confirm ?? t('common.confirm')}
        </Button>
        <Button size="sm" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </div>
    </fieldset>
  );
}

/** Why an online action on an order or a request did not go through; nothing when it did. */
export function ActionFailure({ failure }: { failure: OnlineFailure | null }) {
  const { t } = useTranslation();
  if (!failure) return null;
  return (
    <FormError>
      {failure.code === 'network_error' ? t('sales.orders.offline') : t(`errors.${failure.code}`, { defaultValue: t('errors.unknown_error') })}
    </FormError>
  );
}
