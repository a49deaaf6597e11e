import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import { openDatabase } from '../../server/db/index.ts';
import type { DB } from '../../server/db/types.ts';
import { createTestDatabase, TEST_PG_URL, type TestDatabase } from '../fixtures/db.ts';

/**
 * Statements with parameters go to PostgreSQL as named prepared statements (server/db/prepared.ts),
 * so a connection plans a hot read once; DB_PREPARED_STATEMENTS=0 sends them unnamed. Runs on
 * PostgreSQL in both suites: PGlite has no such driver.
 */
let d: TestDatabase;
beforeAll(async () => {
  d = await createTestDatabase('postgres');
});
afterAll(async () => d?.dispose());

/** Runs a parameterised read twice on one connection and answers what that connection has prepared. */
async function preparedOnOneConnection(db: Kysely<DB>, marker: string): Promise<{ answers: number[]; prepared: number }> {
  return db.transaction().execute(async (trx) => {
    const answers: number[] = [];
    for (const n of [1, 2]) {
      const r = await sql<{ n: number }>`SELECT ${n}::int + 1 AS n, ${marker}::text AS marker`.execute(trx);
      answers.push(r.rows[0]!.n);
    }
    const p = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE ${`%AS marker%`}`.execute(trx);
    return { answers, prepared: p.rows[0]!.n };
  });
}

describe('prepared statements on PostgreSQL', () => {
  it('prepares a statement with parameters once per connection, and answers as before', async () => {
    // The count's own statement has a parameter too, and is prepared as well: it names no marker column.
    expect(await preparedOnOneConnection(d.db, 'on')).toEqual({ answers: [2, 3], prepared: 1 });
  });

  it('prepares it again on a fresh connection after PostgreSQL ended the old one', async () => {
    await preparedOnOneConnection(d.db, 'before');
    const admin = new pg.Client({ connectionString: TEST_PG_URL });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [
      new URL(d.url!).pathname.slice(1),
    ]);
    await admin.end();
    await new Promise((r) => setTimeout(r, 200));
    expect(await preparedOnOneConnection(d.db, 'after')).toEqual({ answers: [2, 3], prepared: 1 });
  });

  it('sends them unnamed with DB_PREPARED_STATEMENTS=0', async () => {
    const off = await openDatabase({ databaseUrl: d.url, dataDir: '', preparedStatements: 0 });
    try {
      expect(await preparedOnOneConnection(off.db, 'off')).toEqual({ answers: [2, 3], prepared: 0 });
    } finally {
      await off.close();
    }
  });
});
