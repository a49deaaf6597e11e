import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createSession } from '../../server/domain/auth/sessions.ts';
import type { Bus } from '../../server/realtime/bus.ts';
import { setAccountDisabled } from '../../server/domain/profile/account.ts';
import { createWriter } from '../../server/domain/write.ts';
import { WS_CLOSE } from '../../contract/ws.ts';
import { SESSION_COOKIE } from '../../contract/constants.ts';
import { createTestDatabase, TEST_DB_KIND, type TestDatabase } from '../fixtures/db.ts';
import { startTestCluster, TEST_REDIS_URL as REDIS_URL, type TestCluster } from '../fixtures/cluster.ts';
import { TEST_PASSWORD } from '../fixtures/factories.ts';
import { login } from '../fixtures/server.ts';
import { chatSocket, noticeSocket, openSocket, socketPass, upgradeStatus, wait, type TestSocket } from './chat-helpers.ts';
import { call, liveEvent, openHintStream, person, type HintStream } from './attacks-helpers.ts';
import type { Envelope } from '../fixtures/envelope.ts';

/**
 * Attacks on sessions: planting a session, and what a logout or a disabled
 * account leaves running. Two server instances share the database and a Redis bus, as behind a
 * load balancer, so "ends at once" is proven across instances, not only in one process.
 */

const PREFIX = `test-attacks-${randomBytes(6).toString('hex')}:`;

let database: TestDatabase;
let cluster: TestCluster | undefined;
let buses: Bus[] = [];
let apps: FastifyInstance[] = [];
let urls: string[] = [];
const sockets: TestSocket[] = [];
const streams: HintStream[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  // A short heartbeat so the safety re-check of sessions runs within the test.
  cluster = await startTestCluster(database, { prefix: PREFIX, socketHeartbeatMs: 2000 });
  ({ apps, buses, urls } = cluster);
});
afterAll(async () => {
  for (const s of streams) s.abort();
  await Promise.all(sockets.map((s) => s.close()));
  await cluster?.close();
  await database?.dispose();
});

const track = <T extends TestSocket | HintStream>(x: T): T => {
  if ('ws' in x) sockets.push(x);
  else streams.push(x);
  return x;
};
const me = async (app: FastifyInstance, token: string) => (await app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } })).statusCode;
/** Generous: the machine is shared; this bounds a hang, it does not measure speed. */
const closedWith = async (s: TestSocket) => Promise.race([s.closed, wait(12_000).then(() => ({ code: -1, reason: 'still open' }))]);

