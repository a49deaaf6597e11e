import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type RootOperationNode } from 'kysely';
import { startTestServer, type TestServer } from '../fixtures/server.ts';
import { createTestDatabase, type TestDatabase } from '../fixtures/db.ts';
import { startProxy, type ProxiedRequest, type TestProxy } from '../fixtures/proxy.ts';
import { createEvent, createUser } from '../fixtures/factories.ts';
import { Device, differences } from '../fixtures/device.ts';
import { signIn } from '../fixtures/sign-in.ts';
import { waitFor } from '../fixtures/wait.ts';
import { approvedMeeting } from './chat-helpers.ts';

/**
 * The server and the device dying at the worst moments, on a real server behind a proxy and a full
 * device in its own realm:
 *
 * - the server dies while a command batch is half applied (a transaction that never commits),
 *   and after a batch committed but before its answer left; it comes back on the same database;
 * - a pull answer is cut in the middle of a page;
 * - the device's engine dies in the middle of a push, and a new one starts on the same IndexedDB.
 *
 * In every case the device ends up with what the server holds and every action exists once.
 */

let database: TestDatabase;
let server: TestServer & { url: string };
let proxy: TestProxy;
const devices: Device[] = [];

/**
 * Makes the server die inside the transaction that stores a command's answer (the last statement
 * before its commit): every connection is cut, so nothing is answered, and the statement fails,
 * so the transaction rolls back as it would when its process is gone.
 */
const crash: { armedFor: string | null; fired: boolean; kill: () => void } = {
  armedFor: null,
  fired: false,
  kill: () => {},
};
const crashPlugin: KyselyPlugin = {
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (crash.armedFor && node.kind === 'InsertQueryNode' && node.into?.table.identifier.name === 'commands' && JSON.stringify(node).includes(crash.armedFor)) {
      crash.armedFor = null;
      crash.fired = true;
      crash.kill();
      throw new Error('injected crash: the server died before the commit');
    }
    return node;
  },
  async transformResult({ result }: PluginTransformResultArgs) {
    return result;
  },
};

async function startServer() {
  const s = await startTestServer({ listen: true, database: { ...database, db: database.db.withPlugin(crashPlugin) } });
  crash.kill = () => {
    s.app.server.closeAllConnections();
    // Until it is back, the device finds nobody there.
    proxy?.setOnline(false);
  };
  return s;
}

/** The server process is gone at once (every connection cut) and a new one starts on the same database. */
async function restartServer() {
  server.app.server.closeAllConnections();
  await server.close();
  server = await startServer();
  proxy.setTarget(server.url);
  proxy.setOnline(true);
}

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServer();
  proxy = await startProxy(server.url);
}, 120_000);
afterAll(async () => {
  await Promise.all(devices.map((d) => d.close()));
  await proxy?.close();
  await server?.close();
  await database?.dispose();
});

const isCommands = (r: ProxiedRequest) => r.path.startsWith('/sync/v1/commands');

/** One visitor's device for every test here (opening a realm is the slow part), and someone they met. */
let shared: Promise<{ device: Device; userId: number; peerId: number }> | null = null;
function visitor() {
  shared ??= (async () => {
    const db = server.app.db;
    const [me, peer] = await Promise.all([createUser(db), createUser(db)]);
    await approvedMeeting(db, (await createEvent(db)).id, me.id, peer.id);
    const auth = await signIn(server.url, me.email);
    const device = await Device.open({ name: 'visitor', baseUrl: proxy.url, token: auth.token, user: auth.user, requestTimeoutMs: 3000 });
    devices.push(device);
    return { device, userId: me.id, peerId: peer.id };
  })();
  return shared;
}

/** A new event the visitor takes part in, synced to the device. */
async function setUp() {
  const { device, userId, peerId } = await visitor();
  const event = await createEvent(server.app.db);
  await server.app.db.insertInto('user_events').values({ event_id: event.id, user_id: userId, checked_in: true }).execute();
  await device.resync();
  await waitFor('the event on the device', async () => (await device.status()).keys.includes(`comments@${event.id}`), 30_000);
  await device.awaitInSync();
  return { device, eventId: event.id, userId, peerId };
}

