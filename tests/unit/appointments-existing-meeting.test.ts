import { describe, expect, it } from 'vitest';
import type { AppointmentItem } from '../../src/data/index.ts';
import { existingMeetingOn } from '../../src/features/appointments/existing-meeting.ts';
import { appointmentDoc } from '../fixtures/appointment-doc.ts';

function item(meetingId: number, over: Partial<AppointmentItem> = {}): AppointmentItem {
  return {
    ...appointmentDoc(meetingId),
    synced: true,
    pending: false,
    failure: null,
    role: null,
    status: 'waitingForResponse',
    ...over,
  } as AppointmentItem;
}

/** The any-time form shows the meeting the person already has with them that day (networking.md §4, issue 27). */
describe('existingMeetingOn', () => {
  const q = { eventId: 1, otherUserId: 20, day: '2026-12-01' };

  it('finds a standing meeting with the same person, event and day', () => {
    const agreed = item(2, { status: 'appointed', time_start: 1_800_000_000, any_time: false });
    expect(existingMeetingOn([item(1, { other_user_id: 30 }), agreed], q)).toBe(agreed);
  });

  it('leaves out other days, other events and meetings that no longer stand', () => {
    const items = [
      item(1, { date: '2026-12-02' }),
      item(2, { event_id: 9 }),
      item(3, { status: 'rejected' }),
      item(4, { status: 'canceled' }),
      item(5, { status: 'tooLateForResponse' }),
    ];
    expect(existingMeetingOn(items, q)).toBeNull();
    expect(existingMeetingOn([item(6)], { ...q, day: null })).toBeNull();
  });

  it('prefers the meeting being edited', () => {
    const a = item(1);
    const b = item(2, { status: 'appointed' });
    expect(existingMeetingOn([a, b], { ...q, editingId: 2 })).toBe(b);
    expect(existingMeetingOn([a, b], q)).toBe(a);
  });
});
