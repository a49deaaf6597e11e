import { describe, expect, it } from 'vitest';
import { SYNC_RETRY_BASE_MS, SYNC_RETRY_MAX_MS } from '../../contract/constants.ts';
import { INITIAL_MACHINE, backoffDelay, reduce, snapshot, type MachineState, type SyncEvent } from '../../sync/engine/status.ts';

const run = (...events: SyncEvent[]): MachineState => events.reduce(reduce, INITIAL_MACHINE);
const net = (retryAt: number) => ({ code: 'network_error', retryAt, network: true });

describe('sync status machine', () => {
  it('is offline before it runs, then connecting, syncing and idle', () => {
    expect(snapshot(INITIAL_MACHINE).state).toBe('offline');
    expect(snapshot(run({ type: 'start' })).state).toBe('connecting');
    expect(snapshot(run({ type: 'start' }, { type: 'request_started' })).state).toBe('syncing');
    expect(snapshot(run({ type: 'start' }, { type: 'connected' }, { type: 'request_started' })).state).toBe('syncing');
    expect(snapshot(run({ type: 'start' }, { type: 'connected' }, { type: 'request_started' }, { type: 'request_ended' })).state).toBe('idle');
    expect(snapshot(run({ type: 'start' }, { type: 'connected' }, { type: 'disconnected' })).state).toBe('connecting');
  });

  it('goes offline with the retry time when the network fails, and back when it answers', () => {
    const down = run({ type: 'start' }, { type: 'connected' }, { type: 'failed', source: 'stream', failure: net(5000) }, { type: 'disconnected' });
    expect(snapshot(down)).toMatchObject({ state: 'offline', error: { code: 'network_error', retryAt: 5000 } });
    const back = reduce(down, { type: 'connected' });
    expect(snapshot(back)).toMatchObject({ state: 'idle', error: null });
  });

  it('keeps a failure until the same source succeeds', () => {
    const s = run({ type: 'start' }, { type: 'connected' }, { type: 'failed', source: 'push', failure: net(9000) }, { type: 'succeeded', source: 'pull' });
    expect(snapshot(s).state).toBe('offline');
    expect(snapshot(reduce(s, { type: 'succeeded', source: 'push' })).state).toBe('idle');
  });

  it('shows the soonest retry when several sources wait for the network', () => {
    const s = run({ type: 'start' }, { type: 'failed', source: 'push', failure: net(9000) }, { type: 'failed', source: 'pull', failure: net(4000) });
    expect(snapshot(s).error).toEqual({ code: 'network_error', retryAt: 4000 });
  });

  it('prefers an error answer from the server over network trouble', () => {
    const s = run(
      { type: 'start' },
      { type: 'failed', source: 'pull', failure: net(4000) },
      { type: 'failed', source: 'push', failure: { code: 'unknown_error', retryAt: 8000, network: false } },
    );
    expect(snapshot(s)).toMatchObject({ state: 'error', error: { code: 'unknown_error', retryAt: 8000 } });
  });

  it('reports an ended session as an error without a retry time until a new start', () => {
    const s = run({ type: 'start' }, { type: 'connected' }, { type: 'session_ended' });
    expect(snapshot(s)).toMatchObject({ state: 'error', error: { code: 'auth_required', retryAt: null } });
    expect(snapshot(reduce(s, { type: 'start' })).error).toBeNull();
  });

  it('counts pending entries and keeps the latest complete pull', () => {
    const s = run({ type: 'start' }, { type: 'pending', count: 3 }, { type: 'pulled', at: 200 }, { type: 'pulled', at: 100 });
    expect(snapshot(s)).toMatchObject({ pending: 3, lastSyncedAt: 200 });
    expect(reduce(s, { type: 'pending', count: 3 })).toBe(s);
  });

  it('stays syncing while replications that should run have not caught up, even with no request in flight', () => {
    const connected = run({ type: 'start' }, { type: 'connected' });
    const between = reduce(connected, { type: 'catching_up', count: 2 });
    expect(snapshot(between).state).toBe('syncing');
    expect(snapshot(reduce(reduce(between, { type: 'request_started' }), { type: 'request_ended' })).state).toBe('syncing');
    expect(snapshot(reduce(between, { type: 'catching_up', count: 0 })).state).toBe('idle');
    // Not connected yet and nothing in flight: still "connecting", never "up to date".
    expect(snapshot(run({ type: 'start' }, { type: 'catching_up', count: 1 })).state).toBe('connecting');
  });

  it('keeps offline and errors ahead of catching up', () => {
    const behind = run({ type: 'start' }, { type: 'connected' }, { type: 'catching_up', count: 3 });
    expect(snapshot(reduce(behind, { type: 'failed', source: 'pull', failure: net(7000) }))).toMatchObject({ state: 'offline', error: { retryAt: 7000 } });
    expect(snapshot(reduce(behind, { type: 'session_ended' })).state).toBe('error');
    expect(snapshot(reduce(behind, { type: 'stop' })).state).toBe('offline');
  });

  it('moves the last sync time only when nothing is left to catch up', () => {
    const synced = run({ type: 'start' }, { type: 'connected' }, { type: 'pulled', at: 100 });
    const joined = reduce(synced, { type: 'catching_up', count: 1 });
    expect(snapshot(reduce(joined, { type: 'pulled', at: 200 })).lastSyncedAt).toBe(100);
    const done = reduce(reduce(joined, { type: 'catching_up', count: 0 }), { type: 'pulled', at: 300 });
    expect(snapshot(done)).toMatchObject({ state: 'idle', lastSyncedAt: 300 });
  });

  it('forgets what was behind when the engine starts again or stops', () => {
    const behind = run({ type: 'start' }, { type: 'connected' }, { type: 'catching_up', count: 2 });
    expect(reduce(behind, { type: 'start' }).catchingUp).toBe(0);
    expect(reduce(behind, { type: 'stop' }).catchingUp).toBe(0);
    expect(reduce(behind, { type: 'catching_up', count: 2 })).toBe(behind);
    expect(reduce(behind, { type: 'catching_up', count: -1 }).catchingUp).toBe(0);
  });

  it('never counts requests below zero and is offline again after stop', () => {
    const s = run({ type: 'start' }, { type: 'connected' }, { type: 'request_ended' });
    expect(s.active).toBe(0);
    expect(snapshot(reduce(s, { type: 'stop' })).state).toBe('offline');
  });
});

