import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appointmentActions, hasBegun, type AppointmentAction } from '../../../contract/appointments.ts';
import { useAppointmentsKnown, useMayMessage, useSession, type AppointmentItem, type EventView, type VisitorView } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { useAppointmentUi } from '../../ui/appointment-ui.ts';
import { mayRequest } from '../../ui/format/appointments.ts';
import { RequestMessage } from '../../ui/appointments/RequestMessage.tsx';
import { TicketsRequiredDialog } from '../../ui/appointments/StepDialogs.tsx';
import { MessageButton } from '../../ui/MessageButton.tsx';

/**
 * The appointment part of a visitor card (networking.md §2, §4 item actions, §5 gating): the
 * actions of the user's appointment with this visitor at this event and the request message block.
 * Never on one's own card, and never an action the device already rules out: no request before the
 * user's appointments have arrived after signing in, no message without an approved meeting. A
 * request refused because one exists already is told on the existing one, with its actions. A guest's make-appointment opens the login-or-buy dialog and a user
 * without a ticket gets the tickets-required dialog (the appointments host gates requests; the
 * answers are gated here the same way, as the server refuses them without a ticket).
 */
export function VisitorAppointment({
  visitor,
  event,
  appointment,
}: {
  visitor: VisitorView;
  event: EventView | undefined;
  appointment: AppointmentItem | undefined;
}) {
  const { t } = useTranslation();
  const ui = useAppointmentUi();
  const known = useAppointmentsKnown();
  const signedIn = Boolean(useSession().user);
  const canMessage = useMayMessage(visitor.user_id);
  const [ticketsDialog, setTicketsDialog] = useState(false);
  if (visitor.is_me) return null;

  const eventId = visitor.event_id;
  const status = appointment?.status ?? 'noAppointment';
  const failure = appointment?.failure ?? null;
  const refusedHere = Boolean(appointment && !appointment.synced && failure);
  // A request still on this device has no meeting id to act on yet; it shows as pending instead. A
  // request the server refused may be made again, unless the refusal was that one exists already.
  const begun = Boolean(
    appointment && hasBegun({ time_start: appointment.time_start || null, date: appointment.date, timezone: appointment.timezone }, Date.now()),
  );
  let actions: AppointmentAction[] = appointment && !appointment.synced ? [] : appointmentActions(status, begun);
  if (refusedHere && failure?.code !== 'appointment_exists') actions = ['request'];
  // Never offer a request the device cannot yet rule out: until the user's appointments have
  // arrived after signing in, "no appointment" is not known.
  if (!known && actions.includes('request')) actions = actions.filter((a) => a !== 'request');
  // Messaging needs an approved meeting or a dialog (networking.md §4): no button that cannot work.
  if (!canMessage) actions = actions.filter((a) => a !== 'message');
  const finished = Boolean(appointment && appointment.time_end > 0 && appointment.time_end * 1000 <= Date.now());
  const info = appointment?.status === 'appointed' && appointment.is_online && finished;

  const run = (action: AppointmentAction) => {
    if (action === 'request' || action === 'requestAgain') {
      ui.openRequest({ eventId, userId: visitor.user_id, ...(appointment?.date ? { date: appointment.date } : {}) });
      return;
    }
    if (!appointment) return;
    if (event && !mayRequest(event)) {
      setTicketsDialog(true);
      return;
    }
    if (action === 'confirm') ui.approve(appointment.meeting_id);
    else if (action === 'reject') ui.openReject(appointment.meeting_id, 'reject');
    else if (action === 'cancel') ui.openReject(appointment.meeting_id, 'cancel');
    else if (action === 'edit') ui.openRequest({ eventId, userId: visitor.user_id, meetingId: appointment.meeting_id, date: appointment.date });
  };

  return (
    <div className="visitor__appointment">
      {appointment && status !== 'noAppointment' ? (
        <p className="visitor__appointment-status">
          <span className={`badge badge--${status}`}>{t(`appointments.status.${status}`)}</span>
          {appointment.pending ? <span className="muted"> {t('appointments.item.pending')}</span> : null}
        </p>
      ) : null}
      {appointment ? <RequestMessage status={status} message={appointment.comment} reason={appointment.response_msg} /> : null}
      {failure ? (
        <div className="visitor__failure" role="alert">
          <p>
            {failure.code === 'appointment_exists'
              ? appointment?.synced
                ? t('appointments.item.existsHere')
                : t('appointments.item.existsComing')
              : `${t(`rejections.${failure.kind}`)} ${t(`errors.${failure.code}`, { defaultValue: t('errors.unknown_error') })}`}
          </p>
          <Button size="sm" variant="ghost" onClick={() => ui.dismissFailure(failure.commandId)}>
            {t('common.dismiss')}
          </Button>
        </div>
      ) : null}
      {/* A guest has no appointments to wait for. */}
      {signedIn && !known && !appointment ? (
        <p className="muted visitor__checking" role="status">
          {t('appointments.item.checking')}
        </p>
      ) : null}
      {actions.length > 0 || info ? (
        <div className="appointment__actions">
          {actions.map((a) =>
            a === 'message' ? (
              <MessageButton key={a} userId={visitor.user_id}>
                {t('appointments.actions.message')}
              </MessageButton>
            ) : (
              <Button
                key={a}
                size="sm"
                variant={a === 'confirm' || a === 'request' || a === 'requestAgain' ? 'primary' : a === 'reject' || a === 'cancel' ? 'ghost' : 'secondary'}
                onClick={() => run(a)}
              >
                {t(`appointments.actions.${a}`)}
              </Button>
            ),
          )}
          {/* The specs' quick appointment form: any time, a comment (networking.md §3). */}
          {actions.includes('request') ? (
            <Button size="sm" variant="ghost" onClick={() => ui.openRequest({ eventId, userId: visitor.user_id, anyTime: true })}>
              {t('appointments.actions.quickRequest')}
            </Button>
          ) : null}
          {info && appointment ? (
            <Button size="sm" variant="ghost" onClick={() => ui.openCall(appointment.meeting_id)}>
              {t('appointments.actions.info')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {ticketsDialog && event ? <TicketsRequiredDialog open eventId={eventId} eventName={event.name} onClose={() => setTicketsDialog(false)} /> : null}
    </div>
  );
}

/**
 * The one appointment a visitor card shows when there are several with the same person: an open
 * one (asked or agreed) before a closed one, then the latest asked.
 */
export function appointmentsByPerson(items: readonly AppointmentItem[]): Map<number, AppointmentItem> {
  // A request the server refused never existed there: it gives way to any real appointment.
  const open = (a: AppointmentItem) => (a.state === 'pending' || a.state === 'accepted') && !(a.failure && !a.synced);
  const out = new Map<number, AppointmentItem>();
  for (const a of items) {
    const prev = out.get(a.other_user_id);
    if (!prev || (open(a) && !open(prev)) || (open(a) === open(prev) && a.request_date > prev.request_date)) out.set(a.other_user_id, a);
  }
  return out;
}
