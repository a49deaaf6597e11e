import { map, type Observable } from 'rxjs';
import type { ScheduleDoc } from '../../../contract/schedule.ts';
import type { FoyerDatabase } from '../../engine/database.ts';

/**
 * The live stage's programme from the `schedule` documents (contract/schedule.ts): grouped by day
 * and track, speeches by time of day, and the current speech rule of events.md §4.
 */

/** The stage shows at most this many speakers per speech (events.md §2). */
export const SPEAKERS_SHOWN = 2;

export type SpeechTiming = 'running' | 'planned' | 'finished';

export function speechTiming(s: Pick<ScheduleDoc, 'starts_at' | 'ends_at'>, nowSec: number): SpeechTiming {
  if (nowSec < s.starts_at) return 'planned';
  return nowSec < s.ends_at ? 'running' : 'finished';
}

const byTime = (a: ScheduleDoc, b: ScheduleDoc) => a.starts_at - b.starts_at || a.ends_at - b.ends_at || a.speech_id - b.speech_id;

/**
 * events.md §4: the first speech that is running or planned, or a finished one while the next
 * has not started yet (the stage keeps showing what just ended until the next begins). A first
 * speech later today that has not started is planned, so it is current. With none, the first.
 */
export function currentSpeech(speeches: readonly ScheduleDoc[], nowSec: number): ScheduleDoc | null {
  const sorted = [...speeches].sort(byTime);
  for (const [i, s] of sorted.entries()) {
    const timing = speechTiming(s, nowSec);
    if (timing !== 'finished') return s;
    const next = sorted[i + 1];
    if (next && nowSec < next.starts_at) return s;
  }
  return sorted[0] ?? null;
}

/** What the stage has on now and what it has next, for the links to it (event page, home). */
export interface OnAir {
  /** The speeches running now, in the tracks' order. */
  live: ScheduleDoc[];
  /** The first speech still to start; on a tie, the one of the first track. */
  next: ScheduleDoc | null;
}

/**
 * Unlike currentSpeech, which keeps a stage panel open on something, this says only what is true:
 * a break has nothing live, and after the last speech there is nothing next.
 */
export function onAir(speeches: readonly ScheduleDoc[], nowSec: number): OnAir {
  const live = speeches.filter((s) => speechTiming(s, nowSec) === 'running').sort((a, b) => a.track_sort - b.track_sort || byTime(a, b));
  let next: ScheduleDoc | null = null;
  for (const s of speeches) {
    if (s.starts_at <= nowSec) continue;
    if (!next || s.starts_at < next.starts_at || (s.starts_at === next.starts_at && (s.track_sort - next.track_sort || byTime(s, next)) < 0)) next = s;
  }
  return { live, next };
}

export interface ScheduleTrack {
  id: number;
  title: string;
  speeches: ScheduleDoc[];
}
export interface ScheduleDay {
  date: string;
  title: string;
  tracks: ScheduleTrack[];
}

/** Days in date order, each with its tracks in the organiser's order, speeches by time of day. */
export function groupSchedule(docs: readonly ScheduleDoc[]): ScheduleDay[] {
  const days = new Map<string, { title: string; tracks: Map<number, ScheduleTrack & { sort: number }> }>();
  for (const d of docs) {
    const day = days.get(d.day_date) ?? { title: d.day_title, tracks: new Map() };
    days.set(d.day_date, day);
    if (d.day_title) day.title = d.day_title;
    const track = day.tracks.get(d.track_id) ?? { id: d.track_id, title: d.track_title, sort: d.track_sort, speeches: [] };
    day.tracks.set(d.track_id, track);
    track.speeches.push(d);
  }
  return [...days.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, day]) => ({
      date,
      title: day.title,
      tracks: [...day.tracks.values()]
        .sort((a, b) => a.sort - b.sort || a.id - b.id)
        .map((t) => ({ id: t.id, title: t.title, speeches: [...t.speeches].sort(byTime) })),
    }));
}

export function observeSchedule(db: FoyerDatabase, eventId: number): Observable<ScheduleDoc[]> {
  return db.schedule.find({ selector: { event_id: eventId } }).$.pipe(map((list) => list.map((d) => d.toJSON() as ScheduleDoc)));
}
