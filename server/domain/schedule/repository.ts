import { sql } from 'kysely';
import { EVENT_PICTURE_PATH } from '../../../contract/admin-refs.ts';
import { avatarSql } from '../../db/sql.ts';
import type { Q } from '../../db/tx.ts';
import type { SpeechValues } from './admin-repository.ts';

/**
 * SQL of the programme: days, tracks and speeches with their speakers, read alike by the schedule
 * feed and GET /api/events/:eventId/schedules, and the changed speeches the feed pages through.
 */

export async function scheduleEvent(q: Q, eventId: number) {
  return q.selectFrom('events').select(['timezone', 'deleted', 'status']).where('id', '=', eventId).executeTakeFirst();
}

export interface ScheduleDay {
  date: string;
  title: string;
}

/** Days of the programme: the declared days plus any date that has a speech but no declared day. */
export async function scheduleDays(q: Q, eventId: number): Promise<ScheduleDay[]> {
  const r = await sql<ScheduleDay>`
    SELECT d.date::text AS date, max(d.title) AS title FROM (
      SELECT sd.date, sd.title FROM schedule_days sd WHERE sd.event_id = ${eventId} AND NOT sd.deleted
      UNION ALL
      SELECT s.day_date, '' FROM speeches s WHERE s.event_id = ${eventId} AND NOT s.deleted
    ) d GROUP BY d.date ORDER BY d.date`.execute(q);
  return r.rows;
}

export interface TrackRow {
  id: number;
  title: string;
}

export async function scheduleTracks(q: Q, eventId: number): Promise<TrackRow[]> {
  return q.selectFrom('tracks').select(['id', 'title']).where('event_id', '=', eventId).where('deleted', '=', false).orderBy('sort').orderBy('id').execute();
}

/** A speech as the schedule reads it: what the organisers wrote, with its speakers. */
export interface SpeechRow extends SpeechValues {
  id: number;
  speakers: { user_id: number; name: string; avatar: string }[] | string;
  client_id: string | null;
}

/**
 * Speeches in start order, each with its speakers in the organisers' order (closed accounts left
 * out). A guest speaker has user_id 0, the name the organisers gave and their uploaded picture or ''.
 */
export async function scheduleSpeeches(q: Q, eventId: number, date: string | undefined): Promise<SpeechRow[]> {
  const r = await sql<SpeechRow>`
    SELECT s.id, s.track_id, s.day_date::text AS day_date, s.title, s.description, s.starts_at, s.ends_at, s.presentation_url, s.client_id,
      coalesce((SELECT json_agg(json_build_object(
                  'user_id', coalesce(u.id, 0),
                  'name', CASE WHEN ss.user_id IS NULL THEN ss.name ELSE trim(u.first_name || ' ' || u.last_name) END,
                  'avatar', CASE WHEN ss.user_id IS NOT NULL THEN ${avatarSql('u')}
                                 WHEN ss.picture <> '' THEN ${EVENT_PICTURE_PATH} || ss.picture ELSE '' END)
                ORDER BY ss.sort, ss.id)
                FROM speech_speakers ss LEFT JOIN users u ON u.id = ss.user_id
                WHERE ss.speech_id = s.id AND (ss.user_id IS NULL OR (NOT u.disabled AND NOT u.deleted))), '[]'::json) AS speakers
    FROM speeches s
    WHERE s.event_id = ${eventId} AND NOT s.deleted ${date ? sql`AND s.day_date = ${date}::date` : sql``}
    ORDER BY s.day_date, s.starts_at, s.ends_at, s.id`.execute(q);
  return r.rows;
}

export interface ChangedSpeech {
  id: number;
  rev: number;
  gone: boolean;
}

export function changedSpeeches(q: Q, eventId: number, userId: number | null, checkpoint: number, limit: number, tie?: { rev: number; afterId: number }) {
  const viewerRev =
    userId === null
      ? sql`0`
      : sql`GREATEST(
          coalesce((SELECT max(ue.rev) FROM user_events ue WHERE ue.event_id = ${eventId} AND ue.user_id = ${userId}), 0),
          coalesce((SELECT max(tk.rev) FROM tickets tk WHERE tk.event_id = ${eventId} AND tk.user_id = ${userId}), 0))`;
  return sql<ChangedSpeech>`
    SELECT * FROM (
      SELECT s.id,
        GREATEST(s.rev, t.rev, coalesce(d.rev, 0), ${viewerRev},
          coalesce((SELECT max(u.rev) FROM speech_speakers ss JOIN users u ON u.id = ss.user_id WHERE ss.speech_id = s.id), 0))::int AS rev,
        (s.deleted OR t.deleted) AS gone
      FROM speeches s
      JOIN tracks t ON t.id = s.track_id
      LEFT JOIN schedule_days d ON d.event_id = s.event_id AND d.date = s.day_date AND NOT d.deleted
      WHERE s.event_id = ${eventId}
    ) c
    WHERE ${tie ? sql`c.rev = ${tie.rev} AND c.id > ${tie.afterId}` : sql`c.rev > ${checkpoint}`}
    ORDER BY c.rev, c.id
    ${tie ? sql`` : sql`LIMIT ${limit}`}`.execute(q);
}
