import { BehaviorSubject, combineLatest, distinctUntilChanged, map, of, type Observable, type Subscription } from 'rxjs';
import type { RxCollection } from 'rxdb';
import { SYNC_GUEST_FOREGROUND_MIN_MS, SYNC_RETRY_BASE_MS, SYNC_RETRY_MAX_MS } from '../../contract/constants.ts';
import { COLLECTIONS, type MyEventDoc } from '../../contract/entities.ts';
import type { CollectionDef } from '../../contract/schema.ts';
import { CacheRefresher } from './cache-refresher.ts';
import { HttpError, NetworkError, serverClockOffset, type HttpOptions } from './http.ts';
import type { SyncEngineOptions } from './options.ts';
import { newRun, Waker, whenWritten, type Progress, type Run } from './run.ts';
import { ServerClock } from './server-clock.ts';
import { unsentSelector } from './outbox.ts';
import { replicationIdentifier, startPullReplication, type PullReplication } from './replication.ts';
import { EventScopeManager, markCaughtUpOnce, markScopeSynced, observeScopeRequests } from './scoped.ts';
import { EVENT_SCOPE_NEEDS_USER, scopeOf } from './scopes.ts';
import { GUEST_SESSION, endSession, observeSessionDoc, readSession, type SessionDoc } from './session.ts';
import { pollLoop, streamLoop, type LiveHost } from './live-stream.ts';
import { requestDrain, settleApplied, type DrainHost } from './drain.ts';
import { INITIAL_MACHINE, backoffDelay, reduce, retryDelay, sameSnapshot, snapshot, type FailureSource, type SyncEvent, type SyncSnapshot } from './status.ts';

/**
 * The sync engine: pull replications per collection, the live hint stream that triggers them, the
 * outbox drain and the status. No React and no worker APIs, so the worker runs it for the app and
 * node tests run it against a real server. It follows the session local document: a guest
 * replicates only public collections and sends nothing; a 401 ends the session and the engine
 * carries on as a guest. The live stream takes a session, so a guest's device pulls on an interval
 * (SYNC_GUEST_POLL_MS) and whenever the app comes back to the foreground or the network returns.
 *
 * A signed-in user also gets the user-scoped collections and, per sync/engine/scopes.ts, one replication
 * per (event-scoped collection, event) for the events my_events picks or the device asks for
 * (sync/engine/scoped.ts starts and stops them; a guest gets those open to guests). The read-through
 * caches of legacy calls (each area declares its own, workers/caches.ts merges them) are refreshed
 * here too, so the page never does the network work itself.
 */

export class SyncEngine {
  private machine = INITIAL_MACHINE;
  private readonly statusSubject = new BehaviorSubject<SyncSnapshot>(snapshot(INITIAL_MACHINE));
  readonly status$: Observable<SyncSnapshot> = this.statusSubject.asObservable();
  private readonly waker = new Waker();
  /** Wakes a guest run's poll early (foreground, network back); separate so it never cuts a backoff. */
  private readonly pollWaker = new Waker();
  private readonly http: HttpOptions;
  private readonly liveHost: LiveHost;
  private readonly drainHost: DrainHost;
  private run: Run | null = null;
  private sessionSub: Subscription | null = null;
  private queue: Promise<void> = Promise.resolve();
  private attempts: Partial<Record<FailureSource, number>> = {};
  private clock = 0;
  /** Outbox id → clock when the server answered 'applied'; entries applied in an earlier run count as 0. */
  private readonly appliedAt = new Map<string, number>();
  /** Replication key → clock at which its last pull that found nothing more had started. */
  private readonly caughtUpAt = new Map<string, number>();
  /** Cache keys asked for since the engine started; a new run (another session) fetches them too. */
  private readonly requestedCaches = new Set<string>();

  constructor(private readonly opts: SyncEngineOptions) {
    const serverClock = new ServerClock(opts.db);
    if (opts.lastSyncedAt) {
      this.machine = { ...INITIAL_MACHINE, lastSyncedAt: opts.lastSyncedAt };
      this.statusSubject.next(snapshot(this.machine));
    }
    const base = opts.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
    // Every answer tells the server's time; the notification clock needs it to compare its own
    // "now" with the server's request dates on a device whose clock is off (workers/clock.ts).
    const timed: typeof fetch = async (input, init) => {
      const sentAt = Date.now();
      const res = await base(input, init);
      serverClock.note(serverClockOffset(res.headers.get('date'), sentAt, Date.now()));
      return res;
    };
    this.http = { baseUrl: opts.baseUrl, headers: opts.headers, fetch: timed, timeoutMs: opts.requestTimeoutMs };
    // What the live stream and the drain report back: the status, the backoff, a lost session.
    const reports = {
      http: this.http,
      dispatch: (event: SyncEvent) => this.dispatch(event),
      succeeded: (source: FailureSource) => this.succeeded(source),
      failed: (source: FailureSource, err: unknown, signal: AbortSignal) => this.failed(source, err, signal),
      unauthorized: (run: Run) => this.unauthorized(run),
    };
    this.liveHost = {
      ...reports,
      opts,
      waker: this.waker,
      pollWaker: this.pollWaker,
      requestDrain: (run) => this.requestDrain(run),
      resetAttempts: () => {
        this.attempts = {};
      },
    };
    this.drainHost = {
      ...reports,
      db: opts.db,
      applied: (ids) => {
        for (const id of ids) this.appliedAt.set(id, this.clock);
      },
    };
  }

