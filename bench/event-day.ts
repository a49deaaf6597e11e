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
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { FoyerServer } from '../tests/e2e/fixtures/server.ts';
import { startBenchServer, describeDb, type BenchServer } from './lib/server.ts';
import { prepareCrowd, type EventCrowd } from './lib/users.ts';
import { itemAt } from './lib/pick.ts';
import { percentile } from './lib/stats.ts';
import { CpuMeter } from './lib/cpu.ts';
import { startRoundRobin, type RoundRobin } from './lib/round-robin.ts';
import { measureChangeLatency } from './lib/change-latency.ts';
import { prepareProbeCast, type ProbeCast } from './lib/probe-cast.ts';
import { crowdSizeOf, load, P95_TARGET_MS, readOptions, sleep, type EventDayOptions } from './lib/event-day-options.ts';
import { firstSync, holdSockets, rush, type HeldSockets } from './lib/event-day-devices.ts';
import { phase, type Arena, type Mix, type PhaseResult } from './lib/mixed-traffic.ts';
import { checkExactlyOnce, Ledger } from './lib/exactly-once.ts';
import { printKinds, printKnee, printLatency, printPhase, printRush, recordKind, recordMixed } from './lib/event-day-report.ts';

const IDLE_MS = 3000;

type Bench = BenchServer<{ crowd: EventCrowd; cast: ProbeCast | null }>;

/** What a run opens beside the bench server, closed however far the set-up got. */
interface Opened {
  second: FoyerServer | null;
  balancer: RoundRobin | null;
  admin: pg.Client | null;
}

/** Seeds the database, makes the sessions and picks the probes' people, then starts the server. */
function seed(o: EventDayOptions): Promise<Bench> {
  const crowdSize = crowdSizeOf(o);
  // Beyond the traffic's people: the rush's devices, the comment probes' senders, and candidates for
  // the meeting probes' pairs.
  const castFrom = crowdSize + o.rush + o.latencyPairs;
  return startBenchServer({
    db: o.db,
    seed: `scale:${o.visitors}`,
    prepare: async (db) => {
      const crowd = await prepareCrowd(db, Math.max(castFrom + 4 * o.latencyPairs, o.sockets / 2));
      const cast = o.latencyPairs > 0 ? await prepareProbeCast(db, crowd.eventId, crowd.users.slice(castFrom), o.latencyPairs) : null;
      return { crowd, cast };
    },
  });
}

/** With `--instances 2`, a second server on the same database and bus, and the balancer in front of both; answers the url to load and the servers' pids. */
async function startInstances(o: EventDayOptions, bench: Bench, opened: Opened): Promise<{ url: string; pids: number[] }> {
  const pids = [bench.pid()];
  if (o.instances !== 2) return { url: bench.url, pids };
  const probe = `${os.tmpdir()}/foyer-bench-probe-${randomBytes(6).toString('hex')}.json`;
  const second = new FoyerServer({ seed: `scale:${o.visitors}`, distDir: '/nonexistent', env: { ...bench.env, FOYER_BENCH_PROBE_FILE: probe } });
  opened.second = second;
  await second.start();
  const { readFileSync, rmSync } = await import('node:fs');
  pids.push((JSON.parse(readFileSync(probe, 'utf8')) as { pid: number }).pid);
  rmSync(probe, { force: true });
  opened.balancer = await startRoundRobin([bench.server, second].map((s) => ({ host: '127.0.0.1', port: s.port })));
  return { url: opened.balancer.url, pids };
}

/** The server(s), the CPU meters, the held sockets, the idle rate and the devices' first sync: everything before the measured runs. */
async function setUp(o: EventDayOptions, bench: Bench, opened: Opened, seedStart: number): Promise<{ arena: Arena; held: HeldSockets | null }> {
  const { crowd } = bench.setup;
  const { url, pids } = await startInstances(o, bench, opened);
  console.log(
    `server(s) up (pids ${pids.join(', ')}), seeded, ${crowd.users.length} sessions made in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );

  if (bench.databaseUrl) {
    opened.admin = new pg.Client({ connectionString: bench.databaseUrl });
    await opened.admin.connect();
  }
  const client = opened.admin;
  const serverCpu = new CpuMeter(() => pids);
  const dbCpu = client
    ? new CpuMeter(async () =>
        (await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()')).rows.map(
          (r) => r.pid,
        ),
      )
    : null;

  const held = o.sockets > 0 ? await holdSockets(url, crowd, o.sockets) : null;

  // The server's own cost at rest, taken off every phase's figure.
  await serverCpu.begin();
  await sleep(IDLE_MS);
  const idleCpuPerMs = (await serverCpu.end()) / IDLE_MS;
  console.log(`server idle CPU: ${(idleCpuPerMs * 1000).toFixed(1)} ms/s (taken off the phases below)`);

  const devices = new Map<number, Map<string, number>>();
  if (!o.cold) {
    const t0 = performance.now();
    const crowdSize = crowdSizeOf(o);
    const pages = await firstSync(url, crowd, devices, crowdSize);
    console.log(
      `first sync of ${crowdSize} devices (not measured; \`--rush\` measures first syncs under traffic): ${pages} pages in ${((performance.now() - t0) / 1000).toFixed(1)} s; load ${load()}`,
    );
  }
  return { arena: { options: o, url, crowd, devices, serverCpu, dbCpu, idleCpuPerMs, ledger: new Ledger() }, held };
}

