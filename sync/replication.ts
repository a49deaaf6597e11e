import { Subject } from 'rxjs';
import type { RxCollection, RxReplicationPullStreamItem, WithDeleted } from 'rxdb';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import { SYNC_PULL_DEFAULT_LIMIT } from '../contract/constants.ts';
import type { PullResponse } from '../contract/commands.ts';
import type { CollectionDef } from '../contract/schema.ts';
import { USER_SCOPED } from '../contract/entities.ts';
import { AbortedError, HttpError, requestJson, type HttpOptions } from './http.ts';

/**
 * Pull-only replication of one collection from GET /sync/v1/<name>/pull. Writes never go through
 * RxDB's push: they travel as commands through the outbox, and the canonical documents come back
 * here. The checkpoint is the server's own rev (client clocks lose documents).
 */

export interface RevCheckpoint {
  rev: number;
}

export interface PullHooks {
  http: HttpOptions;
  signal: AbortSignal;
  /** A number that grows with every pull request started, to order pulls against command answers. */
  tick(): number;
  onRequest(active: boolean): void;
  onSuccess(): void;
  /** The server had nothing more after this page; `startedAt` is the tick the request began at. */
  onCaughtUp(collection: string, startedAt: number): void;
  /** Waits before the next attempt (backoff, cut short by a reconnect or a manual retry). */
  onFailure(err: unknown): Promise<void>;
  /** The server refused the session. */
  onUnauthorized(): Promise<void>;
}

export interface PullReplication {
  name: string;
  state: RxReplicationState<unknown, RevCheckpoint>;
  /** Asks for a pull; safe to call at any time, including while a pull is in flight. */
  resync(): void;
  cancel(): Promise<void>;
}

/** Server documents carry `deleted`; RxDB wants `_deleted`. Everything else is kept as the server sent it. */
export function toRxDocument<T extends { deleted: boolean }>(doc: T): WithDeleted<Omit<T, 'deleted'>> {
  const { deleted, ...rest } = doc;
  return { ...rest, _deleted: !!deleted } as WithDeleted<Omit<T, 'deleted'>>;
}

export function replicationIdentifier(def: CollectionDef, baseUrl: string, userId: number | null): string {
  const scope = USER_SCOPED.has(def.name) ? `:u${userId ?? 'guest'}` : '';
  return `foyer:${def.name}:v${def.version}:${baseUrl || 'same-origin'}${scope}`;
}

export function startPullReplication(
  collection: RxCollection,
  def: CollectionDef,
  hooks: PullHooks,
  opts: { identifier: string; batchSize?: number },
): PullReplication {
  const stream$ = new Subject<RxReplicationPullStreamItem<unknown, RevCheckpoint>>();
  const batchLimit = opts.batchSize ?? SYNC_PULL_DEFAULT_LIMIT;

  const handler = async (last: RevCheckpoint | undefined, batchSize: number) => {
    const checkpoint = last?.rev ?? 0;
    for (;;) {
      if (hooks.signal.aborted) throw new AbortedError();
      const startedAt = hooks.tick();
      hooks.onRequest(true);
      try {
        const q = new URLSearchParams({ checkpoint: String(checkpoint), limit: String(batchSize) });
        const body = (await requestJson(hooks.http, `/sync/v1/${def.name}/pull?${q}`, { signal: hooks.signal })) as PullResponse<Record<string, unknown>>;
        if (!body || !Array.isArray(body.documents) || typeof body.checkpoint !== 'number') {
          throw new HttpError(502, 'invalid_answer');
        }
        hooks.onSuccess();
        if (body.documents.length < batchSize) hooks.onCaughtUp(def.name, startedAt);
        return {
          documents: body.documents.map((d) => toRxDocument(d)),
          checkpoint: { rev: Math.max(checkpoint, body.checkpoint) },
        };
      } catch (err) {
        if (err instanceof AbortedError || hooks.signal.aborted) throw new AbortedError();
        if (err instanceof HttpError && err.status === 401) {
          await hooks.onUnauthorized();
          throw new AbortedError();
        }
        // Waiting here rather than failing keeps RxDB from sleeping its own fixed retry time,
        // so a reconnect or a manual retry resumes the pull at once.
        await hooks.onFailure(err);
      } finally {
        hooks.onRequest(false);
      }
    }
  };

  const state = replicateRxCollection<unknown, RevCheckpoint>({
    replicationIdentifier: opts.identifier,
    collection,
    live: true,
    // Only reached after a stop: the handler itself waits out failures.
    retryTime: 1000,
    // The worker decides leadership before it starts the engine; node tests have a single instance.
    waitForLeadership: false,
    // Visibility is the page's business; the worker keeps syncing for tabs in the background.
    toggleOnDocumentVisible: false,
    autoStart: true,
    pull: { handler, batchSize: batchLimit, stream$: stream$.asObservable() },
  });
  // Errors are reported through the hooks; RxDB also emits them here and must not find nobody listening.
  state.error$.subscribe(() => undefined);

  return {
    name: def.name,
    state,
    resync: () => stream$.next('RESYNC'),
    async cancel() {
      stream$.complete();
      await state.cancel();
    },
  };
}
