import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sessionKey } from '../../server/domain/auth/sessions.ts';
import { setAccountDisabled } from '../../server/domain/profile/account.ts';
import { createWriter } from '../../server/domain/write.ts';
import type { Bus } from '../../server/realtime/bus.ts';
import { createTestDatabase, type TestDatabase } from '../fixtures/db.ts';
import { startTestCluster, type TestCluster } from '../fixtures/cluster.ts';
import { login } from '../fixtures/server.ts';
import { waitFor } from '../fixtures/wait.ts';
import { commands, liveEvent, person } from './attacks-helpers.ts';

/**
 * The session cache (server/plugins/session-cache.ts) on two instances sharing a database and a
 * Redis bus. The cache is set to a minute here, far longer than any wait below, so a session or a
 * viewer that survived its end would be seen: what ends it is the announcement, not the clock. The
 * heartbeat is as long, so its re-check of sessions does not do the work either.
 */

const PREFIX = `test-session-cache-${randomBytes(6).toString('hex')}:`;
const LONG = 60_000;

let database: TestDatabase;
let cluster: TestCluster | undefined;
let apps: FastifyInstance[] = [];
let buses: Bus[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  cluster = await startTestCluster(database, { prefix: PREFIX, socketHeartbeatMs: LONG, config: { sessionCacheMs: LONG } });
  ({ apps, buses } = cluster);
});
afterAll(async () => {
  await cluster?.close();
  await database?.dispose();
});

const me = async (app: FastifyInstance, token: string) => (await app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } })).statusCode;
const visitorsPull = async (app: FastifyInstance, token: string, eventId: number) =>
  (await app.inject({ url: `/sync/v1/visitors/pull?event_id=${eventId}&checkpoint=0`, headers: { authorization: `Bearer ${token}` } })).statusCode;
/** Bounds a wait for a bus message on a loaded machine; far below LONG, so it never waits out the cache. */
const HEARD_MS = 10_000;

describe('the session cache', () => {
  it('remembers a session it looked up: a row deleted behind the server, with no announcement, still answers until the cache forgets it', async () => {
    const u = await person(database.db);
    expect(await me(apps[1]!, u.token)).toBe(200);
    await database.db
      .deleteFrom('sessions')
      .where('token_hash', '=', Buffer.from(sessionKey(u.token), 'hex'))
      .execute();
    expect(await me(apps[1]!, u.token)).toBe(200);
    // Never looked up on the other instance, so that one asks the database.
    expect(await me(apps[0]!, u.token)).toBe(401);
  });

  it('forgets a logged-out session at once on the instance that logged out, and on the other when the bus brings the news', async () => {
    const u = await person(database.db);
    const { token } = await login(apps[0]!, u.email);
    expect(await me(apps[0]!, token)).toBe(200);
    expect(await me(apps[1]!, token)).toBe(200);
    expect(await me(apps[1]!, u.token)).toBe(200);
    const out = await apps[0]!.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } });
    expect(out.json().status_code).toBe(200);
    expect(await me(apps[0]!, token)).toBe(401);
    await waitFor('the other instance to forget the session', async () => (await me(apps[1]!, token)) === 401, HEARD_MS);
    // The user's other session is not touched.
    expect(await me(apps[1]!, u.token)).toBe(200);
  });

  it('forgets every session of a disabled account on every instance', async () => {
    const u = await person(database.db);
    const { token } = await login(apps[1]!, u.email);
    for (const app of apps) for (const t of [token, u.token]) expect(await me(app, t)).toBe(200);
    // As the operator's script does: the write runner on the bus, from outside both instances.
    await createWriter(database.db, buses[0]!).run((trx) => setAccountDisabled(trx, u.id, true), { announced: true });
    for (const app of apps) {
      for (const t of [token, u.token]) await waitFor('the disabled account to be forgotten', async () => (await me(app, t)) === 401, HEARD_MS);
    }
  });

  it("forgets the visitors feed's view of a user who left the event, on the other instance", async () => {
    const eventId = await liveEvent(database.db);
    const u = await person(database.db, eventId);
    expect(await visitorsPull(apps[1]!, u.token, eventId)).toBe(200);
    const left = await commands(apps[0]!, u, [{ kind: 'event.uncheckin', payload: { event_id: eventId } }]);
    expect(left.results[0]!.status).toBe('applied');
    await waitFor('the pull to refuse a user who left', async () => (await visitorsPull(apps[1]!, u.token, eventId)) === 403, HEARD_MS);
  });

  it('lets a user who just joined an event pull its visitors, even where the view without it is remembered', async () => {
    const eventId = await liveEvent(database.db);
    const u = await person(database.db);
    // The viewer (no events) is remembered on instance 1 by a pull of an event the user is not in.
    expect(await visitorsPull(apps[1]!, u.token, eventId)).toBe(403);
    // Joined straight in the database: no hint, so only the fresh look at a refusal lets it through.
    await database.db.insertInto('user_events').values({ event_id: eventId, user_id: u.id, checked_in: true, checked_in_at: new Date() }).execute();
    expect(await visitorsPull(apps[1]!, u.token, eventId)).toBe(200);
  });
});
