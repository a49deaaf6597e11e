import { createHash } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../server/db/types.ts';
import type { SeedOptions } from '../../server/db/seed/index.ts';
import type { Database } from '../../server/db/index.ts';
import { runSeed as seedThrough } from '../../server/domain/seed.ts';
import { createWriter } from '../../server/domain/write.ts';
import { createMemoryBus } from '../../server/realtime/bus.ts';

/** The seed as main.ts runs it: through the write runner. */
export const runSeed = (database: Database, mode: string, options?: SeedOptions) =>
  seedThrough(createWriter(database.db, createMemoryBus()), database.db, mode, options);

export const HOUR = 3600_000;
// One instant for every demo database of the seed-* files, so two seeds of "the same hour" are comparable
// even if the wall clock crosses an hour while the suite runs.
export const NOW = new Date();

export const TABLES = [
  'countries',
  'cities',
  'categories',
  'users',
  'companies',
  'events',
  'user_events',
  'schedule_days',
  'tracks',
  'speeches',
  'speech_speakers',
  'meeting_settings',
  'ticket_designs',
  'tickets',
  'appointments',
  'chat_comments',
  'comment_likes',
  'chat_blocks',
  'stand_members',
  'dialogs',
  'messages',
  'user_relations',
  'friends',
  'trips',
] as const;

/**
 * A digest per table of every row in key order. password_hash is left out because argon2 salts
 * each hash. Without times, timestamps, calendar dates and meeting hours are dropped: what remains
 * (names, counts, codes, who did what, ids, revs) must not depend on when the seed ran.
 */
