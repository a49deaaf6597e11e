import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppointmentActions } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';

import type { RejectMode } from '../../ui/appointment-ui.ts';
import { FormError } from '../../ui/form/Field.tsx';

/**
 * The rejection form (events.md §5): a free-text reason, no bounds beyond the server's own; the
 * same command rejects a request made to the user and cancels anything else.
 */
export function RejectDialog({ meetingId, mode, onClose, onDone }: { meetingId: number; mode: RejectMode; onClose(): void; onDone(): void }) {
  const { t } = useTranslation();
  const id = useId();
  const actions = useAppointmentActions();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const submit = async () => {
    setBusy(true);
    setFailed(false);
    try {
      if (mode === 'reject') await actions.reject(meetingId, reason.trim());
      else await actions.cancel(meetingId, reason.trim());
      onDone();
      onClose();
    } catch (err) {
      console.error('foyer: the rejection could not be saved', err);
      setFailed(true);
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      width={500}
      title={mode === 'reject' ? t('appointments.reject.titleReject') : t('appointments.reject.titleCancel')}
      footer={
        <>
          <Button onClick={onClose}>{t('appointments.modal.cancel')}</Button>
          <Button variant="danger" busy={busy} onClick={() => void submit()}>
            {mode === 'reject' ? t('appointments.actions.reject') : t('appointments.actions.cancel')}
          </Button>
        </>
      }
    >
      <div className="field">
        <label htmlFor={id}>{t('appointments.reject.reason')}</label>
        <textarea id={id} rows={4} value={reason} onChange={(e) => setReason(e.target.value)} placeholder={t('appointments.reject.placeholder')} />
      </div>
      <FormError>{failed ? t('errors.local_write_failed') : null}</FormError>
    </Modal>
  );
}
