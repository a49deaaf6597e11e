import { describe, expect, it } from 'vitest';
import { checkSpeechFields, eventDates, overlapsAny, type SpeechFields } from '../../contract/admin-schedule.ts';
import { isLinkOrEmpty } from '../../contract/admin-refs.ts';
import type { ScheduleDoc } from '../../contract/schedule.ts';
import { scheduleEditorView } from '../../sync/views/admin/schedule.ts';
import type { QueuedCommand } from '../../sync/store/overlay.ts';

/** The schedule editor's rules shared by the form and the server, and its overlay of queued changes. */

const T0 = 1_900_000_000;
const event = { starts_at: T0, ends_at: T0 + 8 * 3600 };
const fields = (over: Partial<SpeechFields> = {}): SpeechFields => ({
  track: { id: 1 },
  title: 'Keynote',
  description: '',
  starts_at: T0,
  ends_at: T0 + 1800,
  presentation_url: '',
  speakers: [],
  ...over,
});

describe('speech rules', () => {
  it('names each field problem', () => {
    expect(checkSpeechFields(fields(), event)).toEqual({});
    expect(checkSpeechFields(fields({ title: ' \u200b ' }), event)).toMatchObject({ title: 'required' });
    expect(checkSpeechFields(fields({ ends_at: T0 }), event)).toMatchObject({ ends_at: 'time_order' });
    expect(checkSpeechFields(fields({ starts_at: T0 - 60 }), event)).toMatchObject({ starts_at: 'outside' });
    expect(checkSpeechFields(fields({ ends_at: event.ends_at + 60 }), event)).toMatchObject({ starts_at: 'outside' });
    expect(checkSpeechFields(fields({ presentation_url: 'javascript:alert(1)' }), event)).toMatchObject({ presentation_url: 'url' });
    expect(checkSpeechFields(fields({ speakers: [{ user_id: 3 }, { user_id: 3 }] }), event)).toMatchObject({ speakers: 'speaker' });
    expect(checkSpeechFields(fields({ speakers: [{ name: ' ', picture: '' }] }), event)).toMatchObject({ speakers: 'speaker' });
    expect(checkSpeechFields(fields({ speakers: [{ email: 'not-an-email' }] }), event)).toMatchObject({ speakers: 'speaker' });
  });

  it('takes links to this server and http(s) only', () => {
    for (const ok of ['', 'https://slides.example/a', 'http://x.example', '/files/presentations/a.pdf']) expect(isLinkOrEmpty(ok), ok).toBe(true);
    for (const bad of ['//evil.example', 'javascript:alert(1)', 'ftp://x.example', '/a b', '/\\evil']) expect(isLinkOrEmpty(bad), bad).toBe(false);
  });

  it('sees an overlap but not touching ends, and not the speech itself', () => {
    const others = [{ key: 'a', starts_at: 100, ends_at: 200 }];
    expect(overlapsAny(150, 250, others)).toBeTruthy();
    expect(overlapsAny(50, 101, others)).toBeTruthy();
    expect(overlapsAny(200, 300, others)).toBeUndefined();
    expect(overlapsAny(0, 100, others)).toBeUndefined();
    expect(overlapsAny(120, 180, others, 'a')).toBeUndefined();
  });

  it("lists the event's dates in its own timezone, not taking the date it ends on at midnight", () => {
    const start = Date.UTC(2031, 5, 10, 7) / 1000; // 10:00 in Kyiv
    expect(eventDates(start, start + 2 * 86_400, 'Europe/Kyiv')).toEqual(['2031-06-10', '2031-06-11', '2031-06-12']);
    const midnight = Date.UTC(2031, 5, 10, 21) / 1000; // 00:00 on the 11th in Kyiv
    expect(eventDates(start, midnight, 'Europe/Kyiv')).toEqual(['2031-06-10']);
  });
});

const doc = (id: number, track: number, start: number, over: Partial<ScheduleDoc> = {}): ScheduleDoc => ({
  id: String(id),
  speech_id: id,
  event_id: 7,
  day_date: '2030-03-17',
  day_title: '',
  track_id: track,
  track_title: `Track ${track}`,
  track_sort: track,
  starts_at: start,
  ends_at: start + 1800,
  timezone: 'Europe/Kyiv',
  title: `Talk ${id}`,
  description: '',
  presentation_url: '',
  speakers: [{ user_id: 4, name: 'Ada Lovelace', avatar: '/files/avatars/4.svg' }],
  client_id: '',
  rev: 1,
  ...over,
});

