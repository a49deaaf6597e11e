import { BehaviorSubject, distinctUntilChanged, map, type Observable, type Subscription } from 'rxjs';
import { SYNC_GUEST_FOREGROUND_MIN_MS, SYNC_RETRY_BASE_MS, SYNC_RETRY_MAX_MS } from '../../contract/constants.ts';
import { HttpError, NetworkError, serverClockOffset, type HttpOptions } from './http.ts';
import { Waker } from './live-stream.ts';
import type { SyncEngineOptions } from './options.ts';
import { SyncRun, type RunHost } from './run.ts';
import { ServerClock } from './server-clock.ts';
import { GUEST_SESSION, endSession, observeSessionDoc, readSession, type SessionDoc } from './session.ts';
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
  /** What every run reports to: the status, the backoff, the session, the clock. */
  private readonly runHost: RunHost;
  private run: SyncRun | null = null;
  private sessionSub: Subscription | null = null;
  private queue: Promise<void> = Promise.resolve();
  private attempts: Partial<Record<FailureSource, number>> = {};
  private clock = 0;
  /** Outbox id → clock when the server answered 'applied'; entries applied in an earlier run count as 0. */
  private readonly appliedAt = new Map<string, number>();
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
    this.runHost = {
      db: opts.db,
      opts,
      http: this.http,
      waker: this.waker,
      pollWaker: this.pollWaker,
      appliedAt: this.appliedAt,
      tick: () => ++this.clock,
      applied: (ids) => {
        for (const id of ids) this.appliedAt.set(id, this.clock);
      },
      isCurrent: (run) => this.run === run,
      dispatch: (event) => this.dispatch(event),
      succeeded: (source) => this.succeeded(source),
      failed: (source, err, signal) => this.failed(source, err, signal),
      unauthorized: () => this.unauthorized(),
      resetAttempts: () => {
        this.attempts = {};
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
    this.run?.requestDrain();
  }

  /** Pulls every replicated collection again (RESYNC); an event-scoped name pulls all its events. */
  resync(collections?: readonly string[]): void {
    this.run?.resync(collections);
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
    await this.run?.inSync();
  }

  /** Resolves once the event-scoped replications match my_events and the caches asked for are fetched. */
  async awaitScopes(): Promise<void> {
    await this.followSession();
    await this.run?.scopesIdle();
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
    const run = new SyncRun(this.runHost, session, this.requestedCaches);
    this.run = run;
    this.attempts = {};
    this.dispatch({ type: 'start' });
    if (session.ended) this.dispatch({ type: 'session_ended' });
    run.start();
  }

  private async stopRun() {
    const run = this.run;
    if (!run) return;
    this.run = null;
    await run.stop();
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

  /** A run's session was refused (the run checked it is still running). */
  private async unauthorized() {
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
}
