import type { Observable, Subscription } from 'rxjs';
import { openDatabase, type FoyerDatabase } from '../sync/engine/database.ts';
import { SyncEngine } from '../sync/engine/engine.ts';
import { CACHES, RUN_TASKS } from './caches.ts';
import type { SyncSnapshot } from '../sync/engine/status.ts';
import { LOCAL_SYNC_STATUS, observeLocal, readLocal, writeLocal } from '../sync/store/local.ts';
import { setRequestLanguage } from '../sync/engine/http.ts';
import { VisitorReadModels, type VisitorsRead } from '../sync/views/visitors/read-model.ts';
import { ACTIONS, isActionName } from './actions.ts';
import { startClock, type ClockNotice, type NotificationClock } from './clock.ts';
import { isQueryName, QUERIES } from './queries.ts';
import { syncControlChannel, syncLeaderLock, type SyncControlMessage, type SyncWorkerApi, type SyncWorkerStartOptions } from './api.ts';
import { AnswerLine, type QueryAnswer } from './answers.ts';

/**
 * The device's host of its database, one per open tab: it opens the database, answers the page's
 * live reads (queries.ts) and local writes (actions.ts), and, once it holds the leader lock,
 * replicates and drains the outbox, so several tabs never pull and send the same work twice. The
 * leader mirrors its status into a local document; every host forwards that document to its page,
 * so all tabs show the same status. Requests are same-origin, so the HttpOnly session cookie goes
 * along and the host never sees a token.
 *
 * It runs in the sync worker (sync.worker.ts), apart from the comlink glue, so that node tests can
 * drive it directly.
 */

interface Running {
  opts: SyncWorkerStartOptions;
  db: FoyerDatabase;
  engine: SyncEngine | null;
  engineStatus: Subscription | null;
  mirror: Subscription;
  control: BroadcastChannel;
  releaseLeadership: () => void;
  statusWrites: Promise<void>;
  /** Runs in every tab's worker, leader or not: it only reads the shared database. */
  clock: NotificationClock;
  /** The screens' read models: this tab's, from the shared database like the clock. */
  visitors: VisitorReadModels;
}

let running: Running | null = null;
let lifecycle: Promise<void> = Promise.resolve();
const callbacks = new Map<number, (status: SyncSnapshot) => void>();
let nextCallbackId = 1;
let lastStatus: SyncSnapshot | null = null;
const clockCallbacks = new Map<number, (notice: ClockNotice) => void>();
/** The page's read subscriptions (visitors and named queries); ended with the database they read. */
const reads = new Map<number, Subscription>();
/** Where the live queries' answers go: the page's line, handed over when it attaches. */
const answers = new AnswerLine();
/**
 * Caches this tab's screens asked for: a tab that becomes the leader later (the old leader's tab
 * closed) refreshes them too, instead of waiting for its screens to be opened again.
 */
const askedFor = new Set<string>();

/**
 * Web Locks where available: the lock is released when the holder's worker ends (tab closed,
 * crashed), so the next tab takes over at once. RxDB's leader election is the fallback.
 */
function acquireLeadership(run: Running, onLead: () => void): () => void {
  let cancelled = false;
  if (typeof navigator !== 'undefined' && navigator.locks) {
    const abort = new AbortController();
    let release = () => {};
    navigator.locks
      .request(
        syncLeaderLock(run.opts.dbName),
        { signal: abort.signal },
        () =>
          new Promise<void>((resolve) => {
            release = resolve;
            if (cancelled) resolve();
            else onLead();
          }),
      )
      // Rejects with AbortError when the worker stops before it ever led.
      .catch(() => undefined);
    return () => {
      cancelled = true;
      abort.abort();
      release();
    };
  }
  void run.db.waitForLeadership().then(() => {
    if (!cancelled) onLead();
  });
  return () => {
    cancelled = true;
  };
}

async function lead(run: Running) {
  if (running !== run) return;
  // The status this device last recorded (by this or an earlier worker) keeps its last sync time.
  const recorded = await readLocal<SyncSnapshot>(run.db, LOCAL_SYNC_STATUS).catch(() => null);
  if (running !== run) return;
  const engine = new SyncEngine({ db: run.db, baseUrl: run.opts.baseUrl, caches: CACHES, tasks: RUN_TASKS, lastSyncedAt: recorded?.lastSyncedAt ?? null });
  run.engine = engine;
  run.engineStatus = engine.status$.subscribe((status) => {
    // Written in order, so a slow write never lets an older status land last.
    run.statusWrites = run.statusWrites.then(() => writeLocal(run.db, LOCAL_SYNC_STATUS, status)).catch(() => undefined);
  });
  engine.start();
  if (askedFor.size) engine.refresh([...askedFor]);
}

