import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from './types.ts';

export type Tx = Transaction<DB>;
/** Anything a read can run on: the database or a transaction in progress. */
export type Q = Kysely<DB> | Tx;

/** The same key the rev trigger locks (001_init.sql). */
const REV_LOCK = 7071;
const RETRYABLE = new Set(['40001', '40P01']);

/**
 * One write transaction. It takes the change-feed lock before touching any row, so every writer
 * locks in the same order (rev lock, then rows) and revs become visible in the order they were
 * allocated. Serialisation failures and deadlocks are retried a few times.
 */
export async function writeTx<T>(db: Kysely<DB>, fn: (trx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(${REV_LOCK})`.execute(trx);
        return fn(trx);
      });
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code && RETRYABLE.has(code) && attempt < 4) continue;
      throw err;
    }
  }
}

/** Seconds since the epoch, as the specs' APIs and the replicated documents carry time. */
export function toUnix(d: Date | null | undefined): number {
  return d ? Math.floor(d.getTime() / 1000) : 0;
}
