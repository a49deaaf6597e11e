import type { TFunction } from 'i18next';
import type { AppointmentItem, EventView } from '../../data/index.ts';
import type { CalendarEntry } from '../../ui/format/calendar.ts';
import { placeLabel } from './place-label.ts';

/** A calendar entry of one accepted meeting, worded in the user's language. */
export function calendarEntry(item: AppointmentItem, event: EventView | undefined, name: string, t: TFunction): CalendarEntry {
  const details = [event?.name ?? '', item.comment].filter(Boolean).join('\n\n');
  return {
    uid: `foyer-appointment-${item.meeting_id}@foyer`,
    title: t('appointments.calendar.title', { name }),
    details,
    location: item.is_online ? t('appointments.item.online') : [placeLabel(item, t), event?.place.name || event?.where || ''].filter(Boolean).join(', '),
    start: item.time_start,
    end: item.time_end || item.time_start + 15 * 60,
    timezone: item.timezone || event?.timezone || 'UTC',
  };
}
