import { Subject } from 'rxjs';
import type { RxCollection, RxReplicationPullStreamItem, WithDeleted } from 'rxdb';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import { SYNC_PULL_CHECKPOINT_HEADER, SYNC_PULL_COUNT_HEADER, SYNC_PULL_DEFAULT_LIMIT } from '../../contract/constants.ts';
import type { PullResponse } from '../../contract/commands.ts';
import type { CollectionDef } from '../../contract/schema.ts';
import { USER_SCOPED, VIEWER_SHAPED } from '../../contract/entities.ts';
import { VISITOR_PAGES_VERSION } from './visitor-pages.ts';
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
  /** Waits before the next attempt (backoff, cut short by a reconnect, a manual retry or `signal`). */
  onFailure(err: unknown, signal: AbortSignal): Promise<void>;
  /** The server refused the session. */
  onUnauthorized(): Promise<void>;
  /**
   * An event-scoped feed answered 403 (the user no longer takes part) or 404 (the event is gone):
   * the engine stops this replication and forgets the event's documents. Not awaited by the pull.
   */
  onScopeGone?(status: 403 | 404): void;
}

export interface PullReplication {
  /** Unique per replication: the collection name, or `visitors@42` for one event's feed. */
  key: string;
  /** The collection it fills; live hints name collections, so a hint resyncs every replication of it. */
  name: string;
  /** The event of an event-scoped replication. */
  eventId?: number;
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

/**
 * The checkpoint's name. User-scoped and viewer-shaped feeds depend on the user; an event-scoped feed depends on the
 * user (their own document carries private fields), the event and the scope's generation, which
 * grows each time the device forgets the event, so joining again starts that feed at 0.
 */
export function replicationIdentifier(def: CollectionDef, baseUrl: string, userId: number | null, event?: { eventId: number; generation: number }): string {
  const user = USER_SCOPED.has(def.name) || VIEWER_SHAPED.has(def.name) || event ? `:u${userId ?? 'guest'}` : '';
  const scope = event ? `:e${event.eventId}:g${event.generation}` : '';
  return `foyer:${def.name}:v${localVersion(def)}:${baseUrl || 'same-origin'}${user}${scope}`;
}

/**
 * Folds a pulled page of server documents into the documents the collection stores (the packed
 * visitors, sync/engine/visitor-pages.ts). Its answer is never empty for a page that is not.
 */
export interface PullPacker {
  apply(docs: WithDeleted<unknown>[]): WithDeleted<unknown>[];
}

/** The stored shape's version: the packed visitors have their own (sync/engine/visitor-pages.ts). */
function localVersion(def: CollectionDef): number {
  return def.name === 'visitors' ? VISITOR_PAGES_VERSION : def.version;
}

export function startPullReplication(
  collection: RxCollection,
  def: CollectionDef,
  hooks: PullHooks,
  opts: { identifier: string; batchSize?: number; eventId?: number; packer?: () => Promise<PullPacker> },
): PullReplication {
  const stream$ = new Subject<RxReplicationPullStreamItem<unknown, RevCheckpoint>>();
  const batchLimit = opts.batchSize ?? SYNC_PULL_DEFAULT_LIMIT;
  const eventId = opts.eventId;
  // Its own signal, so stopping one event's feed leaves the others running.
  const controller = new AbortController();
  const signal = AbortSignal.any([hooks.signal, controller.signal]);
  const key = eventId === undefined ? def.name : `${def.name}@${eventId}`;

  /** One request, counted in the sync status while it runs. */
  const fetchPage = async (checkpoint: number, batchSize: number, onHead?: (head: PageHead) => void): Promise<Page> => {
    hooks.onRequest(true);
    try {
      const q = new URLSearchParams({ checkpoint: String(checkpoint), limit: String(batchSize) });
      if (eventId !== undefined) q.set('event_id', String(eventId));
      const onHeaders = onHead && ((headers: Headers, status: number) => status === 200 && readHead(headers, onHead));
      return (await requestJson(hooks.http, `/sync/v1/${def.name}/pull?${q}`, { signal, ...(onHeaders ? { onHeaders } : {}) })) as Page;
    } finally {
      hooks.onRequest(false);
    }
  };
  const pages = new PagePuller(fetchPage, () => hooks.tick());
  const packed = opts.packer;
  const end = new PackedFeedEnd();

  const handler = async (last: RevCheckpoint | undefined, rxBatchSize: number) => {
    const checkpoint = last?.rev ?? 0;
    const batchSize = packed ? batchLimit : rxBatchSize;
    if (packed && end.reached(checkpoint)) return { documents: [], checkpoint: { rev: checkpoint } };
    for (;;) {
      if (signal.aborted) throw new AbortedError();
      try {
        const packer = packed ? await packed() : null;
        const asked = end.asked();
        const { body, startedAt, next } = await pages.page(checkpoint, batchSize);
        hooks.onSuccess();
        const short = body.documents.length < batchSize;
        if (short) hooks.onCaughtUp(key, startedAt);
        const documents = body.documents.map((d) => toRxDocument(d));
        if (!packer) return { documents, checkpoint: { rev: next } };
        if (short) end.ended(next, asked);
        return { documents: packer.apply(documents), checkpoint: { rev: next } };
      } catch (err) {
        if (err instanceof AbortedError || signal.aborted) throw new AbortedError();
        if (err instanceof HttpError && err.status === 401) {
          await hooks.onUnauthorized();
          throw new AbortedError();
        }
        if (eventId !== undefined && err instanceof HttpError && (err.status === 403 || err.status === 404) && hooks.onScopeGone) {
          // Retrying cannot help: the engine stops this feed and forgets the event's documents.
          hooks.onScopeGone(err.status);
          throw new AbortedError();
        }
        // Waiting here rather than failing keeps RxDB from sleeping its own fixed retry time,
        // so a reconnect or a manual retry resumes the pull at once.
        await hooks.onFailure(err, signal);
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
    pull: { handler, batchSize: packed ? 1 : batchLimit, stream$: stream$.asObservable() },
  });
  // Errors are reported through the hooks; RxDB also emits them here and must not find nobody listening.
  state.error$.subscribe(() => undefined);

  return {
    key,
    name: def.name,
    ...(eventId !== undefined ? { eventId } : {}),
    state,
    resync: () => {
      // A page asked for before the server's change may not hold it: the resync asks again.
      pages.drop();
      end.resync();
      if (!stream$.closed) stream$.next('RESYNC');
    },
    async cancel() {
      controller.abort();
      stream$.complete();
      await state.cancel();
    },
  };
}

/**
 * RxDB reads an answer shorter than its batch size as the end of the feed. A packed collection
 * answers a full page of people with one or two stored documents, so its RxDB batch is 1 and the
 * end is said by an empty answer: the call after a short page gets one without a request, until a
 * resync says the server has more.
 */
class PackedFeedEnd {
  private at: number | null = null;
  private resyncs = 0;

  /** Where a request starts: a resync during it makes its short answer no proof of the end. */
  asked(): number {
    return this.resyncs;
  }

  ended(checkpoint: number, asked: number): void {
    if (asked === this.resyncs) this.at = checkpoint;
  }

  reached(checkpoint: number): boolean {
    return this.at === checkpoint;
  }

  resync(): void {
    this.at = null;
    this.resyncs++;
  }
}

type Page = PullResponse<Record<string, unknown>>;

/** A pulled page, the tick its request started at, and the checkpoint to continue from. */
export interface PulledPage {
  body: Page;
  startedAt: number;
  next: number;
}

/**
 * Pages of one feed, each full page followed at once by the request for the next, which then runs
 * while RxDB writes this one: a first sync of a big event is a chain of full pages, and without it
 * the worker waited a round trip between writing one page and asking for the next. The early page
 * is used only if the next call continues from its checkpoint, and a resync drops it (it may have
 * been asked for before the change the resync is about).
 */
export class PagePuller {
  /** Pages asked for ahead, by `${checkpoint}:${batchSize}`. */
  private readonly ahead = new Map<string, Ahead>();
  // A drop while a page's headers are on their way makes them no reason to ask ahead.
  private drops = 0;

  constructor(
    private readonly fetchPage: (checkpoint: number, batchSize: number, onHead?: (head: PageHead) => void) => Promise<Page>,
    private readonly tick: () => number,
  ) {}

  async page(checkpoint: number, batchSize: number): Promise<PulledPage> {
    const key = `${checkpoint}:${batchSize}`;
    const early = this.ahead.get(key) ?? null;
    // What was asked for before this checkpoint, or with another size, will not be asked for again.
    for (const k of [...this.ahead.keys()]) {
      const [at, size] = k.split(':').map(Number);
      if (k === key || (at ?? 0) < checkpoint || size !== batchSize) this.ahead.delete(k);
    }
    const startedAt = early?.startedAt ?? this.tick();
    // Taking a page makes room for one more ahead, whose checkpoint the last one's headers may have said.
    if (early) this.topUp(batchSize);
    const body = await (early?.body ?? this.fetchPage(checkpoint, batchSize, this.onHead(checkpoint, batchSize)));
    if (!body || !Array.isArray(body.documents) || typeof body.checkpoint !== 'number') throw new HttpError(502, 'invalid_answer');
    const next = Math.max(checkpoint, body.checkpoint);
    if (body.documents.length >= batchSize && next > checkpoint) this.prefetch(next, batchSize);
    return { body, startedAt, next };
  }

  drop(): void {
    this.ahead.clear();
    this.drops++;
  }

  /**
   * The next page is asked for when this one's headers say it is full, while its body arrives; at
   * most two pages ahead of what the replication has taken, so a device slower than its link does
   * not hold the whole feed in memory.
   */
  private onHead(checkpoint: number, batchSize: number): (head: PageHead) => void {
    const drops = this.drops;
    return ({ count, next }) => {
      if (drops === this.drops && count >= batchSize && next > checkpoint && this.ahead.size < 2) this.prefetch(next, batchSize);
    };
  }

  private topUp(batchSize: number) {
    let last: { at: number; head: PageHead } | null = null;
    for (const [k, entry] of this.ahead) {
      const at = Number(k.split(':')[0]);
      if (entry.head && (!last || at > last.at)) last = { at, head: entry.head };
    }
    if (last) this.onHead(last.at, batchSize)(last.head);
  }

  private prefetch(checkpoint: number, batchSize: number) {
    const key = `${checkpoint}:${batchSize}`;
    // Already asked for when the headers came.
    if (this.ahead.has(key)) return;
    // Counted before it is asked for: its headers may ask for the next one.
    const entry: Ahead = { startedAt: this.tick(), body: Promise.resolve(null as unknown as Page) };
    this.ahead.set(key, entry);
    const onHead = this.onHead(checkpoint, batchSize);
    entry.body = this.fetchPage(checkpoint, batchSize, (head) => {
      entry.head = head;
      onHead(head);
    });
    // Read by the next call, or dropped: a failure is met again when the page is asked for.
    entry.body.catch(() => undefined);
  }
}

/** A page asked for ahead, and what its headers said once they came. */
interface Ahead {
  startedAt: number;
  body: Promise<Page>;
  head?: PageHead;
}

/** What a pull's headers say of its answer (contract/constants.ts SYNC_PULL_COUNT_HEADER). */
export interface PageHead {
  count: number;
  next: number;
}

function readHead(headers: Headers, onHead: (head: PageHead) => void): void {
  const count = Number(headers.get(SYNC_PULL_COUNT_HEADER));
  const next = Number(headers.get(SYNC_PULL_CHECKPOINT_HEADER));
  // An older server sends neither: the next page is then asked for once this one is read.
  if (headers.has(SYNC_PULL_COUNT_HEADER) && Number.isInteger(count) && Number.isInteger(next)) onHead({ count, next });
}
