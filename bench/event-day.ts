/**
 * `npm run bench:event-day [-- --users 100] [--seconds 30] [--think-ms 200] [--knee [--steps 20,50,100,150,200,300]]
 *  [--instances 2] [--kind-seconds 8] [--kind-users 20] [--no-kinds] [--cold] [--latency [--latency-pairs 5]] [--rush 500] [--sockets 1000]
 *  [--db pglite]`:
 * the event day of issue 28. Signed-in attendees of a 5,000-visitor event (SEED=scale:5000) each loop
 * with a 200 ms think time (±50 %) over 40 % legacy reads (GET /api/events/{id}, events-list,
 * get-event-people, get-chat-messages), 40 % incremental sync pulls (each user keeps its checkpoints,
 * as a device does: full pages first, then only what changed) and 20 % commands (comment.add,
 * comment.like, event.favorite, message.send through POST /sync/v1/commands).
 *
 * Who measures what:
 * - The server is `server/main.ts` as a child process on PostgreSQL + Redis (bench/lib/server.ts);
 *   this process is only the load generator, so latencies include no server work done here, and the
 *   generator's own CPU (process.cpuUsage) is printed beside them.
 * - Server CPU is the child's utime + stime from /proc/<pid>/stat (bench/lib/cpu.ts), its idle rate
 *   (timers, heartbeats) measured first and taken off. PostgreSQL's CPU is the same reading for the
 *   backends of the bench's database (pg_stat_activity). Per call kind, a short phase runs that kind
 *   alone (`--kind-users` users, `--kind-seconds` each) and divides the CPU by the answered requests:
 *   a mixed run cannot tell which request used the CPU, a phase of one kind can.
 * - `--knee` steps the user count and reports the highest req/s whose p95 stays ≤ 250 ms.
 * - `--rush 500` (with a run of `--users`): the doors-open rush, 500 more devices doing their first
 *   sync evenly over the run (`--seconds 300` for the issue's five minutes) beside the traffic.
 * - `--latency` (with a run of `--users`) also measures how long a chat comment, a message, a
 *   meeting answer and a door scan take from the sender's tap to the other device's pull that
 *   returns them, through the hint stream, on devices beside the traffic (bench/lib/change-latency.ts).
 * - `--sockets 1000` holds that many registered sockets through the runs (half /wss/notice, half
 *   /wss/chat, as bench:soak does), so the rush and the latency probes meet the socket fan-out too.
 * - `--instances 2` puts two servers behind a round-robin TCP balancer (bench/lib/round-robin.ts, in
 *   this process, so its CPU is in the generator's figure) on one PostgreSQL and Redis.
 *
 * Exactly once (checked on PostgreSQL, in every mode): one in ten comment.add and message.send
 * commands is sent a second time with the same id (a device that lost the answer); a command shed
 * with 503 is resent after its Retry-After, for up to 30 s after the run's traffic stops, as a device's outbox would. Afterwards
 * the database must hold exactly one comment or message per command id that was answered `applied`.
 *
 * Prints figures and exits non-zero only on errors (failed requests, refused commands, duplicates or
 * missing rows), never on timings. The machine's load average is printed with every phase.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { SYNC_PULL_DEFAULT_LIMIT } from '../contract/constants.ts';
import type { CommandResult } from '../contract/commands.ts';
import { FoyerServer } from '../tests/e2e/fixtures/server.ts';
import { startBenchServer, dbChoice, numberArg, describeDb } from './lib/server.ts';
import { prepareCrowd, type BenchUser, type EventCrowd } from './lib/users.ts';
import { anyOf, itemAt } from './lib/pick.ts';
import { inBatches, openRegistered } from './lib/sockets.ts';
import { Tally, table, fmtMs, percentile } from './lib/stats.ts';
import { CpuMeter } from './lib/cpu.ts';
import { startRoundRobin, type RoundRobin } from './lib/round-robin.ts';
import { recordFigures } from './lib/result.ts';
import { measureChangeLatency, PROBE_KINDS, type LatencyResult } from './lib/change-latency.ts';
import { prepareProbeCast } from './lib/probe-cast.ts';

const argv = process.argv.slice(2);
const DB = argv.includes('--db') ? dbChoice() : 'pg';
const USERS = numberArg('users', 100);
const SECONDS = numberArg('seconds', 30);
const THINK_MS = numberArg('think-ms', 200);
const VISITORS = numberArg('visitors', 5000);
const KIND_SECONDS = numberArg('kind-seconds', 8);
const KIND_USERS = numberArg('kind-users', 20);
const INSTANCES = numberArg('instances', 1);
const KNEE = argv.includes('--knee');
/**
 * Without it, every device has done its first sync before the measured runs, so their pulls are the
 * incremental ones of a day in the hall; with it, the runs start from empty devices.
 */
