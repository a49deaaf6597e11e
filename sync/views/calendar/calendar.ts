import { combineLatest, distinctUntilChanged, map, of, switchMap, type Observable } from 'rxjs';
import type { ScheduleDoc } from '../../../contract/schedule.ts';
import { addDays, localDateOf } from '../../../contract/appointments.ts';
import type { FoyerDatabase } from '../../engine/database.ts';
import { observeEventViews } from '../../store/observe.ts';
import type { EventView } from '../../store/overlay.ts';
import type { AppointmentView } from '../appointments/overlay.ts';
import { observeAppointmentViews } from '../appointments/store.ts';
import { observeStars, type StarsByEvent } from './stars.ts';

/**
 * The calendar page (issue 16): the user's meetings, the events they take part in and the speeches
 * they starred, each on its own event's clock. Pure building blocks and one live read; the page
 * chooses the week or the agenda.
 */

export type CalendarKind = 'meeting' | 'event' | 'speech';
export type CalendarStatus = 'confirmed' | 'tentative' | 'cancelled';

export interface CalendarItem {
  key: string;
  kind: CalendarKind;
  /** The event's name, the speech's title, or the other person's name for a meeting. */
  title: string;
  eventId: number;
  eventName: string;
  /** Unix seconds; 0 for a meeting at any time of its day. */
  start: number;
  end: number;
  /** The first and last day it covers, on the event's calendar (YYYY-MM-DD). */
  firstDay: string;
  lastDay: string;
  timezone: string;
  status: CalendarStatus;
  /** Waits in the outbox (a request, a star). */
  pending: boolean;
  meetingId: number;
  speechId: number;
  /** Where: a table, the venue, or '' (online events show no place). */
  location: string;
  isOnline: boolean;
}

export interface CalendarSources {
  signedIn: boolean;
  events: readonly EventView[];
  appointments: readonly AppointmentView[];
  stars: StarsByEvent;
  speeches: readonly ScheduleDoc[];
}

export const EMPTY_CALENDAR: CalendarSources = { signedIn: false, events: [], appointments: [], stars: new Map(), speeches: [] };

/** The events the user takes part in (server/db/sql.ts participates): a ticket, a check-in, ownership. */
export function takesPart(e: Pick<EventView, 'has_ticket' | 'checked_in' | 'is_owner'>): boolean {
  return e.has_ticket || e.checked_in || e.is_owner;
}

export function buildCalendar(src: CalendarSources): CalendarItem[] {
  if (!src.signedIn) return [];
  const events = new Map(src.events.map((e) => [e.event_id, e]));
  const out: CalendarItem[] = [];
  for (const a of src.appointments) {
    if (a.state !== 'accepted' && a.state !== 'pending') continue;
    const name = `${a.user_info.first_name} ${a.user_info.last_name}`.trim();
    const timed = a.time_start > 0;
    out.push({
      key: `meeting:${a.id}`,
      kind: 'meeting',
      title: name,
      eventId: a.event_id,
      eventName: events.get(a.event_id)?.name ?? '',
      start: timed ? a.time_start : 0,
      end: timed ? a.time_end : 0,
      firstDay: a.date,
      lastDay: a.date,
      timezone: a.timezone,
      status: a.state === 'accepted' ? 'confirmed' : 'tentative',
      pending: a.pending,
      meetingId: a.meeting_id,
      speechId: 0,
      location: a.is_online ? '' : a.where,
      isOnline: a.is_online,
    });
  }
  for (const e of src.events) {
    if (!takesPart(e) || e.status === 'draft') continue;
    out.push({
      key: `event:${e.event_id}`,
      kind: 'event',
      title: e.name,
      eventId: e.event_id,
      eventName: e.name,
      start: e.when,
      end: e.when_end,
      firstDay: localDateOf(e.when, e.timezone),
      // An event ending at midnight does not take the next day.
      lastDay: localDateOf(Math.max(e.when, e.when_end - 1), e.timezone),
      timezone: e.timezone,
      status: e.status === 'cancelled' ? 'cancelled' : 'confirmed',
      pending: false,
      meetingId: 0,
      speechId: 0,
      location: e.is_webinar ? '' : [e.place.name, e.place.address].filter(Boolean).join(', '),
      isOnline: e.is_webinar,
    });
  }
  for (const s of src.speeches) {
    const stars = src.stars.get(s.event_id);
    if (!stars?.starred.has(s.speech_id)) continue;
    const event = events.get(s.event_id);
    out.push({
      key: `speech:${s.speech_id}`,
      kind: 'speech',
      title: s.title,
      eventId: s.event_id,
      eventName: event?.name ?? '',
      start: s.starts_at,
      end: s.ends_at,
      firstDay: s.day_date,
      lastDay: s.day_date,
      timezone: s.timezone,
      status: event?.status === 'cancelled' ? 'cancelled' : 'confirmed',
      pending: stars.pending.has(s.speech_id),
      meetingId: 0,
      speechId: s.speech_id,
      location: s.track_title,
      isOnline: event?.is_webinar ?? false,
    });
  }
  return out.sort(byTime);
}

/** Whole-day and multi-day items first within a day, then by start. */
function byTime(a: CalendarItem, b: CalendarItem): number {
  return a.firstDay.localeCompare(b.firstDay) || a.start - b.start || a.end - b.end || a.key.localeCompare(b.key);
}

/** The items on one calendar day: whatever covers that day on its event's clock. */
export function itemsOn(items: readonly CalendarItem[], day: string): CalendarItem[] {
  return items
    .filter((i) => i.firstDay <= day && day <= i.lastDay)
    .sort((a, b) => Number(a.kind !== 'event') - Number(b.kind !== 'event') || a.start - b.start || a.key.localeCompare(b.key));
}

/** The seven days (Monday first) of the week holding `day`. */
export function weekOf(day: string): string[] {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  const monday = addDays(day, -weekday);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** Agenda: the days from `from` on that hold anything, each with its items. */
export function agenda(items: readonly CalendarItem[], from: string): { day: string; items: CalendarItem[] }[] {
  const days = new Set<string>();
  for (const i of items) {
    if (i.lastDay < from) continue;
    for (let d = i.firstDay < from ? from : i.firstDay; d <= i.lastDay; d = addDays(d, 1)) days.add(d);
  }
  return [...days].sort().map((day) => ({ day, items: itemsOn(items, day) }));
}

export function observeCalendarSources(db: FoyerDatabase): Observable<CalendarSources> {
  const stars$ = observeStars(db);
  const ids$ = stars$.pipe(
    map((stars) => [...stars.values()].flatMap((s) => [...s.starred]).sort((a, b) => a - b)),
    distinctUntilChanged((a, b) => a.join(',') === b.join(',')),
  );
  const speeches$ = ids$.pipe(
    switchMap((ids) =>
      ids.length
        ? db.schedule.findByIds(ids.map(String)).$.pipe(map((found) => [...found.values()].map((d) => d.toJSON() as ScheduleDoc)))
        : of([] as ScheduleDoc[]),
    ),
  );
  return combineLatest([observeEventViews(db), observeAppointmentViews(db), stars$, speeches$]).pipe(
    map(([events, appointments, stars, speeches]) => ({ signedIn: appointments.viewerId !== null, events, appointments: appointments.views, stars, speeches })),
  );
}

/** Today on the device's calendar, for the first week shown. */
export function today(nowSec: number, timeZone: string): string {
  return localDateOf(nowSec, timeZone || 'UTC');
}
