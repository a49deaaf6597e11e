import type { SyncSnapshot } from '../sync/status.ts';

/**
 * The typed comlink API of workers/sync.worker.ts, declared once for both sides. The page wraps the
 * worker with `wrap<SyncWorkerApi>(worker)`; callbacks cross the boundary as `proxy(fn)`.
 */

export interface SyncWorkerStartOptions {
  /** '' or location.origin: the worker's fetches are same-origin, so the session cookie goes along. */
  baseUrl: string;
  /** The database name the page opened; both realms must use the same one. */
  dbName: string;
}

export interface SyncWorkerApi {
  /**
   * Opens the database and, once this worker holds the sync leadership among the open tabs, starts
   * the engine (replication, live stream, outbox drain). Resolves when the database is open, not
   * when leadership is won.
   */
  start(opts: SyncWorkerStartOptions): Promise<void>;
  /** Stops replicating and closes the database; the page calls it before wiping the database. */
  stop(): Promise<void>;
  /** Retries now instead of waiting for the backoff (forwarded to the leader from other tabs). */
  retry(): void;
  /** Pulls every collection again. */
  resync(): void;
  /**
   * Calls back with the sync status of whichever tab leads, at once with the last known value and
   * then on every change. The returned id is passed to unsubscribeStatus.
   */
  subscribeStatus(callback: (status: SyncSnapshot) => void): number;
  unsubscribeStatus(id: number): void;
}

/** Messages between the workers of different tabs of the same database. */
export type SyncControlMessage = { type: 'retry' } | { type: 'resync' };

export function syncControlChannel(dbName: string): string {
  return `foyer-sync-control:${dbName}`;
}

export function syncLeaderLock(dbName: string): string {
  return `foyer-sync-leader:${dbName}`;
}
