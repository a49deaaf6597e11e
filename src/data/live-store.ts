import type { Observable, Subscription } from 'rxjs';
import type { FoyerDatabase } from '../../sync/engine/database.ts';
import { ValueStore, type Loaded } from './value-store.ts';

/**
 * A ValueStore fed by a live query only while a screen listens: the query starts with the first
 * listener and stops a little after the last one leaves (a screen re-rendering with the same store
 * must not restart a 10,000-document query). It follows the database the runtime has open, which
 * changes when a logout wipes it.
 */

/** A screen unmounting and the next one mounting within this time keep the query running. */
const LINGER_MS = 5000;

export class LiveStore<T> {
  private readonly store: ValueStore<Loaded<T>>;
  private sub: Subscription | null = null;
  private listeners = 0;
  private db: FoyerDatabase | null = null;
  private stopTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly source: (db: FoyerDatabase) => Observable<T>,
    private readonly initial: T,
    /** How long the query outlives its last listener; longer for reads that are costly to start. */
    private readonly lingerMs = LINGER_MS,
  ) {
    this.store = new ValueStore<Loaded<T>>({ loading: true, value: initial });
  }

  readonly get = (): Loaded<T> => this.store.get();

  readonly subscribe = (listener: () => void): (() => void) => {
    const unsubscribe = this.store.subscribe(listener);
    this.listeners++;
    if (this.stopTimer) {
      clearTimeout(this.stopTimer);
      this.stopTimer = null;
    }
    this.start();
    return () => {
      unsubscribe();
      this.listeners--;
      if (this.listeners === 0) this.stopTimer = setTimeout(() => this.stop(), this.lingerMs);
    };
  };

  /** The runtime opened a database (at start or after a wipe); null while none is open. */
  setDatabase(db: FoyerDatabase | null): void {
    if (db === this.db) return;
    this.stop();
    this.db = db;
    this.store.set({ loading: true, value: this.initial });
    if (this.listeners > 0) this.start();
  }

  private start() {
    if (this.sub || !this.db) return;
    this.sub = this.source(this.db).subscribe({
      next: (value) => this.store.set({ loading: false, value }),
      error: (err: unknown) => {
        console.error('foyer: a live query failed', err);
        this.store.set({ loading: false, value: this.initial });
      },
    });
  }

  private stop() {
    if (this.stopTimer) {
      clearTimeout(this.stopTimer);
      this.stopTimer = null;
    }
    this.sub?.unsubscribe();
    this.sub = null;
  }
}

/** LiveStores by key (an event id, a user id, a cache key), created on first use. */
export class LiveStoreMap<K, T> {
  private readonly stores = new Map<K, LiveStore<T>>();
  private db: FoyerDatabase | null = null;

  constructor(private readonly create: (key: K) => LiveStore<T>) {}

  get(key: K): LiveStore<T> {
    let store = this.stores.get(key);
    if (!store) {
      store = this.create(key);
      store.setDatabase(this.db);
      this.stores.set(key, store);
    }
    return store;
  }

  setDatabase(db: FoyerDatabase | null): void {
    this.db = db;
    for (const store of this.stores.values()) store.setDatabase(db);
  }
}
