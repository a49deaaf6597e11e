/// <reference lib="webworker" />
import { expose } from 'comlink';
import type { Subscription } from 'rxjs';
import { openDatabase, type FoyerDatabase } from '../sync/engine/database.ts';
import { SyncEngine } from '../sync/engine/engine.ts';
import type { SyncSnapshot } from '../sync/engine/status.ts';
import { LOCAL_SYNC_STATUS, observeLocal, readLocal, writeLocal } from '../sync/store/local.ts';
import { setRequestLanguage } from '../sync/engine/http.ts';
import { VisitorReadModels, type VisitorsRead } from '../sync/views/visitors/read-model.ts';
import { startClock, type ClockNotice, type NotificationClock } from './clock.ts';
import { syncControlChannel, syncLeaderLock, type SyncControlMessage, type SyncWorkerApi, type SyncWorkerStartOptions } from './api.ts';

/**
 * The sync worker: one per open tab, but only the one holding the leader lock replicates and
 * drains the outbox, so several tabs never pull and send the same work twice. The leader mirrors
 * its status into a local document; every worker forwards that document to its page, so all tabs
 * show the same status. The session comes from the local document the page writes; requests are
 * same-origin, so the HttpOnly session cookie goes along and this worker never sees a token.
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
/** The page's read subscriptions; ended with the database they read. */
const reads = new Map<number, Subscription>();
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
  const engine = new SyncEngine({ db: run.db, baseUrl: run.opts.baseUrl, lastSyncedAt: recorded?.lastSyncedAt ?? null });
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
  const db = await openDatabase({ name: opts.dbName, multiInstance: true });
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

async function stop(): Promise<void> {
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
  await run.db.close();
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
  stop() {
    lifecycle = lifecycle.catch(() => undefined).then(stop);
    return lifecycle;
  },
  retry() {
    control({ type: 'retry' });
  },
  resync() {
    control({ type: 'resync' });
  },
  setLanguage(lang) {
    setRequestLanguage(lang);
  },
  foreground() {
    control({ type: 'foreground' });
  },
  refresh(keys) {
    for (const k of keys) askedFor.add(k);
    control({ type: 'refresh', keys: [...keys] });
  },
  subscribeStatus(callback) {
    const id = nextCallbackId++;
    callbacks.set(id, callback);
    if (lastStatus) callback(lastStatus);
    return id;
  },
  unsubscribeStatus(id) {
    callbacks.delete(id);
  },
  subscribeClock(callback) {
    const id = nextCallbackId++;
    clockCallbacks.set(id, callback);
    return id;
  },
  unsubscribeClock(id) {
    clockCallbacks.delete(id);
  },
  subscribeVisitors(eventId, filter, viewer, callback) {
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
  unsubscribeVisitors(id) {
    reads.get(id)?.unsubscribe();
    reads.delete(id);
  },
  followPageTime(pageNowMs) {
    running?.clock.followPageTime(pageNowMs);
  },
};

// The radio came back: do not wait for the backoff.
self.addEventListener('online', () => running?.engine?.retry());

expose(api);