  get status(): SyncSnapshot {
    return this.statusSubject.getValue();
  }

  /** Starts following the session document; every change of user restarts replication for that scope. */
  start(): void {
    if (this.sessionSub) return;
    this.sessionSub = observeSessionDoc(this.opts.db)
      .pipe(
        map((s) => s ?? GUEST_SESSION),
        distinctUntilChanged((a, b) => a.user?.id === b.user?.id && a.ended === b.ended),
      )
      .subscribe((session) => {
        this.queue = this.queue
          .then(() => this.restart(session))
          .catch((err: unknown) => {
            // Nothing above would hear about it; the status at least must not claim all is well.
            console.error('foyer sync: restart failed', err);
            this.dispatch({ type: 'failed', source: 'pull', failure: { code: 'unknown_error', retryAt: null, network: false } });
          });
      });
  }

  async stop(): Promise<void> {
    this.sessionSub?.unsubscribe();
    this.sessionSub = null;
    this.queue = this.queue.then(() => this.stopRun());
    await this.queue;
    this.dispatch({ type: 'stop' });
  }

  /** Retries now whatever waits for its backoff, and pulls everything again. */
  retry(): void {
    this.attempts = {};
    this.waker.wake();
    // A guest's poll pulls everything and refreshes the caches; anyone else pulls everything here.
    if (this.run?.polledAt != null) this.pollWaker.wake();
    else this.resync();
    if (this.run) this.requestDrain(this.run);
  }

  /** Pulls every replicated collection again (RESYNC); an event-scoped name pulls all its events. */
  resync(collections?: readonly string[]): void {
    for (const r of this.run?.replications ?? []) if (!collections || collections.includes(r.name)) r.resync();
  }

  /**
   * The app came back to the foreground. A signed-in device's live stream has kept it current; a
   * guest's device pulls now, unless it did a moment ago (a tab switched back and forth).
   */
  foreground(): void {
    const run = this.run;
    if (!run || run.polledAt === null) return;
    if (Date.now() - run.polledAt >= (this.opts.guestForegroundMinMs ?? SYNC_GUEST_FOREGROUND_MIN_MS)) this.pollWaker.wake();
  }

  /**
   * Fetches these read-through caches now (keys of workers/caches.ts), and again on every reconnect for
   * the rest of this run. Keys that need a session are ignored for a guest.
   */
  refresh(keys: readonly string[]): void {
    for (const k of keys) this.requestedCaches.add(k);
    this.run?.caches.refresh(keys);
  }

  /** Resolves once every replication has written what its last pull brought. */
  async awaitInSync(): Promise<void> {
    await this.followSession();
    await this.run?.scopes?.idle();
    await Promise.all((this.run?.replications ?? []).map((r) => r.state.awaitInSync()));
  }

  /** Resolves once the event-scoped replications match my_events and the caches asked for are fetched. */
  async awaitScopes(): Promise<void> {
    await this.followSession();
    // my_events may have been written a moment ago, before its query told the scope manager.
    this.run?.scopes?.recheck();
    await this.run?.scopes?.idle();
    await this.run?.caches.idle();
    await Promise.all((this.run?.tasks ?? []).map((task) => task.idle()));
  }

  /** The keys of the replications running now (`events`, `visitors@42`…), for tests and diagnostics. */
  get replicationKeys(): string[] {
    return (this.run?.replications ?? []).map((r) => r.key);
  }

  private dispatch(event: SyncEvent) {
    this.machine = reduce(this.machine, event);
    const next = snapshot(this.machine);
    if (!sameSnapshot(next, this.statusSubject.getValue())) this.statusSubject.next(next);
  }

