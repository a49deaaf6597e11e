import { sql } from 'kysely';
import type { ClientRef } from '../../../contract/admin-refs.ts';
import type { ScheduleOutline } from '../../../contract/admin-schedule.ts';
import type { Q, Tx } from '../../db/tx.ts';

/** SQL of the organisers' schedule editor (service.ts has its rules): the writes, and the outline organisers' devices hold. */

export interface TrackRef {
  id: number;
  title: string;
  sort: number;
}

/** A live track of the event, by its id or by the command that made it. */
export async function findTrack(q: Q, eventId: number, ref: ClientRef): Promise<TrackRef | undefined> {
  let query = q.selectFrom('tracks').select(['id', 'title', 'sort']).where('event_id', '=', eventId).where('deleted', '=', false);
  query = 'id' in ref ? query.where('id', '=', ref.id) : query.where('client_id', '=', ref.client_id);
  return query.executeTakeFirst();
}

export async function liveTracks(q: Q, eventId: number): Promise<(TrackRef & { client_id: string | null })[]> {
  return q
    .selectFrom('tracks')
    .select(['id', 'title', 'sort', 'client_id'])
    .where('event_id', '=', eventId)
    .where('deleted', '=', false)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export async function insertTrack(trx: Tx, eventId: number, title: string, sort: number, clientId: string | null): Promise<number> {
  const r = await trx.insertInto('tracks').values({ event_id: eventId, title, sort, client_id: clientId }).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function updateTrack(trx: Tx, trackId: number, patch: { title?: string; sort?: number; deleted?: boolean }): Promise<void> {
  await trx.updateTable('tracks').set(patch).where('id', '=', trackId).execute();
}

export async function trackHasSpeeches(q: Q, trackId: number): Promise<boolean> {
  const r = await q.selectFrom('speeches').select('id').where('track_id', '=', trackId).where('deleted', '=', false).limit(1).executeTakeFirst();
  return r !== undefined;
}

/** Declares the day, or renames it, or brings a removed one back. */
export async function upsertDay(trx: Tx, eventId: number, date: string, title: string): Promise<void> {
  await trx
    .insertInto('schedule_days')
    .values({ event_id: eventId, date, title })
    .onConflict((oc) => oc.columns(['event_id', 'date']).doUpdateSet({ title, deleted: false }))
    .execute();
}

export async function removeDayRow(trx: Tx, eventId: number, date: string): Promise<void> {
  await trx.updateTable('schedule_days').set({ deleted: true }).where('event_id', '=', eventId).where('date', '=', date).where('deleted', '=', false).execute();
}

export async function dayHasSpeeches(q: Q, eventId: number, date: string): Promise<boolean> {
  const r = await sql<{ ok: boolean }>`
    SELECT EXISTS (SELECT 1 FROM speeches s JOIN tracks t ON t.id = s.track_id
      WHERE s.event_id = ${eventId} AND s.day_date = ${date}::date AND NOT s.deleted AND NOT t.deleted) AS ok`.execute(q);
  return r.rows[0]?.ok === true;
}

export interface SpeechRef {
  id: number;
  track_id: number;
}

export async function findSpeech(q: Q, eventId: number, ref: ClientRef): Promise<SpeechRef | undefined> {
  let query = q.selectFrom('speeches').select(['id', 'track_id']).where('event_id', '=', eventId).where('deleted', '=', false);
  query = 'id' in ref ? query.where('id', '=', ref.id) : query.where('client_id', '=', ref.client_id);
  return query.executeTakeFirst();
}

/** The live speeches of a track, for the overlap check (the write runner serialises writers). */
export async function trackSpeeches(q: Q, trackId: number): Promise<{ id: number; starts_at: Date; ends_at: Date }[]> {
  return q.selectFrom('speeches').select(['id', 'starts_at', 'ends_at']).where('track_id', '=', trackId).where('deleted', '=', false).execute();
}

export interface SpeechValues {
  track_id: number;
  day_date: string;
  title: string;
  description: string;
  starts_at: Date;
  ends_at: Date;
  presentation_url: string;
}

export async function insertSpeech(trx: Tx, eventId: number, v: SpeechValues, clientId: string | null): Promise<number> {
  const r = await trx
    .insertInto('speeches')
    .values({ ...v, event_id: eventId, client_id: clientId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** Rewrites the speech; its rev moves even when only its speakers changed, so devices get them. */
export async function updateSpeech(trx: Tx, speechId: number, v: SpeechValues): Promise<void> {
  await trx.updateTable('speeches').set(v).where('id', '=', speechId).execute();
}

export async function markSpeechDeleted(trx: Tx, speechId: number): Promise<void> {
  await trx.updateTable('speeches').set({ deleted: true }).where('id', '=', speechId).execute();
}

export type SpeakerRow = { user_id: number; name?: undefined; picture?: undefined } | { user_id: null; name: string; picture: string };

export async function replaceSpeakers(trx: Tx, speechId: number, speakers: SpeakerRow[]): Promise<void> {
  await trx.deleteFrom('speech_speakers').where('speech_id', '=', speechId).execute();
  if (speakers.length === 0) return;
  await trx
    .insertInto('speech_speakers')
    .values(speakers.map((s, i) => ({ speech_id: speechId, user_id: s.user_id, name: s.name ?? '', picture: s.picture ?? '', sort: i + 1 })))
    .execute();
}

/**
 * The days and tracks of these events as their organisers' devices hold them: every declared day
 * and live track, empty ones too (the schedule collection only carries speeches).
 */
export async function outlinesOf(q: Q, eventIds: number[]): Promise<Map<number, ScheduleOutline>> {
  const out = new Map<number, ScheduleOutline>();
  if (eventIds.length === 0) return out;
  const outline = (id: number) => {
    let o = out.get(id);
    if (!o) {
      o = { days: [], tracks: [] };
      out.set(id, o);
    }
    return o;
  };
  const days = await sql<{ event_id: number; date: string; title: string }>`
    SELECT event_id, date::text AS date, title FROM schedule_days WHERE event_id IN (${sql.join(eventIds)}) AND NOT deleted ORDER BY event_id, date`.execute(q);
  for (const d of days.rows) outline(d.event_id).days.push({ date: d.date, title: d.title });
  const tracks = await q
    .selectFrom('tracks')
    .select(['event_id', 'id', 'title', 'sort', 'client_id'])
    .where('event_id', 'in', eventIds)
    .where('deleted', '=', false)
    .orderBy('event_id')
    .orderBy('sort')
    .orderBy('id')
    .execute();
  for (const t of tracks) outline(t.event_id).tracks.push({ id: t.id, title: t.title, sort: t.sort, client_id: t.client_id ?? '' });
  return out;
}
