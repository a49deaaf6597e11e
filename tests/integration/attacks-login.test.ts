import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { LOGIN_PAIR_MAX_FAILURES, SESSION_COOKIE } from '../../contract/constants.ts';
import { createRedisBus, type Bus } from '../../server/realtime/bus.ts';
import type { LimitOverrides } from '../../server/limits/index.ts';
import { createTestDatabase, type TestDatabase } from '../fixtures/db.ts';
import { startTestCluster, TEST_REDIS_URL } from '../fixtures/cluster.ts';
import { startTestServer } from '../fixtures/server.ts';
import { createUser, TEST_PASSWORD } from '../fixtures/factories.ts';
import { setTimeout as wait } from 'node:timers/promises';

/**
 * Password guessing against the login limits of server/limits/login.ts, run twice: with the
 * counters in the memory of one instance (no REDIS_URL), and in Redis shared by two instances
 * that the attacker alternates between. Each scenario uses addresses of its own.
 *
 * The apps believe one proxy hop (TRUST_PROXY=1), so a request from 10.0.0.1 with
 * "X-Forwarded-For: forged, real" comes from "real", as behind a reverse proxy that appends
 * the client's address; a request that reaches them directly with a forged header is the
 * misconfiguration the per-account slowdown exists for.
 */

/** The address ceiling and the account's free failures lowered so the tests reach them quickly. */
const LIMITS: LimitOverrides = { login: { addressMaxFailures: 15, accountFreeFailures: 14, accountDelayBaseMs: 1000, accountDelayMaxMs: 2000 } };
const PROXY = '10.0.0.1';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.dispose());

interface From {
  ip: string;
  /** The X-Forwarded-For header as it arrives. */
  xff?: string;
}

async function attempt(app: FastifyInstance, email: string, password: string, from: From) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: from.ip,
    headers: from.xff ? { 'x-forwarded-for': from.xff } : {},
  });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { status_code: number; data: { retry_after?: number; token?: string } | null; error?: string };
  return { body, retryAfter: res.headers['retry-after'], cookie: res.cookies.find((c) => c.name === SESSION_COOKIE) };
}

const signedIn = (r: Awaited<ReturnType<typeof attempt>>) => r.body.status_code === 200 && Boolean(r.body.data?.token);
const limited = (r: Awaited<ReturnType<typeof attempt>>) => r.body.error === 'rate_limited';

function expectLimited(r: Awaited<ReturnType<typeof attempt>>, maxSeconds: number) {
  expect(r.body).toMatchObject({ status_code: 429, error: 'rate_limited' });
  const seconds = r.body.data?.retry_after ?? 0;
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(maxSeconds);
  expect(r.retryAfter).toBe(String(seconds));
  expect(r.cookie).toBeUndefined();
}

/** A fresh account, and a documentation-range address no other scenario uses. */
const account = async () => (await createUser(database.db)).email;
let nextNet = 0;
const net = () => {
  nextNet += 1;
  return (host: number) => `198.51.${nextNet}.${host}`;
};

