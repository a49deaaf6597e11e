import type { RxCollection } from 'rxdb';
import { map, type Observable } from 'rxjs';
import { COLLECTIONS, type MyEventDoc } from '../../contract/entities.ts';
import type { CollectionDef } from '../../contract/schema.ts';
import type { FoyerDatabase } from './database.ts';
import { modifyLocal, observeLocal, readLocal } from '../store/local.ts';
import type { PullReplication } from './replication.ts';
import { eventScopes, replicationKey, trimScopeRequests } from './scopes.ts';

/**
 * Event-scoped replications (sync/engine/scopes.ts): one per (collection, event) the user's my_events
 * picks, started and stopped as my_events changes. Leaving an event, or its feed answering 403 or
 * 404, stops that replication and forgets the event's documents.
 *
 * Forgetting must survive a crash halfway, or the device would keep people it may no longer see,
 * or resume a checkpoint past documents it deleted. So a local document records, per replication
 * key, its generation (part of the checkpoint's name: a new generation pulls from 0), the keys
 * whose documents the device may hold, and the keys being purged. A purge bumps the generation and
 * marks the key first, deletes the documents, then clears the mark; a purge left marked is finished
 * before anything else when the engine starts again.
 *
 * The same document says when each key last caught up with its feed (`synced`), so a screen can
 * tell "this event has no companies" from "not downloaded yet", and a door its last sync. Scopes
 * the device asks for itself (sync/engine/scopes.ts) are listed in another local document, which the
 * page writes and the engine follows.
 */

export const LOCAL_SCOPES = 'scopes';
export const LOCAL_SCOPE_REQUESTS = 'scope_requests';

export interface ScopesDoc {
  generations: Record<string, number>;
  held: string[];
  purging: string[];
  /** Key → epoch milliseconds of the last pull that found nothing more. */
  synced?: Record<string, number>;
}
const EMPTY: ScopesDoc = { generations: {}, held: [], purging: [], synced: {} };

export interface ScopeRequestsDoc {
  /** Key → epoch milliseconds of the latest request. */
  items: Record<string, number>;
}

const without = (list: readonly string[], key: string) => list.filter((k) => k !== key);
const withoutKey = (map: Readonly<Record<string, number>> | undefined, key: string) => Object.fromEntries(Object.entries(map ?? {}).filter(([k]) => k !== key));
const withKey = (list: readonly string[], key: string) => (list.includes(key) ? [...list] : [...list, key]);

function parseKey(key: string): { collection: string; eventId: number } | null {
  const [, collection, eventId] = /^([a-z_]+)@(\d+)$/.exec(key) ?? [];
  return collection && eventId ? { collection, eventId: Number(eventId) } : null;
}

export async function readScopes(db: FoyerDatabase): Promise<ScopesDoc> {
  return { ...EMPTY, ...((await readLocal<ScopesDoc>(db, LOCAL_SCOPES)) ?? {}) };
}

export function observeScopes(db: FoyerDatabase): Observable<ScopesDoc> {
  return observeLocal<ScopesDoc>(db, LOCAL_SCOPES).pipe(map((s) => ({ ...EMPTY, ...(s ?? {}) })));
}

/** The engine: this key's replication has caught up with its feed. */
export async function markScopeSynced(db: FoyerDatabase, key: string, at = Date.now()): Promise<void> {
  await modifyScopes(db, (s) => (s.held.includes(key) ? { ...s, synced: { ...s.synced, [key]: at } } : s));
}

/**
 * When each collection that is not an event scope first caught up on this device. The database is
 * the signed-in user's alone (signing out wipes it), so this is "since this user signed in here":
 * until `appointments` has caught up once, the device cannot know whom the user already meets, and
 * the screens must not offer to book somebody who may be booked already.
 */
export const LOCAL_CAUGHT_UP = 'caught_up';

export async function markCaughtUpOnce(db: FoyerDatabase, key: string, at = Date.now()): Promise<void> {
  const current = await readLocal<Record<string, number>>(db, LOCAL_CAUGHT_UP);
  if (current?.[key]) return;
  await modifyLocal<Record<string, number>>(db, LOCAL_CAUGHT_UP, {}, (d) => (d[key] ? d : { ...d, [key]: at }));
}

export function observeCaughtUp(db: FoyerDatabase): Observable<Record<string, number>> {
  return observeLocal<Record<string, number>>(db, LOCAL_CAUGHT_UP).pipe(map((d) => d ?? {}));
}