export async function digest(db: Kysely<DB>, withTimes: boolean): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of TABLES) {
    const { rows } = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)} ORDER BY 1, 2`.execute(db);
    const clean = rows.map((row) => {
      const r: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(row)) {
        // Salted hashes and referral codes are random by design (053_referrals.sql), not seed content.
        if (k === 'password_hash' || k === 'referral_code') continue;
        const timeLike = v instanceof Date || (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v)) || k === 'allowed_times';
        if (timeLike && !withTimes) continue;
        r[k] = v instanceof Date ? v.toISOString() : v;
      }
      return r;
    });
    out[table] = `${rows.length}:${createHash('sha256').update(JSON.stringify(clean)).digest('hex')}`;
  }
  return out;
}

export async function one<T>(db: Kysely<DB>, query: RawBuilder<T>): Promise<T> {
  return (await query.execute(db)).rows[0]!;
}

/** Rows where a counter on events disagrees with the rows it counts. */
export async function counterMismatches(db: Kysely<DB>) {
  const { rows } = await sql<{ id: number }>`
    SELECT e.id FROM events e
    WHERE e.total_people <> (
            SELECT count(*) FROM users u
            WHERE NOT u.hide_from_visitors AND NOT u.disabled AND NOT u.deleted
              AND (EXISTS (SELECT 1 FROM user_events ue WHERE ue.event_id = e.id AND ue.user_id = u.id AND NOT ue.deleted AND (ue.checked_in OR ue.is_owner))
                OR EXISTS (SELECT 1 FROM tickets t WHERE t.event_id = e.id AND t.user_id = u.id AND t.status = 'valid' AND NOT t.invalid AND NOT t.deleted)))
       OR e.favorites_count <> (SELECT count(*) FROM user_events ue WHERE ue.event_id = e.id AND ue.is_favorite AND NOT ue.deleted)
       OR e.meetings_count <> (SELECT count(*) FROM appointments a WHERE a.event_id = e.id AND a.response = 1 AND NOT a.deleted)
       OR e.visitors_with_appointments_count <> (
            SELECT count(DISTINCT v.u) FROM appointments a CROSS JOIN LATERAL (VALUES (a.from_user_id), (a.to_user_id)) v(u)
            WHERE a.event_id = e.id AND a.response = 1 AND NOT a.deleted)`.execute(db);
  return rows;
}

/** Every invariant a later constraint or screen may rely on; each query counts violations. */
export async function consistency(db: Kysely<DB>) {
  return one(
    db,
    sql<Record<string, number>>`SELECT
    (SELECT count(*)::int FROM appointments a JOIN appointments b ON a.id < b.id
       AND a.starts_at < b.ends_at AND b.starts_at < a.ends_at
       AND (a.from_user_id IN (b.from_user_id, b.to_user_id) OR a.to_user_id IN (b.from_user_id, b.to_user_id))
     WHERE (a.response IS NULL OR a.response = 1) AND (b.response IS NULL OR b.response = 1)) AS person_double_booked,
    (SELECT count(*)::int FROM appointments a JOIN appointments b ON a.id < b.id AND a.event_id = b.event_id
       AND a.table_num = b.table_num AND a.starts_at < b.ends_at AND b.starts_at < a.ends_at) AS table_double_booked,
    (SELECT count(*)::int FROM appointments a JOIN appointments b ON a.id < b.id AND a.event_id = b.event_id
       AND least(a.from_user_id, a.to_user_id) = least(b.from_user_id, b.to_user_id)
       AND greatest(a.from_user_id, a.to_user_id) = greatest(b.from_user_id, b.to_user_id)
     WHERE (a.response IS NULL OR a.response = 1) AND (b.response IS NULL OR b.response = 1)) AS pair_twice_open,
    (SELECT count(*)::int FROM appointments a JOIN events e ON e.id = a.event_id JOIN meeting_settings ms ON ms.event_id = e.id
     WHERE a.starts_at IS NOT NULL AND (a.starts_at < e.starts_at OR a.ends_at > e.ends_at
       OR a.date <> (a.starts_at AT TIME ZONE e.timezone)::date
       OR NOT EXISTS (SELECT 1 FROM jsonb_array_elements(ms.allowed_times) w
         WHERE w->>'day' = to_char(a.starts_at AT TIME ZONE e.timezone, 'YYYY-MM-DD')
           AND w->>'from' <= to_char(a.starts_at AT TIME ZONE e.timezone, 'HH24:MI')
           AND to_char(a.starts_at AT TIME ZONE e.timezone, 'HH24:MI') < w->>'to'))) AS meeting_outside_hours,
    (SELECT count(*)::int FROM appointments a JOIN user_events ue ON ue.event_id = a.event_id AND ue.user_id IN (a.from_user_id, a.to_user_id)
     WHERE NOT ue.checked_in) AS meeting_with_absent_person,
    (SELECT count(*)::int FROM appointments WHERE response = 3 AND canceled_by IS NULL AND response_msg = '') AS rejected_without_reason,
    (SELECT count(*)::int FROM speeches s JOIN events e ON e.id = s.event_id
     WHERE s.starts_at < e.starts_at OR s.ends_at > e.ends_at
       OR s.ends_at - s.starts_at NOT BETWEEN interval '30 minutes' AND interval '60 minutes'
       OR NOT EXISTS (SELECT 1 FROM schedule_days d WHERE d.event_id = s.event_id AND d.date = s.day_date)) AS speech_out_of_event,
    (SELECT count(*)::int FROM speeches a JOIN speeches b ON a.id < b.id AND a.track_id = b.track_id
       AND a.starts_at < b.ends_at AND b.starts_at < a.ends_at) AS speeches_overlap_in_track,
    (SELECT count(*)::int FROM speeches s WHERE (SELECT count(*) FROM speech_speakers ss WHERE ss.speech_id = s.id) NOT BETWEEN 1 AND 2) AS speech_speaker_count,
    (SELECT count(*)::int FROM tickets t JOIN events e ON e.id = t.event_id WHERE t.currency <> e.currency) AS ticket_wrong_currency,
    (SELECT count(*)::int FROM user_events ue JOIN events e ON e.id = ue.event_id WHERE ue.menu_id IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(e.options->'menu') m WHERE (m->>'id')::int = ue.menu_id)) AS menu_not_in_event,
    (SELECT count(*)::int FROM chat_comments c
     WHERE c.likes_count <> (SELECT count(*) FROM comment_likes l WHERE l.comment_id = c.id AND l.like_type = 1)
        OR c.dislikes_count <> (SELECT count(*) FROM comment_likes l WHERE l.comment_id = c.id AND l.like_type = 2)) AS comment_like_counts,
    (SELECT count(*)::int FROM dialogs d WHERE NOT EXISTS (SELECT 1 FROM appointments a WHERE a.response = 1
       AND least(a.from_user_id, a.to_user_id) = d.user_a AND greatest(a.from_user_id, a.to_user_id) = d.user_b)) AS dialog_without_meeting,
    (SELECT count(*)::int FROM dialogs d WHERE d.last_message_at IS DISTINCT FROM (SELECT max(created_at) FROM messages m WHERE m.dialog_id = d.id)) AS dialog_last_message,
    (SELECT count(*)::int FROM friends f WHERE NOT EXISTS (SELECT 1 FROM friends g WHERE g.user_id = f.friend_id AND g.friend_id = f.user_id)) AS friends_one_sided,
    (SELECT count(*)::int FROM user_relations r WHERE r.like_status = 3 AND NOT EXISTS
       (SELECT 1 FROM user_relations q WHERE q.user_id = r.target_user_id AND q.target_user_id = r.user_id AND q.like_status = 3)) AS mutual_one_sided,
    (SELECT count(*)::int FROM (
       SELECT webinar_link AS v FROM events UNION ALL SELECT poster FROM events UNION ALL SELECT presentation_url FROM speeches
       UNION ALL SELECT avatar FROM users UNION ALL SELECT image FROM companies UNION ALL SELECT image_thumb FROM companies) x
     WHERE v <> '' AND v NOT LIKE '/%') AS external_media,
    (SELECT count(*)::int FROM (
       SELECT created_at AS t FROM chat_comments UNION ALL SELECT created_at FROM messages UNION ALL SELECT request_date FROM appointments
       UNION ALL SELECT occurred_at FROM appointments UNION ALL SELECT checked_in_at FROM user_events UNION ALL SELECT created_at FROM tickets
       UNION ALL SELECT read_at FROM messages) x
     WHERE t > ${NOW}::timestamptz) AS history_in_future`,
  );
}
