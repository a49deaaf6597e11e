import { hasEnded } from '../../../contract/appointments.ts';
import type { AppointmentItem } from '../../data/index.ts';

type Timed = Pick<AppointmentItem, 'time_start' | 'time_end' | 'date' | 'timezone'>;

/**
 * An event's meetings as My appointments lists them: those still to come or running first, in the
 * given order, then the ones that are over, latest first, so a finished meeting never sits under
 * "Upcoming" among those the user can still act on.
 */
export function meetingGroups<T extends Timed>(items: readonly T[], nowMs: number): { upcoming: T[]; past: T[] } {
  const upcoming: T[] = [];
  const past: T[] = [];
  for (const item of items) (hasEnded(item, nowMs) ? past : upcoming).push(item);
  past.sort((a, b) => (b.time_start || 0) - (a.time_start || 0) || b.date.localeCompare(a.date));
  return { upcoming, past };
}
