import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useAppointmentNotices, useSession, type AppointmentNotice } from '../../data/index.ts';
import { useLocale, useLocalePath } from '../../ui/useLocale.ts';
import { useAppointmentUi } from '../../ui/appointment-ui.ts';
import { NoticeCard, noticeTexts } from './NoticeCard.tsx';
import { useDeepLinks } from './deep-links.ts';
import { useMediaQuery } from '../../ui/useMediaQuery.ts';
import { setRootLength } from '../../ui/rootLength.ts';

/**
 * The dashboard (events.md §2, §4), on every page of a signed-in user: the notifications of the
 * worker's clock (invited and updated with Confirm, approved and rejected titled with the other
 * person's name, the reminder whose words follow the clock, "very soon" with a start button), the
 * call opening at the start, system notifications while the page is hidden, and the deep links
 * ?meeting_user_id= and ?call_meeting_id=.
 *
 * The notices stack at the bottom of the screen (on wide screens in the right corner), never over
 * the header with its menus: the specs' top-right group covered the language and account menus and
 * the first buttons of a page. The page keeps room for the stack below its end (the
 * --notices-height the stack reports), so nothing is left under it for good: whatever it covers
 * for a moment can be scrolled above it. Each notice is dismissed with its close button or Escape;
 * focus then moves to the next notice, or back where it came from.
 */

/**
 * More at once would fill the screen: three cards take half a phone's height above its tab bar, so a
 * phone shows two. Older ones wait (and expire) behind the newest, counted on a button that shows them.
 */
const NOTICES_SHOWN = 3;
const NOTICES_SHOWN_PHONE = 2;
const PHONE_QUERY = '(max-width: 759.98px)';

export interface InfoToast {
  id: string;
  text: string;
  tone: 'info' | 'error';
}

