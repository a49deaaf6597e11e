import type { Subscription } from 'rxjs';
import type { CacheRefresher } from './cache-refresher.ts';
import type { FoyerDatabase } from './database.ts';
import type { HttpOptions } from './http.ts';
import type { PullReplication } from './replication.ts';
import type { EventScopeManager } from './scoped.ts';
import type { SessionDoc } from './session.ts';

/*
 * One run of the sync engine (engine.ts): everything it started for one session, so that a change
 * of user stops all of it at once; and the small helpers the engine's parts share.
 */

export interface Run {
  session: SessionDoc;
  controller: AbortController;
  /** Public and user-scoped replications, and the event-scoped ones running now. */
  replications: PullReplication[];
  progress: Map<PullReplication, Progress>;
  /** Device time of the newest catch-up that is written; "synced" once nothing is behind. */
  lastCaughtUpAt: number | null;
  scopes: EventScopeManager | null;
  caches: CacheRefresher;
  /** The areas' own work for a signed-in run (RunTask); none for a guest. */
  tasks: RunTask[];
  /** Applied profile edits being folded into the cached profile; settling waits for it. */
  folding: Promise<void>;
  subs: Subscription[];
  /** The live stream of a signed-in run, or a guest run's pulls on an interval. */
  streamTask: Promise<void>;
  /** A guest run: when its last round of pulls began (device time), for foreground(). */
  polledAt: number | null;
  drainTask: Promise<void>;
  draining: boolean;
  drainAgain: boolean;
  settling: Promise<void>;
}

/** A run with nothing started yet but its caches. */
export function newRun(session: SessionDoc, controller: AbortController, caches: CacheRefresher): Run {
  return {
    session,
    controller,
    replications: [],
    progress: new Map(),
    lastCaughtUpAt: null,
    scopes: null,
    caches,
    tasks: [],
    folding: Promise.resolve(),
    subs: [],
    streamTask: Promise.resolve(),
    polledAt: null,
    drainTask: Promise.resolve(),
    draining: false,
    drainAgain: false,
    settling: Promise.resolve(),
  };
}

/**
 * Work of an area that lives as long as a signed-in run and follows its live stream, such as the
 * older chat pages a screen asked for (sync/views/chat/history.ts). The engine knows no area: the
 * areas declare their tasks and the worker hands them to it (SyncEngineOptions.tasks).
 */
export interface RunTask {
  /** Starts the task's own following; the subscription ends with the run. */
  follow(): Subscription;
  /** The live stream (re)connected: what changed meanwhile is unknown. */
  reconnected(): void;
  /** A live hint named these collections, of these events (null: any event). */
  hinted(collections: readonly string[], eventIds: ReadonlySet<number> | null): void;
  /** Resolves once the work asked for so far is done (tests and awaitScopes wait on it). */
  idle(): Promise<void>;
}

export interface RunTaskHost {
  db: FoyerDatabase;
  http: HttpOptions;
  signal: AbortSignal;
  onUnauthorized(): Promise<void>;
}

/** Makes an area's task for a run, or null when the device has nothing for it (a collection it lacks). */
export type RunTaskFactory = (host: RunTaskHost) => RunTask | null;

/** How far one replication has come, for the status. */
export interface Progress {
  /** Grows with every request, so a write that ends after a newer request began proves nothing. */
  requests: number;
  /** Its last pull found nothing more on the server and what it brought is written. */
  inSync: boolean;
}

export /** The events a live hint names (server/routes/sync stream), or null when it names none: any event. */
function hintEventIds(raw: unknown): Set<number> | null {
  if (!Array.isArray(raw)) return null;
  const ids = raw.filter((id): id is number => Number.isInteger(id));
  return ids.length ? new Set(ids) : null;
}

export /** Resolves true once the replication has written what its pulls brought, false if it is cancelled first. */
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

/** Sleeps that a reconnect, a manual retry or a stop cut short. */
export class Waker {
  private waiters = new Set<() => void>();
  wait(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
      signal.addEventListener('abort', done);
    });
  }
  wake() {
    for (const w of [...this.waiters]) w();
  }
}
