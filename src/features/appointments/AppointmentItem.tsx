import { useTranslation } from 'react-i18next';
import { appointmentActions, hasBegun, type AppointmentAction } from '../../../contract/appointments.ts';
import { useMayMessage, type AppointmentItem as Item, type EventView } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { useAppointmentUi } from '../../ui/appointment-ui.ts';
import { calendarEntry } from './entries.ts';
import { downloadIcs, googleCalendarLink, icsCalendar } from '../../ui/format/calendar.ts';
import { meetingWhen, personName, requestDateText } from '../../ui/format/appointments.ts';
import { RequestMessage } from '../../ui/appointments/RequestMessage.tsx';
import { MessageLink } from '../../ui/MessageLink.tsx';
import { placeLabel } from './place-label.ts';

/**
 * One appointment of my appointments (networking.md §4 item actions): confirm or reject a request
 * to the user, edit or cancel what is agreed or asked, send a message after a cancellation, ask
 * again after a rejection, the call or its info, and add to calendar.
 */
export function AppointmentItemCard({ item, event }: { item: Item; event: EventView | undefined }) {
  const { t } = useTranslation();
  const ui = useAppointmentUi();
  const name = personName(item.user_info, t('appointments.someone'));
  const local = !item.synced;
  const failed = item.failure;
  const canMessage = useMayMessage(item.other_user_id);
  const begun = hasBegun({ time_start: item.time_start || null, date: item.date, timezone: item.timezone }, Date.now());
  const actions: AppointmentAction[] = (local ? [] : appointmentActions(item.status, begun)).filter((a) => a !== 'message' || canMessage);
  const finished = item.time_end > 0 && item.time_end * 1000 <= Date.now();
  const appointed = item.status === 'appointed';
  const entry = appointed && item.time_start ? calendarEntry(item, event, name, t) : null;

  const run = (action: AppointmentAction) => {
    const otherId = item.other_user_id;
    switch (action) {
      case 'confirm':
        ui.approve(item.meeting_id);
        break;
      case 'reject':
        ui.openReject(item.meeting_id, 'reject');
        break;
      case 'cancel':
        ui.openReject(item.meeting_id, 'cancel');
        break;
      case 'edit':
        ui.openRequest({ eventId: item.event_id, userId: otherId, meetingId: item.meeting_id, date: item.date });
        break;
      case 'requestAgain':
      case 'request':
        ui.openRequest({ eventId: item.event_id, userId: otherId, date: item.date });
        break;
      default:
        break;
    }
  };

  return (
    <article
      className={['appointment', `appointment--${item.status}`, failed ? 'appointment--failed' : ''].filter(Boolean).join(' ')}
      aria-label={t('appointments.item.label', { name })}
    >
      <div className="appointment__head">
        <img className="appointment__avatar" src={item.user_info.avatar} alt="" width={48} height={48} loading="lazy" />
        <div className="appointment__who">
          <h3 className="appointment__name">{name}</h3>
          {item.user_info.position || item.user_info.company ? (
            <p className="muted">{[item.user_info.position, item.user_info.company].filter(Boolean).join(', ')}</p>
          ) : null}
        </div>
        <span className={`badge badge--${item.status}`}>{local && failed ? t('appointments.item.notSent') : t(`appointments.status.${item.status}`)}</span>
      </div>

      <MeetingFacts item={item} />

      <RequestMessage status={item.status === 'noAppointment' ? 'waitingForResponse' : item.status} message={item.comment} reason={item.response_msg} />
      {item.status === 'canceled' && item.response_msg ? (
        <p className="muted">
          {t('appointments.message.reason')}: {item.response_msg}
        </p>
      ) : null}

      {item.pending ? (
        <p className="appointment__pending" role="status">
          {t('appointments.item.pending')}
        </p>
      ) : null}

      {failed ? <FailureNotice item={item} failed={failed} local={local} /> : null}

      {actions.length > 0 || appointed ? (
        <div className="appointment__actions">
          {actions.map((a) =>
            a === 'message' ? (
              <MessageLink key={a} userId={item.other_user_id}>
                {t('appointments.actions.message')}
              </MessageLink>
            ) : (
              <Button key={a} size="sm" variant={a === 'confirm' ? 'primary' : a === 'reject' || a === 'cancel' ? 'ghost' : 'secondary'} onClick={() => run(a)}>
                {t(`appointments.actions.${a}`)}
              </Button>
            ),
          )}
          {appointed && item.time_start && (!finished || item.is_online) ? (
            <Button size="sm" variant={finished ? 'ghost' : 'primary'} onClick={() => ui.openCall(item.meeting_id)}>
              {finished ? t('appointments.actions.info') : item.is_online ? t('appointments.actions.joinCall') : t('appointments.actions.openMeeting')}
            </Button>
          ) : null}
          {appointed && !local && item.meeting_id > 0 && !finished ? (
            <Button size="sm" variant="ghost" onClick={() => ui.openInvite(item.meeting_id)}>
              {t('appointments.invite.open')}
            </Button>
          ) : null}
          {entry && !finished ? (
            <>
              <a className="btn btn--ghost btn--sm" href={googleCalendarLink(entry)} target="_blank" rel="noopener noreferrer">
                {t('appointments.actions.googleCalendar')}
              </a>
              <Button size="sm" variant="ghost" onClick={() => downloadIcs(`appointment-${item.meeting_id}.ics`, icsCalendar([entry]))}>
                {t('appointments.actions.downloadIcs')}
              </Button>
            </>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}

/** When and where the meeting is, and when it was asked for. */
function MeetingFacts({ item }: { item: Item }) {
  const { t } = useTranslation();
  return (
    <dl className="appointment__facts">
      <div>
        <dt>{t('appointments.item.when')}</dt>
        <dd>
          <time dateTime={item.time_start ? new Date(item.time_start * 1000).toISOString() : item.date}>{meetingWhen(item)}</time>
          {item.timezone ? <span className="muted"> ({item.timezone})</span> : null}
        </dd>
      </div>
      <div>
        <dt>{t('appointments.item.where')}</dt>
        <dd>{item.is_online ? t('appointments.item.online') : placeLabel(item, t) || t('appointments.item.placeLater')}</dd>
      </div>
      {item.request_date ? (
        <div>
          <dt>{t('appointments.item.requested')}</dt>
          <dd>{requestDateText(item.request_date, item.timezone)}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** A change of this appointment that did not go through: why, and retrying it, asking for another time or letting it go. */
function FailureNotice({ item, failed, local }: { item: Item; failed: NonNullable<Item['failure']>; local: boolean }) {
  const { t } = useTranslation();
  const ui = useAppointmentUi();
  return (
    <div className="appointment__failure" role="alert">
      {failed.code === 'appointment_exists' && failed.kind === 'appointment.request' ? (
        <p>{local ? t('appointments.item.existsComing') : t('appointments.item.existsHere')}</p>
      ) : (
        <p>
          <strong>{t(`rejections.${failed.kind}`)}</strong> {t(`errors.${failed.code}`, { defaultValue: t('errors.unknown_error') })}
        </p>
      )}
      <div className="appointment__actions">
        {failed.parked ? (
          <Button size="sm" variant="primary" onClick={() => ui.retryFailure(failed.commandId)}>
            {t('rejections.retry')}
          </Button>
        ) : /* Another time helps with a taken slot, not with a meeting that exists already. */
        failed.kind === 'appointment.request' && failed.code !== 'appointment_exists' ? (
          <Button
            size="sm"
            variant="primary"
            onClick={() =>
              ui.openRequest({
                eventId: item.event_id,
                userId: item.other_user_id,
                date: item.date,
                error: failed.code,
                replaces: failed.commandId,
                ...(item.meeting_id ? { meetingId: item.meeting_id } : {}),
              })
            }
          >
            {t('appointments.actions.pickAnotherTime')}
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" onClick={() => ui.dismissFailure(failed.commandId)}>
          {failed.parked ? t('rejections.discard') : t('common.dismiss')}
        </Button>
      </div>
    </div>
  );
}
