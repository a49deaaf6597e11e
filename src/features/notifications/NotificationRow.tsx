import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { NotificationItem } from '../../data/index.ts';
import { formatRelative } from '../../app/layout/relativeTime.ts';
import { useAppointmentUi } from '../../ui/appointment-ui.ts';
import { useChatUi } from '../../ui/chat-ui.ts';
import { meetingWhen } from '../../ui/format/appointments.ts';
import { dateFormat, zoneLabel } from '../../ui/intl.ts';
import { Avatar } from '../../ui/people/Avatar.tsx';
import { useLocale, useLocalePath } from '../../ui/useLocale.ts';
import { notificationTitle } from './texts.ts';

export interface NotificationRowProps {
  item: NotificationItem;
  nowMs: number;
  /** Marks the notice read (server notices only; derived ones are read through their source). */
  onRead(key: string): void;
  /** Something in the row led elsewhere: the header's panel closes. */
  onLeave?(): void;
  compact?: boolean;
}

/**
 * One notice: who did what, when, about which event and meeting (its time in the event's zone, the
 * zone named), and what it offers (events.md §4): Confirm for a request still open to the user, the
 * call for an accepted meeting that has not ended, the conversation for a message, the discussion
 * for comments and votes. Acting on a notice marks it read.
 */
export function NotificationRow({ item: n, nowMs, onRead, onLeave, compact = false }: NotificationRowProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const appointments = useAppointmentUi();
  const chat = useChatUi();
  const title = notificationTitle(n, t);
  const act = (fn: () => void) => () => {
    fn();
    if (!n.read) onRead(n.key);
    onLeave?.();
  };
  const atMs = n.at * 1000;
  const m = n.meeting;
  const isMeetingKind = n.meetingId > 0 && n.kind !== 'comment' && n.kind !== 'vote';

  const actions: ReactNode[] = [];
  if (m?.confirmable && (n.kind === 'invited' || n.kind === 'updated')) {
    actions.push(
      <button key="confirm" type="button" className="btn btn--primary btn--sm" onClick={act(() => appointments.approve(n.meetingId))}>
        {t('notifications.confirm')}
      </button>,
    );
  }
  if (m?.callable && (n.kind === 'approved' || n.kind === 'verySoon')) {
    actions.push(
      <button key="call" type="button" className="btn btn--primary btn--sm" onClick={act(() => appointments.openCall(n.meetingId))}>
        {t('notifications.openCall')}
      </button>,
    );
  }
  if (isMeetingKind) {
    actions.push(
      <Link key="meeting" className="btn btn--ghost btn--sm" to={to(`/profile/mymeeting?event_id=${n.eventId}`)} onClick={act(() => undefined)}>
        {t('notifications.openMeetings')}
      </Link>,
    );
  }
  if (n.kind === 'message') {
    actions.push(
      <button key="chat" type="button" className="btn btn--primary btn--sm" onClick={act(() => chat?.openChat(n.actor.user_id))}>
        {t('notifications.openChat')}
      </button>,
    );
  }
  if (n.kind === 'comment' || n.kind === 'vote') {
    actions.push(
      <Link key="discussion" className="btn btn--ghost btn--sm" to={to(`/events/${n.eventId}/discussions`)} onClick={act(() => undefined)}>
        {t('notifications.openDiscussion')}
      </Link>,
    );
  }
  if (n.kind === 'waitlistOffer' && n.link) {
    actions.push(
      <Link key="offer" className="btn btn--primary btn--sm" to={to(n.link)} onClick={act(() => undefined)}>
        {t('waitlist.buyNow')}
      </Link>,
    );
  }
  if (!n.read && n.noticeId > 0) {
    actions.push(
      <button key="read" type="button" className="btn btn--ghost btn--sm" onClick={() => onRead(n.key)}>
        {t('notifications.markRead')}
      </button>,
    );
  }

  return (
    <li className={`notice-row${n.read ? '' : ' notice-row--unread'}${compact ? ' notice-row--compact' : ''}`}>
      <Avatar src={n.actor.avatar} firstName={n.actor.first_name} lastName={n.actor.last_name} size="sm" />
      <div className="notice-row__body">
        <p className="notice-row__title">
          {n.read ? null : <span className="visually-hidden">{t('notifications.unread')} </span>}
          {title}
        </p>
        {n.text && !compact && n.kind !== 'waitlistOffer' ? <p className="notice-row__quote">{n.text}</p> : null}
        <p className="notice-row__meta">
          <time dateTime={new Date(atMs).toISOString()} title={dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(atMs)}>
            {formatRelative(atMs, nowMs, locale)}
          </time>
          {n.eventName && n.kind !== 'comment' ? <span> · {n.eventName}</span> : null}
          {m && isMeetingKind ? (
            <span>
              {' · '}
              {t('notifications.meetingAt', {
                when: meetingWhen({ date: m.date, time_start: m.timeStart, time_end: m.timeEnd, timezone: m.timezone }),
                zone: zoneLabel(m.timezone, m.timeStart ? m.timeStart * 1000 : nowMs),
              })}
            </span>
          ) : null}
          {n.pending ? <span> · {t('notifications.readPending')}</span> : null}
        </p>
        {actions.length ? <div className="notice-row__actions">{actions}</div> : null}
      </div>
      {n.read ? null : <span className="notice-row__dot" aria-hidden="true" />}
    </li>
  );
}
