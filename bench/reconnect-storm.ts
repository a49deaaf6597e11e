/**
 * `npm run bench:reconnect-storm [-- --db pg] [--sockets 1000] [--streams 200] [--signal KILL|TERM]`:
 * 1,000 notice sockets and 200 live-hint streams connected, the server process killed and started
 * again on the same port and database, and every client finding its own way back. Prints how long
 * until all were back, the connection and request rate the server saw each second, errors, and
 * histograms of when clients came back and when they tried, which show whether the backoff's
 * jitter spreads them out or they come in synchronised waves. Exits non-zero only when errors were
 * observed (a client not back within the limit, an Exception, a refused ticket or stream other
 * than while the server was down) — never on timings.
 *
 * The sockets are the PWA's own NoticeSocket (src/data/notices-socket.ts: a new socket ticket per
 * attempt, its exponential backoff with jitter), two per person as with two open tabs. The streams
 * are not whole SyncEngines (200 RxDB databases would measure this process, not the server): each is
 * the engine's stream loop (sync/engine/engine.ts streamLoop) re-stated over the same parts — readSse from
 * sync/engine/sse.ts, backoffDelay from sync/engine/status.ts with the engine's default base and cap, the attempt
 * count reset by RESYNC, and one backoff step after a stream the server ended cleanly.
 *
 * SIGKILL (the default) is a crash: sockets see a reset, not a close frame. `--signal TERM` is a
 * deploy: main.ts closes the sockets with 1001 and ends the streams first.
 */
import { setMaxListeners } from 'node:events';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import { SYNC_RESYNC } from '../contract/commands.ts';
import { SYNC_RETRY_BASE_MS, SYNC_RETRY_MAX_MS, SYNC_STREAM_HEARTBEAT_MS } from '../contract/constants.ts';
import { NoticeSocket, type WebSocketConstructor } from '../src/data/notices-socket.ts';
import { socketRetryDelay as noticeRetryDelay } from '../src/data/pass-socket.ts';
import { AbortedError, HttpError } from '../sync/engine/http.ts';
import { readSse } from '../sync/engine/sse.ts';
import { backoffDelay } from '../sync/engine/status.ts';
import { startBenchServer, dbChoice, numberArg, describeDb } from './lib/server.ts';
import { prepareCrowd, type BenchUser } from './lib/users.ts';
import { itemAt } from './lib/pick.ts';
import { histogram, percentile, table, fmtMs } from './lib/stats.ts';

const DB = dbChoice();
const SOCKETS = Math.round(numberArg('sockets', 1000) / 2) * 2;
const STREAMS = numberArg('streams', 200);
const VISITORS = numberArg('visitors', 5000);
const SIGNAL = (() => {
  const i = process.argv.indexOf('--signal');
  const v = i >= 0 ? process.argv[i + 1] : 'KILL';
  if (v !== 'KILL' && v !== 'TERM') throw new Error(`--signal must be KILL or TERM, got ${v}`);
  return v;
})();
/** The first connect and the recovery each get this long before the missing clients count as errors. */
const CONNECT_LIMIT_MS = 5 * 60_000;
const HISTOGRAM_BUCKET_MS = 250;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What one client did, in performance.now() ms. */
interface Track {
  /** When each registration (socket) or RESYNC (stream) arrived. */
  ready: number[];
  /** When each connection attempt started (a ticket request, a stream request). */
  attempts: number[];
  /** Failed attempts: [when, why]. */
  failures: [number, string][];
}
const newTrack = (): Track => ({ ready: [], attempts: [], failures: [] });

/** The innermost cause's code or name: ECONNREFUSED while down, ECONNRESET or a timeout when swamped. */
function why(err: unknown): string {
  let e = err as { cause?: unknown; code?: unknown; name?: unknown; message?: unknown } | undefined;
  while (e && typeof e === 'object' && e.cause && typeof e.cause === 'object') e = e.cause as typeof e;
  if (typeof e?.code === 'string') return e.code;
  return typeof e?.name === 'string' && e.name !== 'Error' ? e.name : String(e?.message ?? 'unknown');
}