  private async restart(session: SessionDoc) {
    await this.stopRun();
    const userId = session.user && !session.ended ? session.user.id : null;
    const controller = new AbortController();
    const signal = controller.signal;
    // The refresher's callbacks run after `run` exists: the first fetch answers asynchronously.
    const caches = new CacheRefresher({
      db: this.opts.db,
      http: this.http,
      sources: this.opts.caches,
      signal,
      signedIn: userId !== null,
      tick: () => ++this.clock,
      onUnauthorized: () => this.unauthorized(run),
    });
    caches.refresh(this.requestedCaches);
    const run = newRun(session, controller, caches);
    this.run = run;
    this.attempts = {};
    this.caughtUpAt.clear();
    this.dispatch({ type: 'start' });
    if (session.ended) this.dispatch({ type: 'session_ended' });
    for (const def of COLLECTIONS) {
      const scope = scopeOf(def.name);
      if (scope === 'event' || (scope === 'user' && userId === null)) continue;
      // Node tests simulating several devices open only some collections (sync/engine/database.ts).
      if (!(this.opts.db.collections as unknown as Record<string, RxCollection | undefined>)[def.name]) continue;
      run.replications.push(this.startReplication(run, def, { identifier: replicationIdentifier(def, this.opts.baseUrl, userId) }));
    }
    // A guest's device too: the companies of the events opened on it are open to guests.
    const myEvents = userId === null ? undefined : (this.opts.db.collections as Partial<typeof this.opts.db.collections>).my_events;
    const scopes = new EventScopeManager({
      db: this.opts.db,
      signal,
      manages: (collection) => userId !== null || !EVENT_SCOPE_NEEDS_USER.has(collection),
      readMine: async () => (myEvents ? (await myEvents.find().exec()).map((d) => d.toJSON() as MyEventDoc) : []),
      changed: () => this.progress(run),
      start: (def, eventId, generation, onGone) => {
        const r = this.startReplication(run, def, {
          identifier: replicationIdentifier(def, this.opts.baseUrl, userId, { eventId, generation }),
          eventId,
          onScopeGone: onGone,
        });
        run.replications.push(r);
        return r;
      },
      stop: async (r) => {
        run.replications = run.replications.filter((x) => x !== r);
        run.progress.delete(r);
        this.caughtUpAt.delete(r.key);
        await r.cancel();
        // One replication fewer may be all that applied commands, and "up to date", were waiting
        // for: a feed that refused the user never catches up.
        this.progress(run);
        run.settling = run.settling.then(() => this.settle(run)).catch(() => undefined);
      },
    });
    run.scopes = scopes;
    this.progress(run);
    // The manager reads my_events itself when it reconciles; the query only says when to.
    const mineChanged$ = myEvents ? myEvents.find().$.pipe(map(() => null)) : of(null);
    run.subs.push(combineLatest([mineChanged$, observeScopeRequests(this.opts.db)]).subscribe(([, requested]) => scopes.update(requested)));
    if (userId !== null) {
      const host = { db: this.opts.db, http: this.http, signal, onUnauthorized: () => this.unauthorized(run) };
      run.tasks = this.opts.tasks.flatMap((make) => make(host) ?? []);
      for (const task of run.tasks) run.subs.push(task.follow());
    }
    run.streamTask = userId === null ? pollLoop(this.liveHost, run) : streamLoop(this.liveHost, run);
    run.subs.push(
      this.opts.db.outbox.find({ selector: unsentSelector() }).$.subscribe((docs) => {
        this.dispatch({ type: 'pending', count: docs.length });
        if (docs.length > 0) this.requestDrain(run);
      }),
    );
  }

  private startReplication(run: Run, def: CollectionDef, opts: { identifier: string; eventId?: number; onScopeGone?: () => void }): PullReplication {
    const signal = run.controller.signal;
    const collection = (this.opts.db.collections as unknown as Record<string, RxCollection | undefined>)[def.name];
    if (!collection) throw new Error(`the local database has no collection ${def.name}`);
    const progress: Progress = { requests: 0, inSync: false };
    // The hooks run only once the replication has started, after `replication` is assigned.
    const replication: PullReplication = startPullReplication(
      collection,
      def,
      {
        http: this.http,
        signal,
        tick: () => ++this.clock,
        onRequest: (active) => {
          if (active) {
            progress.requests++;
            if (progress.inSync) {
              progress.inSync = false;
              this.progress(run);
            }
          }
          this.dispatch({ type: active ? 'request_started' : 'request_ended' });
        },
        onSuccess: () => this.succeeded('pull'),
        onCaughtUp: (_key, startedAt) => this.caughtUp(run, replication, progress, startedAt),
        onFailure: (err, replicationSignal) => this.failed('pull', err, replicationSignal),
        onUnauthorized: () => this.unauthorized(run),
        ...(opts.onScopeGone ? { onScopeGone: opts.onScopeGone } : {}),
      },
      { identifier: opts.identifier, batchSize: this.opts.pullBatchSize, eventId: opts.eventId },
    );
    run.progress.set(replication, progress);
    return replication;
  }