/** `--knee`: the mixed run at each step of users, until the steps stop bringing more req/s past the target. */
async function runKnee(arena: Arena): Promise<PhaseResult[]> {
  const o = arena.options;
  const results: PhaseResult[] = [];
  for (const users of o.steps) {
    const r = await phase(arena, `${users} users`, 'mixed', users, o.seconds);
    results.push(r);
    printPhase(r);
    // Past the target, one more step shows whether more users still bring more req/s; once they
    // do not, the instance is saturated and further steps only queue.
    const prev = results.at(-2);
    if (percentile(r.tally.all(), 95) > P95_TARGET_MS * 2 && prev && r.ok / r.seconds <= (1.1 * prev.ok) / prev.seconds) break;
  }
  printKnee(results);
  return results;
}

/** The mixed run of `--users`, with the change-latency probes and the rush beside it when asked for. */
async function runMixed(arena: Arena, cast: ProbeCast | null): Promise<PhaseResult> {
  const o = arena.options;
  const { crowd } = arena;
  const crowdSize = crowdSizeOf(o);
  const probes = cast
    ? measureChangeLatency({
        url: arena.url,
        eventId: crowd.eventId,
        pairs: crowd.pairs
          .slice(0, o.latencyPairs)
          .map(([a, b], i) => [itemAt(crowd.users, a), itemAt(crowd.users, b), itemAt(crowd.users, crowdSize + o.rush + i)]),
        cast,
        until: performance.now() + o.seconds * 1000,
        everyMs: o.latencyEveryMs,
        tag: o.tag,
      })
    : null;
  const rushing = o.rush > 0 ? rush(arena.url, crowd, crowdSize, o.rush, o.seconds) : null;
  const mixed = await phase(arena, `${o.users} users, mixed`, 'mixed', o.users, o.seconds);
  printPhase(mixed, true);
  if (probes) printLatency(await probes, o);
  if (rushing) printRush(await rushing, o);
  recordMixed(mixed, o.users);
  return mixed;
}

/** Each call kind alone, for its CPU per request. */
async function runKinds(arena: Arena): Promise<PhaseResult[]> {
  const o = arena.options;
  const kinds: Mix[] = ['legacy event', 'legacy events-list', 'legacy event-people', 'legacy chat-messages', 'pull', 'command'];
  const results: PhaseResult[] = [];
  const rows: string[][] = [];
  for (const kind of kinds) {
    const r = await phase(arena, kind, kind, o.kindUsers, o.kindSeconds);
    results.push(r);
    rows.push(recordKind(kind, r));
  }
  printKinds(rows, o);
  return results;
}

/** Exactly once, the error count and the held sockets: the only things that make the exit code non-zero. */
async function check(arena: Arena, results: PhaseResult[], opened: Opened, held: HeldSockets | null): Promise<void> {
  const { ledger } = arena;
  const onceErrors = opened.admin ? await checkExactlyOnce(opened.admin, ledger) : 0;
  if (opened.balancer) console.log(`balancer: connections per instance ${opened.balancer.counts.join(' / ')}`);

  const errors = results.reduce((n, r) => n + r.errors, 0) + onceErrors;
  console.log('');
  console.log(`errors: ${errors} (requests and refused commands ${errors - onceErrors}, exactly-once ${onceErrors}); load ${load()}`);
  for (const [why, n] of ledger.failures) console.log(`  ${n} × ${why}`);
  // A failed rush device or a probe that never showed has set it already; only add to it.
  if (errors > 0) process.exitCode = 1;
  if (held) {
    console.log('');
    console.log(
      `sockets: ${arena.options.sockets} held through the runs, ${held.frames.n} frames received, ${held.dropped.n} closed by the server, ${held.exceptions.n} Exception frames`,
    );
    if (held.dropped.n > 0 || held.exceptions.n > 0) process.exitCode = 1;
    held.close();
  }
}

async function main() {
  const o = readOptions();
  console.log(
    `event day: ${o.knee ? `knee over ${o.steps.join(', ')} users` : `${o.users} users`}, ${o.seconds} s per run, think ${o.thinkMs} ms ±50 %, ` +
      `SEED=scale:${o.visitors}, ${describeDb(o.db)}, ${o.instances} instance(s); ${os.cpus().length} cores, load ${load()}`,
  );
  const seedStart = performance.now();
  const bench = await seed(o);
  const opened: Opened = { second: null, balancer: null, admin: null };
  try {
    const { arena, held } = await setUp(o, bench, opened, seedStart);
    const results = o.knee ? await runKnee(arena) : [await runMixed(arena, bench.setup.cast)];
    if (!o.knee && !o.noKinds) results.push(...(await runKinds(arena)));
    await check(arena, results, opened, held);
  } finally {
    await opened.admin?.end().catch(() => undefined);
    await opened.balancer?.close();
    await opened.second?.dispose();
    await bench.dispose();
  }
}

await main();
