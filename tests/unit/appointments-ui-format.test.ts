import { describe, expect, it } from 'vitest';
import {
  MESSAGE_STATUSES,
  dateTab,
  meetingWhen,
  messagePreview,
  requestDateText,
  requestMessageMode,
  roleOfFilter,
  slotTime,
} from '../../src/ui/format/appointments.ts';
import { agendaPeriod, agendaShares, callPhase, nextVideoCheckMs } from '../../src/features/appointments/call.ts';

describe('request message block (networking.md §5)', () => {
  it('shows at most 300 characters: 297 and an ellipsis, the whole text when expanded', () => {
    const long = 'a'.repeat(301);
    const short = messagePreview(long, false);
    expect(short.truncated).toBe(true);
    expect(short.text).toBe(`${'a'.repeat(297)}...`);
    expect([...short.text]).toHaveLength(300);
    expect(messagePreview(long, true)).toEqual({ text: long, truncated: false });
    expect(messagePreview('a'.repeat(300), false)).toEqual({ text: 'a'.repeat(300), truncated: false });
  });

  it('never cuts a character that takes two code units', () => {
    const text = '😀'.repeat(310);
    const { text: shown } = messagePreview(text, false);
    expect(shown).toBe(`${'😀'.repeat(297)}...`);
  });

  it('a dash when empty, hidden for a sent request without a message', () => {
    expect(requestMessageMode('waitingForMyResponse', '  ')).toBe('dash');
    expect(requestMessageMode('rejected', '')).toBe('dash');
    expect(requestMessageMode('waitingForResponse', '')).toBe('hidden');
    expect(requestMessageMode('waitingForResponse', 'hi')).toBe('text');
    expect(requestMessageMode('appointed', 'see you at the stand')).toBe('text');
    expect(requestMessageMode('appointed', '')).toBe('hidden');
    expect(MESSAGE_STATUSES.has('appointed')).toBe(true);
  });
});

describe('dates and times in the event timezone', () => {
  it("date tabs read DD MMM and the weekday in the user's language", () => {
    expect(dateTab('2030-06-03', 'en')).toEqual({ label: '03 Jun', weekday: 'Mon' });
    expect(dateTab('2030-06-03', 'uk').label).toMatch(/^03 черв/);
    expect(dateTab('2030-06-03', 'pl').weekday).toMatch(/^pon/);
  });

  it('slots read HH:mm where the event happens, including across a DST change', () => {
    const kyivNoon = Date.UTC(2030, 5, 3, 9) / 1000;
    expect(slotTime(kyivNoon, 'Europe/Kyiv')).toBe('12:00');
    expect(slotTime(kyivNoon, 'Europe/Warsaw')).toBe('11:00');
    // 2030-03-31 03:00 in Kyiv is 01:00 UTC; an hour earlier the clocks read 02:00 winter time.
    expect(slotTime(Date.UTC(2030, 2, 31, 1) / 1000, 'Europe/Kyiv')).toBe('04:00');
    expect(slotTime(Date.UTC(2030, 2, 31, 0) / 1000, 'Europe/Kyiv')).toBe('02:00');
    expect(meetingWhen({ date: '2030-06-03', time_start: kyivNoon, time_end: kyivNoon + 900, timezone: 'Europe/Kyiv' })).toBe('03.06.2030 12:00–12:15');
    expect(meetingWhen({ date: '2030-06-03', time_start: 0, time_end: 0, timezone: 'Europe/Kyiv' })).toBe('03.06.2030');
    expect(requestDateText(kyivNoon, 'Europe/Kyiv')).toBe('12:00 03.06.2030');
  });

  it('the role filter: 1 is all, 2–6 name a role', () => {
    expect([1, 2, 3, 4, 5, 6].map(roleOfFilter)).toEqual([null, 'visitor', 'organizer', 'speaker', 'sponsor', 'volunteer']);
  });
});

describe('the call window', () => {
  const start = 1_000_000_000;
  const end = start + 15 * 60_000;

  it('counts down before, during (with the agenda) and ends with the finished state, extensions included', () => {
    expect(callPhase(start - 5000, start, end)).toEqual({ kind: 'before', remainingMs: 5000 });
    expect(callPhase(start + 60_000, start, end)).toEqual({ kind: 'during', remainingMs: 14 * 60_000, elapsedMs: 60_000 });
    expect(callPhase(end, start, end)).toEqual({ kind: 'after' });
    expect(callPhase(end, start, end, 5 * 60_000)).toMatchObject({ kind: 'during', remainingMs: 5 * 60_000 });
  });

  it('agenda periods of 3, 3, 6 and 3 minutes, then extra time', () => {
    expect(agendaPeriod(0, 0)).toEqual({ index: 0, remainingMs: 3 * 60_000 });
    expect(agendaPeriod(3 * 60_000, 0)).toEqual({ index: 1, remainingMs: 3 * 60_000 });
    expect(agendaPeriod(7 * 60_000, 0)).toEqual({ index: 2, remainingMs: 5 * 60_000 });
    expect(agendaPeriod(13 * 60_000, 0)).toEqual({ index: 3, remainingMs: 2 * 60_000 });
    expect(agendaPeriod(16 * 60_000, 10 * 60_000)).toEqual({ index: null, remainingMs: 9 * 60_000 });
    expect(agendaShares(0)).toEqual([0.2, 0.2, 0.4, 0.2]);
    expect(agendaShares(5 * 60_000)).toHaveLength(5);
  });

  it('the video is looked for every 5 s until 3 s before the start, then fetched', () => {
    expect(nextVideoCheckMs(start - 60_000, start)).toBe(5000);
    expect(nextVideoCheckMs(start - 6000, start)).toBe(3000);
    expect(nextVideoCheckMs(start - 3000, start)).toBe(0);
    expect(nextVideoCheckMs(start + 1000, start)).toBe(0);
  });
});
