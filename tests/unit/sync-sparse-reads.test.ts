import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory, IDBKeyRange, IDBObjectStore } from 'fake-indexeddb';
import Dexie from 'dexie';
import { SPARSE_READ_MIN_KEYS, sparseReads } from '../../sync/engine/sparse-reads.ts';

/**
 * The middleware must answer a batched read exactly as Dexie does, whatever share of the keys is
 * stored: RxDB decides between insert, update and conflict on that answer.
 */

const opened: Dexie[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

async function open(withMiddleware: boolean, stored: string[]): Promise<Dexie> {
  const db = new Dexie(`sparse-${withMiddleware}-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  if (withMiddleware) db.use(sparseReads);
  db.version(1).stores({ docs: 'id, n', numbered: '++seq' });
  await db.open();
  opened.push(db);
  await db.table('docs').bulkPut(stored.map((id, n) => ({ id, n })));
  return db;
}

const ids = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `7:${from + i}`);

describe('sparse batched reads (sync/engine/sparse-reads.ts)', () => {
  const cases: [string, string[], string[]][] = [
    ['an empty table', [], ids(0, 100)],
    ['none of the keys stored, others in range', ids(0, 200).filter((_, i) => i % 2 === 0), ids(0, 200).filter((_, i) => i % 2 === 1)],
    ['some of the keys stored', ids(0, 60), ids(30, 130)],
    ['every key stored', ids(0, 100), ids(0, 100).reverse()],
    ['repeated keys', ids(0, 10), [...ids(0, 40), ...ids(0, 40)]],
    ['fewer keys than the threshold', ids(0, 10), ids(5, 5 + SPARSE_READ_MIN_KEYS - 1)],
    // 60 keys asked across ~3,000 stored ones in their range: more than SPARSE_READ_MAX_KEYS_PER_ASKED each.
    ['a range crowded with other stored keys', ids(0, 4000), [...ids(0, 4000).filter((_, i) => i % 100 === 0), ...ids(4000, 4020)]],
    ['keys stored among many others, some asked', ids(0, 1000), [...ids(0, 1000).filter((_, i) => i % 30 === 0), ...ids(1000, 1030)]],
  ];
  for (const [what, stored, asked] of cases) {
    it(`answers as Dexie does: ${what}`, async () => {
      const plain = await open(false, stored);
      const sparse = await open(true, stored);
      const expected = await plain.table('docs').bulkGet(asked);
      expect(await sparse.table('docs').bulkGet(asked)).toEqual(expected);
      expect(expected.filter(Boolean).length).toBe(asked.filter((k) => stored.includes(k)).length);
    });
  }

  it('reads only the stored keys one by one', async () => {
    const sparse = await open(true, ids(0, 10));
    const get = vi.spyOn(IDBObjectStore.prototype, 'get');
    try {
      await sparse.table('docs').bulkGet(ids(0, 100));
      expect(get).toHaveBeenCalledTimes(10);
    } finally {
      get.mockRestore();
    }
  });

  it('goes key by key when the range holds many more stored keys than were asked', async () => {
    const sparse = await open(true, ids(0, 4000));
    const asked = [...ids(0, 4000).filter((_, i) => i % 100 === 0), ...ids(4000, 4020)];
    const get = vi.spyOn(IDBObjectStore.prototype, 'get');
    try {
      await sparse.table('docs').bulkGet(asked);
      expect(get).toHaveBeenCalledTimes(asked.length);
    } finally {
      get.mockRestore();
    }
  });

  it('sees the documents written earlier in the same transaction', async () => {
    const sparse = await open(true, []);
    const table = sparse.table('docs');
    const found = await sparse.transaction('rw', table, async () => {
      await table.bulkPut(ids(0, 50).map((id) => ({ id, n: 1 })));
      return table.bulkGet(ids(25, 75));
    });
    expect(found.map((d) => d?.id ?? null)).toEqual([...ids(25, 50), ...Array(25).fill(null)]);
  });

  it('leaves number keys to Dexie', async () => {
    const sparse = await open(true, []);
    const table = sparse.table('numbered');
    await table.bulkAdd(Array.from({ length: 40 }, (_, i) => ({ i })));
    const found = await table.bulkGet(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(found.filter(Boolean).length).toBe(40);
  });
});
