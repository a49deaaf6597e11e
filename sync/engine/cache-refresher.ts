import type { ProfilePatch } from '../../contract/visitors.ts';
import { cacheNeedsUser, fetchCache, isCacheKey, LegacyError, readCache, writeCache, type CacheKey } from '../store/caches.ts';
import type { FoyerDatabase, OutboxDoc } from './database.ts';
import { AbortedError, HttpError, NetworkError, type HttpOptions } from './http.ts';
import { applyProfilePatch } from '../views/profile/profile.ts';

/**
 * Keeps the read-through caches of sync/store/caches.ts fresh for one engine run. A key is fetched when
 * a screen asks for it (through the worker), again on every (re)connect of the live stream, and
 * the own profile also after the server applied one of the user's profile edits. Failures keep
 * the last answer: a cache is a convenience, never the reason the sync status turns red.
 */

export interface RefresherHost {
  db: FoyerDatabase;
  http: HttpOptions;
  signal: AbortSignal;
  signedIn: boolean;
  /** The engine's clock, to order fetches against applied commands. */
  tick(): number;
  onUnauthorized(): Promise<void>;
}

export class CacheRefresher {
  /** Keys a screen has asked for during this run; refreshed again on every reconnect. */
  private readonly wanted = new Set<CacheKey>();
  private readonly inFlight = new Map<CacheKey, { again: boolean; task: Promise<void> }>();
  /** The clock when an applied profile edit was last folded into the cached profile. */
  private profileFoldedAt = 0;

  constructor(private readonly host: RefresherHost) {
    if (host.signedIn) this.refresh(['own_profile']);
  }

  refresh(keys: Iterable<string>): void {
    for (const key of keys) {
      if (!isCacheKey(key) || (cacheNeedsUser(key) && !this.host.signedIn)) continue;
      this.wanted.add(key);
      this.fetch(key);
    }
  }

  /** Everything asked for so far; the stream just (re)connected. */
  refreshWanted(): void {
    for (const key of this.wanted) this.fetch(key);
  }

  /**
   * The server applied these commands. Profile edits are folded into the cached profile at once,
   * before their outbox entries are settled and removed, so the profile never shows the old text
   * in between; the fetch that follows brings the server's exact values.
   */
  async applied(entries: readonly OutboxDoc[]): Promise<void> {
    const edits = entries.filter((e) => e.kind === 'profile.update').sort((a, b) => a.seq - b.seq);
    if (edits.length === 0) return;
    this.profileFoldedAt = this.host.tick();
    const cached = await readCache(this.host.db, 'own_profile');
    if (cached) {
      const profile = edits.reduce((p, e) => applyProfilePatch(p, e.payload as ProfilePatch), cached.data);
      await writeCache(this.host.db, 'own_profile', profile, cached.fetchedAt);
    }
    this.refresh(['own_profile']);
  }

  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight.values()].map((f) => f.task));
  }

  private fetch(key: CacheKey) {
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

  private async fetchOnce(key: CacheKey, entry: { again: boolean }) {
    const { signal } = this.host;
    if (signal.aborted) return;
    const startedAt = this.host.tick();
    try {
      const data = await fetchCache(this.host.http, key, signal);
      if (signal.aborted) return;
      // An answer read before an edit was applied would put the old profile back: ask again.
      if (key === 'own_profile' && startedAt < this.profileFoldedAt) {
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
