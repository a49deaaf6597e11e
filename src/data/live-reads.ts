import type { Device, QueryRef } from './device.ts';
import { LiveStore } from './live-store.ts';

/**
 * Every live read of the page, one LiveStore per query and arguments, made on first use and kept for
 * the session: a screen asks `useDevice(query('ownTrip', eventId), NO_TRIP)` and two screens asking
 * the same query share one read in the worker. This replaces an area's own store class for reads
 * that need nothing else (issue 29, step 1); the runtime hands the device to this one registry
 * instead of to each area.
 *
 * The first caller's `initial` is the read's value until the worker answers; callers of one query
 * give the same one (a constant beside the view).
 */
export class LiveReads {
  private readonly stores = new Map<string, LiveStore<unknown>>();
  private device: Device | null = null;

  get<T>(ref: QueryRef<T>, initial: T, lingerMs?: number): LiveStore<T> {
    const key = `${ref.name}:${JSON.stringify(ref.args)}`;
    let store = this.stores.get(key) as LiveStore<T> | undefined;
    if (!store) {
      store = new LiveStore(ref, initial, lingerMs);
      store.setDevice(this.device);
      this.stores.set(key, store as LiveStore<unknown>);
    }
    return store;
  }

  setDevice(device: Device | null): void {
    this.device = device;
    for (const store of this.stores.values()) store.setDevice(device);
  }
}
