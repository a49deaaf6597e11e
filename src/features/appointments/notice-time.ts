import { meetingEnd } from '../../../contract/appointments.ts';

/**
 * Where a meeting stands for a reminder on screen, so its words follow the clock: "in 3 minutes",
 * then "started 2 minutes ago", then "ended". A reminder raised ten minutes ahead stays until the
 * user dismisses it or shortly after the meeting ends, and must never still say "very soon" while
 * the meeting runs.
 */

export type MeetingMoment =
  | { phase: 'before'; value: number; unit: 'second' | 'minute' }
  | { phase: 'during'; value: number; unit: 'minute' | null }
  | { phase: 'after' };

/**
 * Before the start: whole minutes rounded up ("in 3 minutes" from 2:01 on), seconds in the last
 * minute. During: whole minutes since the start, none in the first minute ("has started").
 */
export function meetingMoment(timeStart: number, timeEnd: number, nowMs: number): MeetingMoment {
  const startMs = timeStart * 1000;
  const endMs = meetingEnd(timeStart, timeEnd) * 1000;
  if (nowMs < startMs) {
    const left = startMs - nowMs;
    return left < 60_000
      ? { phase: 'before', value: Math.ceil(left / 1000), unit: 'second' }
      : { phase: 'before', value: Math.ceil(left / 60_000), unit: 'minute' };
  }
  if (nowMs < endMs) {
    const minutes = Math.floor((nowMs - startMs) / 60_000);
    return { phase: 'during', value: minutes, unit: minutes > 0 ? 'minute' : null };
  }
  return { phase: 'after' };
}

const relative = new Map<string, Intl.RelativeTimeFormat>();

/** "in 3 minutes", "2 minutes ago", in the language given. */
export function relativeText(locale: string, value: number, unit: Intl.RelativeTimeFormatUnit): string {
  let f = relative.get(locale);
  if (!f) {
    f = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
    relative.set(locale, f);
  }
  return f.format(value, unit);
}

/** The message key and its `when` for a reminder at this moment. */
export function reminderText(moment: MeetingMoment, locale: string): { key: string; when: string } {
  switch (moment.phase) {
    case 'before':
      return { key: 'appointments.notices.startsIn', when: relativeText(locale, moment.value, moment.unit) };
    case 'during':
      return moment.unit
        ? { key: 'appointments.notices.startedAgo', when: relativeText(locale, -moment.value, moment.unit) }
        : { key: 'appointments.notices.startedNow', when: '' };
    case 'after':
      return { key: 'appointments.notices.ended', when: '' };
  }
}
