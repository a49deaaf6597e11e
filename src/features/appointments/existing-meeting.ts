import type { AppointmentItem } from '../../data/index.ts';

/** The statuses of a meeting that still stands: asked and not answered, or agreed. */
const STANDING = new Set<AppointmentItem['status']>(['waitingForResponse', 'waitingForMyResponse', 'appointed']);

/**
 * The meeting the any-time form shows instead of its "agree on the time" note (networking.md §4:
 * "free time, or appointment info when an appointment exists and the date is within a day"): a
 * standing meeting with the same person at the event on the chosen day, the one being edited first.
 */
export function existingMeetingOn(
  items: readonly AppointmentItem[],
  q: { eventId: number; otherUserId: number; day: string | null; editingId?: number },
): AppointmentItem | null {
  if (!q.day) return null;
  const standing = items.filter((a) => a.event_id === q.eventId && a.other_user_id === q.otherUserId && a.date === q.day && STANDING.has(a.status));
  return standing.find((a) => q.editingId !== undefined && a.meeting_id === q.editingId) ?? standing[0] ?? null;
}