/** Asks for an event scope (sync/engine/scopes.ts): the engine replicates it while the request is kept. */
export async function requestScope(db: FoyerDatabase, collection: string, eventId: number, at = Date.now()): Promise<void> {
  const key = replicationKey(collection, eventId);
  await modifyLocal<ScopeRequestsDoc>(db, LOCAL_SCOPE_REQUESTS, { items: {} }, (r) => ({ items: trimScopeRequests({ ...r.items, [key]: at }) }));
}

/** Withdraws the request; the engine then forgets the event's documents of that collection. */
export async function releaseScope(db: FoyerDatabase, collection: string, eventId: number): Promise<void> {
  const key = replicationKey(collection, eventId);
  await modifyLocal<ScopeRequestsDoc>(db, LOCAL_SCOPE_REQUESTS, { items: {} }, (r) => ({ items: withoutKey(r.items, key) }));
}

export function observeScopeRequests(db: FoyerDatabase): Observable<Record<string, number>> {
  return observeLocal<ScopeRequestsDoc>(db, LOCAL_SCOPE_REQUESTS).pipe(map((r) => trimScopeRequests(r?.items ?? {})));
}

function modifyScopes(db: FoyerDatabase, fn: (s: ScopesDoc) => ScopesDoc): Promise<ScopesDoc> {
  return modifyLocal<ScopesDoc>(db, LOCAL_SCOPES, EMPTY, (s) => fn({ ...EMPTY, ...s }));
}

function collectionOf(db: FoyerDatabase, name: string): RxCollection | undefined {
  return (db.collections as unknown as Record<string, RxCollection | undefined>)[name];
}

/** Deletes every local document of one event in one collection; the server never hears of it. */
async function deleteEventDocs(db: FoyerDatabase, key: string): Promise<void> {
  const parsed = parseKey(key);
  const collection = parsed && collectionOf(db, parsed.collection);
  if (!parsed || !collection) return;
  await collection.find({ selector: { event_id: parsed.eventId } }).remove();
}

/** Forgets one event's documents; safe to call again for the same key. */
export async function purgeScope(db: FoyerDatabase, key: string): Promise<void> {
  await modifyScopes(db, (s) => ({ ...s, generations: { ...s.generations, [key]: (s.generations[key] ?? 0) + 1 }, purging: withKey(s.purging, key) }));
  await deleteEventDocs(db, key);
  await modifyScopes(db, (s) => ({ ...s, purging: without(s.purging, key), held: without(s.held, key), synced: withoutKey(s.synced, key) }));
}

export interface ScopedHost {
  db: FoyerDatabase;
  signal: AbortSignal;
  /**
   * The collections this run may start and forget; the others' documents are left alone. A guest's
   * run manages only the scopes open to guests, so a session that expired keeps the user's own.
   */
  manages?(collection: string): boolean;
  /** The user's my_events documents as stored now (none for a guest). */
  readMine(): Promise<MyEventDoc[]>;
  /** `busy` may have changed: the status counts scopes being matched as not caught up. */
  changed?(): void;
  /** Starts one event's replication; `onGone` is called when its feed answers 403 or 404. */
  start(def: CollectionDef, eventId: number, generation: number, onGone: () => void): PullReplication;
  /** Stops it and drops it from the engine's bookkeeping. */
  stop(replication: PullReplication): Promise<void>;
}

export class EventScopeManager {
  private readonly running = new Map<string, PullReplication>();
  /** Keys whose feed refused the user, with the refusal token (refusalToken) it refused at. */
  private readonly refused = new Map<string, string>();
  private queue: Promise<void> = Promise.resolve();
  private tasks = 0;
  /** A reconcile has run since the device's requests were known. */
  private matched = false;
  private latest: readonly MyEventDoc[] = [];
  /** Null until the requests document was read: reconciling without it would forget a door's tickets. */
  private requested: Readonly<Record<string, number>> | null = null;

  constructor(private readonly host: ScopedHost) {
    // Crash recovery comes before any replication starts.
    this.enqueue(() => this.finishPurges());
  }

  /**
   * my_events or the device's own requests changed: start and stop replications to match. Calls
   * run in order, each with my_events as stored when it runs, so a late notification can never
   * bring back an older list (which would forget and download an event again).
   */
  update(requested: Readonly<Record<string, number>>): void {
    this.requested = requested;
    this.enqueue(() => this.reconcile());
  }