/** Three actions of different kinds queued while offline, so they leave as one batch. */
async function queueBatch(device: Device, eventId: number, peerId: number, tag: string) {
  proxy.setOnline(false);
  const fav = await device.enqueue('event.favorite', { event_id: eventId, favorite: true });
  const comment = await device.enqueue('comment.add', { event_id: eventId, comment: `comment ${tag}` });
  const message = await device.enqueue('message.send', { recipient_id: peerId, text: `message ${tag}` });
  return { fav, comment, message };
}

type Batch = Awaited<ReturnType<typeof queueBatch>>;
/**
 * A push that carries the whole batch. A drain that started before the last entry was queued may
 * still reach the proxy with part of it just as the network comes back; faults aim past it.
 */
const carries = (batch: Batch) => (r: ProxiedRequest) => isCommands(r) && r.body.includes(batch.message.id);
const storedOf = (userId: number, batch: Batch) =>
  server.app.db
    .selectFrom('commands')
    .select(['id', 'status'])
    .where('user_id', '=', userId)
    .where('id', 'in', [batch.fav.id, batch.comment.id, batch.message.id])
    .execute();

/** The network comes back and the batch is applied, but its answer never reaches the device. */
async function appliedAnswerLost(userId: number, batch: Batch) {
  proxy.loseAnswers(carries(batch), 1);
  proxy.setOnline(true);
  await waitFor('the batch applied', async () => (await storedOf(userId, batch)).length === 3, 30_000);
}

