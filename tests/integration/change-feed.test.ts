import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startTestServer, type TestServer } from '../fixtures/server.ts';
import { createTestDatabase } from '../fixtures/db.ts';
import { createEvent } from '../fixtures/factories.ts';

/**
 * The change feed must never let a row that commits later hide behind a checkpoint a client already
 * passed. Concurrency needs real connections, so this runs on PostgreSQL (PGlite has one connection
 * and cannot interleave transactions); it runs in both suites because it makes its own PostgreSQL
 * database.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ database: await createTestDatabase('postgres') });
});
afterAll(async () => {
  await s?.close();
  await s?.database.dispose();
});

async function pullAll(checkpoint: number) {
  const res = await s.app.inject({ method: 'GET', url: `/sync/v1/events/pull?checkpoint=${checkpoint}` });
  return res.json() as { documents: { event_id: number; name: string; rev: number }[]; checkpoint: number };
}

describe('change feed on PostgreSQL', () => {
  it('delivers two concurrent transactions that try to commit out of order', async () => {
    const e1 = await createEvent(s.app.db, { name: 'first' });
    const e2 = await createEvent(s.app.db, { name: 'second' });
    const start = await pullAll(0);
    let checkpoint = start.checkpoint;

    const a = new pg.Client({ connectionString: s.database.url });
    const b = new pg.Client({ connectionString: s.database.url });
    await a.connect();
    await b.connect();
    try {
      // A takes its rev first and stays open.
      await a.query('BEGIN');
      await a.query(`UPDATE events SET name = 'first, edited by A' WHERE id = $1`, [e1.id]);
      // B starts later and tries to commit before A. Plain SQL, no service code: the trigger alone
      // must keep the order.
      await b.query('BEGIN');
      const bDone = (async () => {
        await b.query(`UPDATE events SET name = 'second, edited by B' WHERE id = $1`, [e2.id]);
        await b.query('COMMIT');
        return Date.now();
      })();
      await new Promise((r) => setTimeout(r, 300));
      // While A is open nothing new is visible, and B has not been able to commit.
      const during = await pullAll(checkpoint);
      expect(during.documents).toEqual([]);

      await a.query('COMMIT');
      const aCommittedAt = Date.now();
      // A client pulls as soon as A commits; its checkpoint passes A's row.
      const afterA = await pullAll(checkpoint);
      const bCommittedAt = await bDone;
      expect(bCommittedAt).toBeGreaterThanOrEqual(aCommittedAt);
      const seen = [...afterA.documents];
      checkpoint = afterA.checkpoint;
      const afterB = await pullAll(checkpoint);
      seen.push(...afterB.documents);

      const names = new Map(seen.map((d) => [d.event_id, d.name]));
      expect(names.get(e1.id)).toBe('first, edited by A');
      expect(names.get(e2.id)).toBe('second, edited by B');
      const revs = seen.map((d) => d.rev);
      expect(revs).toEqual([...revs].sort((x, y) => x - y));
    } finally {
      await a.end();
      await b.end();
    }
  });

  it('keeps rev order equal to commit order under many concurrent writers', async () => {
    const events = await Promise.all(Array.from({ length: 8 }, (_, i) => createEvent(s.app.db, { name: `burst ${i}` })));
    let checkpoint = (await pullAll(0)).checkpoint;
    const pool = new pg.Pool({ connectionString: s.database.url, max: 8 });
    const seen = new Map<number, string>();
    let stop = false;
    // A reader pulls continuously while writers commit; a row skipped behind the checkpoint would be lost.
    const reader = (async () => {
      while (!stop) {
        const page = await pullAll(checkpoint);
        for (const d of page.documents) seen.set(d.event_id, d.name);
        checkpoint = page.checkpoint;
      }
    })();
    await Promise.all(
      events.flatMap((e, i) =>
        Array.from({ length: 5 }, async (_, round) => {
          const c = await pool.connect();
          try {
            await c.query('BEGIN');
            await c.query(`UPDATE events SET name = $2 WHERE id = $1`, [e.id, `burst ${i} round ${round}`]);
            await new Promise((r) => setTimeout(r, Math.random() * 20));
            await c.query('COMMIT');
          } finally {
            c.release();
          }
        }),
      ),
    );
    stop = true;
    await reader;
    const final = await pullAll(checkpoint);
    for (const d of final.documents) seen.set(d.event_id, d.name);
    const truth = await s.app.db
      .selectFrom('events')
      .select(['id', 'name'])
      .where(
        'id',
        'in',
        events.map((e) => e.id),
      )
      .execute();
    for (const row of truth) expect(seen.get(row.id)).toBe(row.name);
    await pool.end();
  });
});
