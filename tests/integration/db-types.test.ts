import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../fixtures/db.ts';

/** PGlite and PostgreSQL must hand back the same JavaScript types, or code passes on one and fails on the other. */
let d: TestDatabase;
beforeAll(async () => {
  d = await createTestDatabase();
});
afterAll(async () => d?.dispose());

describe(`column types on ${process.env.FOYER_TEST_DB ?? 'pglite'}`, () => {
  it('returns int8 and numeric as numbers and dates as YYYY-MM-DD text', async () => {
    const r = await sql<{ n: number; big: number; price: number; day: string; at: Date }>`
      SELECT count(*) AS n, 9007199254740::bigint AS big, 1500.50::numeric(12,2) AS price,
        '2026-03-29'::date AS day, '2026-03-29T10:00:00Z'::timestamptz AS at FROM (VALUES (1), (2)) v(x)`.execute(d.db);
    const row = r.rows[0]!;
    expect(row.n).toBe(2);
    expect(row.big).toBe(9007199254740);
    expect(row.price).toBe(1500.5);
    expect(row.day).toBe('2026-03-29');
    expect(row.at).toBeInstanceOf(Date);
    expect(row.at.toISOString()).toBe('2026-03-29T10:00:00.000Z');
  });
});
