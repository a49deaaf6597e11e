import {
  MEETING_ROLE_FILTER,
  REQUEST_MESSAGE_PREVIEW_CHARS,
  SLOT_STATUS,
  localTimeOf,
  type AppointmentStatus,
  type SlotStatus,
} from '../../../contract/appointments.ts';
import { clockTime, dottedDay, wallClock } from '../../../contract/time.ts';
import { dateFormat as fmt } from '../intl.ts';

/**
 * Pure helpers of the appointment screens: the specs' date and time formats in the event's
 * timezone, the request message preview, the slot icons and the role filter.
 */

/**
 * A date tab (networking.md §2): "DD MMM" and the weekday of a 'YYYY-MM-DD' day in the user's
 * language. The day is already the event's local date, so it is read as a calendar date (UTC), not
 * shifted into the browser's zone.
 */
export function dateTab(day: string, locale: string): { label: string; weekday: string } {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const at = new Date(Date.UTC(y, m - 1, d, 12));
  const month = fmt(locale, { month: 'short', timeZone: 'UTC' }).format(at).replace(/\.$/, '');
  return { label: `${String(d).padStart(2, '0')} ${month}`, weekday: fmt(locale, { weekday: 'short', timeZone: 'UTC' }).format(at) };
}

/** HH:mm in the event's timezone (networking.md §9). */
export function slotTime(unixSeconds: number, timezone: string): string {
  return localTimeOf(unixSeconds, timezone || 'UTC');
}

/** "DD.MM.YYYY" of a 'YYYY-MM-DD' day. */
export function dayText(day: string): string {
  const [y, m, d] = day.split('-');
  return y && m && d ? `${d}.${m}.${y}` : day;
}

/** "DD.MM.YYYY HH:mm–HH:mm" in the event's timezone; the date alone for an any-time request. */
export function meetingWhen(a: { date: string; time_start: number; time_end: number; timezone: string }): string {
  if (!a.time_start) return dayText(a.date);
  const end = a.time_end ? `–${slotTime(a.time_end, a.timezone)}` : '';
  return `${dayText(a.date)} ${slotTime(a.time_start, a.timezone)}${end}`;
}

/** The request date as the specs write it: HH:mm DD.MM.YYYY, in the event's timezone. */
export function requestDateText(unixSeconds: number, timezone: string): string {
  if (!unixSeconds) return '';
  const at = wallClock(unixSeconds * 1000, timezone || 'UTC');
  return `${clockTime(at)} ${dottedDay(at)}`;
}

export interface MessagePreview {
  text: string;
  /** More text is hidden behind "see more". */
  truncated: boolean;
}

/**
 * networking.md §5: at most 300 characters, 297 and an ellipsis. Counted in characters as people
 * read them, so an emoji or a combined letter is never cut in half.
 */
export function messagePreview(message: string, expanded: boolean, limit = REQUEST_MESSAGE_PREVIEW_CHARS): MessagePreview {
  const chars = [...message];
  if (expanded || chars.length <= limit) return { text: message, truncated: false };
  return { text: `${chars.slice(0, limit - 3).join('')}...`, truncated: true };
}

/** The request message block: a dash when empty, hidden for a sent request without a message. */
export function requestMessageMode(status: AppointmentStatus, message: string): 'hidden' | 'dash' | 'text' {
  if (message.trim() !== '') return 'text';
  return status === 'waitingForResponse' || status === 'appointed' ? 'hidden' : 'dash';
}

/**
 * The statuses whose card shows the request message block (networking.md §2), and an agreed
 * meeting's: what the requester wrote is still what the meeting is about once it is confirmed.
 */
export const MESSAGE_STATUSES: ReadonlySet<AppointmentStatus> = new Set(['rejected', 'waitingForMyResponse', 'waitingForResponse', 'appointed']);

export const SLOT_KEYS: Record<SlotStatus, 'available' | 'mine' | 'theirs' | 'both' | 'disabled'> = {
  [SLOT_STATUS.available]: 'available',
  [SLOT_STATUS.mine]: 'mine',
  [SLOT_STATUS.theirs]: 'theirs',
  [SLOT_STATUS.both]: 'both',
  [SLOT_STATUS.disabled]: 'disabled',
};

/** The role filter's values (networking.md §2); 1 is all. */
export const ROLE_FILTER_VALUES = Object.keys(MEETING_ROLE_FILTER).map(Number);

export function roleOfFilter(value: number): string | null {
  return MEETING_ROLE_FILTER[value] ?? null;
}

/** "Anna Kovalenko", or the fallback when the device does not know the person yet. */
export function personName(info: { first_name: string; last_name: string }, fallback: string): string {
  return `${info.first_name} ${info.last_name}`.trim() || fallback;
}

/**
 * Who may ask for meetings at an event (networking.md §5 tickets-required dialog): the server's
 * rule, a ticket, ownership, or a check-in to a free event (server/domain/appointments/repository.ts mayBook).
 */
export function mayRequest(event: { has_ticket: boolean; is_owner: boolean; checked_in: boolean; is_free: boolean }): boolean {
  return event.has_ticket || event.is_owner || (event.checked_in && event.is_free);
}
