import { describe, expect, it } from 'vitest';
import { meetingGroups } from '../../src/features/appointments/meeting-groups.ts';
import { appointmentActions, appointmentStatus, hasBegun, stateOfResponse, type StatusSubject } from '../../contract/appointments.ts';

const ME = 1;
const YOU = 2;
const NOW = Date.parse('2025-06-10T12:00:00Z');
const future = Math.floor(NOW / 1000) + 3600;
const past = Math.floor(NOW / 1000) - 60;

function a(over: Partial<StatusSubject> = {}): StatusSubject {
  return { from_user_id: YOU, to_user_id: ME, state: 'pending', time_start: future, date: '2025-06-10', timezone: 'Europe/Kyiv', ...over };
}

describe('appointmentStatus', () => {
  it("my for the viewer's own card, noAppointment without one, unknown for guests and strangers", () => {
    expect(appointmentStatus(ME, ME, a(), NOW)).toBe('my');
    expect(appointmentStatus(ME, YOU, null, NOW)).toBe('noAppointment');
    expect(appointmentStatus(null, YOU, a(), NOW)).toBe('unknown');
    expect(appointmentStatus(ME, 3, a(), NOW)).toBe('unknown');
  });

  it('a pending request waits for the recipient, or for the other side when the viewer asked', () => {
    expect(appointmentStatus(ME, YOU, a(), NOW)).toBe('waitingForMyResponse');
    expect(appointmentStatus(ME, YOU, a({ from_user_id: ME, to_user_id: YOU }), NOW)).toBe('waitingForResponse');
  });

  it('turns too late once the start has passed', () => {
    expect(appointmentStatus(ME, YOU, a({ time_start: past }), NOW)).toBe('tooLateForMyResponse');
    expect(appointmentStatus(ME, YOU, a({ time_start: past, from_user_id: ME, to_user_id: YOU }), NOW)).toBe('tooLateForResponse');
    expect(appointmentStatus(ME, YOU, a({ time_start: Math.floor(NOW / 1000) }), NOW)).toBe('tooLateForMyResponse');
  });

  it('an any-time request turns too late only when its day has ended in the event timezone', () => {
    // 23:30 UTC on the 10th is already the 11th in Kyiv, but still the 10th in New York.
    const late = Date.parse('2025-06-10T23:30:00Z');
    expect(appointmentStatus(ME, YOU, a({ time_start: null }), late)).toBe('tooLateForMyResponse');
    expect(appointmentStatus(ME, YOU, a({ time_start: 0, timezone: 'America/New_York' }), late)).toBe('waitingForMyResponse');
    expect(hasBegun({ time_start: null, date: '2025-06-10', timezone: 'Europe/Kyiv' }, Date.parse('2025-06-10T20:59:00Z'))).toBe(false);
  });

  it('appointed, rejected and canceled whoever looks and whenever', () => {
    for (const [from, to] of [
      [ME, YOU],
      [YOU, ME],
    ] as const) {
      expect(appointmentStatus(ME, YOU, a({ from_user_id: from, to_user_id: to, state: 'accepted', time_start: past }), NOW)).toBe('appointed');
      expect(appointmentStatus(ME, YOU, a({ from_user_id: from, to_user_id: to, state: 'rejected' }), NOW)).toBe('rejected');
      expect(appointmentStatus(ME, YOU, a({ from_user_id: from, to_user_id: to, state: 'canceled' }), NOW)).toBe('canceled');
    }
  });
});

describe('stateOfResponse', () => {
  it('reads every legacy response value', () => {
    expect(stateOfResponse(null)).toBe('pending');
    expect(stateOfResponse(undefined)).toBe('pending');
    expect(stateOfResponse('')).toBe('pending');
    expect(stateOfResponse(2)).toBe('pending');
    expect(stateOfResponse(1)).toBe('accepted');
    expect(stateOfResponse('1')).toBe('accepted');
    expect(stateOfResponse(3)).toBe('rejected');
    expect(stateOfResponse('3', null)).toBe('rejected');
    expect(stateOfResponse(0)).toBe('rejected');
    expect(stateOfResponse(3, 7)).toBe('canceled');
  });
});

describe('appointmentActions', () => {
  it("offers the specs' actions per status and nothing to answer once too late", () => {
    expect(appointmentActions('waitingForMyResponse')).toEqual(['confirm', 'reject']);
    expect(appointmentActions('appointed')).toEqual(['edit', 'cancel', 'message']);
    expect(appointmentActions('waitingForResponse')).toEqual(['edit', 'cancel']);
    expect(appointmentActions('canceled')).toEqual(['message']);
    expect(appointmentActions('rejected')).toEqual(['requestAgain']);
    expect(appointmentActions('tooLateForMyResponse')).toEqual([]);
    expect(appointmentActions('tooLateForResponse')).not.toContain('cancel');
    expect(appointmentActions('my')).toEqual([]);
  });

  it('offers no edit or cancel of an agreed meeting once it has begun (the server refuses both)', () => {
    expect(appointmentActions('appointed', true)).not.toContain('edit');
    expect(appointmentActions('appointed', true)).not.toContain('cancel');
    expect(appointmentActions('appointed', true)).toEqual(['message']);
  });
});

describe('meetingGroups', () => {
  const now = Date.parse('2025-06-10T12:00:00Z');
  const at = (iso: string) => Date.parse(iso) / 1000;
  const m = (id: number, start: number, end: number, date = '2025-06-10') => ({ id, time_start: start, time_end: end, date, timezone: 'Europe/Kyiv' });

  it('moves meetings that are over out of the upcoming group, latest first', () => {
    const items = [
      m(1, at('2025-06-10T08:00:00Z'), at('2025-06-10T08:15:00Z')),
      m(2, at('2025-06-10T09:00:00Z'), at('2025-06-10T09:15:00Z')),
      m(3, at('2025-06-10T11:55:00Z'), at('2025-06-10T12:10:00Z')),
      m(4, at('2025-06-10T14:00:00Z'), at('2025-06-10T14:15:00Z')),
      m(5, 0, 0, '2025-06-09'),
      m(6, 0, 0, '2025-06-10'),
    ];
    const { upcoming, past } = meetingGroups(items, now);
    expect(upcoming.map((i) => i.id)).toEqual([3, 4, 6]);
    expect(past.map((i) => i.id)).toEqual([2, 1, 5]);
  });
});
