import { afterEach, describe, expect, it } from 'vitest';
import type { FoyerDatabase } from '../../sync/engine/database.ts';
import { putVisitorRows } from '../../sync/engine/visitor-pages.ts';
import { openTestDatabase } from '../fixtures/test-database.ts';
import { modifyLocal, observeLocal, writeLocal } from '../../sync/store/local.ts';
import { visitorDoc } from '../fixtures/visitor-doc.ts';

/**
 * The device's local documents as screens watch them (sync/store/local.ts): each watcher follows
 * its one document and ignores the rest of the database, which a first sync fills with thousands
 * of documents while some thirty watchers are open.
 */

let db: FoyerDatabase | null = null;

afterEach(async () => {
  await db?.close();
  db = null;
});

async function device(): Promise<FoyerDatabase> {
  db = await openTestDatabase('local-docs', ['visitors']);
  return db;
}

/** Resolves once the watcher has emitted `count` values in all, or with what it had after `ms`. */
function collect<T>(local: FoyerDatabase, id: string) {
  const seen: (T | null)[] = [];
  const sub = observeLocal<T>(local, id).subscribe((v) => seen.push(v));
  const settle = (ms = 50) => new Promise((r) => setTimeout(r, ms));
  return { seen, sub, settle };
}

describe('watching a local document', () => {
  it('starts with null, follows inserts, changes and removal, and repeats no value', async () => {
    const local = await device();
    const w = collect<{ n: number }>(local, 'counter');
    await w.settle();
    expect(w.seen).toEqual([null]);

    await writeLocal(local, 'counter', { n: 1 });
    await w.settle();
    await modifyLocal<{ n: number }>(local, 'counter', { n: 0 }, (c) => ({ n: c.n + 1 }));
    await w.settle();
    // The same data written again is no news.
    await writeLocal(local, 'counter', { n: 2 });
    await w.settle();
    await (await local.getLocal('counter'))?.remove();
    await w.settle();
    expect(w.seen).toEqual([null, { n: 1 }, { n: 2 }, null]);
    w.sub.unsubscribe();
  });

  it('starts with what is stored, and stays quiet while other documents change', async () => {
    const local = await device();
    await writeLocal(local, 'mine', { v: 'a' });
    const w = collect<{ v: string }>(local, 'mine');
    await w.settle();
    expect(w.seen).toEqual([{ v: 'a' }]);

    let reads = 0;
    const getLocal = local.getLocal.bind(local);
    local.getLocal = ((id: string) => {
      reads++;
      return getLocal(id);
    }) as typeof local.getLocal;
    await writeLocal(local, 'another', { v: 'b' });
    await putVisitorRows(
      local.visitors,
      Array.from({ length: 300 }, (_, i) => visitorDoc(i + 1)),
    );
    await w.settle();
    expect(reads).toBe(0);
    expect(w.seen).toEqual([{ v: 'a' }]);

    await writeLocal(local, 'mine', { v: 'c' });
    await w.settle();
    expect(w.seen).toEqual([{ v: 'a' }, { v: 'c' }]);
    w.sub.unsubscribe();
  });
});
