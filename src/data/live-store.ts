import type { Device, QueryRef } from './device.ts';
import { ValueStore, type Loaded } from './value-store.ts';

/**
 * A ValueStore fed by a live query only while a screen listens: the query starts with the first
 * listener and stops a little after the last one leaves (a screen re-rendering with the same store
 * must not restart a 10,000-document query). The query runs where the database is (device.ts); the
 * store follows the device the runtime has, which goes and comes back when a logout wipes it.
 */

/** A screen unmounting and the next one mounting within this time keep the query running. */
const LINGER_MS = 5000;

export class LiveStore<T> {
  private readonly store: ValueStore<Loaded<T>>;
  private unsubscribe: (() => void) | null = null;
  private listeners = 0;
  private device: Device | null = null;
  private stopTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly source: QueryRef<T>,
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

  /** The runtime has the device (at start or after a wipe); null while it has none. */
  setDevice(device: Device | null): void {
    if (device === this.device) return;
    this.stop();
    this.device = device;
    this.store.set({ loading: true, value: this.initial });
    if (this.listeners > 0) this.start();
  }

  private start() {
    if (this.unsubscribe || !this.device) return;
    this.unsubscribe = this.device.subscribe(
      this.source,
      (value) => this.store.set({ loading: false, value }),
      (err) => {
        console.error(`foyer: the ${this.source.name} query failed`, err);
        this.store.set({ loading: false, value: this.initial });
      },
    );
  }

  private stop() {
    if (this.stopTimer) {
      clearTimeout(this.stopTimer);
      this.stopTimer = null;
    }
    this.unsubscribe?.();
    this.unsubscribe = null;
  }
}

/** LiveStores by key (an event id, a user id, a cache key), created on first use. */
export class LiveStoreMap<K, T> {
  private readonly stores = new Map<K, LiveStore<T>>();
  private device: Device | null = null;

  constructor(private readonly create: (key: K) => LiveStore<T>) {}

  get(key: K): LiveStore<T> {
    let store = this.stores.get(key);
    if (!store) {
      store = this.create(key);
      store.setDevice(this.device);
      this.stores.set(key, store);
    }
    return store;
  }

  setDevice(device: Device | null): void {
    this.device = device;
    for (const store of this.stores.values()) store.setDevice(device);
  }
}