const COLD = argv.includes('--cold');
const NO_KINDS = argv.includes('--no-kinds');
/** Probes of change latency beside the mixed run (bench/lib/change-latency.ts): this many sender → watcher pairs. */
const LATENCY_PAIRS = argv.includes('--latency') ? numberArg('latency-pairs', 5) : 0;
const LATENCY_EVERY_MS = numberArg('latency-every-ms', 2000);
/** The doors-open rush beside the mixed run: this many more devices do their first sync, spread over the run. */
const RUSH = numberArg('rush', 0);
/**
 * Registered sockets held open through the runs, half /wss/notice and half /wss/chat, one of each per
 * person, as bench:soak holds them: their fan-out is part of the server's work on the day.
 */
const SOCKETS = Math.round(numberArg('sockets', 0) / 2) * 2;
const stepsArg = argv.includes('--steps') ? argv[argv.indexOf('--steps') + 1] : undefined;
const STEPS = (stepsArg ?? '20,50,100,150,200,300').split(',').map(Number);
const P95_TARGET_MS = 250;
const REQUEST_TIMEOUT_MS = 30_000;
const IDLE_MS = 3000;
/** A shed command is resent after its Retry-After, but no later than this: a bench run is short. */
const MAX_RETRY_WAIT_MS = 5000;
const RESEND_SHARE = 0.1;
/** How long after a run's traffic stops a refused command is still resent before it counts as an error. */
const RESEND_GRACE_MS = 30_000;

const tag = randomBytes(4).toString('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

type CallClass = 'legacy' | 'pull' | 'command';
type Mix = 'mixed' | CallClass | 'legacy event' | 'legacy events-list' | 'legacy event-people' | 'legacy chat-messages';

interface PhaseResult {
  name: string;
  users: number;
  seconds: number;
  tally: Tally;
  byClass: Tally;
  ok: number;
  errors: number;
  shed: number;
  /** Calls turned down by a person's search budget (rate_limited): neither answered nor errors. */
  budget: number;
  serverCpuMs: number;
  dbCpuMs: number | null;
  generatorCpuMs: number;
  loadBefore: string;
  loadAfter: string;
}

/** Command ids the server answered `applied`, by what they made, for the exactly-once check. */
const appliedComments = new Set<string>();
const appliedMessages = new Set<string>();
const failures = new Map<string, number>();

const PULLED = ['events', 'my_events', 'visitors', 'comments', 'dialogs', 'messages', 'appointments'] as const;
const SCOPED_PULLS = new Set(['visitors', 'comments']);

/** One device's first sync: every collection pulled to its end; answers the pages it took. */
async function syncDevice(url: string, user: BenchUser, eventId: number, checkpoints: Map<string, number>): Promise<number> {
  let pages = 0;
  for (const name of PULLED) {
    const scope = SCOPED_PULLS.has(name) ? `&event_id=${eventId}` : '';
    for (let checkpoint = 0; ; ) {
      const res = await fetch(`${url}/sync/v1/${name}/pull?checkpoint=${checkpoint}&limit=${SYNC_PULL_DEFAULT_LIMIT}${scope}`, {
        headers: { authorization: `Bearer ${user.token}`, 'accept-encoding': 'br, gzip' },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (res.status === 503) {
        // Shed: the device waits as it is told and asks again, as the sync engine does.
        await sleep(Math.min(MAX_RETRY_WAIT_MS, Number(res.headers.get('retry-after') ?? '1') * 1000));
        continue;
      }
      if (!res.ok) throw new Error(`first sync of ${name}: HTTP ${res.status}`);
      const body = (await res.json()) as { documents: unknown[]; checkpoint: number };
      pages++;
      // A page may be shorter than asked (the server caps some feeds), so the end is an empty page.
      const done = body.documents.length === 0 || body.checkpoint === checkpoint;
      checkpoint = body.checkpoint;
      checkpoints.set(name, checkpoint);
      if (done) break;
    }
  }
  return pages;
}

/** Each device pulls every collection to its end, eight devices at a time; answers the pages pulled. */
async function firstSync(url: string, crowd: EventCrowd, devices: Map<number, Map<string, number>>, count: number): Promise<number> {
  let pages = 0;
  let next = 0;
  const device = async () => {
    for (let v = next++; v < count; v = next++) {
      const checkpoints = new Map<string, number>();
      devices.set(v, checkpoints);
      // Not `pages += await …`: that reads `pages` before the await, and the eight devices would
      // each add to the count as it stood when they started.
      const took = await syncDevice(url, itemAt(crowd.users, v), crowd.eventId, checkpoints);
      pages += took;
    }
  };
  await Promise.all(Array.from({ length: 8 }, device));
  return pages;
}

interface RushResult {
  /** Each device's first sync, from its first request to its last page, in ms. */
  ms: number[];
  pages: number;
  failed: number;
}

/**
 * The doors-open rush: `count` devices of people not among the run's users start their first sync
 * evenly over `seconds`, each on its own, beside the run's traffic.
 */
async function rush(url: string, crowd: EventCrowd, from: number, count: number, seconds: number): Promise<RushResult> {
  const result: RushResult = { ms: [], pages: 0, failed: 0 };
  const start = performance.now();
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      await sleep(start + (i / count) * seconds * 1000 - performance.now());
      const t0 = performance.now();
      try {
        const took = await syncDevice(url, itemAt(crowd.users, from + i), crowd.eventId, new Map());
        result.pages += took;
        result.ms.push(performance.now() - t0);
      } catch {
        result.failed++;
      }
    }),
  );
  return result;
}

