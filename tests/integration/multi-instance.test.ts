import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { createRedisPresence } from '../../server/realtime/presence.ts';
import { createTestDatabase, type TestDatabase } from '../fixtures/db.ts';
import { startTestCluster, TEST_REDIS_URL as REDIS_URL, type TestCluster } from '../fixtures/cluster.ts';
import { login } from '../fixtures/server.ts';
import { createEvent, createTicket, createUser } from '../fixtures/factories.ts';
import { approvedMeeting, chatSocket, makeStaff, noticeSocket, openSocket, socketPass, wait, type TestSocket } from './chat-helpers.ts';

/**
 * Two server instances on one PostgreSQL database and one Redis, as behind a load balancer: what
 * happens on one reaches sockets on the other. Always PostgreSQL (an embedded PGlite belongs to one
 * process); a channel prefix of its own keeps parallel runs from hearing each other.
 */

const PREFIX = `test-${randomBytes(6).toString('hex')}:`;

let database: TestDatabase;
let cluster: TestCluster | undefined;
let apps: FastifyInstance[] = [];
let urls: string[] = [];
const sockets: TestSocket[] = [];

beforeAll(async () => {
  database = await createTestDatabase('postgres');
  cluster = await startTestCluster(database, { prefix: PREFIX, socketHeartbeatMs: 1000 });
  ({ apps, urls } = cluster);
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await cluster?.close();
  await database?.dispose();
});

/** Well under the fan-out's safety poll (5 s): delivery must come from the bus, not from polling. */
const FAST = 2000;

const track = (s: TestSocket) => {
  sockets.push(s);
  return s;
};

async function person(eventId?: number) {
  const u = await createUser(database.db);
  if (eventId) await createTicket(database.db, eventId, u.id);
  return { id: u.id, token: (await login(apps[0]!, u.email)).token };
}

