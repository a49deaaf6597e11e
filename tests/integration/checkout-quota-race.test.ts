import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createSession } from '../../server/domain/auth/sessions.ts';
import { startTestCluster, type TestCluster } from '../fixtures/cluster.ts';
import { createTestDatabase, type TestDatabase } from '../fixtures/db.ts';
import { createUser } from '../fixtures/factories.ts';
import { salesKit, type Person } from './sales-helpers.ts';

/**
 * The quota is the database's (issue 15): 100 people buy the last 10 tickets of a type at the same
 * moment, through two server instances on one PostgreSQL database, as behind a load balancer. Exactly
 * 10 get a ticket and the other 90 a clear "sold out"; the database holds 10 new orders and no more
 * tickets than exist. Always PostgreSQL: an embedded PGlite belongs to one process.
 */

const PREFIX = `test-${randomBytes(6).toString('hex')}:`;
let database: TestDatabase;
let cluster: TestCluster | undefined;

beforeAll(async () => {
  database = await createTestDatabase('postgres');
  cluster = await startTestCluster(database, { prefix: PREFIX, socketHeartbeatMs: 30_000 });
});
afterAll(async () => {
  await cluster?.close();
  await database?.dispose();
});

const kit = salesKit(() => cluster!.apps[0]!);

/** A person with a session, made without 100 password hashes. */
async function buyer(): Promise<Person> {
  const u = await createUser(database.db);
  return { id: u.id, email: u.email, token: await createSession(database.db, u.id) };
}

describe('the last tickets, bought by 100 people at once on two instances', () => {
  it('go to exactly as many buyers as there are tickets; everybody else is told "sold out"', async () => {
    const owner = await kit.person();
    const eventId = await kit.newEvent(owner);
    const typeId = await kit.addType(owner, eventId, { name: 'Early bird', quota: 25, max_per_order: 20 });
    // 15 of 25 are gone already: 10 are left.
    const first = await kit.buy(owner, { event_id: eventId, lines: Array.from({ length: 15 }, () => kit.line(typeId)), expected_total: 0 });
    expect(first.status_code).toBe(200);

    const people = await Promise.all(Array.from({ length: 100 }, () => buyer()));
    const urls = cluster!.urls;
    const answers = await Promise.all(
      people.map(async (p, i) => {
        const res = await fetch(`${urls[i % urls.length]}/api/checkout/orders`, {
          method: 'POST',
          headers: { authorization: `Bearer ${p.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ event_id: eventId, client_key: `race-${randomUUID()}`, method: 'free', lines: [kit.line(typeId)], expected_total: 0 }),
        });
        expect(res.status).toBe(200);
        return (await res.json()) as { status_code: number; error?: string; data: { order?: { state: string } } };
      }),
    );

    const sold = answers.filter((a) => a.status_code === 200);
    const refused = answers.filter((a) => a.status_code !== 200);
    expect(sold).toHaveLength(10);
    for (const a of sold) expect(a.data.order?.state).toBe('paid');
    expect(refused).toHaveLength(90);
    for (const a of refused) expect(a).toMatchObject({ status_code: 409, error: 'sold_out' });

    const row = await sql<{ taken: number; quota: number; tickets: number; orders: number }>`
      SELECT tt.taken, tt.quota,
        (SELECT count(*)::int FROM tickets t WHERE t.ticket_type_id = tt.id) AS tickets,
        (SELECT count(*)::int FROM orders o WHERE o.event_id = tt.event_id) AS orders
      FROM ticket_types tt WHERE tt.id = ${typeId}`.execute(database.db);
    expect(row.rows[0]).toEqual({ taken: 25, quota: 25, tickets: 25, orders: 11 });
  }, 120_000);

  it('cannot oversell even past the service: the database refuses more taken than exist', async () => {
    const owner = await kit.person();
    const eventId = await kit.newEvent(owner);
    const typeId = await kit.addType(owner, eventId, { name: 'Tiny', quota: 2 });
    await expect(sql`UPDATE ticket_types SET taken = 3 WHERE id = ${typeId}`.execute(database.db)).rejects.toThrow(/ticket_types_quota/);
  });
});
