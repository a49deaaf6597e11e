import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'kysely';
import { createTestDatabase, TEST_PG_URL, type TestDatabase } from '../fixtures/db.ts';

/**
 * PostgreSQL may end idle connections at any time (restart, failover, an administrator). The server
 * must shrug that off and carry on with fresh connections; it runs on PostgreSQL in both suites.
 */
let d: TestDatabase;
beforeAll(async () => {
  d = await createTestDatabase('postgres');
});
afterAll(async () => d?.dispose());

describe('PostgreSQL connections ended by the server', () => {
  it('survives idle connections being terminated and answers the next query', async () => {
    // Open a few pooled connections and leave them idle.
    await Promise.all(Array.from({ length: 4 }, () => sql`SELECT pg_sleep(0.05)`.execute(d.db)));
    const admin = new pg.Client({ connectionString: TEST_PG_URL });
    await admin.connect();
    const dbName = new URL(d.url!).pathname.slice(1);
    const killed = await admin.query('SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [
      dbName,
    ]);
    await admin.end();
    expect(killed.rows[0].n).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 200));
    const r = await sql<{ ok: number }>`SELECT 1 AS ok`.execute(d.db);
    expect(r.rows[0]!.ok).toBe(1);
  });
});