describe('backoffDelay', () => {
  const mid = () => 0.5;
  it('doubles from the base up to a ceiling below the cap', () => {
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, mid))).toEqual([SYNC_RETRY_BASE_MS, SYNC_RETRY_BASE_MS * 2, SYNC_RETRY_BASE_MS * 4, SYNC_RETRY_BASE_MS * 8]);
    expect(backoffDelay(50, mid)).toBe(Math.round(SYNC_RETRY_MAX_MS / 1.2));
  });
  it('spreads retries by 20 % either way and never beyond the cap', () => {
    expect(backoffDelay(1, () => 0)).toBe(SYNC_RETRY_BASE_MS * 0.8);
    expect(backoffDelay(1, () => 1)).toBe(SYNC_RETRY_BASE_MS * 1.2);
    expect(backoffDelay(50, () => 1)).toBe(SYNC_RETRY_MAX_MS);
  });
  it('keeps clients that reached the cap apart instead of retrying in one wave', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const delays = Array.from({ length: 10_000 }, () => backoffDelay(50, random));
    const counts = new Map<number, number>();
    for (const d of delays) counts.set(d, (counts.get(d) ?? 0) + 1);
    expect(Math.max(...counts.values())).toBeLessThan(50);
    expect(Math.max(...delays)).toBeLessThanOrEqual(SYNC_RETRY_MAX_MS);
    expect(Math.max(...delays) - Math.min(...delays)).toBeGreaterThan(SYNC_RETRY_MAX_MS / 4);
  });
});