/** A notice socket of the real client, instrumented through the fetch and WebSocket it is given. */
function noticeClient(url: string, user: BenchUser, track: Track, errors: string[]): NoticeSocket {
  class Tracked extends WebSocket {
    constructor(address: string) {
      super(address);
      this.addEventListener('message', (ev) => {
        if (String(ev.data).includes('"registered"')) track.ready.push(performance.now());
      });
    }
  }
  const counting: typeof fetch = async (input, init) => {
    track.attempts.push(performance.now());
    try {
      const res = await fetch(input, init);
      if (!res.ok) track.failures.push([performance.now(), `ticket HTTP ${res.status}`]);
      return res;
    } catch (err) {
      track.failures.push([performance.now(), `ticket unreachable (${why(err)})`]);
      throw err;
    }
  };
  return new NoticeSocket({
    baseUrl: url,
    userId: user.id,
    headers: { authorization: `Bearer ${user.token}` },
    fetch: counting,
    WebSocket: Tracked as unknown as WebSocketConstructor,
    onNotice: () => undefined,
    onException: (e) => errors.push(`notice socket of ${user.id}: ${e.type} ${e.code}`),
    onUnauthorized: () => errors.push(`notice socket of ${user.id}: ticket refused with 401`),
  });
}

/** The engine's live-stream loop (see the header), for one signed-in device. */
async function streamClient(url: string, user: BenchUser, track: Track, signal: AbortSignal): Promise<void> {
  let attempt = 0;
  const idleTimeoutMs = SYNC_STREAM_HEARTBEAT_MS * 2 + 5000;
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(t);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const t = setTimeout(done, ms);
      signal.addEventListener('abort', done);
    });
  while (!signal.aborted) {
    try {
      track.attempts.push(performance.now());
      await readSse({
        baseUrl: url,
        headers: { authorization: `Bearer ${user.token}` },
        path: '/sync/v1/stream',
        signal,
        idleTimeoutMs,
        onMessage: (m) => {
          if ((JSON.parse(m.data) as { type?: string }).type === SYNC_RESYNC) {
            attempt = 0;
            track.ready.push(performance.now());
          }
        },
      });
      track.failures.push([performance.now(), 'stream ended by the server']);
      await wait(backoffDelay(1, Math.random, SYNC_RETRY_BASE_MS));
    } catch (err) {
      if (err instanceof AbortedError || signal.aborted) break;
      track.failures.push([performance.now(), err instanceof HttpError ? `stream HTTP ${err.status}` : `stream unreachable (${why(err)})`]);
      attempt++;
      await wait(backoffDelay(attempt, Math.random, SYNC_RETRY_BASE_MS, SYNC_RETRY_MAX_MS));
    }
  }
}

/** Waits until every track has a ready mark after `since`; returns how many are still missing. */
async function allReady(tracks: Track[], since: number, limitMs: number): Promise<number> {
  const deadline = performance.now() + limitMs;
  for (;;) {
    const missing = tracks.filter((t) => !t.ready.some((r) => r > since)).length;
    if (missing === 0 || performance.now() > deadline) return missing;
    await sleep(100);
  }
}

