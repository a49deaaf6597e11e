import type { CacheEntry, CacheKey } from '../../../sync/store/caches.ts';
import type { QueuedCommand } from '../../../sync/store/overlay.ts';
import { query, type Device } from '../device.ts';
import { LiveStore, LiveStoreMap } from '../live-store.ts';

/**
 * The organiser's admin area (src/features/admin), read from the device like every screen: the
 * events documents (an organiser's copies carry the drafts and the team) and the queued admin
 * commands laid over them (sync/admin.ts). Every change is a command, so it is queued offline and
 * applied once; only picture uploads need the network.
 */
export class AdminStores {
  readonly commands = new LiveStore<(QueuedCommand & { code?: string })[]>(query('adminCommands'), []);
  /** Last answers of the organisers' online reads (sync/store/caches.ts admin_* keys). */
  readonly caches = new LiveStoreMap<CacheKey, CacheEntry<unknown> | null>((key) => new LiveStore(query('cache', key), null));

  setDevice(device: Device | null): void {
    this.commands.setDevice(device);
    this.caches.setDevice(device);
  }
}