/**
 * Opens and registers SOCKETS sockets for the first SOCKETS / 2 people of the crowd and counts what
 * they receive. bench:soak checks each frame's delivery; here they are the load beside the traffic,
 * and a socket the server closes or an Exception frame is an error.
 */
async function holdSockets(url: string, crowd: EventCrowd) {
  const t0 = performance.now();
  const frames = { n: 0 };
  const dropped = { n: 0 };
  const exceptions = { n: 0 };
  const people = SOCKETS / 2;
  const open = async (i: number) => {
    const channel = i < people ? 'notice' : 'chat';
    const ws = await openRegistered(url, channel, itemAt(crowd.users, i % people), channel === 'chat' ? crowd.eventId : undefined, (frame) => {
      frames.n++;
      if (frame.type === 'Exception') exceptions.n++;
    });
    ws.on('close', () => {
      if (!closing) dropped.n++;
    });
    return ws;
  };
  let closing = false;
  const sockets = await inBatches(SOCKETS, 25, open);
  console.log(`${SOCKETS} sockets registered in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return {
    frames,
    dropped,
    exceptions,
    close() {
      closing = true;
      for (const ws of sockets) ws.terminate();
    },
  };
}

async function main() {
  if (INSTANCES !== 1 && INSTANCES !== 2) throw new Error(`--instances must be 1 or 2, got ${INSTANCES}`);
  const crowdSize = KNEE ? Math.max(...STEPS, KIND_USERS) : Math.max(USERS, KIND_USERS);
  console.log(
    `event day: ${KNEE ? `knee over ${STEPS.join(', ')} users` : `${USERS} users`}, ${SECONDS} s per run, think ${THINK_MS} ms ±50 %, ` +
      `SEED=scale:${VISITORS}, ${describeDb(DB)}, ${INSTANCES} instance(s); ${os.cpus().length} cores, load ${load()}`,
  );
  const seedStart = performance.now();
  // Beyond the traffic's people: the rush's devices, the comment probes' senders, and candidates for
  // the meeting probes' pairs.
  const castFrom = crowdSize + RUSH + LATENCY_PAIRS;
  const bench = await startBenchServer({
    db: DB,
    seed: `scale:${VISITORS}`,
    prepare: async (db) => {
      const crowd = await prepareCrowd(db, Math.max(castFrom + 4 * LATENCY_PAIRS, SOCKETS / 2));
      const cast = LATENCY_PAIRS > 0 ? await prepareProbeCast(db, crowd.eventId, crowd.users.slice(castFrom), LATENCY_PAIRS) : null;
      return { crowd, cast };
    },
  });
  const { crowd, cast } = bench.setup;
  let second: FoyerServer | null = null;
  let balancer: RoundRobin | null = null;
  let admin: pg.Client | null = null;
  try {
    const pids = [bench.pid()];
    let url = bench.url;
    if (INSTANCES === 2) {
      const probe = `${os.tmpdir()}/foyer-bench-probe-${randomBytes(6).toString('hex')}.json`;
      second = new FoyerServer({ seed: `scale:${VISITORS}`, distDir: '/nonexistent', env: { ...bench.env, FOYER_BENCH_PROBE_FILE: probe } });
      await second.start();
      const { readFileSync, rmSync } = await import('node:fs');
      pids.push((JSON.parse(readFileSync(probe, 'utf8')) as { pid: number }).pid);
      rmSync(probe, { force: true });
      balancer = await startRoundRobin([bench.server, second].map((s) => ({ host: '127.0.0.1', port: s.port })));
      url = balancer.url;
    }
    console.log(
      `server(s) up (pids ${pids.join(', ')}), seeded, ${crowd.users.length} sessions made in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );

    if (bench.databaseUrl) {
      admin = new pg.Client({ connectionString: bench.databaseUrl });
      await admin.connect();
    }
    const client = admin;
    const serverCpu = new CpuMeter(() => pids);
    const dbCpu = client
      ? new CpuMeter(async () =>
          (await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()')).rows.map(
            (r) => r.pid,
          ),
        )
      : null;

    const held = SOCKETS > 0 ? await holdSockets(url, crowd) : null;

    // The server's own cost at rest, taken off every phase's figure.
    await serverCpu.begin();
    await sleep(IDLE_MS);
    const idleCpuPerMs = (await serverCpu.end()) / IDLE_MS;
    console.log(`server idle CPU: ${(idleCpuPerMs * 1000).toFixed(1)} ms/s (taken off the phases below)`);

    const devices = new Map<number, Map<string, number>>();
    if (!COLD) {
      const t0 = performance.now();
      const pages = await firstSync(url, crowd, devices, crowdSize);
      console.log(
        `first sync of ${crowdSize} devices (not measured; \`--rush\` measures first syncs under traffic): ${pages} pages in ${((performance.now() - t0) / 1000).toFixed(1)} s; load ${load()}`,
      );
    }
    const run = (name: string, mix: Mix, users: number, seconds: number) =>
      phase({ name, mix, users, seconds, url, crowd, devices, serverCpu, dbCpu, idleCpuPerMs });

    const results: PhaseResult[] = [];
    if (KNEE) {
      for (const users of STEPS) {
        const r = await run(`${users} users`, 'mixed', users, SECONDS);
        results.push(r);
        printPhase(r);
        // Past the target, one more step shows whether more users still bring more req/s; once they
        // do not, the instance is saturated and further steps only queue.
        const prev = results.at(-2);
        if (percentile(r.tally.all(), 95) > P95_TARGET_MS * 2 && prev && r.ok / r.seconds <= (1.1 * prev.ok) / prev.seconds) break;
      }
      const fit = results.filter((r) => percentile(r.tally.all(), 95) <= P95_TARGET_MS && r.errors === 0);
      const knee = fit.reduce<PhaseResult | null>((best, r) => (!best || r.ok / r.seconds > best.ok / best.seconds ? r : best), null);
      console.log('');
      console.log(
        table([
          ['users', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'shed 503', 'server CPU %', 'load after'],
          ...results.map((r) => {
            const all = r.tally.all();
            return [
              String(r.users),
              (r.ok / r.seconds).toFixed(1),
              fmtMs(percentile(all, 50)),
              fmtMs(percentile(all, 95)),
              fmtMs(percentile(all, 99)),
              String(r.errors),
              String(r.shed),
              ((r.serverCpuMs / (r.seconds * 1000)) * 100).toFixed(0),
              r.loadAfter,
            ];
          }),
        ]),
      );
      console.log(
        knee
          ? `knee: ${(knee.ok / knee.seconds).toFixed(1)} req/s at ${knee.users} users with p95 ${fmtMs(percentile(knee.tally.all(), 95))} ms ≤ ${P95_TARGET_MS} ms`
          : `knee: no step kept p95 ≤ ${P95_TARGET_MS} ms without errors`,
      );
      recordFigures('event-day-knee', { knee_rps: knee ? knee.ok / knee.seconds : null, knee_users: knee?.users ?? null });
    } else {
      const probes = cast
        ? measureChangeLatency({
            url,
            eventId: crowd.eventId,
            pairs: crowd.pairs
              .slice(0, LATENCY_PAIRS)
              .map(([a, b], i) => [itemAt(crowd.users, a), itemAt(crowd.users, b), itemAt(crowd.users, crowdSize + RUSH + i)]),
            cast,
            until: performance.now() + SECONDS * 1000,
            everyMs: LATENCY_EVERY_MS,
            tag,
          })
        : null;
      const rushing = RUSH > 0 ? rush(url, crowd, crowdSize, RUSH, SECONDS) : null;
      const mixed = await run(`${USERS} users, mixed`, 'mixed', USERS, SECONDS);
      results.push(mixed);
      printPhase(mixed, true);
      if (probes) printLatency(await probes);
      if (rushing) printRush(await rushing);
      const all = mixed.tally.all();
      recordFigures('event-day', {
        users: USERS,
        rps: mixed.ok / mixed.seconds,
        p50: percentile(all, 50),
        p95: percentile(all, 95),
        p99: percentile(all, 99),
        errors: mixed.errors,
        shed: mixed.shed,
        server_cpu_ms_per_req: mixed.serverCpuMs / Math.max(1, mixed.ok),
      });
      if (!NO_KINDS) {
        const kinds: Mix[] = ['legacy event', 'legacy events-list', 'legacy event-people', 'legacy chat-messages', 'pull', 'command'];
        const rows: string[][] = [];
        for (const kind of kinds) {
          const r = await run(kind, kind, KIND_USERS, KIND_SECONDS);
          results.push(r);
          const latencies = r.tally.all();
          rows.push([
            kind,
            String(r.ok),
            (r.ok / r.seconds).toFixed(1),
            fmtMs(percentile(latencies, 50)),
            fmtMs(percentile(latencies, 95)),
            (r.serverCpuMs / Math.max(1, r.ok)).toFixed(2),
            r.dbCpuMs === null ? '-' : (r.dbCpuMs / Math.max(1, r.ok)).toFixed(2),
            (r.generatorCpuMs / Math.max(1, r.ok)).toFixed(2),
            String(r.errors + r.shed),
            String(r.budget),
            r.loadAfter,
          ]);
          recordFigures('event-day-kind', {
            [`${kind}.server_cpu_ms`]: r.serverCpuMs / Math.max(1, r.ok),
            [`${kind}.db_cpu_ms`]: r.dbCpuMs === null ? null : r.dbCpuMs / Math.max(1, r.ok),
          });
        }
        console.log('');
        console.log(`CPU per request by call kind: each kind alone, ${KIND_USERS} users, ${KIND_SECONDS} s, same think time`);
        console.log(
          table([
            [
              'kind',
              'requests',
              'req/s',
              'p50 ms',
              'p95 ms',
              'server CPU ms/req',
              'PostgreSQL CPU ms/req',
              'generator CPU ms/req',
              'errors',
              'over budget',
              'load after',
            ],
            ...rows,
          ]),
        );
        console.log('(server CPU: the server process(es) from /proc, idle rate taken off; PostgreSQL: backends of the bench database)');
      }
    }

    // ---- exactly once --------------------------------------------------------------------------
    let onceErrors = 0;
    if (client) {
      // Writes answered before the last phase ended may still be committing on the way out: none are, the
      // answer comes after the commit, so the rows are there when it is read.
      const check = async (table: 'chat_comments' | 'messages', ids: Set<string>) => {
        const rows = (
          await client.query<{ client_id: string; n: number }>(
            `SELECT client_id, count(*)::int AS n FROM ${table} WHERE client_id = ANY($1) GROUP BY client_id`,
            [[...ids]],
          )
        ).rows;
        const duplicated = rows.filter((r) => r.n > 1).length;
        const missing = ids.size - rows.length;
        console.log(`exactly once, ${table}: ${ids.size} command ids answered applied, ${rows.length} found, ${duplicated} duplicated, ${missing} missing`);
        return duplicated + missing;
      };
      console.log('');
      onceErrors += await check('chat_comments', appliedComments);
      onceErrors += await check('messages', appliedMessages);
    }
    if (balancer) console.log(`balancer: connections per instance ${balancer.counts.join(' / ')}`);

    const errors = results.reduce((n, r) => n + r.errors, 0) + onceErrors;
    console.log('');
    console.log(`errors: ${errors} (requests and refused commands ${errors - onceErrors}, exactly-once ${onceErrors}); load ${load()}`);
    for (const [why, n] of failures) console.log(`  ${n} × ${why}`);
    process.exitCode = errors > 0 ? 1 : 0;
    if (held) {
      console.log('');
      console.log(
        `sockets: ${SOCKETS} held through the runs, ${held.frames.n} frames received, ${held.dropped.n} closed by the server, ${held.exceptions.n} Exception frames`,
      );
      if (held.dropped.n > 0 || held.exceptions.n > 0) process.exitCode = 1;
      held.close();
    }
  } finally {
    await admin?.end().catch(() => undefined);
    await balancer?.close();
    await second?.dispose();
    await bench.dispose();
  }
}