async function main() {
  console.log(`reconnect storm: ${SOCKETS} notice sockets (2 per person), ${STREAMS} hint streams, SIG${SIGNAL}, SEED=scale:${VISITORS}, ${describeDb(DB)}`);
  const people = Math.max(SOCKETS / 2, STREAMS);
  const bench = await startBenchServer({ db: DB, seed: `scale:${VISITORS}`, prepare: (db) => prepareCrowd(db, people) });
  const { url } = bench;
  const { users } = bench.setup;
  const errors: string[] = [];
  const socketTracks = Array.from({ length: SOCKETS }, newTrack);
  const streamTracks = Array.from({ length: STREAMS }, newTrack);
  const sockets = socketTracks.map((t, i) => noticeClient(url, itemAt(users, i % (SOCKETS / 2)), t, errors));
  const controller = new AbortController();
  // Every stream listens on the one signal that ends the run.
  setMaxListeners(0, controller.signal);
  const streamTasks: Promise<void>[] = [];
  try {
    // ---- everybody connected -------------------------------------------------------------------
    const t0 = performance.now();
    for (const s of sockets) s.start();
    for (const [i, track] of streamTracks.entries()) streamTasks.push(streamClient(url, itemAt(users, i), track, controller.signal));
    const missingAtStart = await allReady([...socketTracks, ...streamTracks], 0, CONNECT_LIMIT_MS);
    if (missingAtStart > 0) throw new Error(`${missingAtStart} clients never connected in the first place`);
    console.log(`all ${SOCKETS + STREAMS} clients connected in ${((performance.now() - t0) / 1000).toFixed(1)} s (cold start, not the figure)`);
    await sleep(2000);
    await bench.report();

    // ---- the restart ---------------------------------------------------------------------------
    // The clients' own process can be starved too (a busy machine): its delay shows how far the
    // timestamps below, and the spacing of retries, can be trusted.
    const clientLoop = monitorEventLoopDelay({ resolution: 10 });
    clientLoop.enable();
    const killedAt = performance.now();
    const killedEpoch = Date.now();
    if (SIGNAL === 'KILL') await bench.kill();
    else await bench.server.stop();
    const downAt = performance.now();
    const startedAt = performance.now();
    await bench.start();
    const upAt = performance.now();
    const missing = await allReady([...socketTracks, ...streamTracks], killedAt, CONNECT_LIMIT_MS);
    const allBackAt = performance.now();
    const server = await bench.report();
    clientLoop.disable();

    // ---- figures -------------------------------------------------------------------------------
    const since = (t: number) => t - killedAt;
    const backTimes = (tracks: Track[]) =>
      tracks
        .map((t) => t.ready.find((r) => r > killedAt))
        .filter((r): r is number => r !== undefined)
        .map(since);
    const socketBack = backTimes(socketTracks);
    const streamBack = backTimes(streamTracks);
    const failuresAfterUp = [...socketTracks, ...streamTracks].flatMap((t) => t.failures.filter(([at]) => at > upAt));
    const failuresWhileDown = [...socketTracks, ...streamTracks].reduce((n, t) => n + t.failures.filter(([at]) => at > killedAt && at <= upAt).length, 0);
    const refusals = failuresAfterUp.filter(([, why]) => why.includes('HTTP'));
    const retriesAfterUp = failuresAfterUp.length - refusals.length;
    const attempts = (tracks: Track[]) => tracks.flatMap((t) => t.attempts.filter((a) => a > killedAt).map(since));

    console.log('');
    console.log(
      `server ${SIGNAL === 'KILL' ? 'killed' : 'stopped'} in ${fmtMs(downAt - killedAt)} ms; the new process took ${((upAt - startedAt) / 1000).toFixed(2)} s to answer /healthz, ` +
        `${((upAt - killedAt) / 1000).toFixed(2)} s after the ${SIGNAL === 'KILL' ? 'kill' : 'stop'}`,
    );
    console.log(
      table([
        ['clients', 'count', 'back', 'first s', 'median s', 'p95 s', 'all back s', 'after healthy s'],
        ...(
          [
            ['notice sockets', socketBack, SOCKETS],
            ['hint streams', streamBack, STREAMS],
          ] as const
        ).map(([name, xs, n]) => [
          name,
          String(n),
          String(xs.length),
          (Math.min(...xs) / 1000).toFixed(2),
          (percentile(xs, 50) / 1000).toFixed(2),
          (percentile(xs, 95) / 1000).toFixed(2),
          (Math.max(...xs) / 1000).toFixed(2),
          ((killedAt + Math.max(...xs) - upAt) / 1000).toFixed(2),
        ]),
      ]),
    );
    console.log(
      `all ${SOCKETS + STREAMS - missing} of ${SOCKETS + STREAMS} clients back ${((allBackAt - killedAt) / 1000).toFixed(2)} s after the ${SIGNAL === 'KILL' ? 'kill' : 'stop'}`,
    );
    console.log(`failed attempts while the server was down: ${failuresWhileDown}; after it was up: ${retriesAfterUp} unreachable, ${refusals.length} refused`);
    const reasons = new Map<string, number>();
    for (const [, reason] of failuresAfterUp) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    for (const [reason, n] of reasons) console.log(`  after up: ${n} × ${reason}`);

    const bySecond = new Map(server.perSecond.map((x) => [x.second, x]));
    const first = Math.min(...bySecond.keys());
    const last = Math.max(...bySecond.keys());
    const seconds = Array.from({ length: last - first + 1 }, (_, i) => bySecond.get(first + i) ?? { second: first + i, connection: 0, request: 0, upgrade: 0 });
    const peak = (k: 'connection' | 'request' | 'upgrade') => Math.max(0, ...seconds.map((x) => x[k]));
    const killSecond = Math.floor(killedEpoch / 1000);
    console.log('');
    console.log(
      `what the restarted server saw each second (peak: ${peak('connection')} TCP connections/s, ${peak('upgrade')} websocket upgrades/s, ${peak('request')} HTTP requests/s):`,
    );
    console.log(
      table([
        ['s after kill', 'connections', 'upgrades', 'requests'],
        ...seconds.map((x) => [String(x.second - killSecond), String(x.connection), String(x.upgrade), String(x.request)]),
      ]),
    );
    console.log(
      `this (client) process during the recovery: event-loop delay p99 ${fmtMs(clientLoop.percentile(99) / 1e6)} ms, max ${fmtMs(clientLoop.max / 1e6)} ms`,
    );
    console.log(
      `server after recovery: RSS ${(server.rss / 1048576).toFixed(0)} MiB, event-loop delay p99 ${fmtMs(server.loopDelay.p99)} ms, max ${fmtMs(server.loopDelay.max)} ms`,
    );

    console.log('');
    console.log(`notice sockets back, s after the ${SIGNAL === 'KILL' ? 'kill' : 'stop'} (server healthy at ${((upAt - killedAt) / 1000).toFixed(2)} s):`);
    console.log(histogram(socketBack, HISTOGRAM_BUCKET_MS));
    console.log('');
    console.log('notice socket attempts (ticket requests), s after the kill — jitter shows as spread, not spikes:');
    console.log(histogram(attempts(socketTracks), HISTOGRAM_BUCKET_MS));
    console.log('');
    console.log('hint streams back, s after the kill:');
    console.log(histogram(streamBack, HISTOGRAM_BUCKET_MS));
    console.log('');
    console.log('hint stream attempts, s after the kill:');
    console.log(histogram(attempts(streamTracks), HISTOGRAM_BUCKET_MS));

    // The policies themselves, sampled far past the cap: a delay pinned to one value is a wave.
    const pinned = (delay: () => number) => {
      const xs = Array.from({ length: 10_000 }, delay);
      const counts = new Map<number, number>();
      for (const x of xs) counts.set(x, (counts.get(x) ?? 0) + 1);
      return { min: Math.min(...xs), max: Math.max(...xs), atOneValue: Math.max(...counts.values()) / xs.length };
    };
    const noticePolicy = pinned(() => noticeRetryDelay(30));
    const streamPolicy = pinned(() => backoffDelay(30));
    console.log('');
    console.log('backoff at its cap (10,000 draws each): the share of clients that would retry after the very same delay');
    console.log(
      table([
        ['policy', 'min ms', 'max ms', 'share at its most common value'],
        ['notice socket (noticeRetryDelay)', String(noticePolicy.min), String(noticePolicy.max), `${(noticePolicy.atOneValue * 100).toFixed(1)} %`],
        ['sync stream (backoffDelay)', String(streamPolicy.min), String(streamPolicy.max), `${(streamPolicy.atOneValue * 100).toFixed(1)} %`],
      ]),
    );

    if (missing > 0) errors.push(`${missing} clients not back within ${CONNECT_LIMIT_MS / 1000} s`);
    for (const [, why] of refusals) errors.push(why);
    console.log('');
    console.log(`errors: ${errors.length}`);
    const grouped = new Map<string, number>();
    for (const e of errors) grouped.set(e, (grouped.get(e) ?? 0) + 1);
    for (const [e, n] of grouped) console.log(`  ${n} × ${e}`);
    process.exitCode = errors.length > 0 ? 1 : 0;
  } finally {
    for (const s of sockets) s.stop();
    controller.abort();
    await Promise.allSettled(streamTasks);
    await bench.dispose();
  }
}

await main();