/** Each action of the batch exists once on the server, every answer is stored, and the device agrees. */
async function expectOnce(t: { device: Device; eventId: number; userId: number }, batch: Batch) {
  const db = server.app.db;
  await waitFor('the outbox to empty', async () => (await t.device.outbox()).length === 0, 45_000);
  expect((await storedOf(t.userId, batch)).map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
  const comments = await db
    .selectFrom('chat_comments')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('client_id', '=', batch.comment.id)
    .executeTakeFirstOrThrow();
  const messages = await db
    .selectFrom('messages')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('client_id', '=', batch.message.id)
    .executeTakeFirstOrThrow();
  const event = await db.selectFrom('events').select('favorites_count').where('id', '=', t.eventId).executeTakeFirstOrThrow();
  expect([Number(comments.n), Number(messages.n), event.favorites_count]).toEqual([1, 1, 1]);
  let diff: string[] = [];
  await waitFor('the device to agree with the server', async () => {
    await t.device.resync();
    await t.device.awaitInSync();
    diff = await differences(t.device, server.url);
    return diff.length === 0;
  }).catch((err: unknown) => {
    throw new Error(`${String(err)}\n${diff.slice(0, 10).join('\n')}`);
  });
}

describe('the server dies around a command batch', () => {
  it('dies with the batch half applied: what committed is answered from the store, the rest is applied once', async () => {
    const t = await setUp();
    const batch = await queueBatch(t.device, t.eventId, t.peerId, 'before');
    // The favorite commits; the server dies storing the comment's answer; the message never starts.
    crash.armedFor = batch.comment.id;
    proxy.setOnline(true);
    await waitFor('the crash', () => crash.fired, 30_000);
    crash.fired = false;
    const db = server.app.db;
    expect((await storedOf(t.userId, batch)).map((r) => r.id)).toEqual([batch.fav.id]);
    expect(await db.selectFrom('chat_comments').select('id').where('client_id', '=', batch.comment.id).execute()).toEqual([]);
    // The device heard nothing back: all three are still to be sent.
    expect((await t.device.outbox()).every((e) => e.status === 'sending' || e.status === 'pending')).toBe(true);
    await restartServer();
    await expectOnce(t, batch);
  });

  it('dies after the batch committed, before its answer left: the resent batch changes nothing', async () => {
    const t = await setUp();
    const batch = await queueBatch(t.device, t.eventId, t.peerId, 'after');
    await appliedAnswerLost(t.userId, batch);
    await restartServer();
    await expectOnce(t, batch);
    // The answer lost was this batch's, and the batch went out again.
    const lost = proxy.faults.filter((f) => f.fault.kind === 'lose' && f.req.body.includes(batch.message.id));
    const sends = proxy.log.filter((r) => isCommands(r) && r.body.includes(batch.message.id));
    expect(
      { lost: lost.length, sends: sends.length },
      proxy.log
        .filter(isCommands)
        .map((r) => r.body)
        .join('\n'),
    ).toEqual({ lost: 1, sends: expect.any(Number) });
    expect(sends.length).toBeGreaterThanOrEqual(2);
  });
});

describe('a pull cut in the middle of a page', () => {
  it('resumes from the last whole page, without gaps or duplicates', async () => {
    const db = server.app.db;
    for (let i = 0; i < 45; i++) await createEvent(db, { name: `Cut page event ${i} ${'x'.repeat(200)}` });
    const isLaterEventsPage = (r: ProxiedRequest) => r.path.startsWith('/sync/v1/events/pull') && !r.path.includes('checkpoint=0&');
    // The second page of events breaks after a few hundred bytes, twice.
    proxy.cutAfter(300, isLaterEventsPage, 2);
    const me = await createUser(db);
    const auth = await signIn(server.url, me.email);
    const device = await Device.open({
      name: 'cut-page',
      baseUrl: proxy.url,
      token: auth.token,
      user: auth.user,
      collections: ['events', 'my_events'],
      pullBatchSize: 10,
    });
    devices.push(device);
    await waitFor('the cuts', () => proxy.faults.filter((f) => f.fault.kind === 'cut').length >= 2, 30_000);
    await device.awaitInSync();
    expect(await differences(device, server.url)).toEqual([]);
    const total = await db.selectFrom('events').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    expect(Object.keys(await device.docs('events'))).toHaveLength(Number(total.n));
    // Every retry asked again from the checkpoint of the last whole page: the cut one left nothing behind.
    const asked = proxy.log
      .filter((r) => r.authorization === `Bearer ${auth.token}` && r.path.startsWith('/sync/v1/events/pull'))
      .map((r) => Number(new URL(r.path, 'http://x').searchParams.get('checkpoint')));
    const cutAt = proxy.faults.filter((f) => f.fault.kind === 'cut').map((f) => Number(new URL(f.req.path, 'http://x').searchParams.get('checkpoint')));
    expect(cutAt[0]).toBeGreaterThan(0);
    expect(asked.filter((c) => c === cutAt[0]!).length).toBeGreaterThanOrEqual(3);
    expect(asked.slice(0, asked.lastIndexOf(cutAt[0]!) + 1)).toEqual([...asked.slice(0, asked.lastIndexOf(cutAt[0]!) + 1)].sort((x, y) => x - y));
  });
});

describe('the device dies in the middle of a push', () => {
  it('after the server applied the batch: the new engine resends it and nothing is applied twice', async () => {
    const t = await setUp();
    const batch = await queueBatch(t.device, t.eventId, t.peerId, 'device-after');
    // The device is gone before the answer arrives.
    await appliedAnswerLost(t.userId, batch);
    await t.device.crash();
    await t.device.restart();
    await expectOnce(t, batch);
  });

  it('before the batch reached the server: the new engine sends it once', async () => {
    const t = await setUp();
    const batch = await queueBatch(t.device, t.eventId, t.peerId, 'device-before');
    proxy.blackhole(carries(batch), 1);
    proxy.setOnline(true);
    await waitFor('the push on its way', () => proxy.openCount(carries(batch)) > 0, 30_000);
    await t.device.crash();
    expect((await storedOf(t.userId, batch)).map((r) => r.id)).not.toContain(batch.message.id);
    await t.device.restart();
    await expectOnce(t, batch);
  });
});