let seq = 0;
const cmd = (kind: string, payload: Record<string, unknown>, over: Partial<QueuedCommand & { code: string }> = {}) => ({
  id: `cmd-${++seq}-aaaaaaaa`,
  kind,
  payload: { event_id: 7, ...payload },
  seq,
  status: 'pending' as const,
  ...over,
});

describe('the editor overlay', () => {
  const outline = { days: [{ date: '2030-03-17', title: 'Talks' }], tracks: [{ id: 1, title: 'Main', sort: 1, client_id: '' }] };

  it('shows a track and a speech in it made offline, keyed by their commands, and drops them once the server has them', () => {
    const track = cmd('schedule.track.set', { title: 'Side' });
    const speech = cmd('schedule.speech.set', { fields: fields({ track: { client_id: track.id }, starts_at: T0 + 3600, ends_at: T0 + 5400 }) });
    const view = scheduleEditorView(7, outline, [doc(10, 1, T0)], [track, speech]);
    expect(view.tracks.map((t) => [t.key, t.title, t.pending])).toEqual([
      ['t1', 'Main', false],
      [`c${track.id}`, 'Side', true],
    ]);
    expect(view.speeches.map((s) => [s.key, s.trackKey])).toEqual([
      ['s10', 't1'],
      [`c${speech.id}`, `c${track.id}`],
    ]);
    expect(view.pending).toBe(true);

    // The server has applied both: its documents carry the commands' ids, so nothing shows twice.
    const applied = [
      { ...track, status: 'applied' as const },
      { ...speech, status: 'applied' as const },
    ];
    const served = scheduleEditorView(
      7,
      { ...outline, tracks: [...outline.tracks, { id: 2, title: 'Side', sort: 2, client_id: track.id }] },
      [doc(10, 1, T0), doc(11, 2, T0 + 3600, { client_id: speech.id })],
      applied,
    );
    expect(served.tracks.map((t) => t.key)).toEqual(['t1', 't2']);
    expect(served.speeches.map((s) => [s.key, s.trackKey])).toEqual([
      ['s10', 't1'],
      ['s11', 't2'],
    ]);
  });

  it('applies renames, moves, order and removals in queue order, and lists refusals', () => {
    const view = scheduleEditorView(
      7,
      { ...outline, tracks: [...outline.tracks, { id: 2, title: 'Side', sort: 2, client_id: '' }] },
      [doc(10, 1, T0), doc(11, 1, T0 + 3600)],
      [
        cmd('schedule.track.set', { track: { id: 1 }, title: 'Main hall' }),
        cmd('schedule.speech.set', {
          speech: { id: 10 },
          fields: fields({ track: { id: 2 }, title: 'Moved', speakers: [{ user_id: 4 }, { email: 'x@y.z' }] }),
        }),
        cmd('schedule.track.order', { tracks: [{ id: 2 }] }),
        cmd('schedule.speech.remove', { speech: { id: 11 } }),
        cmd('schedule.day.set', { date: '2030-03-18', title: 'Workshops' }),
        cmd('schedule.track.remove', { track: { id: 1 } }, { status: 'rejected', code: 'schedule_track_not_empty' }),
        cmd('schedule.track.set', { title: 'Elsewhere' }, { payload: { event_id: 8, title: 'Elsewhere' } }),
      ],
    );
    expect(view.tracks.map((t) => t.title)).toEqual(['Side', 'Main hall']);
    expect(view.speeches).toEqual([
      expect.objectContaining({
        key: 's10',
        trackKey: 't2',
        title: 'Moved',
        speakers: [
          { kind: 'user', user_id: 4, name: 'Ada Lovelace', avatar: '/files/avatars/4.svg' },
          { kind: 'email', email: 'x@y.z' },
        ],
      }),
    ]);
    expect(view.days.map((d) => [d.date, d.title])).toEqual([
      ['2030-03-17', 'Talks'],
      ['2030-03-18', 'Workshops'],
    ]);
    expect(view.refused).toEqual([expect.objectContaining({ kind: 'schedule.track.remove', code: 'schedule_track_not_empty' })]);
  });
});
