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
 */

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
        if (!this.reads.has(key)) this.reads.set(key, r);
        r.listeners++;
        if (r.listeners === 1) this.open(r);
        return () => {
          off();
          r.listeners--;
          if (r.listeners === 0) {
            this.close(r);
            // A filter nobody shows is not kept: typing in the search makes many.
            this.reads.delete(key);
          }
        };
      },
    };
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
