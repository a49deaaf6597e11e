import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAppointment, useSession, useSyncStatus } from '../../data/index.ts';
import { useLoginHref } from '../useRequireLogin.ts';
import { useAppointmentUi } from '../appointment-ui.ts';

/**
 * ?meeting_id=&response= (events.md §4 deep link), on My appointments and on the visitors page
 * alike: edit opens the edit form, reject or cancel the rejection form, accept approves at once.
 * The two parameters then leave the address; `eventOnly` (My appointments) keeps nothing but the
 * meeting's event_id. A guest logs in first and comes back to the same link. Returns the notice to
 * show when the meeting is not there (it clears itself).
 */
export function useResponseLink(keep: 'eventOnly' | 'rest'): string | null {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { user, status } = useSession();
  const navigate = useNavigate();
  const loginHref = useLoginHref();
  const ui = useAppointmentUi();
  const sync = useSyncStatus();
  const meetingId = Number(params.get('meeting_id')) || null;
  const response = params.get('response');
  const { data: item, isLoading } = useAppointment(user ? meetingId : null);
  const [missing, setMissing] = useState(false);
  const settled = sync.state === 'idle' || sync.state === 'offline' || sync.state === 'error';

  useEffect(() => {
    if (!meetingId || status !== 'ready') return;
    if (!user) {
      navigate(loginHref, { replace: true });
      return;
    }
    // The appointment may still be on its way to this device: wait for the sync before giving up.
    if (!item && (isLoading || !settled)) return;
    if (keep === 'eventOnly') {
      const eventId = item ? String(item.event_id) : params.get('event_id');
      setParams(eventId ? { event_id: eventId } : {}, { replace: true });
    } else {
      const next = new URLSearchParams(params);
      next.delete('meeting_id');
      next.delete('response');
      setParams(next, { replace: true });
    }
    if (!item) {
      setMissing(true);
      return;
    }
    if (response === 'edit') ui.openRequest({ eventId: item.event_id, userId: item.other_user_id, meetingId: item.meeting_id, date: item.date });
    else if (response === 'reject') ui.openReject(item.meeting_id, 'reject');
    else if (response === 'cancel') ui.openReject(item.meeting_id, 'cancel');
    else if (response === 'accept' || response === 'approve') ui.approve(item.meeting_id);
  }, [meetingId, item, isLoading, settled, response, params, setParams, ui, keep, user, status, navigate, loginHref]);

  useEffect(() => {
    if (!missing) return;
    const timer = setTimeout(() => setMissing(false), 8000);
    return () => clearTimeout(timer);
  }, [missing]);
  return missing ? t('errors.appointment_not_found') : null;
}