describe.each(['memory', 'redis'] as const)('login limits with counters in %s', (store) => {
  let apps: FastifyInstance[] = [];
  let close: () => Promise<void> = async () => undefined;
  /** The attacker alternates instances; with one instance that is always the same one. */
  const on = (i: number) => apps[i % apps.length]!;

  beforeAll(async () => {
    if (store === 'memory') {
      const server = await startTestServer({ database, config: { trustProxy: 1 }, limits: LIMITS });
      apps = [server.app];
      close = server.close;
    } else {
      const cluster = await startTestCluster(database, {
        prefix: `test-login-${randomBytes(6).toString('hex')}:`,
        socketHeartbeatMs: 30_000,
        config: { trustProxy: 1 },
        limits: LIMITS,
      });
      apps = cluster.apps;
      close = cluster.close;
    }
  });
  afterAll(async () => close());

  it('reports where the counters live', async () => {
    for (const app of apps) expect((await app.inject({ url: '/healthz' })).json().limits).toBe(store);
  });

  it('lets the owner sign in from her own address while an attacker guesses from another', async () => {
    const victim = await account();
    const at = net();
    for (let i = 0; i < LOGIN_PAIR_MAX_FAILURES; i++) {
      expect((await attempt(on(i), victim, `guess-${i}`, { ip: at(66) })).body).toMatchObject({ status_code: 403, error: 'invalid_credentials' });
    }
    // The guesser's pair is spent, on every instance, even with the right password.
    for (let i = 0; i < apps.length; i++) {
      expectLimited(await attempt(on(i), victim, `guess-more-${i}`, { ip: at(66) }), 3600);
      expectLimited(await attempt(on(i), victim, TEST_PASSWORD, { ip: at(66) }), 3600);
    }
    for (let i = 0; i < apps.length; i++) {
      const owner = await attempt(on(i), victim, TEST_PASSWORD, { ip: at(7) });
      expect(signedIn(owner)).toBe(true);
      expect(owner.cookie?.httpOnly).toBe(true);
    }
  });

  it('lets another account behind the guessing address sign in', async () => {
    const victim = await account();
    const neighbour = await account();
    const at = net();
    for (let i = 0; i < LOGIN_PAIR_MAX_FAILURES; i++) await attempt(on(i), victim, `guess-${i}`, { ip: at(1) });
    expectLimited(await attempt(on(0), victim, 'guess-again', { ip: at(1) }), 3600);
    for (let i = 0; i < apps.length; i++) expect(signedIn(await attempt(on(i), neighbour, TEST_PASSWORD, { ip: at(1) }))).toBe(true);
    // A typo of the neighbour's does not count against the guesser's spent pair, nor the reverse.
    expect((await attempt(on(1), neighbour, 'typo', { ip: at(1) })).body.error).toBe('invalid_credentials');
  });

  it.runIf(store === 'redis')('shares the counters between instances: guesses split across them add up', async () => {
    const victim = await account();
    const at = net();
    const half = LOGIN_PAIR_MAX_FAILURES / 2;
    for (let i = 0; i < half; i++) expect((await attempt(apps[0]!, victim, `a-${i}`, { ip: at(9) })).body.error).toBe('invalid_credentials');
    for (let i = 0; i < LOGIN_PAIR_MAX_FAILURES - half; i++)
      expect((await attempt(apps[1]!, victim, `b-${i}`, { ip: at(9) })).body.error).toBe('invalid_credentials');
    expectLimited(await attempt(apps[0]!, victim, 'c', { ip: at(9) }), 3600);
    expectLimited(await attempt(apps[1]!, victim, 'd', { ip: at(9) }), 3600);
  });

  it('stops an address that sprays many accounts, but not the accounts that signed in there before', async () => {
    const at = net();
    const regular = await account();
    expect(signedIn(await attempt(on(0), regular, TEST_PASSWORD, { ip: at(1) }))).toBe(true);
    const newcomer = await account();
    const ceiling = LIMITS.login!.addressMaxFailures!;
    for (let i = 0; i < ceiling; i++) {
      // Real and unknown accounts alike: the sprayer cannot tell them apart, and neither can the limit.
      const email = i % 2 ? await account() : `nobody-${i}-${randomBytes(3).toString('hex')}@test.local`;
      expect((await attempt(on(i), email, 'Summer2026!', { ip: at(1) })).body.error).toBe('invalid_credentials');
    }
    expectLimited(await attempt(on(1), await account(), 'Summer2026!', { ip: at(1) }), 3600);
    // Someone signing in there for the first time waits with the sprayer ...
    expectLimited(await attempt(on(0), newcomer, TEST_PASSWORD, { ip: at(1) }), 3600);
    // ... while an account that has signed in from that address before is not held back by it,
    for (let i = 0; i < apps.length; i++) expect(signedIn(await attempt(on(i), regular, TEST_PASSWORD, { ip: at(1) }))).toBe(true);
    // and the newcomer signs in anywhere else.
    expect(signedIn(await attempt(on(1), newcomer, TEST_PASSWORD, { ip: at(2) }))).toBe(true);
  });

  it('gives no new guesses for a forged X-Forwarded-For behind the trusted proxy, nor for other addresses of one IPv6 /64', async () => {
    const victim = await account();
    const at = net();
    for (let i = 0; i < LOGIN_PAIR_MAX_FAILURES; i++) {
      // The client sends a new forged address each time; the proxy appends the real one.
      const r = await attempt(on(i), victim, `guess-${i}`, { ip: PROXY, xff: `203.0.113.${i}, ${at(5)}` });
      expect(r.body.error).toBe('invalid_credentials');
    }
    expectLimited(await attempt(on(0), victim, TEST_PASSWORD, { ip: PROXY, xff: `192.0.2.99, ${at(5)}` }), 3600);
    expectLimited(await attempt(on(1), victim, 'guess', { ip: PROXY, xff: at(5) }), 3600);
    // Through the same proxy, the owner at her own address is not affected.
    expect(signedIn(await attempt(on(1), victim, TEST_PASSWORD, { ip: PROXY, xff: `203.0.113.1, ${at(6)}` }))).toBe(true);

    const other = await account();
    const v6 = `2001:db8:${nextNet.toString(16)}:1`;
    for (let i = 0; i < LOGIN_PAIR_MAX_FAILURES; i++) await attempt(on(i), other, `guess-${i}`, { ip: `${v6}::${(i + 1).toString(16)}` });
    expectLimited(await attempt(on(0), other, 'guess', { ip: `${v6}:ffff:ffff:ffff:ffff` }), 3600);
  });

  it('slows an account guessed from many addresses instead of locking it: familiar addresses sign in at once, new ones after a short wait', async () => {
    const victim = await account();
    const home = net()(10);
    expect(signedIn(await attempt(on(0), victim, TEST_PASSWORD, { ip: home }))).toBe(true);
    // The server is reachable directly although it trusts one hop, so every forged header is a
    // new address: the per-pair and per-address limits never trigger. The account's do.
    const free = LIMITS.login!.accountFreeFailures!;
    const started = Date.now();
    let guessed = 0;
    let refused = 0;
    for (let i = 0; i < free + 20; i++) {
      const r = await attempt(on(i), victim, `guess-${i}`, { ip: '203.0.113.200', xff: `100.64.${i >> 8}.${i & 255}` });
      if (r.body.error === 'invalid_credentials') guessed += 1;
      else {
        expectLimited(r, 2);
        refused += 1;
      }
    }
    const elapsedSeconds = (Date.now() - started) / 1000;
    // Beyond the free failures, at most one guess per second (the shortest delay) got through.
    expect(guessed).toBeGreaterThanOrEqual(free);
    expect(guessed).toBeLessThanOrEqual(free + 1 + Math.ceil(elapsedSeconds));
    expect(refused).toBeGreaterThan(0);

    // The owner at home is never slowed.
    for (let i = 0; i < apps.length; i++) expect(signedIn(await attempt(on(i), victim, TEST_PASSWORD, { ip: home }))).toBe(true);
    // From a new address she may have to wait her turn, but no longer than the delay says.
    let r = await attempt(on(1), victim, TEST_PASSWORD, { ip: net()(11) });
    for (let tries = 0; limited(r) && tries < 3; tries++) {
      await wait((r.body.data?.retry_after ?? 1) * 1000);
      r = await attempt(on(tries), victim, TEST_PASSWORD, { ip: net()(11) });
    }
    expect(signedIn(r)).toBe(true);
  });

  it('answers an unknown email exactly as a wrong password, before and at the limit', async () => {
    const known = await account();
    const unknown = `nobody-${randomBytes(4).toString('hex')}@test.local`;
    const at = net();
    for (let i = 0; i < LOGIN_PAIR_MAX_FAILURES; i++) {
      // Two addresses, so that the address ceiling (lowered here) is not what answers.
      const a = await attempt(on(i), known, `wrong-${i}`, { ip: at(3) });
      const b = await attempt(on(i), unknown, `wrong-${i}`, { ip: at(4) });
      expect(a.body).toEqual(b.body);
      expect(a.cookie).toBeUndefined();
      expect(b.cookie).toBeUndefined();
    }
    const a = await attempt(on(0), known, 'wrong', { ip: at(3) });
    const b = await attempt(on(1), unknown, 'wrong', { ip: at(4) });
    expectLimited(a, 3600);
    expectLimited(b, 3600);
    expect({ ...a.body, data: null }).toEqual({ ...b.body, data: null });
  });
});

