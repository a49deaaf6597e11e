import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { CalendarItem } from '../../data/index.ts';
import { googleCalendarLink, type CalendarEntry as GoogleEntry } from '../../ui/format/calendar.ts';
import { clockTime, dateFormat, zoneLabel } from '../../ui/intl.ts';
import { useLocale, useLocalePath } from '../../ui/useLocale.ts';

/** The item's title in the reader's words: a meeting is named after the other person. */
export function entryTitle(item: CalendarItem, t: TFunction): string {
  if (item.kind === 'meeting') return t('calendar.meetingWith', { name: item.title || t('calendar.someone') });
  return item.title;
}

/** Where the item leads in the app: the meeting, the event, the live stage. */
export function entryPath(item: CalendarItem): string {
  if (item.kind === 'meeting') return `/profile/mymeeting?event_id=${item.eventId}`;
  if (item.kind === 'speech') return `/events/${item.eventId}/live-translation/stage`;
  return `/events/${item.eventId}`;
}

function dayLabel(day: string, locale: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return dateFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, d, 12));
}

/**
 * "10:00–10:15" on the event's clock; a multi-day event names its days; a meeting at any time of
 * its day says so.
 */
function timeText(item: CalendarItem, locale: string, t: TFunction): string {
  if (!item.start) return t('calendar.anyTime');
  const from = clockTime(locale, item.start, item.timezone);
  const to = clockTime(locale, item.end, item.timezone);
  if (item.firstDay === item.lastDay) return `${from}–${to}`;
  return `${dayLabel(item.firstDay, locale)} ${from} – ${dayLabel(item.lastDay, locale)} ${to}`;
}

/**
 * One entry of the calendar: when, on its event's clock with the zone named (a Warsaw reader sees a
 * Kyiv meeting at Kyiv time, labelled so), what, where, its state, and its ways out: into the app,
 * and into Google Calendar.
 */
export function CalendarEntryCard({ item }: { item: CalendarItem }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const title = entryTitle(item, t);
  const origin = typeof location === 'undefined' ? '' : location.origin;
  const google: GoogleEntry | null = item.start
    ? {
        uid: `${item.key}@foyer`,
        title,
        details: [item.eventName, `${origin}${to(entryPath(item))}`].filter(Boolean).join('\n'),
        location: item.isOnline ? t('calendar.online') : item.location,
        start: item.start,
        end: item.end || item.start + 15 * 60,
        timezone: item.timezone,
      }
    : null;
  return (
    <article className={`cal-entry cal-entry--${item.kind} cal-entry--${item.status}`}>
      <p className="cal-entry__when">
        <span className="cal-entry__time">{timeText(item, locale, t)}</span>{' '}
        <span className="cal-entry__zone">{zoneLabel(item.timezone, (item.start || Date.now() / 1000) * 1000)}</span>
      </p>
      <h3 className="cal-entry__title">
        <span className="cal-entry__kind">{t(`calendar.kinds.${item.kind}`)}</span> <Link to={to(entryPath(item))}>{title}</Link>
      </h3>
      {item.kind !== 'event' && item.eventName ? <p className="cal-entry__event">{item.eventName}</p> : null}
      {item.isOnline || item.location ? <p className="cal-entry__where">{item.isOnline ? t('calendar.online') : item.location}</p> : null}
      {item.status !== 'confirmed' || item.pending ? (
        <p className="cal-entry__state">
          {item.status === 'cancelled' ? t('calendar.cancelled') : item.status === 'tentative' ? t('calendar.tentative') : null}
          {item.pending ? (item.status === 'confirmed' ? t('calendar.pending') : ` · ${t('calendar.pending')}`) : null}
        </p>
      ) : null}
      {google && item.status !== 'cancelled' ? (
        <a className="btn btn--ghost btn--sm cal-entry__google" href={googleCalendarLink(google)} target="_blank" rel="noopener noreferrer">
          {t('calendar.addToGoogle')}
          <span className="visually-hidden">: {title}</span>
        </a>
      ) : null}
    </article>
  );
}
