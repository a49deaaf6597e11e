import { SYNC_COMMANDS_MAX_BATCH } from '../contract/constants.ts';
import type { CommandEnvelope, CommandKind, CommandPayload, CommandResult } from '../contract/commands.ts';
import { isErrorCode } from '../contract/errors.ts';
import type { FoyerDatabase, OutboxDoc } from './database.ts';
import { HttpError, isTransient, requestJson, type HttpOptions } from './http.ts';

/**
 * The write path: a user action becomes an outbox entry with a client-generated id at once (so it
 * works offline and shows through the overlay), and the worker drains the entries in order to
 * POST /sync/v1/commands. The server dedupes by (user, id), so resending after any failure,
 * including a lost answer, applies the command exactly once.
 */

let lastSeq = 0;

/** Microseconds since the epoch, never below an entry already queued, never repeating in this realm. */
async function nextSeq(db: FoyerDatabase): Promise<number> {
  const newest = await db.outbox.findOne({ selector: {}, sort: [{ seq: 'desc' }] }).exec();
  lastSeq = Math.max(Date.now() * 1000, (newest?.seq ?? 0) + 1, lastSeq + 1);
  return lastSeq;
}

export async function enqueue<K extends CommandKind>(db: FoyerDatabase, kind: K, payload: CommandPayload<K>, now = new Date()): Promise<OutboxDoc> {
  const entry: OutboxDoc = {
    id: crypto.randomUUID(),
    kind,
    payload: payload as Record<string, unknown>,
    occurredAt: now.toISOString(),
    seq: await nextSeq(db),
    status: 'pending',
    attempts: 0,
  };
  await db.outbox.insert(entry);
  return entry;
}

/** The user has seen a rejection; the screen already shows the server's truth. */
export async function dismiss(db: FoyerDatabase, id: string): Promise<void> {
  const doc = await db.outbox.findOne(id).exec();
  if (doc && doc.status === 'rejected') await doc.remove();
}

export function unsentSelector() {
  return { status: { $in: ['pending', 'sending'] } };
}

export async function unsent(db: FoyerDatabase, limit: number): Promise<OutboxDoc[]> {
  const docs = await db.outbox.find({ selector: unsentSelector(), sort: [{ seq: 'asc' }], limit }).exec();
  return docs.map((d) => d.toMutableJSON());
}

/** Removes applied entries once their documents have come back with a pull. */
export async function removeSettled(db: FoyerDatabase, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const docs = await db.outbox.findByIds([...ids]).exec();
  const settled = [...docs.values()].filter((d) => d.status === 'applied').map((d) => d.id);
  // One write: the screens see every settled entry leave at once, never half a batch.
  if (settled.length) await db.outbox.bulkRemove(settled);
}

export function toEnvelope(entry: OutboxDoc): CommandEnvelope {
  return { id: entry.id, kind: entry.kind, payload: entry.payload, occurredAt: entry.occurredAt };
}

export type DrainOutcome =
  /** Nothing left to send. */
  | { kind: 'done'; applied: string[] }
  /** The server said the session is gone; nothing more can be sent for this user. */
  | { kind: 'unauthorized'; applied: string[] };

export interface DrainerDeps {
  db: FoyerDatabase;
  http: HttpOptions;
  signal: AbortSignal;
  /** Called as each request starts and ends, for the status. */
  onRequest?(active: boolean): void;
  /** Called with the ids (and entries) just applied, before the drain goes on with the next batch. */
  onApplied?(ids: string[], entries: OutboxDoc[]): void;
}

/**
 * Sends unsent entries in seq order, a batch at a time, until none are left. A transient failure
 * (no answer, 5xx, 429) is thrown for the caller to retry with backoff. A batch the server refuses
 * as a whole (400, 413) is retried one entry at a time, so one malformed entry is rejected alone
 * instead of blocking everything queued behind it.
 */
export class OutboxDrainer {
  private singlesThroughSeq = -1;

  constructor(private readonly deps: DrainerDeps) {}

  async drain(maxBatch = SYNC_COMMANDS_MAX_BATCH): Promise<DrainOutcome> {
    const { db, signal } = this.deps;
    const applied: string[] = [];
    for (;;) {
      if (signal.aborted) return { kind: 'done', applied };
      const head = await unsent(db, 1);
      if (head.length === 0) return { kind: 'done', applied };
      const limit = head[0]!.seq <= this.singlesThroughSeq ? 1 : maxBatch;
      const batch = limit === 1 ? head : await unsent(db, limit);
      await this.mark(batch, { status: 'sending' }, true);
      let results: CommandResult[];
      this.deps.onRequest?.(true);
      try {
        const body = (await requestJson(this.deps.http, '/sync/v1/commands', {
          method: 'POST',
          // Stamped as it leaves, not when queued: the server dates the commands by the difference.
          body: { commands: batch.map(toEnvelope), sentAt: new Date().toISOString() },
          signal,
        })) as { results?: CommandResult[] };
        results = Array.isArray(body?.results) ? body.results : [];
      } catch (err) {
        if (err instanceof HttpError && err.status === 401) return { kind: 'unauthorized', applied };
        if (err instanceof HttpError && !isTransient(err)) {
          if (batch.length > 1) {
            this.singlesThroughSeq = batch[batch.length - 1]!.seq;
            continue;
          }
          await this.mark(batch, { status: 'rejected', code: isErrorCode(err.code) ? err.code : 'invalid_input' });
          continue;
        }
        throw err;
      } finally {
        this.deps.onRequest?.(false);
      }
      const byId = new Map(results.map((r) => [r.id, r]));
      const justApplied: string[] = [];
      const appliedEntries: OutboxDoc[] = [];
      for (const entry of batch) {
        const result = byId.get(entry.id);
        // No answer for this entry: it stays 'sending' and goes out again with the next drain.
        if (!result) continue;
        if (result.status === 'applied') {
          await this.mark([entry], { status: 'applied' });
          justApplied.push(entry.id);
          appliedEntries.push(entry);
        } else {
          await this.mark([entry], { status: 'rejected', code: result.code ?? 'unknown_error' });
        }
      }
      applied.push(...justApplied);
      if (justApplied.length) this.deps.onApplied?.(justApplied, appliedEntries);
      if (byId.size === 0) {
        // A 2xx without results is a broken answer; treat it like no answer so it is retried later.
        throw new HttpError(502, 'invalid_answer');
      }
    }
  }

  private async mark(entries: OutboxDoc[], patch: Partial<OutboxDoc>, countAttempt = false): Promise<void> {
    const docs = await this.deps.db.outbox.findByIds(entries.map((e) => e.id)).exec();
    await Promise.all(
      [...docs.values()].map((doc) =>
        doc.incrementalModify((data) => ({ ...data, ...patch, attempts: data.attempts + (countAttempt ? 1 : 0) })),
      ),
    );
  }
}