describe('TRUST_PROXY as a list of proxy addresses', () => {
  it('believes X-Forwarded-For only from the listed proxy, so a client reaching the server directly cannot choose its address', async () => {
    const server = await startTestServer({ database, config: { trustProxy: [PROXY] }, limits: LIMITS });
    try {
      const victim = await account();
      for (let i = 0; i < LOGIN_PAIR_MAX_FAILURES; i++) {
        const r = await attempt(server.app, victim, `guess-${i}`, { ip: '203.0.113.50', xff: `100.64.0.${i}` });
        expect(r.body.error).toBe('invalid_credentials');
      }
      expectLimited(await attempt(server.app, victim, 'guess', { ip: '203.0.113.50', xff: '100.64.1.1' }), 3600);
      // Through the listed proxy the client's own address counts, and that is somebody else.
      expect(signedIn(await attempt(server.app, victim, TEST_PASSWORD, { ip: PROXY, xff: '203.0.113.50, 198.51.200.1' }))).toBe(true);
    } finally {
      await server.close();
    }
  });
});

describe('Redis lost', () => {
  let bus: Bus | undefined;
  afterAll(async () => bus?.close());

  it('keeps logins working and limited by each instance alone while Redis cannot be reached', async () => {
    const prefix = `test-login-lost-${randomBytes(6).toString('hex')}:`;
    bus = await createRedisBus(TEST_REDIS_URL, { prefix });
    const server = await startTestServer({ database, bus, limits: LIMITS });
    try {
      expect((await server.app.inject({ url: '/healthz' })).json().limits).toBe('redis');
      bus.shared!.redis.disconnect();
      const victim = await account();
      for (let i = 0; i < LOGIN_PAIR_MAX_FAILURES; i++) {
        expect((await attempt(server.app, victim, `guess-${i}`, { ip: '198.51.201.1' })).body.error).toBe('invalid_credentials');
      }
      expectLimited(await attempt(server.app, victim, TEST_PASSWORD, { ip: '198.51.201.1' }), 3600);
      expect(signedIn(await attempt(server.app, victim, TEST_PASSWORD, { ip: '198.51.201.2' }))).toBe(true);
    } finally {
      await server.close();
    }
  });
});
