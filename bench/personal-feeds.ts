/**
 * `npm run bench:personal-feeds [-- --db pg] [--events 60] [--notices 50] [--meetings 300] [--rounds 20]`:
 * what the issue 16 additions cost a busy person's devices and calendar app. One user takes part in
 * `--events` events, each with `--notices` notices and a few starred speeches, and has `--meetings`
 * meetings. Prints, over `--rounds` repetitions, the time and size of a full my_events pull (every
 * page, as a first sync asks for it) and of the personal calendar feed (.ics), with p50 and max.
 * Prints figures only; exits non-zero only on errors.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { createSession } from '../server/domain/auth/sessions.ts';
import { createTestDatabase } from '../tests/fixtures/db.ts';
import { createEvent, createUser } from '../tests/fixtures/factories.ts';
import { numberArg } from './lib/server.ts';
import { fmtMs, percentile, table } from './lib/stats.ts';
import { itemAt } from './lib/pick.ts';
import { recordFigures } from './lib/result.ts';

const DB = process.argv.includes('pg') ? 'postgres' : 'pglite';
// `--db pg` as the other benches take it.
const EVENTS = numberArg('events', 60);
const NOTICES = numberArg('notices', 50);
const MEETINGS = numberArg('meetings', 300);
const ROUNDS = numberArg('rounds', 20);

const database = await createTestDatabase(DB);
const app = await buildApp({ config: { ...loadConfig({ SEED: 'none' }), distDir: '/nonexistent' }, database });
try {
  const db = app.db;
  const me = await createUser(db);
  const other = await createUser(db);
  // One open meeting per pair and event: enough partners for --meetings over the events.
  const partners: number[] = [];
  for (let i = 0; i < Math.ceil(MEETINGS / EVENTS); i++) partners.push((await createUser(db)).id);
  const token = await createSession(db, me.id);
  const events: number[] = [];
  for (let i = 0; i < EVENTS; i++) events.push((await createEvent(db, { starts_in_hours: 24 + i })).id);
  await db
    .insertInto('user_events')
    .values(events.map((event_id) => ({ event_id, user_id: me.id, checked_in: true })))
    .execute();
  await sql`
    INSERT INTO notifications (user_id, event_id, kind, actor_id, text)
    SELECT ${me.id}, e, 'invited', ${other.id}, 'Shall we meet at the stand after the keynote to talk about the programme?'
    FROM unnest(${sql.raw(`ARRAY[${events.join(',')}]`)}::int[]) e, generate_series(1, ${NOTICES})`.execute(db);
  for (const [i, event_id] of events.entries()) {
    const track = await db.insertInto('tracks').values({ event_id, title: 'Main' }).returning('id').executeTakeFirstOrThrow();
    const start = new Date(Date.now() + (24 + i) * 3600_000);
    const rows = await db
      .insertInto('speeches')
      .values(
        [0, 1, 2].map((k) => ({
          event_id,
          track_id: track.id,
          day_date: start.toISOString().slice(0, 10),
          title: `Talk ${k}`,
          starts_at: new Date(start.getTime() + k * 3600_000),
          ends_at: new Date(start.getTime() + (k + 1) * 3600_000),
        })),
      )
      .returning('id')
      .execute();
    await db
      .insertInto('speech_stars')
      .values(rows.map((r) => ({ user_id: me.id, speech_id: r.id, event_id })))
      .execute();
  }
  await db
    .insertInto('appointments')
    .values(
      Array.from({ length: MEETINGS }, (_, i) => {
        const start = new Date(Date.now() + (25 + i) * 3600_000);
        return {
          event_id: itemAt(events, i % events.length),
          from_user_id: itemAt(partners, Math.floor(i / events.length)),
          to_user_id: me.id,
          date: start.toISOString().slice(0, 10),
          starts_at: start,
          ends_at: new Date(start.getTime() + 900_000),
          response: i % 3 === 0 ? null : 1,
        };
      }),
    )
    .execute();
  const feedToken = randomBytes(32).toString('base64url');
  const set = await app.inject({
    method: 'POST',
    url: '/sync/v1/commands',
    headers: { authorization: `Bearer ${token}` },
    payload: { commands: [{ id: `bench-${Date.now()}`, kind: 'calendar.feed', payload: { token: feedToken }, occurredAt: new Date().toISOString() }] },
  });
  if (set.json().results?.[0]?.status !== 'applied') throw new Error(`calendar.feed: ${set.body}`);

  const pullMs: number[] = [];
  const feedMs: number[] = [];
  let pullBytes = 0;
  let feedBytes = 0;
  let docs = 0;
  for (let round = 0; round < ROUNDS; round++) {
    let started = performance.now();
    let checkpoint = 0;
    pullBytes = 0;
    docs = 0;
    for (;;) {
      const res = await app.inject({ url: `/sync/v1/my_events/pull?checkpoint=${checkpoint}&limit=100`, headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode !== 200) throw new Error(`pull: ${res.statusCode}`);
      pullBytes += res.rawPayload.length;
      const page = res.json() as { documents: unknown[]; checkpoint: number };
      docs += page.documents.length;
      checkpoint = page.checkpoint;
      if (page.documents.length < 100) break;
    }
    pullMs.push(performance.now() - started);
    started = performance.now();
    const feed = await app.inject({ url: `/calendar/feed.ics?token=${feedToken}` });
    if (feed.statusCode !== 200) throw new Error(`feed: ${feed.statusCode}`);
    feedMs.push(performance.now() - started);
    feedBytes = feed.rawPayload.length;
  }
  console.log(`personal feeds on ${DB}: ${EVENTS} events × ${NOTICES} notices, ${EVENTS * 3} starred talks, ${MEETINGS} meetings; ${ROUNDS} rounds`);
  console.log(
    table([
      ['what', 'p50', 'max', 'size'],
      [`my_events pull (${docs} documents, every page)`, fmtMs(percentile(pullMs, 50)), fmtMs(Math.max(...pullMs)), `${(pullBytes / 1024).toFixed(1)} KiB`],
      ['calendar feed (.ics)', fmtMs(percentile(feedMs, 50)), fmtMs(Math.max(...feedMs)), `${(feedBytes / 1024).toFixed(1)} KiB`],
    ]),
  );
  recordFigures('personal-feeds', {
    my_events_pull_p50_ms: percentile(pullMs, 50),
    calendar_feed_p50_ms: percentile(feedMs, 50),
    my_events_kib: pullBytes / 1024,
    calendar_feed_kib: feedBytes / 1024,
  });
} finally {
  await app.close();
  await database.dispose();
}