  /**
   * my_events was just written: match it now rather than when its query notices, so nothing reads
   * "all caught up" in between while the scopes it calls for have not started.
   */
  recheck(): void {
    this.enqueue(() => this.reconcile());
  }

  /** Until the scopes match my_events and the device's requests, they cannot be caught up. */
  get busy(): boolean {
    return !this.matched || this.tasks > 0;
  }

  private manages(key: string): boolean {
    const parsed = parseKey(key);
    return !!parsed && (this.host.manages?.(parsed.collection) ?? true);
  }

  /** Resolves once every queued change has been carried out. */
  idle(): Promise<void> {
    return this.queue;
  }

  private enqueue(task: () => Promise<void>) {
    this.tasks++;
    this.host.changed?.();
    this.queue = this.queue
      .then(() => (this.host.signal.aborted ? undefined : task()))
      .catch((err: unknown) => {
        if (!this.host.signal.aborted) console.error('foyer sync: event scope update failed', err);
      })
      .finally(() => {
        this.tasks--;
        this.host.changed?.();
      });
  }

  private async finishPurges() {
    const scopes = await readScopes(this.host.db);
    for (const key of scopes.purging) {
      await deleteEventDocs(this.host.db, key);
      await modifyScopes(this.host.db, (s) => ({ ...s, purging: without(s.purging, key), held: without(s.held, key) }));
    }
  }

  private async reconcile() {
    const requested = this.requested;
    if (requested === null) return;
    try {
      await this.match(await this.host.readMine(), requested);
    } finally {
      // A failed attempt is logged; holding the status in "syncing" for it would help nobody.
      this.matched = true;
    }
  }

  private async match(mine: readonly MyEventDoc[], requested: Readonly<Record<string, number>>) {
    this.latest = mine;
    const wanted = eventScopes(mine);
    const wantedKeys = new Set<string>();
    for (const [collection, ids] of wanted) for (const id of ids) wantedKeys.add(replicationKey(collection, id));
    for (const key of Object.keys(requested)) wantedKeys.add(key);
    for (const key of [...wantedKeys]) if (!this.manages(key)) wantedKeys.delete(key);

    for (const [key, replication] of [...this.running]) {
      if (!wantedKeys.has(key)) await this.leave(key, replication);
    }
    // Documents of events left while the engine was not running.
    const scopes = await readScopes(this.host.db);
    for (const key of scopes.held) {
      if (!wantedKeys.has(key) && !this.running.has(key) && this.manages(key)) await purgeScope(this.host.db, key);
    }
    for (const key of [...this.refused.keys()]) if (!wantedKeys.has(key)) this.refused.delete(key);

    for (const key of wantedKeys) {
      if (this.running.has(key) || this.host.signal.aborted) continue;
      const parsed = parseKey(key);
      if (!parsed) throw new Error(`scope key ${key} does not parse, yet manages() kept it`);
      if (this.refused.get(key) === this.refusalToken(key, parsed.eventId)) continue;
      this.refused.delete(key);
      const def = COLLECTIONS.find((c) => c.name === parsed.collection) as CollectionDef | undefined;
      if (!def || !collectionOf(this.host.db, def.name)) continue;
      const current = await modifyScopes(this.host.db, (s) => ({ ...s, held: withKey(s.held, key) }));
      const replication = this.host.start(def, parsed.eventId, current.generations[key] ?? 0, () => {
        this.enqueue(async () => {
          if (this.running.get(key) !== replication) return;
          this.refused.set(key, this.refusalToken(key, parsed.eventId));
          await this.leave(key, replication);
        });
      });
      this.running.set(key, replication);
    }
  }

  private revOf(eventId: number): number {
    return this.latest.find((m) => m.event_id === eventId)?.rev ?? -1;
  }

  /** A refusal holds until my_events moves or the device asks for the scope again. */
  private refusalToken(key: string, eventId: number): string {
    return `${this.revOf(eventId)}:${this.requested?.[key] ?? ''}`;
  }

  private async leave(key: string, replication: PullReplication) {
    this.running.delete(key);
    await this.host.stop(replication);
    await purgeScope(this.host.db, key);
  }

  /** The engine run ends (sign-out, another user, stop): replications stop, documents stay. */
  async stopAll(): Promise<void> {
    await this.queue;
    const all = [...this.running.values()];
    this.running.clear();
    await Promise.all(all.map((r) => this.host.stop(r)));
  }
}