function printRush(r: RushResult) {
  console.log('');
  const s = (ms: number) => (ms / 1000).toFixed(1);
  console.log(
    `doors-open rush: ${RUSH} devices starting their first sync evenly over ${SECONDS} s beside the traffic: ${r.ms.length} completed, ${r.failed} failed, ` +
      `${r.pages} pages; each device's first sync p50 ${s(percentile(r.ms, 50))} s, p95 ${s(percentile(r.ms, 95))} s, max ${s(Math.max(0, ...r.ms))} s`,
  );
  recordFigures('event-day-rush', { devices: RUSH, completed: r.ms.length, failed: r.failed, p50_ms: percentile(r.ms, 50), p95_ms: percentile(r.ms, 95) });
  if (r.failed > 0) process.exitCode = 1;
}

function printLatency(r: LatencyResult) {
  console.log('');
  console.log(
    `change latency, from the sender's tap to the watching device's pull that returns it (hint stream, then pull), ${LATENCY_PAIRS} pairs beside the traffic:`,
  );
  console.log(
    table([
      ['change', 'probes', 'p50 ms', 'p95 ms', 'max ms'],
      ...PROBE_KINDS.map((kind) => {
        const ms = r.byKind[kind];
        return [kind, String(ms.length), fmtMs(percentile(ms, 50)), fmtMs(percentile(ms, 95)), fmtMs(Math.max(0, ...ms))];
      }),
    ]),
  );
  const refusals = Object.entries(r.refusals).map(([code, n]) => `${code} ${n}`);
  const late = r.notShown.map((x) => `${x.kind} (${x.onFullPull ? 'returned by a pull from the start' : 'not returned by a pull from the start either'})`);
  console.log(
    `not shown within 15 s: ${r.notShown.length}${late.length ? `: ${late.join(', ')}` : ''}; probe errors: ${r.errors}${refusals.length ? ` (${refusals.join(', ')})` : ''}`,
  );
  const all = PROBE_KINDS.flatMap((kind) => r.byKind[kind]);
  recordFigures('event-day-latency', {
    p50: percentile(all, 50),
    p95: percentile(all, 95),
    ...Object.fromEntries(PROBE_KINDS.map((kind) => [`p95_${kind.replace(' ', '_')}`, percentile(r.byKind[kind], 95)])),
    not_shown: r.notShown.length,
    errors: r.errors,
  });
  if (r.notShown.length > 0 || r.errors > 0) process.exitCode = 1;
}