describe('two instances behind one database and one Redis', () => {
  it('delivers a comment posted on one instance to a socket on the other, counting users online across both', async () => {
    const [A, B] = urls as [string, string];
    const ev = await createEvent(database.db);
    const a = await person(ev.id);
    const b = await person(ev.id);
    const sb = track(await chatSocket(B, b.token, b.id, ev.id));
    const sa = track(await chatSocket(A, a.token, a.id, ev.id));

    const res = await fetch(`${A}/api/events/add-comment`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ event_id: ev.id, comment: 'posted on A' }),
    });
    const posted = (await res.json()) as { data: { comment: { id: number } } };
    const onB = await sb.next('commentCreated', FAST);
    expect(onB).toMatchObject({ comment: { id: posted.data.comment.id, comment: 'posted on A', user_id: a.id }, broadcast_statistics: { users_online: 2 } });
    expect((await sa.next('commentCreated', FAST)).comment.id).toBe(posted.data.comment.id);

    // A comment sent over B's socket reaches A's.
    sb.send({ type: 'commentAdd', comment: 'typed on B' });
    expect((await sa.next('commentCreated', FAST)).comment).toMatchObject({ comment: 'typed on B', user_id: b.id });

    // a leaves A: B's next frame counts one.
    await sa.close();
    await wait(100);
    sb.send({ type: 'commentAdd', comment: 'alone now' });
    expect((await sb.next('commentCreated', (f) => f.comment.comment === 'alone now', FAST)).broadcast_statistics.users_online).toBe(1);
  });

  it('carries moderation and personal messages across instances, and a ticket from one opens a socket on the other', async () => {
    const [A, B] = urls as [string, string];
    const ev = await createEvent(database.db);
    const mod = await person(ev.id);
    await makeStaff(database.db, ev.id, mod.id, 'owner');
    const target = await person(ev.id);
    await approvedMeeting(database.db, ev.id, mod.id, target.id);

    const ticket = await socketPass(A, target.token);
    const onB = track(await openSocket(B, '/wss/chat', { pass: ticket }));
    onB.send({ type: 'register', userId: target.id, eventId: ev.id });
    await onB.next('registered');
    const noticeOnB = track(await noticeSocket(B, target.token, target.id));
    const modOnA = track(await chatSocket(A, mod.token, mod.id, ev.id));

    modOnA.send({ type: 'userBlock', targetUserId: target.id, reasonText: 'cool down' });
    expect(await onB.next('chatUserBlockedNotice', FAST)).toEqual({
      type: 'chatUserBlockedNotice',
      event_id: ev.id,
      userId: target.id,
      reasonText: 'cool down',
    });
    onB.send({ type: 'commentAdd', comment: 'blocked on B too' });
    expect(await onB.next('Exception')).toMatchObject({ Exception: { type: 'chatBlockedException', code: 'chat_blocked' } });

    modOnA.send({ type: 'personalMessageSend', recipientId: target.id, text: 'about your block' });
    expect(await noticeOnB.next('personalMessageCreated', FAST)).toMatchObject({ message: { sender: { id: mod.id }, text: 'about your block' } });
    expect(await onB.next('personalMessageCreated', FAST)).toMatchObject({ message: { text: 'about your block' } });
  });

  it("answers a visitors pull on one instance with a write made through the other at once, from either's shared pages", async () => {
    const [A, B] = urls as [string, string];
    const ev = await createEvent(database.db);
    const people = [];
    for (let i = 0; i < 4; i++) people.push(await person(ev.id));
    const [p0, p1, , viewer] = people as [Awaited<ReturnType<typeof person>>, Awaited<ReturnType<typeof person>>, unknown, Awaited<ReturnType<typeof person>>];
    const headers = { authorization: `Bearer ${viewer.token}` };
    // Two documents, neither the viewer's: the page every participant shares.
    const pull = async (url: string, limit = 2) =>
      (await (await fetch(`${url}/sync/v1/visitors/pull?event_id=${ev.id}&checkpoint=0&limit=${limit}`, { headers })).json()) as {
        documents: { user_id: number; company: string }[];
      };
    const ids = async (url: string) => (await pull(url)).documents.map((d) => d.user_id);
    expect(await ids(A)).toEqual([p0.id, p1.id]);
    expect(await ids(B)).toEqual([p0.id, p1.id]);
    expect(apps[0]?.pullPages.size).toBeGreaterThan(0);

    // p1 changes their company on B: A's next answer has p1 moved to the end, with the new company.
    const saved = await fetch(`${B}/api/profile/save`, {
      method: 'POST',
      headers: { authorization: `Bearer ${p1.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ company: 'Changed on B' }),
    });
    expect(((await saved.json()) as { status_code: number }).status_code).toBe(200);
    const onA = await ids(A);
    expect(onA).not.toContain(p1.id);
    expect(await ids(B)).toEqual(onA);
    expect((await pull(A, 500)).documents.find((d) => d.user_id === p1.id)?.company).toBe('Changed on B');
  });
});

describe('presence in Redis', () => {
  it('counts a user once across instances until their last socket anywhere closes, and forgets an instance that dies', async () => {
    const clients = [new Redis(REDIS_URL), new Redis(REDIS_URL), new Redis(REDIS_URL)];
    const [one, two, dying] = clients.map((c, i) => createRedisPresence(c, PREFIX, `instance-${i}`, 300));
    try {
      await one!.join(77, 1);
      await two!.join(77, 1);
      await two!.join(77, 2);
      expect(await one!.count(77)).toBe(2);
      await one!.leave(77, 1);
      // Still connected through the other instance.
      expect(await two!.count(77)).toBe(2);
      await two!.leave(77, 1);
      expect(await one!.count(77)).toBe(1);

      await dying!.join(77, 3);
      expect(await one!.count(77)).toBe(2);
      // The instance is gone without saying goodbye: its lease runs out instead.
      clients[2]!.disconnect();
      await wait(450);
      expect(await one!.count(77)).toBe(1);
    } finally {
      await one!.close();
      await two!.close();
      await dying!.close();
      clients[0]!.disconnect();
      clients[1]!.disconnect();
    }
  });
});
