import type { KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { AppointmentNotice } from '../../data/index.ts';
import { useLocale, useLocalePath } from '../../ui/useLocale.ts';
import { Button } from '../../ui/Button.tsx';
import { useNow } from '../../ui/useNow.ts';
import { useAppointmentUi } from '../../ui/appointment-ui.ts';
import { meetingWhen, personName } from '../../ui/format/appointments.ts';
import { meetingMoment, reminderText } from './notice-time.ts';

/** A reminder's words change by the second in the last minute before the start. */
const REMINDER_TICK_MS = 1000;

const isReminder = (n: AppointmentNotice) => n.kind === 'reminder' || n.kind === 'verySoon';

/**
 * A notice's title and detail line at `nowMs` (the page's clock). A reminder says where the meeting
 * stands on the meeting's clock (the page's plus the skew measured when it arrived): in 3 minutes,
 * started 2 minutes ago, ended.
 */
export function noticeTexts(n: AppointmentNotice, t: TFunction, locale: string, nowMs: number): { title: string; text: string } {
  const name = personName(n.other, t('appointments.someone'));
  const when = n.timeStart ? meetingWhen({ date: n.date, time_start: n.timeStart, time_end: n.timeEnd, timezone: n.timezone }) : '';
  const where = n.isOnline ? t('appointments.item.online') : n.where;
  const whenWhere = [when, where].filter(Boolean).join(' · ');
  switch (n.kind) {
    case 'invited':
      return { title: t('appointments.notices.invited', { name }), text: [whenWhere, n.message].filter(Boolean).join(' — ') };
    case 'updated':
      return { title: t('appointments.notices.updated', { name }), text: [whenWhere, n.message].filter(Boolean).join(' — ') };
    case 'approved':
      return { title: name, text: `${t('appointments.notices.approved')} ${whenWhere}`.trim() };
    case 'rejected':
      return { title: name, text: [t('appointments.notices.rejected'), n.message].filter(Boolean).join(' — ') };
    case 'reminder':
    case 'verySoon': {
      const { key, when: rel } = reminderText(meetingMoment(n.timeStart, n.timeEnd, nowMs + n.skewMs), locale);
      return { title: t(key, { name, when: rel }), text: whenWhere };
    }
    case 'start':
      return { title: t('appointments.notices.start', { name }), text: whenWhere };
  }
}

/**
 * One notice, compact: a title line, the meeting's time and place, its actions and a close button.
 * Escape anywhere inside it dismisses it (the dashboard then moves focus on).
 */
export function NoticeCard({ notice, onDismiss }: { notice: AppointmentNotice; onDismiss(viaKeyboard: boolean): void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const ui = useAppointmentUi();
  const to = useLocalePath();
  // Every card ticks on its own; change notices do not need to, but one timer per card is cheap.
  const now = useNow(REMINDER_TICK_MS);
  const { title, text } = noticeTexts(notice, t, locale, now);
  const moment = isReminder(notice) ? meetingMoment(notice.timeStart, notice.timeEnd, now + notice.skewMs) : null;
  // "Very soon" interrupts (role alert); everything else waits its turn.
  const urgent = notice.kind === 'verySoon' && moment?.phase === 'before';
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    e.stopPropagation();
    onDismiss(true);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape inside the notice (on its buttons) dismisses it; the notice itself takes no focus or click
    <div
      className={`notice notice--${notice.kind}`}
      role={urgent ? 'alert' : 'status'}
      data-kind={notice.kind}
      data-phase={moment?.phase ?? ''}
      onKeyDown={onKeyDown}
    >
      <div className="notice__content">
        <p className="notice__title">{title}</p>
        {text ? <p className="notice__text">{text}</p> : null}
        <div className="notice__actions">
          {notice.kind === 'invited' || notice.kind === 'updated' ? (
            <Button
              size="sm"
              variant="primary"
              onClick={() => {
                ui.approve(notice.meetingId);
                onDismiss(false);
              }}
            >
              {t('appointments.actions.confirm')}
            </Button>
          ) : null}
          {moment && moment.phase !== 'after' ? (
            <Button
              size="sm"
              variant={urgent ? 'primary' : 'secondary'}
              onClick={() => {
                ui.openCall(notice.meetingId);
                onDismiss(false);
              }}
            >
              {urgent ? t('appointments.notices.startCall') : t('appointments.notices.openMeeting')}
            </Button>
          ) : null}
          <Link className="btn btn--ghost btn--sm" to={to(`/profile/mymeeting?event_id=${notice.eventId}`)} onClick={() => onDismiss(false)}>
            {t('appointments.notices.show')}
          </Link>
        </div>
      </div>
      <button
        type="button"
        className="toast__close notice__close"
        onClick={() => onDismiss(false)}
        aria-label={t('appointments.notices.dismissOf', { name: personName(notice.other, t('appointments.someone')) })}
        title={t('common.dismiss')}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