async function start(opts: SyncWorkerStartOptions): Promise<void> {
  if (running) return;
  // The database's own defaults (multiInstance, storage), which bench:browser-writes measures as they are.
  const db = await openDatabase({ name: opts.dbName });
  const control = new BroadcastChannel(syncControlChannel(opts.dbName));
  const run: Running = {
    opts,
    db,
    engine: null,
    engineStatus: null,
    control,
    releaseLeadership: () => {},
    statusWrites: Promise.resolve(),
    visitors: new VisitorReadModels(db),
    clock: startClock(db, (notice) => {
      for (const cb of clockCallbacks.values()) cb(notice);
    }),
    mirror: observeLocal<SyncSnapshot>(db, LOCAL_SYNC_STATUS).subscribe((status) => {
      if (!status) return;
      lastStatus = status;
      for (const cb of callbacks.values()) cb(status);
    }),
  };
  control.onmessage = (e: MessageEvent<SyncControlMessage>) => {
    if (run.engine) perform(run.engine, e.data);
  };
  running = run;
  run.releaseLeadership = acquireLeadership(run, () => void lead(run));
}

async function stop(remove: boolean): Promise<void> {
  const run = running;
  if (!run) return;
  running = null;
  run.releaseLeadership();
  run.clock.stop();
  for (const sub of reads.values()) sub.unsubscribe();
  reads.clear();
  run.visitors.dispose();
  run.engineStatus?.unsubscribe();
  await run.engine?.stop();
  run.mirror.unsubscribe();
  run.control.close();
  await run.statusWrites;
  // A logout or another person's sign-in: nothing of the last one may stay on the device.
  if (remove) await run.db.remove();
  else await run.db.close();
}

function perform(engine: SyncEngine, message: SyncControlMessage) {
  if (message.type === 'retry') engine.retry();
  else if (message.type === 'resync') engine.resync();
  else if (message.type === 'foreground') engine.foreground();
  else engine.refresh(message.keys);
}

function control(message: SyncControlMessage) {
  const run = running;
  if (!run) return;
  if (run.engine) {
    perform(run.engine, message);
  } else {
    // Another tab leads: ask it. A BroadcastChannel never delivers to its own sender.
    run.control.postMessage(message);
  }
}

const api: SyncWorkerApi = {
  start(opts) {
    if (opts.lang) setRequestLanguage(opts.lang);
    // A failed start must not make every later start or stop fail with it.
    lifecycle = lifecycle.catch(() => undefined).then(() => start(opts));
    return lifecycle;
  },
  stop(remove = false) {
    lifecycle = lifecycle.catch(() => undefined).then(() => stop(remove));
    return lifecycle;
  },
  async retry() {
    control({ type: 'retry' });
  },
  async resync() {
    control({ type: 'resync' });
  },
  async setLanguage(lang) {
    setRequestLanguage(lang);
  },
  async foreground() {
    control({ type: 'foreground' });
  },
  async refresh(keys) {
    for (const k of keys) askedFor.add(k);
    control({ type: 'refresh', keys: [...keys] });
  },
  async openAnswers(sink) {
    answers.open(sink);
  },
  async subscribeQuery(id, name, args) {
    const run = running;
    if (!run) throw new Error('the sync worker has no database open');
    if (!isQueryName(name)) throw new Error(`no such query: ${name}`);
    reads.get(id)?.unsubscribe();
    const send = (answer: QueryAnswer) => answers.send(id, answer);
    const source = (QUERIES[name] as (db: FoyerDatabase, ...a: unknown[]) => Observable<unknown>)(run.db, ...args);
    reads.set(
      id,
      source.subscribe({
        next: (value) => send({ value }),
        error: (err: unknown) => {
          console.error(`foyer sync: the ${name} query failed`, err);
          send({ error: err instanceof Error ? err.message : String(err) });
        },
      }),
    );
  },
  async unsubscribeQuery(id) {
    reads.get(id)?.unsubscribe();
    reads.delete(id);
  },
  async call(name, args) {
    const run = running;
    if (!run) throw new Error('local_database_unavailable');
    if (!isActionName(name)) throw new Error(`no such action: ${name}`);
    return (ACTIONS[name] as (db: FoyerDatabase, ...a: unknown[]) => Promise<unknown>)(run.db, ...args);
  },
  async subscribeStatus(callback) {
    const id = nextCallbackId++;
    callbacks.set(id, callback);
    if (lastStatus) callback(lastStatus);
    return id;
  },
  async unsubscribeStatus(id) {
    callbacks.delete(id);
  },
  async subscribeClock(callback) {
    const id = nextCallbackId++;
    clockCallbacks.set(id, callback);
    return id;
  },
  async unsubscribeClock(id) {
    clockCallbacks.delete(id);
  },
  async subscribeVisitors(eventId, filter, viewer, callback) {
    const id = nextCallbackId++;
    const run = running;
    if (!run) throw new Error('the sync worker has no database open');
    reads.set(
      id,
      run.visitors.observe(eventId, filter, viewer).subscribe({
        // A page that went away answers no more; its tab's worker ends with it.
        next: (read: VisitorsRead) => void Promise.resolve(callback(read)).catch(() => undefined),
        error: (err: unknown) => console.error('foyer sync: the visitors read failed', err),
      }),
    );
    return id;
  },
  async unsubscribeVisitors(id) {
    reads.get(id)?.unsubscribe();
    reads.delete(id);
  },
  async followPageTime(pageNowMs) {
    running?.clock.followPageTime(pageNowMs);
  },
};

let online = false;

/** The host of this realm; a worker has one. */
export function createSyncHost(): SyncWorkerApi {
  if (!online && typeof addEventListener === 'function') {
    online = true;
    // The radio came back: do not wait for the backoff.
    addEventListener('online', () => running?.engine?.retry());
  }
  return api;
}
