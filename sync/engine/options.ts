import type { FoyerDatabase } from './database.ts';
import type { HeaderSource } from './http.ts';
import type { CacheSources } from '../store/caches.ts';
import type { RunTaskFactory } from './run-task.ts';

/** How a SyncEngine (engine.ts) reaches its server and paces itself; tests shorten the waits. */
export interface SyncEngineOptions {
  db: FoyerDatabase;
  /** '' for same-origin (the PWA), or the server's origin. */
  baseUrl: string;
  /** The read-through caches the areas declare (workers/caches.ts); the page asks for them by key. */
  caches: CacheSources;
  /** The areas' work for a signed-in run (workers/caches.ts RUN_TASKS), such as older chat pages. */
  tasks: readonly RunTaskFactory[];
  /** Node tests authenticate with a Bearer token; the PWA's worker sends its cookie instead. */
  headers?: HeaderSource;
  fetch?: typeof fetch;
  retryBaseMs?: number;
  retryMaxMs?: number;
  pullBatchSize?: number;
  /** No bytes on the live stream for this long means it is dead; the server sends keep-alives. */
  streamIdleTimeoutMs?: number;
  /** How often a guest's device pulls the public collections (it has no live stream). */
  guestPollMs?: number;
  /** A guest pulls on foreground() only if its last pull began longer ago than this. */
  guestForegroundMinMs?: number;
  requestTimeoutMs?: number;
  random?: () => number;
  /**
   * When this device last finished a sync, as it recorded it before (the sync status local document):
   * a reload without network then still says how fresh the local copy is, not "not synced yet".
   */
  lastSyncedAt?: number | null;
}
