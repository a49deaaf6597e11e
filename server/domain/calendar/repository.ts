import { sql } from 'kysely';
import { openTo, participates } from '../../db/sql.ts';
import type { Q, Tx } from '../../db/tx.ts';

/**
 * SQL of the calendar: starred speeches (which stamp the user's my_events document by trigger,
 * 051_calendar.sql), the feed's address, and what the feed lists.
 */

// Stars ------------------------------------------------------------------------------------------

export async function findSpeech(q: Q, speechId: number) {
  return q.selectFrom('speeches').select(['id', 'event_id', 'deleted']).where('id', '=', speechId).executeTakeFirst();
}

export async function addStar(trx: Tx, userId: number, eventId: number, speechId: number): Promise<boolean> {
  const r = await trx
    .insertInto('speech_stars')
    .values({ user_id: userId, event_id: eventId, speech_id: speechId })
    .onConflict((oc) => oc.columns(['user_id', 'speech_id']).doNothing())
    .returning('speech_id')
    .executeTakeFirst();
  return r !== undefined;
}

export async function removeStar(trx: Tx, userId: number, speechId: number): Promise<boolean> {
  const r = await trx.deleteFrom('speech_stars').where('user_id', '=', userId).where('speech_id', '=', speechId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** The speeches the user starred in each of these events, in speech order. */
export async function starredOf(q: Q, userId: number, eventIds: readonly number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (eventIds.length === 0) return out;
  const rows = await q
    .selectFrom('speech_stars')
    .select(['event_id', 'speech_id'])
    .where('user_id', '=', userId)
    .where('event_id', 'in', [...eventIds])
    .orderBy('speech_id')
    .execute();
  for (const r of rows) {
    const list = out.get(r.event_id) ?? [];
    out.set(r.event_id, list);
    list.push(r.speech_id);
  }
  return out;
}

// The feed's address -----------------------------------------------------------------------------

export async function setFeedToken(trx: Tx, userId: number, tokenHash: Uint8Array, at: Date): Promise<void> {
  await trx
    .insertInto('calendar_feeds')
    .values({ user_id: userId, token_hash: tokenHash, created_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ token_hash: tokenHash, created_at: at, polled_at: null }))
    .execute();
}

export async function deleteFeed(trx: Tx, userId: number): Promise<void> {
  await trx.deleteFrom('calendar_feeds').where('user_id', '=', userId).execute();
}

export async function feedOf(q: Q, userId: number) {
  return q.selectFrom('calendar_feeds').select(['token_hash', 'created_at', 'polled_at']).where('user_id', '=', userId).executeTakeFirst();
}

/** Whose feed an address is, among accounts that can still sign in. */
export async function feedOwner(q: Q, tokenHash: Uint8Array) {
  return q
    .selectFrom('calendar_feeds as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .select(['u.id', 'u.locale', 'f.polled_at'])
    .where('f.token_hash', '=', tokenHash)
    .where('u.deleted', '=', false)
    .where('u.disabled', '=', false)
    .executeTakeFirst();
}

/**
 * A calendar app's fetch, noted at most once per interval. No device holds this row and nobody must
 * hear of it, so it is one statement outside any transaction (docs/DESIGN.md "One way to write").
 */
export async function notePolled(q: Q, userId: number, at: Date, everyMs: number): Promise<void> {
  await sql`UPDATE calendar_feeds SET polled_at = ${at}
    WHERE user_id = ${userId} AND (polled_at IS NULL OR polled_at < ${new Date(at.getTime() - everyMs)})`.execute(q);
}

// What the feed lists ----------------------------------------------------------------------------

export interface FeedMeetingRow {
  id: number;
  event_id: number;
  event_name: string;
  timezone: string;
  is_webinar: boolean;
  date: string;
  starts_at: Date | null;
  ends_at: Date | null;
  any_time: boolean;
  response: number | null;
  comment: string;
  where_text: string;
  table_num: number | null;
  other_first_name: string;
  other_last_name: string;
  updated_at: Date;
  rev: number;
}

/** The user's meetings from `since` on, every state: a cancelled one must reach calendars as such. */
export async function feedMeetings(q: Q, userId: number, since: Date): Promise<FeedMeetingRow[]> {
  const r = await sql<FeedMeetingRow>`
    SELECT a.id, a.event_id, e.name AS event_name, e.timezone, e.is_webinar, a.date, a.starts_at, a.ends_at, a.any_time,
      a.response, a.comment, a.where_text, a.table_num, a.updated_at, a.rev,
      CASE WHEN o.deleted THEN '' ELSE o.first_name END AS other_first_name,
      CASE WHEN o.deleted THEN '' ELSE o.last_name END AS other_last_name
    FROM appointments a
    JOIN events e ON e.id = a.event_id
    JOIN users o ON o.id = CASE WHEN a.from_user_id = ${userId} THEN a.to_user_id ELSE a.from_user_id END
    WHERE (a.from_user_id = ${userId} OR a.to_user_id = ${userId}) AND NOT a.deleted
      AND coalesce(a.ends_at, (a.date::date + 1)::timestamptz) >= ${since} AND ${openTo(sql`${userId}::int`, 'e')}
    ORDER BY a.id`.execute(q);
  return r.rows;
}

export interface FeedEventRow {
  id: number;
  name: string;
  timezone: string;
  starts_at: Date;
  ends_at: Date;
  is_webinar: boolean;
  place_name: string;
  place_address: string;
  place_public: boolean;
  status: string;
  deleted: boolean;
  description: string;
  rev: number;
}

/**
 * The events the user takes part in (the rule of server/db/sql.ts) that have not ended before
 * `since`. A cancelled or removed one stays, so calendars mark it cancelled; a draft is nobody's
 * calendar entry but its organisers' (openTo): an event taken back to a draft leaves the feeds of
 * the people who had registered, with its speeches and meetings, until it is published again.
 */
export async function feedEvents(q: Q, userId: number, since: Date): Promise<FeedEventRow[]> {
  const r = await sql<FeedEventRow>`
    SELECT e.id, e.name, e.timezone, e.starts_at, e.ends_at, e.is_webinar, e.place_name, e.place_address, e.place_public,
      e.status, e.deleted, e.description, e.rev
    FROM events e
    WHERE e.ends_at >= ${since} AND ${participates(sql`${userId}::int`, sql.ref('e.id'))} AND ${openTo(sql`${userId}::int`, 'e')}
    ORDER BY e.starts_at, e.id`.execute(q);
  return r.rows;
}

export interface FeedSpeechRow {
  id: number;
  event_id: number;
  event_name: string;
  timezone: string;
  title: string;
  description: string;
  starts_at: Date;
  ends_at: Date;
  track_title: string;
  deleted: boolean;
  event_gone: boolean;
  rev: number;
}

/** The speeches the user starred that have not ended before `since`, removed ones too (cancelled). */
export async function feedSpeeches(q: Q, userId: number, since: Date): Promise<FeedSpeechRow[]> {
  const r = await sql<FeedSpeechRow>`
    SELECT s.id, s.event_id, e.name AS event_name, e.timezone, s.title, s.description, s.starts_at, s.ends_at,
      coalesce(t.title, '') AS track_title, s.deleted, (e.deleted OR e.status = 'cancelled') AS event_gone,
      greatest(s.rev, e.rev) AS rev
    FROM speech_stars st
    JOIN speeches s ON s.id = st.speech_id
    JOIN events e ON e.id = s.event_id
    LEFT JOIN tracks t ON t.id = s.track_id
    WHERE st.user_id = ${userId} AND s.ends_at >= ${since} AND ${openTo(sql`${userId}::int`, 'e')}
    ORDER BY s.starts_at, s.id`.execute(q);
  return r.rows;
}
