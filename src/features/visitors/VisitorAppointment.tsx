import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appointmentActions, type AppointmentAction } from '../../../contract/appointments.ts';
import type { AppointmentItem, EventView, VisitorView } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { useAppointmentUi } from '../appointments/AppointmentHost.tsx';
import { mayRequest } from '../appointments/format.ts';
import { RequestMessage } from '../appointments/RequestMessage.tsx';
import { MessageLink } from '../messages/MessageLink.tsx';
import { TicketsRequiredDialog } from '../appointments/StepDialogs.tsx';

/**
 * The appointment part of a visitor card (networking.md §2, §4 item actions, §5 gating): the
 * actions of the user's appointment with this visitor at this event and the request message block.
 * Never on one's own card. A guest's make-appointment opens the login-or-buy dialog and a user
 * without a ticket gets the tickets-required dialog (the appointments host gates requests; the
 * answers are gated here the same way, as the server refuses them without a ticket).
 */
export function VisitorAppointment({ visitor, event, appointment }: { visitor: VisitorView; event: EventView | undefined; appointment: AppointmentItem | undefined }) {
  const { t } = useTranslation();
  const ui = useAppointmentUi();
  const [ticketsDialog, setTicketsDialog] = useState(false);
  if (visitor.is_me) return null;

  const eventId = visitor.event_id;
  const status = appointment?.status ?? 'noAppointment';
  // A request still on this device has no meeting id to act on yet; it shows as pending instead.
  const actions: AppointmentAction[] = appointment && !appointment.synced ? [] : appointmentActions(status);
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
      {actions.length > 0 || info ? (
        <div className="appointment__actions">
          {actions.map((a) =>
            a === 'message' ? (
              <MessageLink key={a} userId={visitor.user_id}>
                {t('appointments.actions.message')}
              </MessageLink>
            ) : (
              <Button key={a} size="sm" variant={a === 'confirm' || a === 'request' || a === 'requestAgain' ? 'primary' : a === 'reject' || a === 'cancel' ? 'ghost' : 'secondary'} onClick={() => run(a)}>
                {t(`appointments.actions.${a}`)}
              </Button>
            ),
          )}
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
  const open = (a: AppointmentItem) => a.state === 'pending' || a.state === 'accepted';
  const out = new Map<number, AppointmentItem>();
  for (const a of items) {
    const prev = out.get(a.other_user_id);
    if (!prev || (open(a) && !open(prev)) || (open(a) === open(prev) && a.request_date > prev.request_date)) out.set(a.other_user_id, a);
  }
  return out;
}
