import { combineLatest, map, of, type Subscription } from 'rxjs';
import type { RxCollection } from 'rxdb';
import { COLLECTIONS, type MyEventDoc } from '../../contract/entities.ts';
import { SYNC_PULL_DEFAULT_LIMIT, SYNC_PULL_MAX_LIMIT } from '../../contract/constants.ts';
import type { CollectionDef } from '../../contract/schema.ts';
import { CacheRefresher } from './cache-refresher.ts';
import type { FoyerDatabase } from './database.ts';
import { DrainLoop, settleApplied } from './drain.ts';
import { pollLoop, streamLoop, type LiveHost } from './live-stream.ts';
import type { SyncEngineOptions } from './options.ts';
import type { RunTask } from './run-task.ts';
import { unsentSelector } from './outbox.ts';
import { replicationIdentifier, startPullReplication, type PullPacker, type PullReplication } from './replication.ts';
import { packerFor } from './visitor-pages.ts';
import { EventScopeManager, markCaughtUpOnce, markScopeSynced, observeScopeRequests } from './scoped.ts';
import { EVENT_SCOPE_NEEDS_USER, scopeOf } from './scopes.ts';
import type { SessionDoc } from './session.ts';
import type { FailureSource, SyncEvent } from './status.ts';

/*
 * One run of the sync engine (engine.ts): everything it started for one session — the pull
 * replications, the event scopes, the live stream or a guest's polling, the outbox drain and the
 * settling of applied commands — so that a change of user stops all of it at once. The run owns
 * its loops and its state; the engine only starts and stops runs, keeps the status and the backoff
 * that outlive them, and answers what the run reports (RunHost).
 */

/** What a run asks of the engine that started it: the status, the backoff, the session, the clock. */
export interface RunHost extends LiveHost {
  readonly db: FoyerDatabase;
  readonly opts: SyncEngineOptions;
  /** A number that grows with every request and answer, to order them against each other. */
  tick(): number;
  /** The server answered 'applied' for these outbox entries, now (kept by the engine across runs). */
  applied(ids: readonly string[]): void;
  /** Outbox id → tick of its 'applied' answer, for settling; entries of earlier runs count as 0. */
  readonly appliedAt: Map<string, number>;
  /** The run is still the engine's current one (a report of a stopped run changes nothing). */
  isCurrent(run: SyncRun): boolean;
  dispatch(event: SyncEvent): void;
  succeeded(source: FailureSource): void;
  failed(source: FailureSource, err: unknown, signal: AbortSignal): Promise<void>;
  unauthorized(): Promise<void>;
}

export class SyncRun {
  readonly controller = new AbortController();
  readonly caches: CacheRefresher;
  /** Public and user-scoped replications, and the event-scoped ones running now. */
  replications: PullReplication[] = [];
  scopes: EventScopeManager | null = null;
  /** A guest run: when its last round of pulls began (device time), for foreground(). */
  polledAt: number | null = null;
  private readonly progressOf = new Map<PullReplication, Progress>();
  /** Replication key → tick at which its last pull that found nothing more had started. */
  private readonly caughtUpAt = new Map<string, number>();
  /** Device time of the newest catch-up that is written; "synced" once nothing is behind. */
  private lastCaughtUpAt: number | null = null;
  /** The areas' own work for a signed-in run (RunTask); none for a guest. */
  private tasks: RunTask[] = [];
  /** Applied profile edits being folded into the cached profile; settling waits for it. */
  private foldingTask: Promise<void> = Promise.resolve();
  private readonly subs: Subscription[] = [];
  private streamTask: Promise<void> = Promise.resolve();
  private readonly drain: DrainLoop;
  private settling: Promise<void> = Promise.resolve();

