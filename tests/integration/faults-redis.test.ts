import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../fixtures/db.ts';
import { startTestCluster, TEST_REDIS_URL, type TestCluster } from '../fixtures/cluster.ts';
import { login } from '../fixtures/server.ts';
import { createEvent, createTicket, createUser } from '../fixtures/factories.ts';
import { startTcpProxy, type TcpProxy } from '../fixtures/tcp-proxy.ts';
import { waitFor } from '../fixtures/wait.ts';
import { chatSocket, type TestSocket } from './chat-helpers.ts';

/**
 * Redis going away under two instances: it carries their realtime events and shared limit counters,
 * and both reach it through a TCP relay that the test takes down (open connections reset, new ones
 * refused) and brings back.
 *
 * /healthz must say so (and say when it is back); while it is down every request is still answered,
 * sockets still join the chat, and a comment still reaches the sockets of the other instance (its
 * safety poll of the database, realtime/changes.ts); once it is back, the bus carries them again at
 * once. Nothing may be left unhandled: vitest fails the file on an unhandled rejection. The outage
 * lasts longer than ioredis retries a queued command (about 12 s for the subscriber's), so commands
 * queued while it was down fail inside the server, not in the test's lap.
 */

const PREFIX = `test-${randomBytes(6).toString('hex')}:`;

let database: TestDatabase;
let relay: TcpProxy;
let cluster: TestCluster | undefined;
let apps: FastifyInstance[] = [];
let urls: string[] = [];
const sockets: TestSocket[] = [];

beforeAll(async () => {
  database = await createTestDatabase('postgres');
  const redis = new URL(TEST_REDIS_URL);
  relay = await startTcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
  cluster = await startTestCluster(database, { prefix: PREFIX, socketHeartbeatMs: 1000, redisUrl: `redis://${relay.host}:${relay.port}` });
  ({ apps, urls } = cluster);
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await relay?.setOnline(true);
  await cluster?.close();
  await relay?.close();
  await database?.dispose();
});

const track = (s: TestSocket) => {
  sockets.push(s);
  return s;
};

async function person(eventId: number) {
  const u = await createUser(database.db);
  await createTicket(database.db, eventId, u.id);
  return { id: u.id, token: (await login(apps[0]!, u.email)).token };
}

async function health(url: string): Promise<{ http: number; status: string; checks: Record<string, string> }> {
  const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5000) });
  const body = (await res.json()) as { status: string; checks: Record<string, string> };
  return { http: res.status, ...body };
}

async function post(url: string, token: string, eventId: number, comment: string): Promise<{ http: number; status_code: number; id?: number }> {
  const res = await fetch(`${url}/api/events/add-comment`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ event_id: eventId, comment }),
  });
  const body = (await res.json()) as { status_code: number; data?: { comment?: { id: number } } };
  return { http: res.status, status_code: body.status_code, id: body.data?.comment?.id };
}

/** Above the fan-out's safety poll (5 s): without the bus, that poll is what delivers. */
const BY_POLL = 9000;
/** Well under the poll: delivery that must come from the bus. */
const FAST = 2000;

describe('Redis lost under two instances', () => {
  it('says on /healthz that Redis is down and when it is back, and keeps sockets served meanwhile', async () => {
    const [A, B] = urls as [string, string];
    for (const url of urls) expect(await health(url)).toMatchObject({ http: 200, status: 'ok', checks: { database: 'up', redis: 'up' } });

    const ev = await createEvent(database.db);
    const a = await person(ev.id);
    const b = await person(ev.id);
    const c = await person(ev.id);
    const onB = track(await chatSocket(B, a.token, a.id, ev.id));
    const onA = track(await chatSocket(A, b.token, b.id, ev.id));

    const downAt = Date.now();
    await relay.setOnline(false);
    for (const url of urls) {
      // Still every request served (degraded, not unavailable), so the balancer keeps the instance.
      const h = await waitFor('/healthz to report Redis down', async () => {
        const now = await health(url);
        return now.checks.redis === 'down' ? now : null;
      });
      expect(h).toMatchObject({ http: 200, status: 'degraded', checks: { database: 'up', redis: 'down' } });
    }

    // A socket joins the chat and another leaves it while Redis is gone.
    const late = await chatSocket(A, c.token, c.id, ev.id);
    await late.close();

    // A comment posted on A is answered, reaches A's socket from A itself and B's by B's poll.
    const first = await post(A, b.token, ev.id, 'while Redis is down');
    expect(first).toMatchObject({ http: 200, status_code: 200 });
    expect((await onA.next('commentCreated', (f) => f.comment.id === first.id, FAST)).comment.comment).toBe('while Redis is down');
    expect((await onB.next('commentCreated', (f) => f.comment.id === first.id, BY_POLL)).comment.comment).toBe('while Redis is down');

    // Down for longer than ioredis retries what was queued meanwhile.
    const left = 13_000 - (Date.now() - downAt);
    if (left > 0) await new Promise((r) => setTimeout(r, left));
    await relay.setOnline(true);
    for (const url of urls) {
      await waitFor('/healthz to report Redis back', async () => (await health(url)).status === 'ok', 10_000);
    }

    // Back on the bus: a comment on A reaches B at once, not by the poll.
    await new Promise((r) => setTimeout(r, 200));
    const second = await post(A, b.token, ev.id, 'Redis is back');
    expect(second).toMatchObject({ http: 200, status_code: 200 });
    expect((await onB.next('commentCreated', (f) => f.comment.id === second.id, FAST)).comment.comment).toBe('Redis is back');
  }, 60_000);
});
