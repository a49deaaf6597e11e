import type { DBCore, DBCoreGetManyRequest, DBCoreKeyRange, DBCoreTable, Middleware } from 'dexie';

/**
 * Below this many keys a batched read is left as it is: one extra request would cost more than it saves.
 * RxDB's own reads of a few documents (an outbox entry, a local document, a small pull) stay untouched.
 */
export const SPARSE_READ_MIN_KEYS = 32;

/**
 * The most stored keys the range may hold, per key asked for, before the read goes key by key.
 * Listing keys is far cheaper than a `get` per key. The pages of a first sync arrive in rev order,
 * so each page's ids span the keys already stored: with 4 here, every page after the fourth of a
 * 5,000-visitor first sync fell back to a get per key. In the sync worker's CPU profile
 * (bench:browser-sync with BENCH_PROFILE_DIR, 4× slower CPU) those gets took 667 ms against 43 ms
 * for all the key listings; with 40 the gets took 201 ms.
 */
export const SPARSE_READ_MAX_KEYS_PER_ASKED = 40;

/**
 * A Dexie middleware for the app's database (sync/engine/database.ts) that answers a batched read by
 * primary key cheaply when most of the keys are not stored.
 *
 * Every pulled page costs RxDB three batched reads by id before anything is written: the replication
 * reads the collection's current documents and its own bookkeeping (which a pull-only replication never
 * writes), and the Dexie storage reads the documents again inside its write transaction to detect
 * conflicts. Dexie answers each with one IndexedDB `get` per key: 1,500 requests for a page of 500, all
 * to learn that a first sync's documents are not there yet. Profiled, these reads were the largest
 * share of the app's write path's own work (bench/browser-writes.ts).
 *
 * So a read of many string keys first asks for the primary keys stored between the smallest and the
 * largest of them, one request that returns nothing for an empty collection, then reads only the keys
 * that are there. The answer is the same as Dexie's (each key's value, or undefined), so RxDB's
 * replication keeps its checks and conflict handling; only the number of IndexedDB requests changes.
 * When every key is stored (a resync of a synced event) it costs one keys request on top, and a range
 * that holds many more stored keys than were asked for is read key by key, as Dexie does.
 */
export const sparseReads: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'foyer-sparse-reads',
  create(down) {
    return {
      ...down,
      table(name: string): DBCoreTable {
        const table = down.table(name);
        return { ...table, getMany: (req) => sparseGetMany(table, req) };
      },
    };
  },
};

function sparseGetMany(table: DBCoreTable, req: DBCoreGetManyRequest): Promise<unknown[]> {
  const keys = req.keys;
  const primaryKey = table.schema.primaryKey;
  // Only plain string keys compare in IndexedDB as they do in JS, which the range below relies on.
  if (keys.length < SPARSE_READ_MIN_KEYS || primaryKey.outbound || primaryKey.compound) return table.getMany(req);
  let lower = keys[0] as string;
  let upper = lower;
  for (const key of keys) {
    if (typeof key !== 'string') return table.getMany(req);
    if (key < lower) lower = key;
    if (key > upper) upper = key;
  }
  // DBCoreRangeType.Range: Dexie's enum is a const enum, which isolated modules cannot import.
  const range: DBCoreKeyRange = { type: 2 as DBCoreKeyRange['type'], lower, upper, lowerOpen: false, upperOpen: false };
  // A range crowded with other stored keys is read key by key as before, so the keys request stays
  // small whatever the table holds.
  const limit = keys.length * SPARSE_READ_MAX_KEYS_PER_ASKED;
  return table.query({ trans: req.trans, values: false, limit, query: { index: primaryKey, range } }).then(({ result }) => {
    if (result.length >= limit) return table.getMany(req);
    if (result.length === 0) return keys.map(() => undefined);
    // The listing comes sorted (IndexedDB orders strings by code unit, as JS does), so each asked
    // key is looked up by bisection: a Set of a long listing cost more than the lookups it served.
    const stored = result as string[];
    const wanted = keys.filter((key) => sortedHas(stored, key as string));
    if (wanted.length === keys.length) return table.getMany(req);
    if (wanted.length === 0) return keys.map(() => undefined);
    return table.getMany({ ...req, keys: wanted }).then((values) => {
      const byKey = new Map<string, unknown>(wanted.map((key, i) => [key, values[i]]));
      return keys.map((key) => byKey.get(key));
    });
  });
}

function sortedHas(sorted: readonly string[], key: string): boolean {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as string) < key) lo = mid + 1;
    else hi = mid;
  }
  return sorted[lo] === key;
}