  constructor(
    private readonly host: RunHost,
    readonly session: SessionDoc,
    requestedCaches: Iterable<string>,
  ) {
    const signal = this.controller.signal;
    this.caches = new CacheRefresher({
      db: host.db,
      http: host.http,
      sources: host.opts.caches,
      signal,
      signedIn: this.userId !== null,
      tick: () => host.tick(),
      onUnauthorized: () => this.unauthorized(),
    });
    this.caches.refresh(requestedCaches);
    this.drain = new DrainLoop({
      db: host.db,
      http: host.http,
      signal,
      report: host,
      unauthorized: () => this.unauthorized(),
      onApplied: (ids, entries) => {
        host.applied(ids);
        // The server applied them: their documents come back with the next pull.
        for (const r of this.replications) r.resync();
        this.foldingTask = this.foldingTask
          .then(() => this.caches.applied(entries))
          .catch((err: unknown) => console.error('foyer sync: folding applied edits failed', err));
      },
    });
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Applied edits being folded into the caches; settling removes an entry only after its fold. */
  get folding(): Promise<void> {
    return this.foldingTask;
  }

  /** The signed-in user, or null for a guest and an ended session. */
  get userId(): number | null {
    return this.session.user && !this.session.ended ? this.session.user.id : null;
  }

  /** Starts the replications, the scopes, the areas' tasks, the live stream and the outbox's drain. */
  start(): void {
    const { db } = this.host;
    const userId = this.userId;
    for (const def of COLLECTIONS) {
      const scope = scopeOf(def.name);
      if (scope === 'event' || (scope === 'user' && userId === null)) continue;
      // Node tests simulating several devices open only some collections (sync/engine/database.ts).
      if (!(db.collections as unknown as Record<string, RxCollection | undefined>)[def.name]) continue;
      this.replications.push(this.startReplication(def, { identifier: replicationIdentifier(def, this.host.opts.baseUrl, userId) }));
    }
    // A guest's device too: the companies of the events opened on it are open to guests.
    const myEvents = userId === null ? undefined : (db.collections as Partial<typeof db.collections>).my_events;
    const scopes = new EventScopeManager({
      db,
      signal: this.signal,
      manages: (collection) => userId !== null || !EVENT_SCOPE_NEEDS_USER.has(collection),
      readMine: async () => (myEvents ? (await myEvents.find().exec()).map((d) => d.toJSON() as MyEventDoc) : []),
      changed: () => this.reportProgress(),
      start: (def, eventId, generation, onGone) => {
        const r = this.startReplication(def, {
          identifier: replicationIdentifier(def, this.host.opts.baseUrl, userId, { eventId, generation }),
          eventId,
          onScopeGone: onGone,
        });
        this.replications.push(r);
        return r;
      },
      stop: async (r) => {
        this.replications = this.replications.filter((x) => x !== r);
        this.progressOf.delete(r);
        this.caughtUpAt.delete(r.key);
        await r.cancel();
        // One replication fewer may be all that applied commands, and "up to date", were waiting
        // for: a feed that refused the user never catches up.
        this.reportProgress();
        this.settleLater();
      },
    });
    this.scopes = scopes;
    this.reportProgress();
    // The manager reads my_events itself when it reconciles; the query only says when to.
    const mineChanged$ = myEvents ? myEvents.find().$.pipe(map(() => null)) : of(null);
    this.subs.push(combineLatest([mineChanged$, observeScopeRequests(db)]).subscribe(([, requested]) => scopes.update(requested)));
    if (userId !== null) {
      const taskHost = { db, http: this.host.http, signal: this.signal, onUnauthorized: () => this.unauthorized() };
      this.tasks = this.host.opts.tasks.flatMap((make) => make(taskHost) ?? []);
      for (const task of this.tasks) this.subs.push(task.follow());
    }
    this.streamTask = userId === null ? pollLoop(this.host, this) : streamLoop(this.host, this);
    this.subs.push(
      db.outbox.find({ selector: unsentSelector() }).$.subscribe((docs) => {
        this.host.dispatch({ type: 'pending', count: docs.length });
        if (docs.length > 0) this.requestDrain();
      }),
    );
  }

  /** Stops everything the run started and waits for its loops to end. */
  async stop(): Promise<void> {
    this.controller.abort();
    for (const s of this.subs) s.unsubscribe();
    await this.scopes?.stopAll();
    await Promise.all(this.replications.map((r) => r.cancel()));
    await Promise.allSettled([this.streamTask, this.drain.done, this.settling]);
  }

  /** Sends the outbox now, or once more after the drain under way. */
  requestDrain(): void {
    if (!this.session.user || this.session.ended) return;
    this.drain.request();
  }

  /** Pulls again every replication (of these collections, when named). */
  resync(collections?: readonly string[]): void {
    for (const r of this.replications) if (!collections || collections.includes(r.name)) r.resync();
  }

  /** The live stream (re)connected: what changed meanwhile is unknown, so everything is asked again. */
  reconnected(): void {
    this.resync();
    this.caches.refreshWanted();
    for (const task of this.tasks) task.reconnected();
    this.requestDrain();
  }

  /** A guest's round of pulls, in place of the live stream's hints. */
  poll(): void {
    this.polledAt = Date.now();
    this.resync();
    this.caches.refreshWanted();
  }

  /** A live hint named these collections, of these events (null: any event). */
  hinted(names: readonly string[], events: ReadonlySet<number> | null): void {
    for (const r of this.replications) {
      // A hint naming events wakes only those events' replications of an event-scoped collection.
      if (names.includes(r.name) && (events === null || r.eventId === undefined || events.has(r.eventId))) r.resync();
    }
    for (const task of this.tasks) task.hinted(names, events);
  }

  /** Resolves once every replication has written what its last pull brought. */
  async inSync(): Promise<void> {
    await this.scopes?.idle();
    await Promise.all(this.replications.map((r) => r.state.awaitInSync()));
  }

  /** Resolves once the scopes match my_events and the caches and tasks asked for are done. */
  async scopesIdle(): Promise<void> {
    // my_events may have been written a moment ago, before its query told the scope manager.
    this.scopes?.recheck();
    await this.scopes?.idle();
    await this.caches.idle();
    await Promise.all(this.tasks.map((task) => task.idle()));
  }

  /** The session was refused; a stopped run has nothing left to say about it. */
  unauthorized(): Promise<void> {
    if (this.signal.aborted) return Promise.resolve();
    return this.host.unauthorized();
  }

  private startReplication(def: CollectionDef, opts: { identifier: string; eventId?: number; onScopeGone?: () => void }): PullReplication {
    const { host } = this;
    const collection = (host.db.collections as unknown as Record<string, RxCollection | undefined>)[def.name];
    if (!collection) throw new Error(`the local database has no collection ${def.name}`);
    const progress: Progress = { requests: 0, inSync: false };
    // The hooks run only once the replication has started, after `replication` is assigned.
    const replication: PullReplication = startPullReplication(
      collection,
      def,
      {
        http: host.http,
        signal: this.signal,
        tick: () => host.tick(),
        onRequest: (active) => {
          if (active) {
            progress.requests++;
            if (progress.inSync) {
              progress.inSync = false;
              this.reportProgress();
            }
          }
          host.dispatch({ type: active ? 'request_started' : 'request_ended' });
        },
        onSuccess: () => host.succeeded('pull'),
        onCaughtUp: (_key, startedAt) => this.caughtUp(replication, progress, startedAt),
        onFailure: (err, replicationSignal) => host.failed('pull', err, replicationSignal),
        onUnauthorized: () => this.unauthorized(),
        ...(opts.onScopeGone ? { onScopeGone: opts.onScopeGone } : {}),
      },
      {
        identifier: opts.identifier,
        eventId: opts.eventId,
        ...(def.name === 'visitors' && opts.eventId !== undefined
          ? { packer: packVisitors(collection, opts.identifier, opts.eventId), batchSize: packedBatchSize(host.opts.pullBatchSize) }
          : { batchSize: host.opts.pullBatchSize }),
      },
    );
    this.progressOf.set(replication, progress);
    return replication;
  }

  private caughtUp(r: PullReplication, progress: Progress, startedAt: number) {
    if (this.signal.aborted) return;
    const { db } = this.host;
    const key = r.key;
    this.caughtUpAt.set(key, Math.max(this.caughtUpAt.get(key) ?? 0, startedAt));
    // The pull's documents are written after this call returns; until then the device does not
    // hold them, and a user who walks into a hall with no signal would find an empty screen.
    const request = progress.requests;
    const at = Date.now();
    void whenWritten(r).then((written) => {
      if (!written || this.signal.aborted) return;
      // Event scopes say when they last caught up, for "not downloaded yet" and a door's last sync.
      if (key.includes('@')) markScopeSynced(db, key, at).catch((err: unknown) => console.error('foyer sync: recording a scope sync failed', err));
      // The others say when they first caught up, so a screen knows when "none" means none.
      else markCaughtUpOnce(db, key, at).catch((err: unknown) => console.error('foyer sync: recording a first sync failed', err));
      this.lastCaughtUpAt = Math.max(this.lastCaughtUpAt ?? 0, at);
      // my_events as written may call for event scopes that have not started: match them before
      // anything counts as caught up.
      if (r.name === 'my_events') this.scopes?.recheck();
      // A request that began meanwhile has not caught up yet; its own answer will say so.
      if (progress.requests === request) progress.inSync = true;
      this.reportProgress();
    });
    this.settleLater();
  }

  /**
   * Tells the status how many replications that should run are not caught up yet, the scopes
   * still being matched to my_events counting as one; with none behind, the device is synced as
   * of its newest catch-up.
   */
  private reportProgress() {
    if (this.signal.aborted || !this.host.isCurrent(this)) return;
    const scopesBusy = this.scopes?.busy ?? true;
    const behind = this.replications.filter((r) => !this.progressOf.get(r)?.inSync).length + (scopesBusy ? 1 : 0);
    this.host.dispatch({ type: 'catching_up', count: behind });
    if (behind === 0 && this.lastCaughtUpAt !== null) this.host.dispatch({ type: 'pulled', at: this.lastCaughtUpAt });
  }

  /** Removes the applied outbox entries whose documents every replication has pulled since. */
  private settleLater() {
    this.settling = this.settling.then(() => settleApplied(this.host.db, this, this.caughtUpAt, this.host.appliedAt)).catch(() => undefined);
  }
}

/** How far one replication has come, for the status. */
interface Progress {
  /** Grows with every request, so a write that ends after a newer request began proves nothing. */
  requests: number;
  /** Its last pull found nothing more on the server and what it brought is written. */
  inSync: boolean;
}

/** Resolves true once the replication has written what its pulls brought, false if it is cancelled first. */
function whenWritten(r: PullReplication): Promise<boolean> {
  return new Promise((resolve) => {
    // canceled$ completes on cancel, so this subscription cannot outlive the replication.
    const sub = r.state.canceled$.subscribe((canceled) => {
      if (canceled) resolve(false);
    });
    r.state.awaitInSync().then(
      () => {
        sub.unsubscribe();
        resolve(!r.state.isStopped());
      },
      () => {
        sub.unsubscribe();
        resolve(false);
      },
    );
  });
}

/**
 * Packed, a page of people costs the device one write however long it is, so the visitors feed is
 * asked for in pages four times the others' (2,000 people by default, the server's most): on a
 * slow link a first sync of a big event was a chain of round trips more than of bytes.
 */
function packedBatchSize(batch = SYNC_PULL_DEFAULT_LIMIT): number {
  return Math.min(batch * 4, SYNC_PULL_MAX_LIMIT);
}

/** The visitors feed folded into pages (sync/engine/visitor-pages.ts). */
function packVisitors(collection: RxCollection, identifier: string, eventId: number): () => Promise<PullPacker> {
  return () => packerFor(collection, identifier, eventId) as unknown as Promise<PullPacker>;
}
