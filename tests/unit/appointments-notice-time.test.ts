import { describe, expect, it } from 'vitest';
import { meetingMoment, reminderText } from '../../src/features/appointments/notice-time.ts';

/** A reminder's words follow the clock: in 3 minutes, then started, then ended (never "very soon" too late). */

const START = 1_800_000_000;
const END = START + 15 * 60;
const at = (secondsFromStart: number) => (START + secondsFromStart) * 1000;

describe('meetingMoment', () => {
  it('counts whole minutes up before the start, and seconds in the last minute', () => {
    expect(meetingMoment(START, END, at(-600))).toEqual({ phase: 'before', value: 10, unit: 'minute' });
    expect(meetingMoment(START, END, at(-121))).toEqual({ phase: 'before', value: 3, unit: 'minute' });
    expect(meetingMoment(START, END, at(-60))).toEqual({ phase: 'before', value: 1, unit: 'minute' });
    expect(meetingMoment(START, END, at(-14))).toEqual({ phase: 'before', value: 14, unit: 'second' });
  });

  it('says started from the start until the end, and ended after', () => {
    expect(meetingMoment(START, END, at(0))).toEqual({ phase: 'during', value: 0, unit: null });
    expect(meetingMoment(START, END, at(150))).toEqual({ phase: 'during', value: 2, unit: 'minute' });
    expect(meetingMoment(START, END, at(15 * 60))).toEqual({ phase: 'after' });
  });

  it('takes the planned 15 minutes for a meeting without an end', () => {
    expect(meetingMoment(START, 0, at(14 * 60))).toMatchObject({ phase: 'during' });
    expect(meetingMoment(START, 0, at(15 * 60))).toEqual({ phase: 'after' });
  });
});

describe('reminderText', () => {
  it('reads naturally in every language', () => {
    expect(reminderText(meetingMoment(START, END, at(-180)), 'en')).toEqual({ key: 'appointments.notices.startsIn', when: 'in 3 minutes' });
    expect(reminderText(meetingMoment(START, END, at(-180)), 'uk').when).toBe('через 3 хвилини');
    expect(reminderText(meetingMoment(START, END, at(-14)), 'pl').when).toBe('za 14 sekund');
    expect(reminderText(meetingMoment(START, END, at(30)), 'en')).toEqual({ key: 'appointments.notices.startedNow', when: '' });
    expect(reminderText(meetingMoment(START, END, at(120)), 'ru')).toEqual({ key: 'appointments.notices.startedAgo', when: '2 минуты назад' });
    expect(reminderText(meetingMoment(START, END, at(3600)), 'en')).toEqual({ key: 'appointments.notices.ended', when: '' });
  });
});