function printPhase(r: PhaseResult, detailed = false) {
  console.log('');
  console.log(
    `${r.name}: ${r.seconds.toFixed(1)} s, ${(r.ok / r.seconds).toFixed(1)} req/s answered, ${r.errors} errors, ${r.shed} shed (503, retried for commands)${r.budget ? `, ${r.budget} over a person's search budget` : ''}; ` +
      `load ${r.loadBefore} → ${r.loadAfter}`,
  );
  if (detailed) console.log(table([['kind', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors'], ...r.tally.rows(r.seconds)]));
  console.log(table([['class', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors'], ...r.byClass.rows(r.seconds)]));
  const per = (ms: number | null) =>
    ms === null ? '-' : `${(ms / Math.max(1, r.ok)).toFixed(2)} ms/req, ${((ms / (r.seconds * 1000)) * 100).toFixed(0)} % of a core`;
  console.log(`CPU: server ${per(r.serverCpuMs)}; PostgreSQL ${per(r.dbCpuMs)}; load generator ${per(r.generatorCpuMs)}`);
}

async function phase(p: {
  name: string;
  mix: Mix;
  users: number;
  seconds: number;
  url: string;
  crowd: EventCrowd;
  devices: Map<number, Map<string, number>>;
  serverCpu: CpuMeter;
  dbCpu: CpuMeter | null;
  idleCpuPerMs: number;
}): Promise<PhaseResult> {
  const { url, crowd } = p;
  const { eventId, users, pairs, comments } = crowd;
  if (p.users > users.length) throw new Error(`${p.users} users asked for, ${users.length} prepared`);
  const tally = new Tally();
  const byClass = new Tally();
  let resendUntil = Number.POSITIVE_INFINITY;
  let shed = 0;
  // A person's budget of searches (server/limits) turned the call down: the product working as
  // meant, not an error, but not an answered request either. Only one kind alone at the bench's
  // pace (a search every 200 ms per person) reaches it.
  let budget = 0;
  const fail = (kind: string, why: string) => {
    tally.error(kind);
    byClass.error(kind.split(' ')[0] as string);
    const key = `${kind}: ${why}`;
    failures.set(key, (failures.get(key) ?? 0) + 1);
  };
  const partnerOf = new Map<number, number>();
  for (const [a, b] of pairs) {
    if (!partnerOf.has(a)) partnerOf.set(a, b);
    if (!partnerOf.has(b)) partnerOf.set(b, a);
  }

  /** The answer's body, 'shed' with the wait asked for, or null after counting a failure. */
  async function call(kind: string, user: BenchUser, path: string, body?: unknown): Promise<Record<string, unknown> | { shed: number } | null> {
    const t0 = performance.now();
    try {
      const res = await fetch(`${url}${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { authorization: `Bearer ${user.token}`, 'accept-encoding': 'br, gzip', ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const answer = (await res.json()) as { status_code?: number } & Record<string, unknown>;
      const ms = performance.now() - t0;
      // Load shed: HTTP 503, or the legacy envelope's 503 (legacy calls answer HTTP 200), with Retry-After.
      if (res.status === 503 || answer.status_code === 503) {
        shed++;
        return { shed: Number(res.headers.get('retry-after') ?? '1') * 1000 };
      }
      if (answer.error === 'rate_limited') {
        budget++;
        return null;
      }
      // Legacy calls answer HTTP 200 with the catalogue's status_code (204 is "empty list").
      if (!res.ok || (answer.status_code !== undefined && answer.status_code !== 200 && answer.status_code !== 204)) {
        fail(kind, `HTTP ${res.status} ${String(answer.error ?? answer.status_code ?? '')}`);
        return null;
      }
      tally.ok(kind, ms);
      byClass.ok(kind.split(' ')[0] as string, ms);
      return answer;
    } catch (err) {
      fail(kind, (err as Error).name === 'TimeoutError' ? 'timeout' : (err as Error).message);
      return null;
    }
  }

  async function command(user: BenchUser, cmdKind: string, payload: unknown, made?: Set<string>): Promise<void> {
    const cmd = { id: randomUUID(), kind: cmdKind, payload, occurredAt: new Date().toISOString() };
    const times = made && Math.random() < RESEND_SHARE ? 2 : 1;
    for (let i = 0; i < times; i++) {
      // A shed batch is resent after the wait the server asked for, as the device's outbox does.
      for (;;) {
        const answer = await call(`command ${cmdKind}`, user, '/sync/v1/commands', { commands: [cmd] });
        if (answer && 'shed' in answer && typeof answer.shed === 'number') {
          // A device keeps trying; the bench does too, for a while after the traffic stops.
          if (performance.now() > resendUntil) return fail(`command ${cmdKind}`, `still shed ${RESEND_GRACE_MS / 1000} s after the run`);
          await sleep(Math.min(MAX_RETRY_WAIT_MS, answer.shed) * (0.8 + 0.4 * Math.random()));
          continue;
        }
        if (!answer) return;
        const r = (answer as { results?: CommandResult[] }).results?.[0];
        // The call was answered but the command refused: the bench asked for something valid, so it counts.
        if (r?.status !== 'applied') return fail(`command ${cmdKind}`, `rejected ${r?.code ?? '?'}`);
        made?.add(cmd.id);
        break;
      }
    }
  }

  const PULLS = ['events', 'my_events', 'visitors', 'comments', 'dialogs', 'messages', 'appointments'] as const;
  const SCOPED = new Set(['visitors', 'comments']);
  const reads: Record<string, string> = {
    'legacy event': `/api/events/${eventId}`,
    'legacy events-list': '/api/events/events-list?limit=16',
    'legacy event-people': `/api/events/get-event-people?event_id=${eventId}&limit=10`,
    'legacy chat-messages': `/api/events/get-chat-messages?event_id=${eventId}&limit=20`,
  };

  async function one(v: number, user: BenchUser, seq: () => number) {
    let which: CallClass | string = p.mix;
    if (p.mix === 'mixed') {
      const roll = Math.random();
      which = roll < 0.4 ? 'legacy' : roll < 0.8 ? 'pull' : 'command';
    }
    if (which === 'legacy' || which.startsWith('legacy ')) {
      const kind = which === 'legacy' ? anyOf(Object.keys(reads)) : which;
      await call(kind, user, reads[kind] as string);
    } else if (which === 'pull') {
      const checkpoints = p.devices.get(v) ?? new Map<string, number>();
      p.devices.set(v, checkpoints);
      const name = anyOf(PULLS);
      const checkpoint = checkpoints.get(name) ?? 0;
      const scope = SCOPED.has(name) ? `&event_id=${eventId}` : '';
      const body = await call(`pull ${name}`, user, `/sync/v1/${name}/pull?checkpoint=${checkpoint}&limit=${SYNC_PULL_DEFAULT_LIMIT}${scope}`);
      const next = body && !('shed' in body) ? body.checkpoint : undefined;
      if (typeof next === 'number') checkpoints.set(name, next);
    } else {
      const roll = Math.random();
      const partner = partnerOf.get(v);
      if (roll < 0.25) {
        await command(user, 'comment.add', { event_id: eventId, comment: `event day ${tag} ${v}-${seq()}` }, appliedComments);
      } else if (roll < 0.5 && partner !== undefined) {
        await command(user, 'message.send', { recipient_id: itemAt(users, partner).id, text: `event day ${tag} ${v}-${seq()}` }, appliedMessages);
      } else if (roll < 0.75) {
        const c = anyOf(comments.filter((x) => x.userId !== user.id));
        await command(user, 'comment.like', { comment_id: c.id, like_type: Math.random() < 0.8 ? 1 : 2 });
      } else {
        await command(user, 'event.favorite', { event_id: eventId, favorite: Math.random() < 0.5 });
      }
    }
  }

  async function virtualUser(v: number, until: number) {
    const user = itemAt(users, v);
    let n = 0;
    const seq = () => n++;
    while (performance.now() < until) {
      await one(v, user, seq);
      await sleep(THINK_MS * (0.5 + Math.random()));
    }
  }

  const loadBefore = load();
  await p.serverCpu.begin();
  await p.dbCpu?.begin();
  const gen0 = process.cpuUsage();
  const start = performance.now();
  const until = start + p.seconds * 1000;
  resendUntil = until + RESEND_GRACE_MS;
  await Promise.all(Array.from({ length: p.users }, (_, v) => sleep(Math.random() * THINK_MS).then(() => virtualUser(v, until))));
  const elapsedMs = performance.now() - start;
  const gen = process.cpuUsage(gen0);
  const serverCpuMs = Math.max(0, (await p.serverCpu.end()) - p.idleCpuPerMs * elapsedMs);
  const dbCpuMs = p.dbCpu ? await p.dbCpu.end() : null;
  const all = tally.all();
  return {
    name: p.name,
    users: p.users,
    seconds: elapsedMs / 1000,
    tally,
    byClass,
    ok: all.length,
    errors: tally.errors,
    shed,
    budget,
    serverCpuMs,
    dbCpuMs,
    generatorCpuMs: (gen.user + gen.system) / 1000,
    loadBefore,
    loadAfter: load(),
  };
}

await main();
