import { BODY_LIMIT_BYTES, OUTBOX_PARK_AFTER_ATTEMPTS, SYNC_COMMANDS_MAX_BATCH } from '../../contract/constants.ts';
import type { CommandEnvelope, CommandKind, CommandPayload, CommandResult } from '../../contract/commands.ts';
import { isErrorCode } from '../../contract/errors.ts';
import type { FoyerDatabase, OutboxDoc } from './database.ts';
import { HttpError, isTransient, requestJson, type HttpOptions } from './http.ts';
import { isStopped } from '../store/overlay.ts';

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

/**
 * The user lets go of an entry that will not be applied: a rejection (the screen already shows the
 * server's truth) or a parked entry (what the user did is dropped, on their word).
 */
export async function dismiss(db: FoyerDatabase, id: string): Promise<void> {
  const doc = await db.outbox.findOne(id).exec();
  if (doc && isStopped(doc.status)) await doc.remove();
}

/**
 * Puts a parked entry back in the queue, in its old place (its seq), with its failures forgotten:
 * it is sent next, alone, and parked again only after as many failures as the first time.
 */
export async function retryParked(db: FoyerDatabase, id: string): Promise<boolean> {
  const doc = await db.outbox.findOne(id).exec();
  if (doc?.status !== 'parked') return false;
  await doc.incrementalModify((data) => {
    const { code: _code, ...rest } = data;
    return { ...rest, status: 'pending', failures: 0 };
  });
  return true;
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

const utf8 = new TextEncoder();

/** An entry's share of a batch's body: its JSON and the comma after it. */
export function entryBytes(entry: OutboxDoc): number {
  return utf8.encode(JSON.stringify(toEnvelope(entry))).length + 1;
}

/**
 * The most a batch's entries may take, leaving room for the rest of the body
 * (`{"commands":[`, `],"sentAt":"…"}`) under the server's limit.
 */
export const BATCH_MAX_BYTES = BODY_LIMIT_BYTES - 128;

/** The entries from the start of `entries` (at least the first) whose body stays within `maxBytes`. */
export function fitBytes(entries: OutboxDoc[], maxBytes = BATCH_MAX_BYTES): OutboxDoc[] {
  let total = 0;
  const fit: OutboxDoc[] = [];
  for (const entry of entries) {
    total += entryBytes(entry);
    if (total > maxBytes && fit.length > 0) break;
    fit.push(entry);
  }
  return fit;
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

/** The code a parked entry carries; the screens show `errors.server_failed`. */
export const PARKED_CODE = 'server_failed';

/**
 * The server took the request and failed on it (HTTP 500): the answer says something about what was
 * sent. 502, 503 and 504 say the server or its database could not be reached, and nothing is held
 * against the entries (an outage must never park what the user did).
 */
function isServerFault(err: unknown): boolean {
  return err instanceof HttpError && err.status === 500;
}

/**
 * Sends unsent entries in seq order, a batch at a time, until none are left. A batch holds at most
 * `maxBatch` entries and stays under the server's body limit (BODY_LIMIT_BYTES). A transient
 * failure (no answer, 5xx, 429) is thrown for the caller to retry with backoff. No entry may block
 * the ones behind it:
 *
 * - an entry that alone is over the body limit is parked with `payload_too_large` without being
 *   sent: the server would refuse it every time;
 * - a batch the server refuses as a whole (400, 413) is sent again one entry at a time, so one
 *   malformed entry is rejected alone;
 * - a batch the server fails on (500) is sent again one entry at a time too, so the one it fails on
 *   is found; every other one is applied;
 * - an entry that fails alone (500, or an answer without its result) counts a failure, and the
 *   caller's backoff runs before it is sent again; at OUTBOX_PARK_AFTER_ATTEMPTS failures it is
 *   parked (taken out of the queue, shown with its error, until the user tries again or discards
 *   it) and the drain goes on with the entries behind it.
 */
export class OutboxDrainer {
  /** Entries up to this seq go one at a time: their batch was refused or failed as a whole. */
  private singlesThroughSeq = -1;

  constructor(private readonly deps: DrainerDeps) {}

  async drain(maxBatch = SYNC_COMMANDS_MAX_BATCH): Promise<DrainOutcome> {
    const { db, signal } = this.deps;
    const applied: string[] = [];
    for (;;) {
      if (signal.aborted) return { kind: 'done', applied };
      const [first] = await unsent(db, 1);
      if (!first) return { kind: 'done', applied };
      if (entryBytes(first) > BATCH_MAX_BYTES) {
        // The server would refuse it whatever it holds, every time: parked with the reason, not sent.
        await this.mark([first], { status: 'parked', code: 'payload_too_large' });
        continue;
      }
      const limit = first.seq <= this.singlesThroughSeq ? 1 : maxBatch;
      // Split by size as well as by count: a batch the server refuses for its size helps nobody.
      const batch = limit === 1 ? [first] : fitBytes(await unsent(db, limit));
      // The oldest unsent entry leads every batch, so a batch reaches at least its seq.
      const lastSeq = batch.at(-1)?.seq ?? first.seq;
      const [alone] = batch;
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
            this.singlesThroughSeq = lastSeq;
            continue;
          }
          await this.mark(batch, { status: 'rejected', code: isErrorCode(err.code) ? err.code : 'invalid_input' });
          continue;
        }
        if (isServerFault(err)) {
          if (batch.length > 1) {
            // Which one it fails on is found by sending them alone; the rest need not wait for a backoff.
            this.singlesThroughSeq = lastSeq;
            continue;
          }
          if (alone && (await this.failedAlone(alone))) continue;
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
      const unanswered = batch.filter((e) => !byId.has(e.id));
      if (unanswered.length > 0) {
        // A 2xx without every result is a broken answer: what it lacks is sent again after the
        // backoff (never at once, which would loop as fast as the server answers), and an entry
        // the server keeps answering nothing for when it is sent alone is parked like one it fails on.
        if (batch.length === 1 && alone && (await this.failedAlone(alone))) continue;
        if (batch.length > 1) this.singlesThroughSeq = lastSeq;
        throw new HttpError(502, 'invalid_answer');
      }
    }
  }

  /** Counts a failure of an entry sent alone and parks it at the limit; true when it was parked. */
  private async failedAlone(entry: OutboxDoc): Promise<boolean> {
    const doc = await this.deps.db.outbox.findOne(entry.id).exec();
    if (!doc || isStopped(doc.status) || doc.status === 'applied') return false;
    const failures = (doc.failures ?? 0) + 1;
    const park = failures >= OUTBOX_PARK_AFTER_ATTEMPTS;
    await doc.incrementalModify((data) => ({ ...data, failures, ...(park ? { status: 'parked' as const, code: PARKED_CODE } : {}) }));
    return park;
  }

  private async mark(entries: OutboxDoc[], patch: Partial<OutboxDoc>, countAttempt = false): Promise<void> {
    const docs = await this.deps.db.outbox.findByIds(entries.map((e) => e.id)).exec();
    await Promise.all(
      [...docs.values()].map((doc) => doc.incrementalModify((data) => ({ ...data, ...patch, attempts: data.attempts + (countAttempt ? 1 : 0) }))),
    );
  }
}
