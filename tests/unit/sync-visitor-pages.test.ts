import { describe, expect, it } from 'vitest';
import type { WithDeleted } from 'rxdb';
import type { VisitorDoc } from '../../contract/visitors.ts';
import { rowsOf, VisitorPacker, type PageWrite, type VisitorPageDoc } from '../../sync/engine/visitor-pages.ts';
import { visitorDoc } from '../fixtures/visitor-doc.ts';

/**
 * The packer folds the visitors feed into pages of a few hundred people (issue 28). What the pages
 * hold must always be what one document per person would have held: the newest version of each
 * person, nobody twice, nobody removed left behind.
 */

const pulled = (userId: number, over: Partial<VisitorDoc> = {}, deleted = false): WithDeleted<VisitorDoc> => ({
  ...visitorDoc(userId, over),
  _deleted: deleted,
});

/** The pages a store would hold after these writes, newest write of a page winning. */
function store(writes: PageWrite[][], into = new Map<string, VisitorPageDoc>()): Map<string, VisitorPageDoc> {
  for (const batch of writes)
    for (const { _deleted, ...page } of batch) {
      if (_deleted) into.delete(page.id);
      else into.set(page.id, page);
    }
  return into;
}

const ids = (pages: Map<string, VisitorPageDoc>) => rowsOf([...pages.values()]).map((v) => v.user_id);

describe('the visitor pages', () => {
  it('fill pages in the order people arrive and open the next page when one is full', () => {
    const packer = new VisitorPacker(7, [], 3);
    const first = packer.apply([1, 2, 3, 4].map((u) => pulled(u)));
    expect(first.map((p) => [p.id, p.rows.map((r) => r.user_id)])).toEqual([
      ['7:0', [1, 2, 3]],
      ['7:1', [4]],
    ]);
    const second = packer.apply([5, 6, 7].map((u) => pulled(u)));
    expect(second.map((p) => [p.id, p.rows.length])).toEqual([
      ['7:1', 3],
      ['7:2', 1],
    ]);
    expect(packer.size).toBe(7);
  });

  it('rewrite only the page of a person who changed, in place', () => {
    const packer = new VisitorPacker(7, [], 3);
    const pages = store([packer.apply([1, 2, 3, 4, 5].map((u) => pulled(u)))]);
    const edit = packer.apply([pulled(2, { first_name: 'Renamed', rev: 9 })]);
    expect(edit.map((p) => p.id)).toEqual(['7:0']);
    store([edit], pages);
    expect(ids(pages)).toEqual([1, 2, 3, 4, 5]);
    expect(rowsOf([...pages.values()]).find((v) => v.user_id === 2)?.first_name).toBe('Renamed');
  });

  it('take a removed person out, and delete a page left empty unless it is the last', () => {
    const packer = new VisitorPacker(7, [], 2);
    const pages = store([packer.apply([1, 2, 3, 4, 5].map((u) => pulled(u)))]);
    const removed = packer.apply([pulled(1, {}, true), pulled(2, {}, true), pulled(5, {}, true)]);
    expect(removed.map((p) => [p.id, p._deleted, p.rows.length])).toEqual([
      ['7:0', true, 0],
      ['7:2', false, 0],
    ]);
    store([removed], pages);
    expect([...pages.keys()].sort()).toEqual(['7:1', '7:2']);
    expect(ids(pages)).toEqual([3, 4]);
    // A newcomer goes to the last page, which stayed for that.
    const joined = packer.apply([pulled(6)]);
    expect(joined.map((p) => [p.id, p.rows.map((r) => r.user_id)])).toEqual([['7:2', [6]]]);
  });

  it('answer a page that removed nobody it knew with a page all the same, so the checkpoint moves on', () => {
    const packer = new VisitorPacker(7, [], 3);
    packer.apply([pulled(1)]);
    const writes = packer.apply([pulled(99, {}, true)]);
    expect(writes.map((p) => [p.id, p.rows.length])).toEqual([['7:0', 1]]);
    expect(new VisitorPacker(8).apply([pulled(1, { event_id: 8 }, true)]).map((p) => p.id)).toEqual(['8:0']);
    expect(packer.apply([])).toEqual([]);
  });

  it('continue from stored pages as if they had never been closed', () => {
    const first = new VisitorPacker(7, [], 2);
    const pages = store([first.apply([1, 2, 3].map((u) => pulled(u)))]);
    const again = new VisitorPacker(7, [...pages.values()], 2);
    expect(again.size).toBe(3);
    store([again.apply([pulled(2, { rev: 5 }), pulled(4), pulled(5)])], pages);
    expect(ids(pages)).toEqual([1, 2, 3, 4, 5]);
    expect([...pages.keys()].sort()).toEqual(['7:0', '7:1', '7:2']);
  });

  it('hold the same people as one document per person would, whatever the order of the changes', () => {
    // A seeded walk of joins, edits and departures, checked against a plain map of the newest document per person.
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const packer = new VisitorPacker(7, [], 4);
    const pages = new Map<string, VisitorPageDoc>();
    const truth = new Map<number, number>();
    for (let rev = 1; rev <= 400; rev++) {
      const batch: WithDeleted<VisitorDoc>[] = [];
      for (let k = random(6); k >= 0; k--) {
        const user = random(40) + 1;
        const leave = random(4) === 0;
        batch.push(pulled(user, { rev }, leave));
        if (leave) truth.delete(user);
        else truth.set(user, rev);
      }
      store([packer.apply(batch)], pages);
    }
    const held = rowsOf([...pages.values()]);
    expect(new Set(held.map((v) => v.id)).size).toBe(held.length);
    expect(new Map(held.map((v) => [v.user_id, v.rev]))).toEqual(truth);
  });
});
