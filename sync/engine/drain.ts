import type { FoyerDatabase } from './database.ts';
import { AbortedError, type HttpOptions } from './http.ts';
import { OutboxDrainer, removeSettled } from './outbox.ts';
import type { Run } from './run.ts';
import type { FailureSource, SyncEvent } from './status.ts';

/** What a run's outbox drain asks of the engine that runs it. */
export interface DrainHost {
  readonly db: FoyerDatabase;
  readonly http: HttpOptions;
  dispatch(event: SyncEvent): void;
  succeeded(source: FailureSource): void;
  failed(source: FailureSource, err: unknown, signal: AbortSignal): Promise<void>;
  unauthorized(run: Run): Promise<void>;
  /** The server answered 'applied' for these outbox entries, now. */
  applied(ids: readonly string[]): void;
}

/**
 * Sends the outbox while it has entries, one drain at a time per run; a request while draining
 * makes the drain go round once more.
 */
export function requestDrain(host: DrainHost, run: Run): void {
  run.drainAgain = true;
  if (run.draining || !run.session.user || run.session.ended) return;
  run.draining = true;
  const signal = run.controller.signal;
  const drainer = new OutboxDrainer({
    db: host.db,
    http: host.http,
    signal,
    onRequest: (active) => host.dispatch({ type: active ? 'request_started' : 'request_ended' }),
    onApplied: (ids, entries) => {
      host.applied(ids);
      // The server applied them: their documents come back with the next pull.
      for (const r of run.replications) r.resync();
      run.folding = run.folding.then(() => run.caches.applied(entries)).catch((err: unknown) => console.error('foyer sync: folding applied edits failed', err));
    },
  });
  run.drainTask = (async () => {
    try {
      while (run.drainAgain && !signal.aborted) {
        run.drainAgain = false;
        for (;;) {
          try {
            const outcome = await drainer.drain();
            host.succeeded('push');
            if (outcome.kind === 'unauthorized') {
              await host.unauthorized(run);
              return;
            }
            break;
          } catch (err) {
            if (err instanceof AbortedError || signal.aborted) return;
            await host.failed('push', err, signal);
            if (signal.aborted) return;
          }
        }
      }
    } finally {
      run.draining = false;
    }
  })();
}

/**
 * Removes applied outbox entries once every replicated collection has completed a pull that
 * started after the server's answer, and that pull's documents are written. Until then the
 * overlay keeps showing them, so the screen never flickers back to the pre-command state.
 */
export async function settleApplied(db: FoyerDatabase, run: Run, caughtUpAt: ReadonlyMap<string, number>, appliedAt: Map<string, number>): Promise<void> {
  if (run.controller.signal.aborted) return;
  const floor = Math.min(...run.replications.map((r) => caughtUpAt.get(r.key) ?? -1));
  const applied = await db.outbox.find({ selector: { status: 'applied' } }).exec();
  const ready = applied.filter((e) => (appliedAt.get(e.id) ?? 0) < floor).map((e) => e.id);
  if (ready.length === 0) return;
  // The cached profile must hold an applied edit before its entry goes, or the overlay would drop it.
  await run.folding;
  const aborted = new Promise<'aborted'>((resolve) => run.controller.signal.addEventListener('abort', () => resolve('aborted'), { once: true }));
  const synced = Promise.all(run.replications.map((r) => r.state.awaitInSync())).then(() => 'synced' as const);
  if ((await Promise.race([synced, aborted])) === 'aborted') return;
  await removeSettled(db, ready);
  for (const id of ready) appliedAt.delete(id);
}