export function Dashboard({ toasts, onDismissToast }: { toasts: InfoToast[]; onDismissToast(id: string): void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { user } = useSession();
  const notices = useAppointmentNotices();
  const ui = useAppointmentUi();
  const to = useLocalePath();
  const visible = usePageVisible();
  const region = useRef<HTMLElement>(null);
  const phone = useMediaQuery(PHONE_QUERY);
  const [expanded, setExpanded] = useState(false);
  const cameFrom = useRef<HTMLElement | null>(null);

  const { items, dismiss } = notices;
  useCallAtStart(items, visible, dismiss, ui.openCall);

  useSystemNotifications(items, visible, t, to, locale);
  useReservedRoom(region);

  const pending = user ? items.filter((n) => n.kind !== 'start') : [];
  const cap = phone ? NOTICES_SHOWN_PHONE : NOTICES_SHOWN;
  const waiting = expanded ? 0 : Math.max(0, pending.length - cap);
  const shown = pending.slice(waiting);
  // Once nothing waits, the next overflow starts folded again.
  useEffect(() => {
    if (pending.length <= cap) setExpanded(false);
  }, [pending.length, cap]);

  /** After a notice goes by keyboard, focus goes to a neighbour, or back to where it came from. */
  const dismissNotice = (key: string, viaKeyboard: boolean) => {
    if (viaKeyboard) {
      const index = shown.findIndex((n) => n.key === key);
      const next = shown[index + 1] ?? shown[index - 1];
      const closes = region.current?.querySelectorAll<HTMLButtonElement>('.notice__close');
      const target = next ? closes?.[shown.indexOf(next)] : null;
      if (target) target.focus();
      else if (cameFrom.current?.isConnected) cameFrom.current.focus();
      else document.getElementById('main')?.focus();
    }
    dismiss(key);
  };

  return (
    <section
      ref={region}
      className="notice-region"
      aria-label={t('appointments.notices.region')}
      aria-live="polite"
      aria-relevant="additions"
      onFocus={(e) => {
        // Remember where focus was before it entered the notices, to give it back.
        const from = e.relatedTarget as HTMLElement | null;
        if (from && !region.current?.contains(from)) cameFrom.current = from;
      }}
    >
      {waiting > 0 ? (
        <button type="button" className="btn btn--ghost btn--sm notice-region__more" onClick={() => setExpanded(true)}>
          {t('appointments.notices.more', { count: waiting })}
        </button>
      ) : null}
      {shown.map((n) => (
        <NoticeCard key={n.key} notice={n} onDismiss={(viaKeyboard) => dismissNotice(n.key, viaKeyboard)} />
      ))}
      <DeepLinks ui={ui} />
      {toasts.map((x) => (
        // biome-ignore lint/a11y/noStaticElementInteractions: Escape inside the notice (on its close button) dismisses it; the notice itself takes no focus or click
        <div
          key={x.id}
          className={`notice notice--${x.tone}`}
          role={x.tone === 'error' ? 'alert' : 'status'}
          onKeyDown={(e) => {
            if (e.key === 'Escape') onDismissToast(x.id);
          }}
        >
          <p className="notice__title">{x.text}</p>
          <button
            type="button"
            className="toast__close notice__close"
            onClick={() => onDismissToast(x.id)}
            aria-label={t('common.dismiss')}
            title={t('common.dismiss')}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </section>
  );
}

/**
 * Tells the page how tall the stack of notices is (--notices-height on the root), so the page keeps
 * that much room below its end and the other bottom toasts sit above the stack, not under it.
 */
function useReservedRoom(region: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const el = region.current;
    if (!el) return;
    const root = document.documentElement;
    const apply = () => {
      setRootLength('--notices-height', el.childElementCount > 0 ? Math.ceil(el.getBoundingClientRect().height) : 0);
    };
    apply();
    const observer = new ResizeObserver(apply);
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--notices-height');
    };
  }, [region]);
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
function useSystemNotifications(items: AppointmentNotice[], visible: boolean, t: TFunction, to: (path: string) => string, locale: string) {
  const announced = useRef(new Set<string>());
  useEffect(() => {
    for (const n of items) {
      if (announced.current.has(n.key)) continue;
      announced.current.add(n.key);
      if (visible || typeof Notification === 'undefined' || Notification.permission !== 'granted' || !('serviceWorker' in navigator)) continue;
      const { title, text } = noticeTexts(n, t, locale, Date.now());
      const url =
        n.kind === 'start' || n.kind === 'verySoon'
          ? to(`/profile/mymeeting?event_id=${n.eventId}&call_meeting_id=${n.meetingId}`)
          : to(`/profile/mymeeting?event_id=${n.eventId}`);
      void navigator.serviceWorker.ready
        .then((reg) => reg.showNotification(title, { body: text, tag: n.key, data: { url }, icon: '/icon-192.png' }))
        .catch((err: unknown) => console.warn('foyer: system notification failed', err));
    }
  }, [items, visible, t, to, locale]);
}

/**
 * The deep links and what went wrong with one. A component of its own because reading the address
 * re-renders on every route change, and the rest of the dashboard has no need to.
 */
function DeepLinks({ ui }: { ui: Parameters<typeof useDeepLinks>[0] }) {
  const { t } = useTranslation();
  const problem = useDeepLinks(ui);
  return problem ? (
    <div className="notice notice--error" role="alert">
      <p className="notice__title">{t(`appointments.toasts.${problem}`)}</p>
    </div>
  ) : null;
}

/**
 * At the start the call opens (events.md §4), on a page the user is looking at: once per start, so
 * a call the user closed is not opened again when the same start notice comes round once more
 * (the notification clock re-raises it after the page's clock jumps, e.g. on waking from sleep).
 */
function useCallAtStart(items: AppointmentNotice[], visible: boolean, dismiss: (key: string) => void, openCall: (meetingId: number) => void) {
  const callsOpened = useRef(new Set<string>());
  useEffect(() => {
    if (!visible) return;
    const start = items.find((n) => n.kind === 'start');
    if (!start) return;
    dismiss(start.key);
    const once = `${start.meetingId}:${start.timeStart}`;
    if (callsOpened.current.has(once)) return;
    callsOpened.current.add(once);
    openCall(start.meetingId);
  }, [items, visible, dismiss, openCall]);
}
