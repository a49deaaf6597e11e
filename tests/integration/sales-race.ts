import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { createSession } from '../../server/domain/auth/sessions.ts';
import { startTestCluster, type TestCluster } from '../fixtures/cluster.ts';
import { createTestDatabase, type TestDatabase } from '../fixtures/db.ts';
import { createUser } from '../fixtures/factories.ts';
import { type Person, salesKit } from './sales-helpers.ts';

/**
 * The stage of the sales races: two server instances on one PostgreSQL database, as behind a load
 * balancer, and buyers who check out at the same moment spread over both. Always PostgreSQL: an
 * embedded PGlite belongs to one process, so it cannot show what two instances do to each other.
 */

/** A checkout's answer, as much of it as the races look at. */
export interface RaceAnswer {
  status_code: number;
  error?: string;
  message?: string;
  data: { order?: { state: string; total?: number; promo_code?: string } };
}

/** What one buyer posts to the checkout; the race adds the idempotency key. */
export interface RaceOrder {
  event_id: number;
  method: string;
  lines: unknown[];
  expected_total: number;
  promo_code?: string;
}

/** Registers the cluster's set-up and tear-down in the calling test file. */
export function salesRace() {
  const prefix = `test-${randomBytes(6).toString('hex')}:`;
  let database: TestDatabase | undefined;
  let cluster: TestCluster | undefined;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    cluster = await startTestCluster(database, { prefix, socketHeartbeatMs: 30_000 });
  });
  afterAll(async () => {
    await cluster?.close();
    await database?.dispose();
  });

  const db = () => database!.db;

  /** A person with a session, made without a password hash: races need a hundred of them. */
  async function buyer(): Promise<Person> {
    const u = await createUser(db());
    return { id: u.id, email: u.email, token: await createSession(db(), u.id) };
  }

  /** A POST with the person's session through instance `i` mod 2, as a load balancer would spread them. */
  async function post<T = RaceAnswer>(i: number, who: Person, path: string, body: unknown): Promise<T> {
    const urls = cluster!.urls;
    const res = await fetch(`${urls[i % urls.length]}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as T;
  }

  /** Each buyer's checkout at the same moment, the i-th through instance i mod 2. */
  function checkoutAtOnce(buyers: readonly Person[], orderOf: (i: number) => RaceOrder): Promise<RaceAnswer[]> {
    return Promise.all(buyers.map((p, i) => post(i, p, '/api/checkout/orders', { ...orderOf(i), client_key: `race-${randomUUID()}` })));
  }

  /** `n` fresh buyers, then their checkouts at once. */
  async function rush(n: number, orderOf: (i: number) => RaceOrder): Promise<RaceAnswer[]> {
    const buyers = await Promise.all(Array.from({ length: n }, () => buyer()));
    return checkoutAtOnce(buyers, orderOf);
  }

  const app = () => cluster!.apps[0]!;
  /** Every instance, for work each runs on its own (the sweeps). */
  const apps = () => cluster!.apps;
  return { kit: salesKit(app), app, apps, db, buyer, post, checkoutAtOnce, rush };
}
