import type { SyncSnapshot } from '../../sync/engine/status.ts';
import { ValueStore } from './value-store.ts';

/** How long a first "synced" waits for the event lists its pages changed. */
const FIRST_SYNC_VIEWS_WAIT_MS = 500;

/**
 * Whether the device is still on its way to its first finished sync: an empty list then means "not
 * here yet", not "there is none" (hooks.ts, useFirstSyncPending). It follows the worker's status,
 * and ends only once the event lists of the last pages have reached the page too.
 */
export class FirstSyncGate {
  readonly pending = new ValueStore<boolean>(true);
  /** Set between the first "synced" and the event lists that follow it. */
  private awaitingViews: ReturnType<typeof setTimeout> | null = null;

  follow({ state, lastSyncedAt, error }: SyncSnapshot): void {
    if (lastSyncedAt === null) {
      this.stopWaiting();
      // "Offline" with no failure is the engine before its start (it reports that first), and "idle"
      // before any sync the pause between the first pages and the engine's "all pulled"; a network
      // that is down always carries its error, and then an empty list is the truth the device has.
      this.pending.set(error === null && state !== 'error');
      return;
    }
    if (!this.pending.get() || this.awaitingViews) return;
    // The worker's "synced" can overtake the lists its last pages changed: a guest's home drew "no
    // upcoming events" for that moment and then moved every card below when the events came. Wait
    // for the next lists, briefly: when they came first, nothing else is on its way.
    this.awaitingViews = setTimeout(() => this.end(), FIRST_SYNC_VIEWS_WAIT_MS);
  }

  /** The event lists reached the page: a "synced" waiting for them is over. */
  viewsArrived(): void {
    if (this.awaitingViews) this.end();
  }

  end(): void {
    this.stopWaiting();
    this.pending.set(false);
  }

  private stopWaiting(): void {
    if (this.awaitingViews) clearTimeout(this.awaitingViews);
    this.awaitingViews = null;
  }
}
