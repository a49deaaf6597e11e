import { SYNC_GUEST_POLL_MS, SYNC_RETRY_BASE_MS, SYNC_STREAM_HEARTBEAT_MS } from '../../contract/constants.ts';
import { SYNC_RESYNC } from '../../contract/commands.ts';
import { AbortedError, HttpError, type HttpOptions } from './http.ts';
import { readSse, type SseMessage } from './sse.ts';
import { backoffDelay, type FailureSource, type SyncEvent } from './status.ts';

/*
 * What wakes a run's replications: the live hint stream of a signed-in device, or a guest's
 * pulls on an interval. A run (run.ts) starts one of the two.
 */

/** What the live stream asks of the engine: its status, its backoff and its wakers, which outlive runs. */
export interface LiveHost {
  readonly http: HttpOptions;
  readonly opts: { guestPollMs?: number; streamIdleTimeoutMs?: number; retryBaseMs?: number; random?: () => number };
  readonly waker: Waker;
  readonly pollWaker: Waker;
  dispatch(event: SyncEvent): void;
  succeeded(source: FailureSource): void;
  failed(source: FailureSource, err: unknown, signal: AbortSignal): Promise<void>;
  /** Everything waiting for its backoff may try again at once. */
  resetAttempts(): void;
}

/** What the live stream wakes: the run it belongs to. */
export interface LiveRun {
  readonly signal: AbortSignal;
  readonly userId: number | null;
  /** A guest's round of pulls. */
  poll(): void;
  /** The stream (re)connected. */
  reconnected(): void;
  hinted(names: readonly string[], events: ReadonlySet<number> | null): void;
  unauthorized(): Promise<void>;
}

/**
 * A guest's stand-in for the live stream: every SYNC_GUEST_POLL_MS (jittered), or when woken, pull
 * every public replication and the caches the screens asked for, as a stream's RESYNC would. There
 * is no connection to wait for, so the run counts as connected; the pulls themselves report the
 * network, and retry with backoff like any other pull.
 */
export async function pollLoop(host: LiveHost, run: LiveRun & { polledAt: number | null }): Promise<void> {
  const signal = run.signal;
  const interval = host.opts.guestPollMs ?? SYNC_GUEST_POLL_MS;
  const random = host.opts.random ?? Math.random;
  run.polledAt = Date.now();
  host.dispatch({ type: 'connected' });
  while (!signal.aborted) {
    await host.pollWaker.wait(Math.round(interval * (0.8 + 0.4 * random())), signal);
    if (signal.aborted) break;
    run.poll();
  }
}

export async function streamLoop(host: LiveHost, run: LiveRun): Promise<void> {
  const signal = run.signal;
  const idle = host.opts.streamIdleTimeoutMs ?? SYNC_STREAM_HEARTBEAT_MS * 2 + 5000;
  while (!signal.aborted) {
    try {
      await readSse({
        ...host.http,
        path: '/sync/v1/stream',
        signal,
        idleTimeoutMs: idle,
        onMessage: (m) => onStreamMessage(host, run, m),
      });
      // The server ended the stream (a restart, a deploy): reconnect after a pause.
      host.dispatch({ type: 'disconnected' });
      await host.waker.wait(backoffDelay(1, host.opts.random, host.opts.retryBaseMs ?? SYNC_RETRY_BASE_MS), signal);
    } catch (err) {
      if (err instanceof AbortedError || signal.aborted) break;
      host.dispatch({ type: 'disconnected' });
      // A refused session on the stream ends it like on a pull or a push; retrying would only
      // show "signed out" while the user's replications went on.
      if (err instanceof HttpError && err.status === 401 && run.userId !== null) {
        await run.unauthorized();
        break;
      }
      await host.failed('stream', err, signal);
    }
  }
}

function onStreamMessage(host: LiveHost, run: LiveRun, message: SseMessage) {
  let data: { type?: unknown; collections?: unknown; event_ids?: unknown };
  try {
    data = JSON.parse(message.data) as typeof data;
  } catch {
    return;
  }
  if (data.type === SYNC_RESYNC) {
    // Sent first on every connection: whatever changed while we were away is pulled now, and
    // everything that was waiting for the network tries again at once.
    host.succeeded('stream');
    host.dispatch({ type: 'connected' });
    host.resetAttempts();
    host.waker.wake();
    run.reconnected();
  } else if (data.type === 'hint' && Array.isArray(data.collections)) {
    run.hinted(
      data.collections.filter((c): c is string => typeof c === 'string'),
      hintEventIds(data.event_ids),
    );
  }
}

/** The events a live hint names (server/routes/sync stream), or null when it names none: any event. */
export function hintEventIds(raw: unknown): Set<number> | null {
  if (!Array.isArray(raw)) return null;
  const ids = raw.filter((id): id is number => Number.isInteger(id));
  return ids.length ? new Set(ids) : null;
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
