import type { Subscription } from 'rxjs';
import type { FoyerDatabase } from './database.ts';
import type { HttpOptions } from './http.ts';

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
