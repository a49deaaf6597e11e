import { describe, expect, it } from 'vitest';
import type { Remote } from 'comlink';
import { KEPT_IDLE_READS, VisitorReads } from '../../src/data/stores/visitor-reads.ts';
import { EMPTY_VISITORS_READ, type VisitorsRead } from '../../sync/views/visitors/read-model.ts';
import type { SyncWorkerApi } from '../../workers/api.ts';

/** The worker's side of the visitors reads, as far as VisitorReads uses it. */
function fakeHost() {
  const open = new Map<number, (read: VisitorsRead) => void>();
  const subscribed: string[] = [];
  const unsubscribed: number[] = [];
  let next = 1;
  const api = {
    async subscribeVisitors(_eventId: number, filter: { q?: string }, _viewer: unknown, callback: (read: VisitorsRead) => void) {
      const id = next++;
      open.set(id, callback);
      subscribed.push(filter.q ?? '');
      callback({ ...EMPTY_VISITORS_READ, total: id, allCount: 7 });
      return id;
    },
    async unsubscribeVisitors(id: number) {
      open.delete(id);
      unsubscribed.push(id);
    },
  };
  return { api: api as unknown as Remote<SyncWorkerApi>, open, subscribed, unsubscribed };
}

const viewer = { userId: 1 };
const settle = () => new Promise((r) => setTimeout(r, 0));
const filterKey = (q: string) => JSON.stringify({ q, limit: 10 });

/** A screen showing one filter until the returned function is called. */
function show(reads: VisitorReads, q: string) {
  const store = reads.get(5, filterKey(q), viewer);
  const off = store.subscribe(() => undefined);
  return { store, off };
}

describe('visitors reads kept after the screen leaves', () => {
  it('answers a filter shown again from what it kept, without asking the worker again', async () => {
    const host = fakeHost();
    const reads = new VisitorReads();
    reads.attach(host.api);
    const first = show(reads, 'a');
    await settle();
    expect(first.store.get()).toEqual({ loading: false, value: expect.objectContaining({ allCount: 7 }) });
    first.off();
    await settle();
    expect(host.unsubscribed).toEqual([]);

    // Back on the screen: the first render already has the cards.
    const again = reads.get(5, filterKey('a'), viewer);
    expect(again.get().loading).toBe(false);
    expect(again.get().value.allCount).toBe(7);
    const off = again.subscribe(() => undefined);
    await settle();
    expect(host.subscribed).toEqual(['a']);

    // Kept reads still follow the worker's changes.
    off();
    host.open.get(1)?.({ ...EMPTY_VISITORS_READ, allCount: 8 });
    expect(reads.get(5, filterKey('a'), viewer).get().value.allCount).toBe(8);
  });

  it(`keeps only the last ${KEPT_IDLE_READS} filters nobody shows and lets the worker forget the rest`, async () => {
    const host = fakeHost();
    const reads = new VisitorReads();
    reads.attach(host.api);
    const letters = ['a', 'b', 'c', 'd', 'e'];
    for (const q of letters) {
      const s = show(reads, q);
      await settle();
      s.off();
    }
    await settle();
    // a and b were left first; c, d and e are kept.
    expect(host.unsubscribed).toEqual([1, 2]);
    expect(reads.get(5, filterKey('a'), viewer).get().loading).toBe(true);
    expect(reads.get(5, filterKey('e'), viewer).get().loading).toBe(false);
    expect(host.open.size).toBe(KEPT_IDLE_READS);
  });

  it('forgets kept reads when the host goes (a logout), and the next visit asks again', async () => {
    const host = fakeHost();
    const reads = new VisitorReads();
    const detach = reads.attach(host.api);
    const s = show(reads, 'a');
    await settle();
    s.off();
    await detach();
    expect(host.open.size).toBe(0);
    const next = fakeHost();
    reads.attach(next.api);
    const store = reads.get(5, filterKey('a'), viewer);
    expect(store.get().loading).toBe(true);
    const off = store.subscribe(() => undefined);
    await settle();
    expect(next.subscribed).toEqual(['a']);
    expect(store.get().loading).toBe(false);
    off();
  });
});
