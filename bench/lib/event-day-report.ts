/**
 * What the event day prints and hands to bench:all (recordFigures), apart from the runs that make
 * the figures: a phase, the knee's steps, the per-kind CPU, the rush and the change latency. The
 * lines and their order are what readers of past runs compare, so they live in one place.
 */
import type { LatencyResult } from './change-latency.ts';
import { PROBE_KINDS } from './change-latency.ts';
import type { RushResult } from './event-day-devices.ts';
import { P95_TARGET_MS, type EventDayOptions } from './event-day-options.ts';
import type { PhaseResult } from './mixed-traffic.ts';
import { recordFigures } from './result.ts';
import { fmtMs, percentile, table } from './stats.ts';

const perReq = (ms: number, r: PhaseResult) => ms / Math.max(1, r.ok);

export function printPhase(r: PhaseResult, detailed = false): void {
  console.log('');
  console.log(
    `${r.name}: ${r.seconds.toFixed(1)} s, ${(r.ok / r.seconds).toFixed(1)} req/s answered, ${r.errors} errors, ${r.shed} shed (503, retried for commands)${r.budget ? `, ${r.budget} over a person's budget (searches, comments a minute)` : ''}; ` +
      `load ${r.loadBefore} → ${r.loadAfter}`,
  );
  if (detailed) console.log(table([['kind', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors'], ...r.tally.rows(r.seconds)]));
  console.log(table([['class', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors'], ...r.byClass.rows(r.seconds)]));
  const per = (ms: number | null) => (ms === null ? '-' : `${perReq(ms, r).toFixed(2)} ms/req, ${((ms / (r.seconds * 1000)) * 100).toFixed(0)} % of a core`);
  console.log(`CPU: server ${per(r.serverCpuMs)}; PostgreSQL ${per(r.dbCpuMs)}; load generator ${per(r.generatorCpuMs)}`);
}

/** The mixed run's figures for bench:all. */
export function recordMixed(mixed: PhaseResult, users: number): void {
  const all = mixed.tally.all();
  recordFigures('event-day', {
    users,
    rps: mixed.ok / mixed.seconds,
    p50: percentile(all, 50),
    p95: percentile(all, 95),
    p99: percentile(all, 99),
    errors: mixed.errors,
    shed: mixed.shed,
    server_cpu_ms_per_req: perReq(mixed.serverCpuMs, mixed),
  });
}

/** The knee's steps side by side, and the step with the most req/s whose p95 stays on target without errors. */
export function printKnee(results: PhaseResult[]): void {
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
}

/** Hands one kind's CPU per request to bench:all as soon as the kind has run; answers its row of the per-kind table. */
export function recordKind(kind: string, r: PhaseResult): string[] {
  recordFigures('event-day-kind', {
    [`${kind}.server_cpu_ms`]: perReq(r.serverCpuMs, r),
    [`${kind}.db_cpu_ms`]: r.dbCpuMs === null ? null : perReq(r.dbCpuMs, r),
  });
  const latencies = r.tally.all();
  return [
    kind,
    String(r.ok),
    (r.ok / r.seconds).toFixed(1),
    fmtMs(percentile(latencies, 50)),
    fmtMs(percentile(latencies, 95)),
    perReq(r.serverCpuMs, r).toFixed(2),
    r.dbCpuMs === null ? '-' : perReq(r.dbCpuMs, r).toFixed(2),
    perReq(r.generatorCpuMs, r).toFixed(2),
    String(r.errors + r.shed),
    String(r.budget),
    r.loadAfter,
  ];
}

export function printKinds(rows: string[][], o: EventDayOptions): void {
  console.log('');
  console.log(`CPU per request by call kind: each kind alone, ${o.kindUsers} users, ${o.kindSeconds} s, same think time`);
  const head = [
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
  ];
  console.log(table([head, ...rows]));
  console.log('(server CPU: the server process(es) from /proc, idle rate taken off; PostgreSQL: backends of the bench database)');
}

export function printRush(r: RushResult, o: EventDayOptions): void {
  console.log('');
  const s = (ms: number) => (ms / 1000).toFixed(1);
  console.log(
    `doors-open rush: ${o.rush} devices starting their first sync evenly over ${o.seconds} s beside the traffic: ${r.ms.length} completed, ${r.failed} failed, ` +
      `${r.pages} pages; each device's first sync p50 ${s(percentile(r.ms, 50))} s, p95 ${s(percentile(r.ms, 95))} s, max ${s(Math.max(0, ...r.ms))} s`,
  );
  recordFigures('event-day-rush', { devices: o.rush, completed: r.ms.length, failed: r.failed, p50_ms: percentile(r.ms, 50), p95_ms: percentile(r.ms, 95) });
  if (r.failed > 0) process.exitCode = 1;
}

export function printLatency(r: LatencyResult, o: EventDayOptions): void {
  console.log('');
  console.log(
    `change latency, from the sender's tap to the watching device's pull that returns it (hint stream, then pull), ${o.latencyPairs} pairs beside the traffic:`,
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
