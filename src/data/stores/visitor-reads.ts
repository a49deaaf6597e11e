import { proxy, type Remote } from 'comlink';
import { EMPTY_VISITORS_READ, type VisitorsRead } from '../../../sync/views/visitors/read-model.ts';
import type { Viewer, VisitorsFilter } from '../../../sync/views/visitors/visitors.ts';
import type { SyncWorkerApi } from '../../../workers/api.ts';
import { ValueStore, type Loaded } from '../value-store.ts';

/**
 * The visitors screen's reads through the sync worker (issue 13: the page reads through the worker).
 * Each filter the screen shows is one subscription to the worker's read model, which answers with
 * the page of cards and the counts; the page no longer reads and prepares every visitor itself.
 *
 * `ready` turns true once the host has the database open (workers/host.ts: in the worker, or on
 * the page where no worker starts), and false again while a logout replaces it.
 *
 * A filter the screen stops showing stays subscribed among the last KEPT_IDLE_READS, so going back
 * to the visitors (from a profile, the event page, the tab bar) draws the cards in the first render
 * instead of a spinner and a round trip to the worker. Kept reads stay current: the worker still
 * sends each change. Only a few are kept because typing in the search makes a filter per pause.
 */

/** Idle filters kept answered, the most recently left first to go last. */
export const KEPT_IDLE_READS = 3;

class Read {
  readonly store = new ValueStore<Loaded<VisitorsRead>>({ loading: true, value: EMPTY_VISITORS_READ });
  listeners = 0;
  /** The worker's subscription id, once it answered; a promise while asking. */
  id: Promise<number> | null = null;

  constructor(
    readonly eventId: number,
    readonly filter: VisitorsFilter,
    readonly viewer: Viewer,
  ) {}
}

export class VisitorReads {
  readonly ready = new ValueStore<boolean>(false);
  private api: Remote<SyncWorkerApi> | null = null;
  private readonly reads = new Map<string, Read>();
  /** Keys of reads nobody shows, oldest first; each is still in `reads` and still subscribed. */
  private readonly idle = new Set<string>();

  /** The store of one page of one event's visitors; the worker is asked while a screen listens. */
  get(eventId: number, filterKey: string, viewer: Viewer): Pick<ValueStore<Loaded<VisitorsRead>>, 'get' | 'subscribe'> {
    const key = `${eventId}|${filterKey}|${viewer.userId ?? ''}|${viewer.countryCode ?? ''}|${viewer.cityId ?? ''}`;
    let read = this.reads.get(key);
    if (!read) {
      read = new Read(eventId, JSON.parse(filterKey) as VisitorsFilter, viewer);
      this.reads.set(key, read);
    }
    const r = read;
    return {
      get: r.store.get,
      subscribe: (listener) => {
        const off = r.store.subscribe(listener);
        // A screen may leave and come back with the same store (React's strict mode does).
        if (this.reads.get(key) !== r) this.reads.set(key, r);
        this.idle.delete(key);
        r.listeners++;
        if (r.listeners === 1) this.open(r);
        return () => {
          off();
          r.listeners--;
          if (r.listeners === 0) this.leave(key, r);
        };
      },
    };
  }

  private leave(key: string, r: Read) {
    this.idle.add(key);
    while (this.idle.size > KEPT_IDLE_READS) {
      const [oldest] = this.idle;
      if (oldest === undefined) break;
      this.idle.delete(oldest);
      const gone = this.reads.get(oldest);
      this.reads.delete(oldest);
      if (gone) void this.close(gone);
    }
    // Nothing to keep answered without a host: the next visit asks again.
    if (!this.api && this.idle.has(key)) {
      this.idle.delete(key);
      if (this.reads.get(key) === r) this.reads.delete(key);
    }
  }

  /** The host has the database open: screens read through it from now on. */
  attach(api: Remote<SyncWorkerApi>): () => Promise<void> {
    this.api = api;
    for (const r of this.reads.values()) if (r.listeners > 0) this.open(r);
    this.ready.set(true);
    return async () => {
      this.ready.set(false);
      // Each close takes the api before this forgets it.
      const closing = [...this.reads.values()].map((r) => this.close(r));
      this.api = null;
      // A logout or a new database: what was kept belongs to the one that is going.
      for (const key of this.idle) this.reads.delete(key);
      this.idle.clear();
      for (const r of this.reads.values()) r.store.set({ loading: true, value: r.store.get().value });
      await Promise.all(closing);
    };
  }

  private open(r: Read) {
    const api = this.api;
    if (!api || r.id) return;
    r.id = api.subscribeVisitors(
      r.eventId,
      r.filter,
      r.viewer,
      proxy((value: VisitorsRead) => r.store.set({ loading: false, value })),
    );
    r.id.catch((err: unknown) => {
      console.error('foyer: the visitors read failed', err);
      r.id = null;
      r.store.set({ loading: false, value: r.store.get().value });
    });
  }

  private async close(r: Read) {
    const id = r.id;
    r.id = null;
    const api = this.api;
    if (!id || !api) return;
    try {
      await api.unsubscribeVisitors(await id);
    } catch {
      // The worker is gone, and its subscriptions with it.
    }
  }
}
