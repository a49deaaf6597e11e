import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useEvent, useProfile } from '../../data/index.ts';
import type { RequestTarget } from '../../ui/appointment-ui.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { ContactDialog, PlaceDialog } from '../../ui/appointments/StepDialogs.tsx';
import { personName } from '../../ui/format/appointments.ts';
import { DateTabs } from './DateTabs.tsx';
import { SlotChoice } from './SlotChoice.tsx';
import { useAppointmentRequest } from './useAppointmentRequest.ts';

/**
 * The appointment modal (networking.md §2, 940 px): date tabs, the error line, the slot picker in
 * the event's timezone with status icons, a comment, and the submit flow of §4. The request is
 * queued on the device and shown at once; the server's answer arrives with the next sync.
 */
export function AppointmentModal({ target, onClose, onQueued }: { target: RequestTarget; onClose(): void; onQueued(online: boolean): void }) {
  const { t } = useTranslation();
  const commentId = useId();
  const { data: event } = useEvent(target.eventId);
  const { data: other } = useProfile(target.userId);
  const form = useAppointmentRequest(target, { onClose, onQueued });
  const { slots, selected, profile } = form;

  const otherName = form.existing
    ? personName(form.existing.user_info, t('appointments.someone'))
    : other.kind === 'other'
      ? other.person.name
      : t('appointments.someone');
  const errorText = form.error ? t(`errors.${form.error}`, { defaultValue: t('errors.unknown_error') }) : null;

  return (
    <>
      <Modal
        open={form.step === 'form'}
        onClose={onClose}
        width={940}
        className="appointment-modal"
        title={
          <>
            {form.editing ? t('appointments.modal.editTitle') : t('appointments.modal.createTitle')}
            <span className="appointment-modal__with">{t('appointments.modal.with', { name: otherName })}</span>
            {/* Said, because a link may have picked the event (?meeting_user_id= on any page). */}
            {event ? <span className="appointment-modal__event">{event.name}</span> : null}
          </>
        }
        footer={
          <>
            <Button onClick={onClose}>{t('appointments.modal.cancel')}</Button>
            <Button variant="primary" disabled={!form.canSubmit} busy={form.busy} onClick={form.submit}>
              {form.step1 === 'send' ? t('appointments.modal.submit') : t('appointments.modal.next')}
            </Button>
          </>
        }
      >
        <DateTabs dates={slots.dates} day={slots.day} onChange={form.changeDay} />

        <p className="form-error appointment-modal__error" role="alert" hidden={!errorText}>
          {errorText}
        </p>

        <SlotChoice
          slots={slots}
          isLoading={form.isLoading}
          start={form.start}
          anyTime={form.anyTime}
          onAnyTime={form.chooseAnyTime}
          onPick={form.pickSlot}
          onReload={form.reload}
          existing={form.meetingOnDay}
          editingId={form.editing}
        />

        <div className="field appointment-modal__comment">
          <label htmlFor={commentId}>{t('appointments.modal.comment')}</label>
          <textarea
            id={commentId}
            rows={3}
            value={form.comment}
            onChange={(e) => form.setComment(e.target.value)}
            placeholder={t('appointments.modal.commentPlaceholder')}
          />
        </div>
        {event && !event.is_webinar && selected && !selected.exist_tables && selected.exist_other_place ? (
          <p className="muted">{t('appointments.modal.noTable')}</p>
        ) : null}
      </Modal>
      <PlaceDialog
        open={form.step === 'place'}
        places={slots.placeItems}
        busy={form.busy}
        onCancel={() => form.setStep('form')}
        onConfirm={(place) => void form.send({ place })}
      />
      <ContactDialog
        open={form.step === 'contact'}
        name={profile.kind === 'own' ? profile.profile.first_name : ''}
        busy={form.busy}
        onCancel={() => form.setStep('form')}
        onSave={(p) => void form.send({ phone: p })}
      />
    </>
  );
}
