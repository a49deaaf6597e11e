import { SYNC_RETRY_AFTER_MAX_MS, SYNC_RETRY_BASE_MS, SYNC_RETRY_MAX_MS } from '../../contract/constants.ts';

/**
 * The sync status the screens always show, as a pure state machine: the engine reports what
 * happens (stream up or down, requests starting and ending, failures, the outbox size, how many
 * replications still have to catch up) and the visible state is derived from that, so it can be
 * tested without a network. "Up to date" (idle) means every replication the device should run has
 * caught up, including the event scopes a new ticket or a screen just asked for.
 */

export type SyncState = 'offline' | 'connecting' | 'syncing' | 'idle' | 'error';

export interface SyncSnapshot {
  state: SyncState;
  /** Outbox entries not yet answered by the server. */
  pending: number;
  /** Epoch milliseconds of the last complete pull. */
  lastSyncedAt: number | null;
  error: { code: string; retryAt: number | null } | null;
}

/** Where a failure came from; a success of the same source clears it. */
export type FailureSource = 'stream' | 'pull' | 'push' | 'auth';

export interface Failure {
  code: string;
  retryAt: number | null;
  /** No answer from the server at all, as opposed to an answer saying something went wrong. */
  network: boolean;
}

export interface MachineState {
  running: boolean;
  connected: boolean;
  /** Pulls and pushes in flight. */
  active: number;
  /**
   * Replications that should run and have not caught up with their feed yet (or have not written
   * what they brought), counting the event scopes not yet matched to my_events as one. Between two
   * requests nothing is in flight, so `active` alone would call a half-downloaded device up to date.
   */
  catchingUp: number;
  failures: Partial<Record<FailureSource, Failure>>;
  pending: number;
  lastSyncedAt: number | null;
}

export type SyncEvent =
  | { type: 'start' }
  | { type: 'stop' }
  | { type: 'connected' }
  | { type: 'disconnected' }
  | { type: 'request_started' }
  | { type: 'request_ended' }
  | { type: 'failed'; source: FailureSource; failure: Failure }
  | { type: 'succeeded'; source: FailureSource }
  | { type: 'catching_up'; count: number }
  | { type: 'pulled'; at: number }
  | { type: 'pending'; count: number }
  | { type: 'session_ended' };

export const INITIAL_MACHINE: MachineState = {
  running: false,
  connected: false,
  active: 0,
  catchingUp: 0,
  failures: {},
  pending: 0,
  lastSyncedAt: null,
};

export function reduce(s: MachineState, e: SyncEvent): MachineState {
  switch (e.type) {
    case 'start':
      return { ...s, running: true, connected: false, active: 0, catchingUp: 0, failures: {} };
    case 'stop':
      return { ...s, running: false, connected: false, active: 0, catchingUp: 0, failures: {} };
    case 'connected': {
      const { stream: _cleared, ...rest } = s.failures;
      return { ...s, connected: true, failures: rest };
    }
    case 'disconnected':
      return { ...s, connected: false };
    case 'request_started':
      return { ...s, active: s.active + 1 };
    case 'request_ended':
      return { ...s, active: Math.max(0, s.active - 1) };
    case 'failed':
      return { ...s, failures: { ...s.failures, [e.source]: e.failure } };
    case 'succeeded': {
      if (!s.failures[e.source]) return s;
      const failures = { ...s.failures };
      delete failures[e.source];
      return { ...s, failures };
    }
    case 'catching_up': {
      const count = Math.max(0, e.count);
      return s.catchingUp === count ? s : { ...s, catchingUp: count };
    }
    case 'pulled':
      // "Synced" is a promise that the device holds what it should; part of it does not count.
      if (s.catchingUp > 0) return s;
      return { ...s, lastSyncedAt: Math.max(s.lastSyncedAt ?? 0, e.at) };
    case 'pending':
      return s.pending === e.count ? s : { ...s, pending: e.count };
    case 'session_ended':
      return { ...s, failures: { ...s.failures, auth: { code: 'auth_required', retryAt: null, network: false } } };
  }
}

/** The failure the user should hear about: an answer that says something is wrong beats silence. */
function worstFailure(s: MachineState): Failure | null {
  const all = Object.values(s.failures).filter((f): f is Failure => !!f);
  const answer = all.find((f) => !f.network);
  if (answer) return answer;
  if (all.length === 0) return null;
  // Several sources waiting on the network: show the soonest retry.
  return all.reduce((a, b) => ((a.retryAt ?? Infinity) <= (b.retryAt ?? Infinity) ? a : b));
}

export function snapshot(s: MachineState): SyncSnapshot {
  const failure = worstFailure(s);
  let state: SyncState;
  if (failure && !failure.network) state = 'error';
  else if (failure || !s.running) state = 'offline';
  else if (s.active > 0) state = 'syncing';
  else if (!s.connected) state = 'connecting';
  else if (s.catchingUp > 0) state = 'syncing';
  else state = 'idle';
  return {
    state,
    pending: s.pending,
    lastSyncedAt: s.lastSyncedAt,
    error: failure ? { code: failure.code, retryAt: failure.retryAt } : null,
  };
}

export function sameSnapshot(a: SyncSnapshot, b: SyncSnapshot): boolean {
  return (
    a.state === b.state &&
    a.pending === b.pending &&
    a.lastSyncedAt === b.lastSyncedAt &&
    a.error?.code === b.error?.code &&
    a.error?.retryAt === b.error?.retryAt
  );
}

/**
 * Delay before retry number `attempt` (1-based): doubling from the base, capped, with ±20 % jitter
 * so devices that lost the server together do not come back in lockstep.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random, baseMs = SYNC_RETRY_BASE_MS, maxMs = SYNC_RETRY_MAX_MS): number {
  // The ceiling sits below the cap by the jitter's width, so clients that have all reached it still
  // spread over [0.67, 1] × maxMs. Clamping after jittering would park half of them on exactly maxMs,
  // and after a server restart they would come back in one wave (bench:reconnect-storm showed it).
  const ceiling = maxMs / 1.2;
  const exp = Math.min(ceiling, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exp * (0.8 + 0.4 * random()));
}

/**
 * The wait before a retry when the server said how long to stay away (Retry-After, on a 503 when it
 * sheds load or a 429): at least that, never less than the backoff, plus up to 20 % so the devices
 * it refused together do not all come back in the same second. A wait beyond
 * SYNC_RETRY_AFTER_MAX_MS is not taken at its word: a misconfigured proxy must not park a device for
 * hours, and a manual retry cuts the wait short anyway.
 */
export function retryDelay(backoffMs: number, retryAfterMs: number | undefined, random: () => number = Math.random, maxMs = SYNC_RETRY_AFTER_MAX_MS): number {
  if (retryAfterMs === undefined) return backoffMs;
  const asked = Math.min(retryAfterMs, maxMs) * (1 + 0.2 * random());
  return Math.max(backoffMs, Math.round(asked));
}
