import { LegacyError, readCache, sourceOf, writeCache, type CacheSources } from '../store/caches.ts';
import type { FoyerDatabase, OutboxDoc } from './database.ts';
import { AbortedError, HttpError, NetworkError, type HttpOptions } from './http.ts';

/**
 * Keeps the read-through caches of sync/store/caches.ts fresh for one engine run. A key is fetched when
 * a screen asks for it (through the worker), again on every (re)connect of the live stream, and a
 * cache that folds a kind of command (the own profile, the user's profile edits) also after the
 * server applied one. Failures keep the last answer: a cache is a convenience, never the reason
 * the sync status turns red.
 */

export interface RefresherHost {
  db: FoyerDatabase;
  http: HttpOptions;
  /** What may be kept, as the areas declared it (workers/caches.ts). */
  sources: CacheSources;
  signal: AbortSignal;
  signedIn: boolean;
  /** The engine's clock, to order fetches against applied commands. */
  tick(): number;
  onUnauthorized(): Promise<void>;
}

export class CacheRefresher {
  /** Keys a screen has asked for during this run; refreshed again on every reconnect. */
  private readonly wanted = new Set<string>();
  private readonly inFlight = new Map<string, { again: boolean; task: Promise<void> }>();
  /** The clock when an applied command was last folded into each key's answer. */
  private readonly foldedAt = new Map<string, number>();

  constructor(private readonly host: RefresherHost) {
    // What folds the user's own commands is kept from the start: the screens show those edits.
    if (host.signedIn) this.refresh(Object.keys(host.sources).filter((kind) => host.sources[kind]?.folds));
  }

  refresh(keys: Iterable<string>): void {
    for (const key of keys) {
      const found = sourceOf(this.host.sources, key);
      if (!found || (found.source.needsUser && !this.host.signedIn)) continue;
      this.wanted.add(key);
      this.fetch(key);
    }
  }

  /** Everything asked for so far; the stream just (re)connected. */
  refreshWanted(): void {
    for (const key of this.wanted) this.fetch(key);
  }

  /**
   * The server applied these commands. Each is folded into the answer of every kept key that folds
   * its kind, before its outbox entry is settled and removed, so the screen never shows the old
   * value in between; the fetch that follows brings the server's exact values.
   */
  async applied(entries: readonly OutboxDoc[]): Promise<void> {
    for (const key of this.wanted) {
      const folds = sourceOf(this.host.sources, key)?.source.folds;
      if (!folds) continue;
      const mine = entries.filter((e) => e.kind === folds.kind).sort((a, b) => a.seq - b.seq);
      if (mine.length === 0) continue;
      this.foldedAt.set(key, this.host.tick());
      const cached = await readCache<unknown>(this.host.db, key);
      if (cached)
        await writeCache(
          this.host.db,
          key,
          mine.reduce((data, e) => folds.fold(data, e.payload), cached.data),
          cached.fetchedAt,
        );
      this.refresh([key]);
    }
  }

  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight.values()].map((f) => f.task));
  }

  private fetch(key: string) {
    const current = this.inFlight.get(key);
    if (current) {
      current.again = true;
      return;
    }
    const entry = { again: false, task: Promise.resolve() };
    this.inFlight.set(key, entry);
    entry.task = (async () => {
      try {
        do {
          entry.again = false;
          await this.fetchOnce(key, entry);
        } while (entry.again && !this.host.signal.aborted);
      } finally {
        this.inFlight.delete(key);
      }
    })();
  }

  private async fetchOnce(key: string, entry: { again: boolean }) {
    const { signal } = this.host;
    if (signal.aborted) return;
    const startedAt = this.host.tick();
    try {
      const found = sourceOf(this.host.sources, key);
      if (!found) return;
      const data = await found.source.fetch(this.host.http, found.arg, signal);
      if (signal.aborted) return;
      // An answer read before an edit was applied would put the old value back: ask again.
      if (startedAt < (this.foldedAt.get(key) ?? 0)) {
        entry.again = true;
        return;
      }
      await writeCache(this.host.db, key, data);
    } catch (err) {
      if (err instanceof AbortedError || signal.aborted) return;
      if (err instanceof HttpError && err.status === 401) {
        await this.host.onUnauthorized();
        return;
      }
      // Offline or the server down: the cached answer stays, and the next reconnect asks again.
      if (err instanceof NetworkError || (err instanceof HttpError && err.status >= 500)) return;
      if (err instanceof LegacyError) {
        console.warn(`foyer sync: ${key} answered ${err.code}`);
        return;
      }
      console.error(`foyer sync: refreshing ${key} failed`, err);
    }
  }
}
