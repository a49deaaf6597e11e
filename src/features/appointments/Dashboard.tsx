import { useEffect, useRef, useState } from 'react';
import { Link, matchPath, useLocation, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useAppointmentNotices, useSession, type AppointmentNotice } from '../../data/index.ts';
import { useLocalePath } from '../../app/useLocale.ts';
import { Button } from '../../ui/Button.tsx';
import { useAppointmentUi } from './AppointmentHost.tsx';
import { meetingWhen, personName } from './format.ts';

/**
 * The dashboard (events.md §2, §4), on every page of a signed-in user: the notifications of the
 * worker's clock in a group at the top right (invited and updated with Confirm, approved and
 * rejected titled with the other person's name, the reminder, "very soon" with a start button),
 * the call opening at the start, system notifications while the page is hidden, and the deep
 * links ?meeting_user_id= and ?call_meeting_id=.
 */

/** More at once would cover the page; older ones wait (and expire) behind the newest. */
const NOTICES_SHOWN = 4;

export interface InfoToast {
  id: string;
  text: string;
  tone: 'info' | 'error';
}

export function Dashboard({ toasts, onDismissToast }: { toasts: InfoToast[]; onDismissToast(id: string): void }) {
  const { t } = useTranslation();
  const { user, status } = useSession();
  const notices = useAppointmentNotices();
  const ui = useAppointmentUi();
  const to = useLocalePath();
  const visible = usePageVisible();
  const missingEvent = useDeepLinks(status === 'ready', Boolean(user));

  // At the start the call opens (events.md §4), on a page the user is looking at.
  const { items, dismiss } = notices;
  useEffect(() => {
    if (!visible) return;
    const start = items.find((n) => n.kind === 'start');
    if (!start) return;
    dismiss(start.key);
    ui.openCall(start.meetingId);
  }, [items, visible, dismiss, ui]);

  useSystemNotifications(items, visible, t, to);

  const shown = user ? items.filter((n) => n.kind !== 'start').slice(-NOTICES_SHOWN) : [];
  return (
    <section className="notice-region" aria-label={t('appointments.notices.region')} aria-live="polite" aria-relevant="additions">
      {shown.map((n) => (
        <NoticeCard key={n.key} notice={n} onDismiss={() => dismiss(n.key)} />
      ))}
      {missingEvent ? (
        <div className="notice notice--error" role="alert">
          <p className="notice__title">{t('appointments.toasts.noEvent')}</p>
        </div>
      ) : null}
      {toasts.map((x) => (
        <div key={x.id} className={`notice notice--${x.tone}`} role={x.tone === 'error' ? 'alert' : 'status'}>
          <p className="notice__title">{x.text}</p>
          <button type="button" className="toast__close" onClick={() => onDismissToast(x.id)} aria-label={t('common.dismiss')} title={t('common.dismiss')}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </section>
  );
}

function noticeTexts(n: AppointmentNotice, t: TFunction): { title: string; text: string } {
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
      return { title: t('appointments.notices.reminder', { name }), text: whenWhere };
    case 'verySoon':
      return { title: t('appointments.notices.verySoon', { name }), text: whenWhere };
    case 'start':
      return { title: t('appointments.notices.start', { name }), text: whenWhere };
  }
}

function NoticeCard({ notice, onDismiss }: { notice: AppointmentNotice; onDismiss(): void }) {
  const { t } = useTranslation();
  const ui = useAppointmentUi();
  const to = useLocalePath();
  const { title, text } = noticeTexts(notice, t);
  const urgent = notice.kind === 'verySoon';
  return (
    <div className={`notice notice--${notice.kind}`} role={urgent ? 'alert' : 'status'} data-kind={notice.kind}>
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
                onDismiss();
              }}
            >
              {t('appointments.actions.confirm')}
            </Button>
          ) : null}
          {notice.kind === 'verySoon' || notice.kind === 'reminder' ? (
            <Button
              size="sm"
              variant={urgent ? 'primary' : 'secondary'}
              onClick={() => {
                ui.openCall(notice.meetingId);
                onDismiss();
              }}
            >
              {urgent ? t('appointments.notices.startCall') : t('appointments.notices.openMeeting')}
            </Button>
          ) : null}
          <Link className="btn btn--ghost btn--sm" to={to(`/profile/mymeeting?event_id=${notice.eventId}`)} onClick={onDismiss}>
            {t('appointments.notices.show')}
          </Link>
        </div>
      </div>
      <button type="button" className="toast__close" onClick={onDismiss} aria-label={t('common.dismiss')} title={t('common.dismiss')}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => typeof document === 'undefined' || document.visibilityState !== 'hidden');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/**
 * While the page is hidden and the user allowed it, each new notice also becomes a system
 * notification through the service worker (src/sw.ts opens data.url on click). The tag makes the
 * same notice from several tabs replace itself instead of stacking.
 */
function useSystemNotifications(items: AppointmentNotice[], visible: boolean, t: TFunction, to: (path: string) => string) {
  const announced = useRef(new Set<string>());
  useEffect(() => {
    for (const n of items) {
      if (announced.current.has(n.key)) continue;
      announced.current.add(n.key);
      if (visible || typeof Notification === 'undefined' || Notification.permission !== 'granted' || !('serviceWorker' in navigator)) continue;
      const { title, text } = noticeTexts(n, t);
      const url = n.kind === 'start' || n.kind === 'verySoon' ? to(`/profile/mymeeting?event_id=${n.eventId}&call_meeting_id=${n.meetingId}`) : to(`/profile/mymeeting?event_id=${n.eventId}`);
      void navigator.serviceWorker.ready
        .then((reg) => reg.showNotification(title, { body: text, tag: n.key, data: { url }, icon: '/icon-192.png' }))
        .catch((err: unknown) => console.warn('foyer: system notification failed', err));
    }
  }, [items, visible, t, to]);
}

/** ?meeting_user_id= (with event_id, or on an event's page) and ?call_meeting_id= on any page. */
function useDeepLinks(ready: boolean, signedIn: boolean): boolean {
  const ui = useAppointmentUi();
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const [missingEvent, setMissingEvent] = useState(false);
  useEffect(() => {
    const userId = Number(params.get('meeting_user_id'));
    const callId = Number(params.get('call_meeting_id'));
    // The session decides what a link may open; wait until it has been read.
    if (!ready || (!userId && !callId)) return;
    const next = new URLSearchParams(params);
    if (userId > 0) {
      const routeEvent = Number(matchPath('/:locale/events/:eventId/*', pathname)?.params.eventId);
      const eventId = Number(params.get('event_id')) || routeEvent;
      if (eventId > 0) ui.openRequest({ eventId, userId, date: params.get('date') });
      else setMissingEvent(true);
      next.delete('meeting_user_id');
      next.delete('date');
      // My appointments keeps event_id as its own; elsewhere it only served the modal.
      if (!pathname.endsWith('/profile/mymeeting')) next.delete('event_id');
    }
    if (callId > 0) {
      if (signedIn) ui.openCall(callId);
      next.delete('call_meeting_id');
    }
    setParams(next, { replace: true });
  }, [params, pathname, setParams, ui, signedIn, ready]);
  useEffect(() => {
    if (!missingEvent) return;
    const timer = setTimeout(() => setMissingEvent(false), 6000);
    return () => clearTimeout(timer);
  }, [missingEvent]);
  return missingEvent;
}
