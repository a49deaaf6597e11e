import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { createTestDatabase, type TestDatabase } from '../fixtures/db.ts';
import { startProxy, type ProxiedRequest, type TestProxy } from '../fixtures/proxy.ts';
import { createEvent } from '../fixtures/factories.ts';
import { Device } from '../fixtures/device.ts';
import { signInNewUser } from '../fixtures/sign-in.ts';
import { waitFor } from '../fixtures/wait.ts';
import { addDays, localDateOf, zonedToUnix } from '../../contract/appointments.ts';
import { NoticeSocket, type MeetingNotice, type WebSocketConstructor } from '../../src/data/notices-socket.ts';

/**
 * A connection that goes dead without closing: the proxy keeps both ends open and lets no byte
 * through (a radio that slept, a NAT that forgot the mapping). The heartbeats must notice: on the
 * notice socket both sides (the server drops its end, the client opens a new socket); on the
 * one-way hint stream the device, which then opens a new stream and carries on from there.
 * Heartbeats are shortened here (WS_HEARTBEAT_MS); production uses the same code with longer ones.
 */

const HEARTBEAT_MS = 400;

let database: TestDatabase;
let app: FastifyInstance;
let url: string;
let proxy: TestProxy;
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const config = { ...loadConfig({ DATA_DIR: '.tmp/test-data', SEED: 'none', WS_HEARTBEAT_MS: String(HEARTBEAT_MS) }), distDir: '/nonexistent' };
  app = await buildApp({ config, database });
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  proxy = await startProxy(url);
}, 120_000);
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
  await proxy?.close();
  await app?.close();
  await database?.dispose();
});

const signIn = () => signInNewUser(app.db, url);

async function command(token: string, kind: string, payload: unknown) {
  const res = await app.inject({
    method: 'POST',
    url: '/sync/v1/commands',
    headers: { authorization: `Bearer ${token}` },
    payload: {
      commands: [
        {
          id: `hb-${kind.replace(/\W/g, '-')}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`,
          kind,
          payload,
          occurredAt: new Date().toISOString(),
        },
      ],
    },
  });
  expect(res.json().results[0], res.body).toMatchObject({ status: 'applied' });
}

describe('a dead connection that never closes', () => {
  it('the live hint stream: the device notices the silence, reconnects and resumes', async () => {
    const auth = await signIn();
    const other = await signIn();
    const event = await createEvent(app.db);
    const device = await Device.open({
      name: 'dead-stream',
      baseUrl: proxy.url,
      token: auth.token,
      user: auth.user,
      collections: ['events', 'my_events'],
      // Several keep-alives fit in it even on a slow machine; silence this long means dead.
      streamIdleTimeoutMs: HEARTBEAT_MS * 8,
    });
    cleanups.push(() => device.close());
    const mine = (r: ProxiedRequest) => r.path.startsWith('/sync/v1/stream') && r.authorization === `Bearer ${auth.token}`;
    await waitFor('the stream open', async () => proxy.openUpstreams(mine) === 1 && (await device.status()).state === 'idle', 30_000);
    const connects = proxy.log.filter(mine).length;

    expect(proxy.blackholeOpen(mine)).toBe(1);
    // The device hears nothing more (not even the keep-alives), gives the stream up and opens another.
    await waitFor('a new stream', () => proxy.log.filter(mine).length > connects && proxy.openCount(mine) >= 2, 30_000);

    // And it resumes: a change made now reaches the device through the new stream's hint.
    await waitFor('idle again', async () => (await device.status()).state === 'idle', 15_000);
    await command(other.token, 'event.favorite', { event_id: event.id, favorite: true });
    await waitFor('the change on the device', async () => (await device.docs('events'))[String(event.id)]?.favorites_count === 1, 15_000);
  });

  it('the notice socket: the server drops the silent peer, the client reconnects and gets the next notice', async () => {
    const day = addDays(localDateOf(Math.floor(Date.now() / 1000), 'Europe/Kyiv'), 2);
    const event = await createEvent(app.db, { starts_in_hours: -1, duration_hours: 24 * 6 });
    await app.db
      .insertInto('meeting_settings')
      .values({ event_id: event.id, tables_count: 2, places: '{}', allowed_times: JSON.stringify([{ day, from: '10:00', to: '12:00' }]) })
      .execute();
    const [me, other] = [await signIn(), await signIn()];
    await app.db
      .insertInto('user_events')
      .values([me, other].map((u) => ({ event_id: event.id, user_id: u.user.id, checked_in: true })))
      .execute();

    const notices: MeetingNotice[] = [];
    const socket = new NoticeSocket({
      baseUrl: proxy.url,
      userId: me.user.id,
      headers: { authorization: `Bearer ${me.token}` },
      WebSocket: WebSocket as unknown as WebSocketConstructor,
      onNotice: (n) => notices.push(n),
      onException: () => undefined,
      keepaliveMs: HEARTBEAT_MS,
    });
    cleanups.push(() => socket.stop());
    socket.start();
    const isNotice = (r: ProxiedRequest) => r.upgrade && r.path.startsWith('/wss/notice');
    await waitFor('the socket open', () => socket.connected && proxy.openUpstreams(isNotice) === 1, 15_000);
    const opened = proxy.log.filter(isNotice).length;

    expect(proxy.blackholeOpen(isNotice)).toBe(1);
    // The client's pings go unanswered, so it opens a new socket; the server's too, so it drops
    // its end of the old one (the proxy passes no close on, so only the server's heartbeat can).
    await waitFor('a new socket', () => proxy.log.filter(isNotice).length > opened && socket.connected, 15_000);
    await waitFor('only the new socket held by the server', () => proxy.openUpstreams(isNotice) === 1, 15_000);
    expect(proxy.openCount(isNotice)).toBe(2);
    // Give the server the moment to register the new socket before the notice is sent.
    await new Promise((r) => setTimeout(r, 200));

    const start = zonedToUnix(day, '10:00', 'Europe/Kyiv');
    await command(other.token, 'appointment.request', {
      event_id: event.id,
      user_id: me.user.id,
      date: day,
      any_time: false,
      time_start: start,
      time_end: start + 900,
    });
    const notice = await waitFor('the notice over the new socket', () => notices[0], 15_000);
    expect(notice).toMatchObject({ event_type: 'CURRENT_USER_INVITED' });
  });
});
