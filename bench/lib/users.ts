/**
 * The people a load bench drives, picked from a scale seed: readers of the big event's chat who are
 * not blocked in it, each with a fresh session (as if they had logged in), the pairs among them who
 * may message each other (an approved meeting), and comments they may like (not their own).
 */
import { sql, type Kysely } from 'kysely';
import { createSession } from '../../server/domain/auth/sessions.ts';
import { readersAmong } from '../../server/domain/chat/repository.ts';
import { findDemoEvents } from '../../server/db/seed/index.ts';
import type { DB } from '../../server/db/types.ts';

export interface BenchUser {
  id: number;
  token: string;
}

export interface EventCrowd {
  eventId: number;
  users: BenchUser[];
  /** [a, b] indexes into users: the two may send each other messages. */
  pairs: [number, number][];
  /** Existing comments of the event and their authors, for likes. */
  comments: { id: number; userId: number }[];
}

export async function prepareCrowd(db: Kysely<DB>, count: number): Promise<EventCrowd> {
  const { inPerson: eventId } = await findDemoEvents(db);
  // People with an approved meeting first, so there are pairs that may message each other.
  const met = await sql<{ a: number; b: number }>`
    SELECT from_user_id AS a, to_user_id AS b FROM appointments
    WHERE event_id = ${eventId} AND response = 1 AND NOT deleted ORDER BY id`.execute(db);
  const holders = await sql<{ user_id: number }>`
    SELECT DISTINCT user_id FROM tickets WHERE event_id = ${eventId} AND status = 'valid' AND NOT deleted
    ORDER BY user_id`.execute(db);
  const blocked = await sql<{ user_id: number }>`
    SELECT user_id FROM chat_blocks WHERE event_id = ${eventId} AND active AND NOT deleted`.execute(db);
  const staff = await sql<{ user_id: number }>`
    SELECT user_id FROM user_events WHERE event_id = ${eventId} AND (is_owner OR is_moderator) AND NOT deleted`.execute(db);
  // Staff are left out: a moderator's frames differ (block reasons) and they are few at a real venue.
  const skip = new Set([...blocked.rows, ...staff.rows].map((r) => r.user_id));

  const order: number[] = [];
  const seen = new Set<number>();
  const add = (id: number) => {
    if (!seen.has(id) && !skip.has(id)) seen.add(id) && order.push(id);
  };
  for (const m of met.rows.slice(0, Math.floor(count / 4))) {
    add(m.a);
    add(m.b);
  }
  for (const h of holders.rows) add(h.user_id);
  const readers = await readersAmong(
    db,
    order.map((userId) => ({ eventId, userId })),
  );
  const ids = order.filter((id) => readers.has(`${eventId}:${id}`)).slice(0, count);
  if (ids.length < count) throw new Error(`the seed has only ${ids.length} chat readers for ${count} bench users: seed more visitors`);

  const index = new Map(ids.map((id, i) => [id, i]));
  const pairs: [number, number][] = [];
  const paired = new Set<string>();
  for (const m of met.rows) {
    const a = index.get(m.a);
    const b = index.get(m.b);
    const key = `${Math.min(m.a, m.b)}:${Math.max(m.a, m.b)}`;
    if (a === undefined || b === undefined || paired.has(key)) continue;
    paired.add(key);
    pairs.push([a, b]);
  }

  const users = await Promise.all(ids.map(async (id) => ({ id, token: await createSession(db, id) })));
  const comments = await sql<{ id: number; user_id: number }>`
    SELECT id, user_id FROM chat_comments WHERE event_id = ${eventId} AND NOT deleted ORDER BY id DESC LIMIT 200`.execute(db);
  return {
    eventId,
    users,
    pairs,
    comments: comments.rows.map((c) => ({ id: c.id, userId: c.user_id })),
  };
}
