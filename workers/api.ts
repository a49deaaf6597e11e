import type { SyncSnapshot } from '../sync/engine/status.ts';
import type { ClockNotice } from './clock.ts';
import type { VisitorsRead } from '../sync/views/visitors/read-model.ts';
import type { Viewer, VisitorsFilter } from '../sync/views/visitors/visitors.ts';
import type { ActionName } from './actions.ts';
import type { AnswerSink } from './answers.ts';
import type { QueryName } from './queries.ts';

/**
 * The typed comlink API of the device's host (workers/host.ts), declared once for both sides. The
 * page wraps the worker with `wrap<SyncWorkerApi>(worker)`; callbacks cross the boundary as
 * `proxy(fn)`. Every method answers a promise, as comlink makes it on the page's side anyway, so a
 * test can drive the host in its own realm with the same calls.
 */

export interface SyncWorkerStartOptions {
  /** '' or location.origin: the worker's fetches are same-origin, so the session cookie goes along. */
  baseUrl: string;
  /** The database name the page opened; both realms must use the same one. */
  dbName: string;
  /** The page's interface language, sent as `lang` on the worker's legacy calls. */
  lang?: string;
}

export interface SyncWorkerApi {
  /**
   * Opens the database and, once this worker holds the sync leadership among the open tabs, starts
   * the engine (replication, live stream, outbox drain). Resolves when the database is open, not
   * when leadership is won.
   */
  start(opts: SyncWorkerStartOptions): Promise<void>;
  /** Stops replicating and closes the database, or with `remove` deletes it (a logout, another person signing in). */
  stop(remove?: boolean): Promise<void>;
  /** Retries now instead of waiting for the backoff (forwarded to the leader from other tabs). */
  retry(): Promise<void>;
  /** Pulls every collection again. */
  resync(): Promise<void>;
  /** The page's language changed: the worker's legacy calls ask the server for answers in it. */
  setLanguage(lang: string): Promise<void>;
  /**
   * The page came back to the foreground: a guest's engine, which has no live stream, pulls now
   * (forwarded to the leader like retry).
   */
  foreground(): Promise<void>;
  /**
   * Fetches these read-through caches (sync/store/caches.ts keys) now and on every reconnect; a screen
   * calls it when it opens. Forwarded to the leader like retry.
   */
  refresh(keys: string[]): Promise<void>;
  /**
   * Calls back with the sync status of whichever tab leads, at once with the last known value and
   * then on every change. The returned id is passed to unsubscribeStatus.
   */
  subscribeStatus(callback: (status: SyncSnapshot) => void): Promise<number>;
  unsubscribeStatus(id: number): Promise<void>;
  /**
   * Calls back with this tab's notification clock (workers/clock.ts): meeting reminders, "very
   * soon", the call's start and what changed in the user's appointments. The id goes to
   * unsubscribeClock.
   */
  subscribeClock(callback: (notice: ClockNotice) => void): Promise<number>;
  unsubscribeClock(id: number): Promise<void>;
  /**
   * Calls back with one page of an event's visitors as the filter asks (sync/views/visitors/
   * read-model.ts), at once and after every change. The worker keeps the event's list built after the
   * screen closes, so the next visit is a lookup. The id goes to unsubscribeVisitors.
   */
  subscribeVisitors(eventId: number, filter: VisitorsFilter, viewer: Viewer, callback: (read: VisitorsRead) => void): Promise<number>;
  unsubscribeVisitors(id: number): Promise<void>;
  /**
   * The line the live queries answer on (workers/answers.ts): in the browser the worker's end of a
   * MessageChannel, transferred. A page that attaches again hands over a new one.
   */
  openAnswers(sink: AnswerSink): Promise<void>;
  /**
   * Runs a live query of workers/queries.ts and posts each answer on the answers line under `id`
   * (the page's own number for it), at once and after every change, until unsubscribeQuery(id). The
   * page checks the arguments' types (src/data/device.ts).
   */
  subscribeQuery(id: number, name: QueryName, args: unknown[]): Promise<void>;
  unsubscribeQuery(id: number): Promise<void>;
  /** Runs a local write of workers/actions.ts and answers its result. */
  call(name: ActionName, args: unknown[]): Promise<unknown>;
  /** End-to-end tests only: the page's fake clock (Playwright) tells the worker's clock the time. */
  followPageTime(pageNowMs: number): Promise<void>;
}

/** Messages between the workers of different tabs of the same database. */
export type SyncControlMessage = { type: 'retry' } | { type: 'resync' } | { type: 'foreground' } | { type: 'refresh'; keys: string[] };

export function syncControlChannel(dbName: string): string {
  return `foyer-sync-control:${dbName}`;
}

export function syncLeaderLock(dbName: string): string {
  return `foyer-sync-leader:${dbName}`;
}
