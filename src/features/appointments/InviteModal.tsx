import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { APPOINTMENT_INVITES_MAX } from '../../../contract/appointments.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { CandidateList, ChosenChips } from './InviteCandidates.tsx';
import { InviteLinkList } from './InviteLinks.tsx';
import { useInviteForm } from './useInviteForm.ts';

/**
 * The invite modal (networking.md §2): a multi-select of the event's visitors with search, cancel
 * and invite; afterwards the invitation links with a copy button each, and done. The candidates
 * come from useVisitors, so they are the device's own copy of the event's visitors (searched
 * locally) and, for an event the device does not hold, the server's get-event-people search. The
 * invitation itself is online only (useInviteToMeeting says why).
 */
export function InviteModal({ meetingId, onClose, onInvited }: { meetingId: number; onClose(): void; onInvited(): void }) {
  const { t } = useTranslation();
  const form = useInviteForm(meetingId, onInvited);
  const { chosen, offline, error } = form;
  const searchId = useId();

  // Both answers are the same Modal here, so that the links replace the picker inside the open dialog.
  if (form.links) {
    return (
      <Modal
        open
        onClose={onClose}
        width={500}
        title={t('appointments.invite.linksTitle')}
        footer={
          <Button variant="primary" onClick={onClose}>
            {t('appointments.invite.done')}
          </Button>
        }
      >
        <InviteLinkList links={form.links} />
      </Modal>
    );
  }

  return (
    <Modal
      open
      onClose={onClose}
      width={500}
      title={t('appointments.invite.title')}
      footer={
        <>
          <Button onClick={onClose}>{t('appointments.modal.cancel')}</Button>
          <Button variant="primary" disabled={!chosen.size || offline} busy={form.busy} onClick={form.submit}>
            {t('appointments.invite.submit')}
          </Button>
        </>
      }
    >
      {offline ? (
        <p className="note" role="status">
          {t('appointments.invite.offline')}
        </p>
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          {t(`errors.${error}`, { defaultValue: t('errors.unknown_error') })}
        </p>
      ) : null}
      <ChosenChips chosen={chosen} onRemove={form.toggle} />
      <label htmlFor={searchId} className="visually-hidden">
        {t('appointments.invite.search')}
      </label>
      <input
        id={searchId}
        type="search"
        className="invite-search"
        value={form.search}
        placeholder={t('appointments.invite.search')}
        autoComplete="off"
        maxLength={100}
        onChange={(e) => form.setSearch(e.target.value)}
      />
      {form.full ? <p className="muted">{t('appointments.invite.limit', { n: APPOINTMENT_INVITES_MAX })}</p> : null}
      <CandidateList visitors={form.visitors} candidates={form.candidates} chosen={chosen} full={form.full} onToggle={form.toggle} />
    </Modal>
  );
}
