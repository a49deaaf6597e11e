import { describe, expect, it } from 'vitest';
import type { ScheduleDoc } from '../../contract/schedule.ts';
import { currentSpeech, groupSchedule, onAir, speechTiming } from '../../sync/views/schedule/schedule.ts';

const speech = (id: number, start: number, end: number, over: Partial<ScheduleDoc> = {}): ScheduleDoc => ({
  id: String(id),
  speech_id: id,
  event_id: 1,
  day_date: '2030-05-01',
  day_title: '',
  track_id: 1,
  track_title: 'Main',
  track_sort: 0,
  starts_at: start,
  ends_at: end,
  timezone: 'Europe/Kyiv',
  title: `S${id}`,
  description: '',
  presentation_url: '',
  speakers: [],
  client_id: '',
  rev: 1,
  ...over,
});

describe('current speech (events.md §4)', () => {
  const list = [speech(2, 200, 300), speech(1, 100, 150), speech(3, 400, 500)];

  it('is the running speech', () => {
    expect(currentSpeech(list, 250)?.speech_id).toBe(2);
    expect(speechTiming(list[0]!, 250)).toBe('running');
  });
  it('is the first planned one before anything starts (a first speech today not yet started)', () => {
    expect(currentSpeech(list, 50)?.speech_id).toBe(1);
  });
  it('stays on a finished speech until the next one starts', () => {
    expect(currentSpeech(list, 160)?.speech_id).toBe(1);
    expect(currentSpeech(list, 350)?.speech_id).toBe(2);
  });
  it('falls back to the first speech when everything has finished', () => {
    expect(currentSpeech(list, 600)?.speech_id).toBe(1);
    expect(currentSpeech([], 600)).toBeNull();
  });
  it('treats the end instant as finished', () => {
    expect(speechTiming(list[1]!, 150)).toBe('finished');
    expect(speechTiming(list[1]!, 100)).toBe('running');
  });
});

describe('groupSchedule', () => {
  it('groups by day and track, tracks in organiser order, speeches by time of day', () => {
    const days = groupSchedule([
      speech(1, 300, 400, { track_id: 2, track_title: 'B', track_sort: 1 }),
      speech(2, 100, 200, { track_id: 2, track_title: 'B', track_sort: 1 }),
      speech(3, 100, 200, { track_id: 1, track_title: 'A', track_sort: 0, day_title: 'Day one' }),
      speech(4, 90_000, 90_100, { day_date: '2030-05-02' }),
    ]);
    expect(days.map((d) => [d.date, d.title])).toEqual([
      ['2030-05-01', 'Day one'],
      ['2030-05-02', ''],
    ]);
    expect(days[0]!.tracks.map((t) => [t.title, t.speeches.map((s) => s.speech_id)])).toEqual([
      ['A', [3]],
      ['B', [2, 1]],
    ]);
  });
});

describe('live now and next, for the links to the stage', () => {
  const main = { track_id: 1, track_sort: 1 };
  const hall = { track_id: 2, track_sort: 2 };
  const list = [speech(3, 200, 300, hall), speech(1, 100, 150, main), speech(2, 200, 260, main), speech(4, 320, 400, hall), speech(5, 320, 380, main)];
  const ids = (docs: readonly ScheduleDoc[]) => docs.map((d) => d.speech_id);

  it('lists every running speech in the order of the tracks, and the next start after now', () => {
    expect(ids(onAir(list, 210).live)).toEqual([2, 3]);
    // Two speeches start at 320; the first track's comes first.
    expect(onAir(list, 210).next?.speech_id).toBe(5);
  });
  it('has nothing live in a break, however recent the last speech', () => {
    const air = onAir(list, 160);
    expect(air.live).toEqual([]);
    expect(air.next?.speech_id).toBe(2);
  });
  it('before the start has only a next; after the end, nothing', () => {
    expect(onAir(list, 0)).toEqual({ live: [], next: list[1] });
    expect(onAir(list, 400)).toEqual({ live: [], next: null });
  });
  it('counts a speech as live from its first second to the one before its end', () => {
    expect(ids(onAir(list, 100).live)).toEqual([1]);
    expect(ids(onAir(list, 150).live)).toEqual([]);
  });
});
