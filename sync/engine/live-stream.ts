import { SYNC_GUEST_POLL_MS, SYNC_RETRY_BASE_MS, SYNC_STREAM_HEARTBEAT_MS } from '../../contract/constants.ts';
import { SYNC_RESYNC } from '../../contract/commands.ts';
import { AbortedError, HttpError, type HttpOptions } from './http.ts';
import { hintEventIds, type Run, type Waker } from './run.ts';
import { readSse, type SseMessage } from './sse.ts';
import { backoffDelay, type FailureSource, type SyncEvent } from './status.ts';

/*
 * What wakes a run's replications: the live hint stream of a signed-in device, or a guest's
 * pulls on an interval. The engine (engine.ts) starts one of the two per run.
 */

/** What the live stream asks of the engine that runs it. */
export interface LiveHost {
  readonly http: HttpOptions;
  readonly opts: { guestPollMs?: number; streamIdleTimeoutMs?: number; retryBaseMs?: number; random?: () => number };
  readonly waker: Waker;
  readonly pollWaker: Waker;
  dispatch(event: SyncEvent): void;
  succeeded(source: FailureSource): void;
  failed(source: FailureSource, err: unknown, signal: AbortSignal): Promise<void>;
  unauthorized(run: Run): Promise<void>;
  requestDrain(run: Run): void;
  /** Everything waiting for its backoff may try again at once. */
  resetAttempts(): void;
}

/**
 * A guest's stand-in for the live stream: every SYNC_GUEST_POLL_MS (jittered), or when woken, pull
 * every public replication and the caches the screens asked for, as a stream's RESYNC would. There
 * is no connection to wait for, so the run counts as connected; the pulls themselves report the
 * network, and retry with backoff like any other pull.
 */
export async function pollLoop(host: LiveHost, run: Run): Promise<void> {
  const signal = run.controller.signal;
  const interval = host.opts.guestPollMs ?? SYNC_GUEST_POLL_MS;
  const random = host.opts.random ?? Math.random;
  run.polledAt = Date.now();
  host.dispatch({ type: 'connected' });
  while (!signal.aborted) {
    await host.pollWaker.wait(Math.round(interval * (0.8 + 0.4 * random())), signal);
    if (signal.aborted) break;
    run.polledAt = Date.now();
    for (const r of run.replications) r.resync();
    run.caches.refreshWanted();
  }
}

export async function streamLoop(host: LiveHost, run: Run): Promise<void> {
  const signal = run.controller.signal;
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
      if (err instanceof HttpError && err.status === 401 && run.session.user) {
        await host.unauthorized(run);
        break;
      }
      await host.failed('stream', err, signal);
    }
  }
}

function onStreamMessage(host: LiveHost, run: Run, message: SseMessage) {
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
    for (const r of run.replications) r.resync();
    run.caches.refreshWanted();
    for (const task of run.tasks) task.reconnected();
    host.requestDrain(run);
  } else if (data.type === 'hint' && Array.isArray(data.collections)) {
    const names = data.collections.filter((c): c is string => typeof c === 'string');
    const events = hintEventIds(data.event_ids);
    for (const r of run.replications) {
      // A hint naming events wakes only those events' replications of an event-scoped collection.
      if (names.includes(r.name) && (events === null || r.eventId === undefined || events.has(r.eventId))) r.resync();
    }
    for (const task of run.tasks) task.hinted(names, events);
  }
}