  private async stopRun() {
    const run = this.run;
    if (!run) return;
    this.run = null;
    run.controller.abort();
    for (const s of run.subs) s.unsubscribe();
    await run.scopes?.stopAll();
    await Promise.all(run.replications.map((r) => r.cancel()));
    await Promise.allSettled([run.streamTask, run.drainTask, run.settling]);
  }

  private succeeded(source: FailureSource) {
    this.attempts[source] = 0;
    this.dispatch({ type: 'succeeded', source });
  }

  /** Records the failure for the status and waits out the backoff for this source. */
  private async failed(source: FailureSource, err: unknown, signal: AbortSignal): Promise<void> {
    const attempt = (this.attempts[source] ?? 0) + 1;
    this.attempts[source] = attempt;
    const backoff = backoffDelay(attempt, this.opts.random, this.opts.retryBaseMs ?? SYNC_RETRY_BASE_MS, this.opts.retryMaxMs ?? SYNC_RETRY_MAX_MS);
    // A server shedding load says how long to stay away; coming back sooner only gets refused again.
    const delay = retryDelay(backoff, err instanceof HttpError ? err.retryAfterMs : undefined, this.opts.random);
    const network = err instanceof NetworkError;
    const code = err instanceof HttpError ? err.code : err instanceof NetworkError ? 'network_error' : 'unknown_error';
    this.dispatch({ type: 'failed', source, failure: { code, retryAt: Date.now() + delay, network } });
    await this.waker.wait(delay, signal);
  }

  private async unauthorized(run: Run) {
    if (run.controller.signal.aborted) return;
    // The session subscription restarts the engine as a guest once the document changes. The
    // status says so only after the document did, so whoever sees "signed out" and then waits on
    // the engine (awaitScopes) waits for the guest's run, not the user's last moments.
    await endSession(this.opts.db);
    this.dispatch({ type: 'session_ended' });
  }

  /** Waits until the running scope is the session document's as it is now (a sign-out restarts it). */
  private async followSession(): Promise<void> {
    for (let i = 0; i < 100 && this.sessionSub; i++) {
      await this.queue;
      const want = await readSession(this.opts.db);
      const have = this.run?.session;
      if (have && have.user?.id === want.user?.id && have.ended === want.ended) return;
      // The document changed and its restart is not queued yet.
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  private requestDrain(run: Run) {
    requestDrain(this.drainHost, run);
  }

  private caughtUp(run: Run, r: PullReplication, progress: Progress, startedAt: number) {
    if (run.controller.signal.aborted) return;
    const key = r.key;
    this.caughtUpAt.set(key, Math.max(this.caughtUpAt.get(key) ?? 0, startedAt));
    // The pull's documents are written after this call returns; until then the device does not
    // hold them, and a user who walks into a hall with no signal would find an empty screen.
    const request = progress.requests;
    const at = Date.now();
    void whenWritten(r).then((written) => {
      if (!written || run.controller.signal.aborted) return;
      // Event scopes say when they last caught up, for "not downloaded yet" and a door's last sync.
      if (key.includes('@')) markScopeSynced(this.opts.db, key, at).catch((err: unknown) => console.error('foyer sync: recording a scope sync failed', err));
      // The others say when they first caught up, so a screen knows when "none" means none.
      else markCaughtUpOnce(this.opts.db, key, at).catch((err: unknown) => console.error('foyer sync: recording a first sync failed', err));
      run.lastCaughtUpAt = Math.max(run.lastCaughtUpAt ?? 0, at);
      // my_events as written may call for event scopes that have not started: match them before
      // anything counts as caught up.
      if (r.name === 'my_events') run.scopes?.recheck();
      // A request that began meanwhile has not caught up yet; its own answer will say so.
      if (progress.requests === request) progress.inSync = true;
      this.progress(run);
    });
    run.settling = run.settling.then(() => this.settle(run)).catch(() => undefined);
  }

  /**
   * Tells the status how many replications that should run are not caught up yet, the scopes
   * still being matched to my_events counting as one; with none behind, the device is synced as
   * of its newest catch-up.
   */
  private progress(run: Run) {
    if (run.controller.signal.aborted || this.run !== run) return;
    const scopesBusy = run.scopes?.busy ?? true;
    const behind = run.replications.filter((r) => !run.progress.get(r)?.inSync).length + (scopesBusy ? 1 : 0);
    this.dispatch({ type: 'catching_up', count: behind });
    if (behind === 0 && run.lastCaughtUpAt !== null) this.dispatch({ type: 'pulled', at: run.lastCaughtUpAt });
  }

  private async settle(run: Run) {
    await settleApplied(this.opts.db, run, this.caughtUpAt, this.appliedAt);
  }
}
