import type { FoyerDatabase, OutboxDoc } from './database.ts';
import { AbortedError, type HttpOptions } from './http.ts';
import { OutboxDrainer, removeSettled } from './outbox.ts';
import type { PullReplication } from './replication.ts';
import type { FailureSource, SyncEvent } from './status.ts';

/** What a run's outbox drain reports to the engine: the status and the backoff. */
export interface DrainReport {
  dispatch(event: SyncEvent): void;
  succeeded(source: FailureSource): void;
  failed(source: FailureSource, err: unknown, signal: AbortSignal): Promise<void>;
}

export interface DrainLoopOptions {
  db: FoyerDatabase;
  http: HttpOptions;
  /** The run's: the loop ends with it. */
  signal: AbortSignal;
  report: DrainReport;
  /** The server refused the session. */
  unauthorized(): Promise<void>;
  /** The server answered 'applied' for these entries. */
  onApplied(ids: readonly string[], entries: readonly OutboxDoc[]): void;
}

/**
 * Sends a run's outbox while it has entries, one drain at a time; a request while draining makes
 * the drain go round once more. A failure waits out the engine's backoff and tries again.
 */
export class DrainLoop {
  /** The drain under way, or the last one; a stopping run waits for it. */
  done: Promise<void> = Promise.resolve();
  private draining = false;
  private again = false;
  private readonly drainer: OutboxDrainer;

  constructor(private readonly o: DrainLoopOptions) {
    this.drainer = new OutboxDrainer({
      db: o.db,
      http: o.http,
      signal: o.signal,
      onRequest: (active) => o.report.dispatch({ type: active ? 'request_started' : 'request_ended' }),
      onApplied: (ids, entries) => o.onApplied(ids, entries),
    });
  }

  request(): void {
    this.again = true;
    if (this.draining) return;
    this.draining = true;
    this.done = this.loop().finally(() => {
      this.draining = false;
    });
  }

  private async loop(): Promise<void> {
    const { signal, report } = this.o;
    while (this.again && !signal.aborted) {
      this.again = false;
      for (;;) {
        try {
          const outcome = await this.drainer.drain();
          report.succeeded('push');
          if (outcome.kind === 'unauthorized') {
            await this.o.unauthorized();
            return;
          }
          break;
        } catch (err) {
          if (err instanceof AbortedError || signal.aborted) return;
          await report.failed('push', err, signal);
          if (signal.aborted) return;
        }
      }
    }
  }
}

/** What settling reads of a run. */
export interface SettlingRun {
  signal: AbortSignal;
  replications: readonly PullReplication[];
  /** Applied edits being folded into the caches; an entry goes only after its fold. */
  folding: Promise<void>;
}

/**
 * Removes applied outbox entries once every replicated collection has completed a pull that
 * started after the server's answer, and that pull's documents are written. Until then the
 * overlay keeps showing them, so the screen never flickers back to the pre-command state.
 */
export async function settleApplied(
  db: FoyerDatabase,
  run: SettlingRun,
  caughtUpAt: ReadonlyMap<string, number>,
  appliedAt: Map<string, number>,
): Promise<void> {
  if (run.signal.aborted) return;
  const floor = Math.min(...run.replications.map((r) => caughtUpAt.get(r.key) ?? -1));
  const applied = await db.outbox.find({ selector: { status: 'applied' } }).exec();
  const ready = applied.filter((e) => (appliedAt.get(e.id) ?? 0) < floor).map((e) => e.id);
  if (ready.length === 0) return;
  // The cached profile must hold an applied edit before its entry goes, or the overlay would drop it.
  await run.folding;
  const aborted = new Promise<'aborted'>((resolve) => run.signal.addEventListener('abort', () => resolve('aborted'), { once: true }));
  const synced = Promise.all(run.replications.map((r) => r.state.awaitInSync())).then(() => 'synced' as const);
  if ((await Promise.race([synced, aborted])) === 'aborted') return;
  await removeSettled(db, ready);
  for (const id of ready) appliedAt.delete(id);
}