describe('session fixation', () => {
  it('never adopts a session id the client brings: a chosen value is no session and login always issues a new one', async () => {
    const victim = await person(database.db);
    const planted = randomBytes(32).toString('base64url');
    const before = await apps[0]!.inject({ url: '/api/auth/me', cookies: { [SESSION_COOKIE]: planted } });
    expect(before.statusCode).toBe(401);
    const res = await apps[0]!.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: victim.email, password: TEST_PASSWORD },
      cookies: { [SESSION_COOKIE]: planted },
    });
    const token = res.json().data.token as string;
    expect(token).not.toBe(planted);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain(`${SESSION_COOKIE}=${token}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect((await apps[0]!.inject({ url: '/api/auth/me', cookies: { [SESSION_COOKIE]: planted } })).statusCode).toBe(401);
  });

  it("replaces an attacker's own session planted in the victim's browser, so the victim never acts as the attacker", async () => {
    const attacker = await person(database.db);
    const victim = await person(database.db);
    const { token: attackerToken } = await login(apps[0]!, attacker.email);
    const res = await apps[0]!.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: victim.email, password: TEST_PASSWORD },
      cookies: { [SESSION_COOKIE]: attackerToken },
    });
    const token = res.json().data.token as string;
    expect(token).not.toBe(attackerToken);
    const who = await apps[1]!.inject({ url: '/api/auth/me', cookies: { [SESSION_COOKIE]: token } });
    expect(who.json().data.user_id).toBe(victim.id);
  });
});

describe('logout ends what the session opened', () => {
  it("closes that session's sockets and hint streams on every instance, voids its unused socket passes and keeps the user's other session", async () => {
    const eventId = await liveEvent(database.db);
    const u = await person(database.db, eventId);
    const { token } = await login(apps[0]!, u.email);
    const other = await createSession(database.db, u.id);

    const notice = track(await noticeSocket(urls[0]!, token, u.id));
    const chat = track(await chatSocket(urls[1]!, token, u.id, eventId));
    const byTicket = track(await openSocket(urls[1]!, '/wss/notice', { pass: await socketPass(urls[1]!, token) }));
    const unusedTicket = await socketPass(urls[0]!, token);
    const stream = track(await openHintStream(urls[1]!, token));
    const otherNotice = track(await noticeSocket(urls[1]!, other, u.id));
    const otherStream = track(await openHintStream(urls[0]!, other));

    const out = await apps[0]!.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } });
    expect(out.json().status_code).toBe(200);

    expect((await closedWith(notice)).code).toBe(WS_CLOSE.sessionEnded);
    expect((await closedWith(chat)).code).toBe(WS_CLOSE.sessionEnded);
    expect((await closedWith(byTicket)).code).toBe(WS_CLOSE.sessionEnded);
    await Promise.race([stream.ended, wait(8000)]);
    expect(stream.hasEnded()).toBe(true);

    expect(await upgradeStatus(urls[0]!, '/wss/notice', { pass: unusedTicket })).toBe(401);
    expect(await me(apps[1]!, token)).toBe(401);
    expect(await upgradeStatus(urls[1]!, '/wss/chat', { token })).toBe(401);

    // After a heartbeat's session re-check the other session is still connected and working.
    await wait(2500);
    expect(otherNotice.ws.readyState).toBe(otherNotice.ws.OPEN);
    expect(otherStream.hasEnded()).toBe(false);
    expect(await me(apps[0]!, other)).toBe(200);
  });

  it('the GET logout link of the specs ends the sockets too', async () => {
    const u = await person(database.db);
    const { token } = await login(apps[1]!, u.email);
    const notice = track(await noticeSocket(urls[0]!, token, u.id));
    const res = await apps[1]!.inject({ url: '/en/oauth/logout', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(302);
    expect((await closedWith(notice)).code).toBe(WS_CLOSE.sessionEnded);
  });

  it('a socket pass asked for before a logout opens nothing after it', async () => {
    const u = await person(database.db);
    const { token } = await login(apps[0]!, u.email);
    const ticket = await socketPass(urls[0]!, token);
    await apps[1]!.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } });
    expect(await upgradeStatus(urls[1]!, '/wss/chat', { pass: ticket })).toBe(401);
  });

  it('a session deleted without any announcement (a lost bus message) still loses its sockets at the next heartbeat', async () => {
    const u = await person(database.db);
    const { token } = await login(apps[0]!, u.email);
    const notice = track(await noticeSocket(urls[0]!, token, u.id));
    const byTicket = track(await openSocket(urls[1]!, '/wss/notice', { pass: await socketPass(urls[1]!, token) }));
    await database.db.deleteFrom('sessions').where('user_id', '=', u.id).execute();
    expect((await closedWith(notice)).code).toBe(WS_CLOSE.sessionEnded);
    expect((await closedWith(byTicket)).code).toBe(WS_CLOSE.sessionEnded);
  });
});

describe('disabling an account', () => {
  it('ends every session, socket and stream of the user on every instance; they cannot sign in or reconnect until enabled', async () => {
    const eventId = await liveEvent(database.db);
    const u = await person(database.db, eventId, { first_name: 'Disabled', last_name: 'Person' });
    const viewer = await person(database.db, eventId);
    const { token } = await login(apps[0]!, u.email);
    const second = u.token;
    const listed = async () => {
      const r = await call<Envelope<{ results: { id: number }[] }>>(apps[1]!, viewer, 'GET', `/api/events/get-event-people?event_id=${eventId}`);
      return r.body!.data.results.some((p) => p.id === u.id);
    };
    expect(await listed()).toBe(true);

    const open = [
      track(await noticeSocket(urls[0]!, token, u.id)),
      track(await chatSocket(urls[1]!, second, u.id, eventId)),
      track(await openSocket(urls[0]!, '/wss/chat', { pass: await socketPass(urls[1]!, second) })),
    ];
    const unused = await socketPass(urls[0]!, token);
    const hintStreams = [track(await openHintStream(urls[0]!, token)), track(await openHintStream(urls[1]!, second))];
    const bystander = track(await noticeSocket(urls[0]!, viewer.token, viewer.id));

    await createWriter(database.db, buses[0]!).run((trx) => setAccountDisabled(trx, u.id, true), { announced: true });

    for (const s of open) expect((await closedWith(s)).code).toBe(WS_CLOSE.sessionEnded);
    await Promise.race([Promise.all(hintStreams.map((s) => s.ended)), wait(8000)]);
    expect(hintStreams.map((s) => s.hasEnded())).toEqual([true, true]);
    expect(await me(apps[0]!, token)).toBe(401);
    expect(await me(apps[1]!, second)).toBe(401);
    expect(await upgradeStatus(urls[0]!, '/wss/notice', { pass: unused })).toBe(401);
    const again = await call(apps[1]!, null, 'POST', '/api/auth/login', { email: u.email, password: TEST_PASSWORD });
    expect(again.body).toMatchObject({ error: 'invalid_credentials' });
    expect(await listed()).toBe(false);
    expect(bystander.ws.readyState).toBe(bystander.ws.OPEN);

    await createWriter(database.db, buses[1]!).run((trx) => setAccountDisabled(trx, u.id, false), { announced: true });
    const back = await login(apps[1]!, u.email);
    expect(await me(apps[0]!, back.token)).toBe(200);
    expect(await listed()).toBe(true);
  });

  // The operator's script on the real database (an in-memory PGlite cannot be shared with another
  // process). Its Redis announcement goes to the default channel prefix, not this test's, so the
  // sockets here end by the heartbeat's session re-check: the path a lost bus message takes.
  it.runIf(TEST_DB_KIND === 'postgres')('scripts/account.ts disables an account by email', async () => {
    const u = await person(database.db);
    const notice = track(await noticeSocket(urls[0]!, u.token, u.id));
    const run = (action: string, email: string) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/account.ts', action, email], {
        env: { ...process.env, DATABASE_URL: database.url!, REDIS_URL, SEED: 'none' },
      });
    const out = await run('disable', u.email.toUpperCase());
    expect(out.stdout).toContain('disabled');
    expect((await closedWith(notice)).code).toBe(WS_CLOSE.sessionEnded);
    expect(await me(apps[0]!, u.token)).toBe(401);
    // Each run starts a process, which is slow here: enabling goes through the same function.
    await createWriter(database.db, buses[0]!).run((trx) => setAccountDisabled(trx, u.id, false), { announced: true });
    expect(await me(apps[0]!, (await login(apps[1]!, u.email)).token)).toBe(200);
  });

  it('refuses to touch an unknown account', async () => {
    await expect(createWriter(database.db, buses[0]!).run((trx) => setAccountDisabled(trx, 2_000_000_000, true), { announced: true })).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});
