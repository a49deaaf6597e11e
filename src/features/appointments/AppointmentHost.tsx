import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppointmentActions, useEvent, useMeetingNoticeSocket, useSession } from '../../data/index.ts';
import { Dashboard, type InfoToast } from './Dashboard.tsx';
import { AppointmentUiContext, type AppointmentUi, type RejectMode, type RequestTarget } from '../../ui/appointment-ui.ts';
import { LoginOrBuyDialog, TicketsRequiredDialog } from '../../ui/appointments/StepDialogs.tsx';
import { mayRequest } from '../../ui/format/appointments.ts';
import { later } from '../../ui/later.ts';
import './appointments.css';
import './my-appointments.css';
import './call.css';
import './notices.css';

/**
 * Everything appointments put on top of a page, on every page (events.md §2 "Dashboard"): the
 * appointment modal with its gates (login or buy for guests, tickets required without a ticket),
 * the rejection form, the call, and the dashboard's notifications. Screens open them through
 * useAppointmentUi(); a link opens them with ?meeting_user_id= (and event_id) or ?call_meeting_id=.
 */

// The forms and the call open on a person's action, so their code waits for the first one.
const AppointmentModal = later(async () => (await import('./AppointmentModal.tsx')).AppointmentModal);
const RejectDialog = later(async () => (await import('./RejectDialog.tsx')).RejectDialog);
const CallModal = later(async () => (await import('./CallModal.tsx')).CallModal);
const InviteModal = later(async () => (await import('./InviteModal.tsx')).InviteModal);

/** How long a success message stays; the dashboard's notifications have their own 50 s. */
const INFO_TOAST_MS = 6000;

export function AppointmentHost({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const actions = useAppointmentActions();
  const [request, setRequest] = useState<RequestTarget | null>(null);
  const [reject, setReject] = useState<{ meetingId: number; mode: RejectMode } | null>(null);
  const [call, setCall] = useState<number | null>(null);
  const [invite, setInvite] = useState<number | null>(null);
  const [toasts, setToasts] = useState<InfoToast[]>([]);

  const toast = useCallback((text: string, tone: InfoToast['tone'] = 'info') => {
    const id = `${Date.now()}-${Math.random()}`;
    setToasts((list) => [...list, { id, text, tone }]);
    setTimeout(() => setToasts((list) => list.filter((x) => x.id !== id)), INFO_TOAST_MS);
  }, []);

  // events.md §8: a socket Exception other than userAccessException is an error toast.
  useMeetingNoticeSocket(useCallback((e) => toast(t(`errors.${e.code}`, { defaultValue: e.message || t('errors.unknown_error') }), 'error'), [toast, t]));

  const ui = useMemo<AppointmentUi>(
    () => ({
      openRequest: (target) => {
        setCall(null);
        setRequest(target);
      },
      openReject: (meetingId, mode) => setReject({ meetingId, mode }),
      openCall: (meetingId) => {
        setRequest(null);
        setCall(meetingId);
      },
      openInvite: (meetingId) => setInvite(meetingId),
      approve: (meetingId) => {
        actions.approve(meetingId).then(
          () => toast(t('appointments.toasts.accepted')),
          () => toast(t('errors.local_write_failed'), 'error'),
        );
      },
      dismissFailure: (commandId) => void actions.dismissFailure(commandId),
      retryFailure: (commandId) => void actions.retryFailure(commandId),
    }),
    [actions, toast, t],
  );

  return (
    <AppointmentUiContext.Provider value={ui}>
      {children}
      {request ? (
        <RequestGate
          target={request}
          onClose={() => setRequest(null)}
          onQueued={(online) => toast(online ? t('appointments.toasts.requested') : t('appointments.toasts.requestedOffline'))}
        />
      ) : null}
      {reject ? (
        <RejectDialog
          meetingId={reject.meetingId}
          mode={reject.mode}
          onClose={() => setReject(null)}
          onDone={() => toast(reject.mode === 'reject' ? t('appointments.toasts.rejected') : t('appointments.toasts.canceled'))}
        />
      ) : null}
      {call !== null ? <CallModal meetingId={call} onClose={() => setCall(null)} onInvite={setInvite} /> : null}
      {invite !== null ? <InviteModal meetingId={invite} onClose={() => setInvite(null)} onInvited={() => toast(t('appointments.toasts.invited'))} /> : null}
      <Dashboard toasts={toasts} onDismissToast={(id) => setToasts((list) => list.filter((x) => x.id !== id))} />
    </AppointmentUiContext.Provider>
  );
}

/** networking.md §5 action gating: guests log in first, people without a ticket are told so. */
function RequestGate({ target, onClose, onQueued }: { target: RequestTarget; onClose(): void; onQueued(online: boolean): void }) {
  const { user, status } = useSession();
  const { data: event, isLoading } = useEvent(target.eventId);
  if (status === 'loading' || isLoading) return null;
  if (!user) return <LoginOrBuyDialog open eventId={target.eventId} onClose={onClose} />;
  // An event the device does not hold is left to the server, which answers ticket_required itself.
  if (event && !mayRequest(event)) return <TicketsRequiredDialog open eventId={target.eventId} eventName={event.name} onClose={onClose} />;
  // Nobody meets themselves (networking.md §5: no make-appointment on one's own card).
  if (target.userId === user.id) return <CloseAtOnce onClose={onClose} />;
  return <AppointmentModal target={target} onClose={onClose} onQueued={onQueued} />;
}

function CloseAtOnce({ onClose }: { onClose(): void }) {
  useEffect(() => onClose(), [onClose]);
  return null;
}
