/**
 * `npm run bench:all [-- --runs 3] [--only weight,pull,...] [--write-docs] [--from results.jsonl]`: the whole speed set of
 * issue 13 in one go, and its table: what, today's figure (median of the runs, with the range),
 * the target, and the ratio or status. Each benchmark runs as its own process, `--runs` times (3 by
 * default: browser figures are medians of at least three runs), and hands its figures over through
 * BENCH_RESULT_FILE (bench/lib/result.ts); its own output goes to .tmp/bench-all/<name>-<run>.log.
 * The machine's load average is printed with every run, because this machine is shared and a
 * figure means little without it. `--write-docs` replaces the table in docs/QUALITY.md.
 *
 * Asserts nothing and exits 0 unless a benchmark failed: a target not met is a status in the
 * table, never a failed command.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawn } from 'node:child_process';
import { itemAt, median } from './lib/pick.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const LOG_DIR = path.join(ROOT, '.tmp', 'bench-all');
const QUALITY = path.join(ROOT, 'docs', 'QUALITY.md');
const BEGIN = '<!-- bench:all table -->';
const END = '<!-- /bench:all table -->';

const argv = process.argv.slice(2);
const arg = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const RUNS = Number(arg('runs') ?? 3);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`--runs must be a whole number ≥ 1, got ${arg('runs')}`);
const ONLY = arg('only')?.split(',');
const WRITE_DOCS = argv.includes('--write-docs');
/** Prints the table of results already recorded (a BENCH_RESULT_FILE of earlier runs) instead of running. */
const FROM = arg('from');

interface Bench {
  name: string;
  /** Runs the built app in Chromium: the app is built once for all of them. */
  browser?: boolean;
  script: string;
  args?: string[];
  env?: Record<string, string>;
}

/** In the order of the issue's table. Browser benchmarks build the app once (prepareDist) and reuse it. */
const BENCHES: Bench[] = [
  { name: 'weight', script: 'bench/browser-weight.ts', browser: true },
  // Issue 32: main-thread work of the first visit over a bare page's, the ratio of three pairs' medians per run.
  { name: 'first-visit-ratio', script: 'bench/first-visit-ratio.ts', browser: true, args: ['--runs', '3'] },
  { name: 'browser-routes', script: 'bench/browser-routes.ts', browser: true },
  { name: 'browser-sync', script: 'bench/browser-initial-sync.ts', browser: true },
  { name: 'browser-writes', script: 'bench/browser-writes.ts', browser: true },
  { name: 'pull', script: 'bench/pull-throughput.ts', args: ['--db', 'pg', '--seconds', '10', '--rounds', '2'] },
  { name: 'fanout', script: 'bench/fanout.ts' },
  { name: 'legacy-reads', script: 'bench/legacy-reads.ts', args: ['--db', 'pg', '--requests', '100'] },
  // Issue 28: PostgreSQL + Redis, the server a child process; the CPU phases per kind are left to a run of its own.
  { name: 'event-day', script: 'bench/event-day.ts', args: ['--users', '100', '--no-kinds'] },
];

type Figures = Record<string, number | null>;

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

function runOnce(b: Bench, run: number, resultFile: string): Promise<{ code: number; seconds: number }> {
  const log = path.join(LOG_DIR, `${b.name}-${run}.log`);
  const out = fs.openSync(log, 'w');
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', b.script, ...(b.args ?? [])], {
    cwd: ROOT,
    env: { ...process.env, ...b.env, BENCH_RESULT_FILE: resultFile },
    stdio: ['ignore', out, out],
  });
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      fs.closeSync(out);
      resolve({ code: code ?? 1, seconds: (Date.now() - started) / 1000 });
    });
  });
}

function readResults(file: string): Map<string, Figures[]> {
  const byBench = new Map<string, Figures[]>();
  if (!fs.existsSync(file)) return byBench;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const r = JSON.parse(line) as { bench: string; figures: Figures };
    byBench.set(r.bench, [...(byBench.get(r.bench) ?? []), r.figures]);
  }
  return byBench;
}

// Table -------------------------------------------------------------------------------------------

const values = (runs: Figures[] | undefined, key: string) =>
  (runs ?? []).map((f) => f[key]).filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const ms = (n: number) => `${Math.round(n).toLocaleString('en')} ms`;
const s1 = (n: number) => `${(n / 1000).toFixed(1)} s`;
/** "median (min–max)", or the one value. */
function spread(xs: number[], fmt: (n: number) => string): string {
  if (xs.length === 0) return 'not measured';
  if (xs.length === 1) return fmt(itemAt(xs, 0));
  return `${fmt(median(xs))} (${fmt(Math.min(...xs))}–${fmt(Math.max(...xs))})`;
}
const verdict = (ok: boolean | null) => (ok === null ? 'not measured' : ok ? 'met' : 'not met');

type Row = [what: string, today: string, target: string, status: string];

function rows(r: Map<string, Figures[]>): Row[] {
  const out: Row[] = [];
  const weight = r.get('weight');
  const page = values(weight, 'page_gzip');
  const worker = values(weight, 'worker_gzip');
  out.push([
    'JavaScript the first route (`/uk/`) loads, gzip',
    page.length ? `page ${spread(page, kib)} + workers ${spread(worker, kib)}` : 'not measured',
    'page ≤ 170 KB, the worker after first paint',
    page.length ? `${verdict(median(page) <= 170_000)}: page ${(median(page) / 170_000).toFixed(2)}× the target` : 'not measured',
  ]);
  const lh = values(weight, 'lighthouse');
  const tbt = values(weight, 'tbt');
  const lcp = values(weight, 'lcp');
  out.push([
    'Lighthouse mobile performance',
    lh.length ? `${spread(lh, String)} (TBT ${spread(tbt, ms)}, LCP ${spread(lcp, s1)})` : 'not measured',
    '≥ 90 on every run',
    lh.length ? `${verdict(Math.min(...lh) >= 90)}: worst ${Math.min(...lh)}` : 'not measured',
  ]);
  const ratio = values(r.get('first-visit-ratio'), 'ratio');
  out.push([
    "first visit's main-thread busy time over a bare Vite + React + router page's, CPU 4× slower",
    ratio.length
      ? `${spread(ratio, (n) => `${n.toFixed(2)}×`)} (busy ${spread(values(r.get('first-visit-ratio'), 'busy_ms'), ms)}, blocking ${spread(values(r.get('first-visit-ratio'), 'blocking_ms'), ms)})`
      : 'not measured',
    '≤ 3×',
    ratio.length ? verdict(median(ratio) <= 3) : 'not measured',
  ]);
  const routes = r.get('browser-routes');
  for (const [key, label, target] of [
    ['visitors', 'visitors screen, local vs legacy', '≤ 100 ms, ≥ 10×'],
    ['event_page', 'event page, local vs legacy', '≤ 100 ms, faster than legacy in every run'],
  ] as const) {
    const local = values(routes, `${key}.local`);
    const legacy = values(routes, `${key}.legacy`);
    if (!local.length) {
      out.push([label, 'not measured', target, 'not measured']);
      continue;
    }
    const ratio = median(legacy) / median(local);
    const everyRun = Math.max(...values(routes, `${key}.local_worst`)) < Math.min(...values(routes, `${key}.legacy_best`));
    const ok = median(local) <= 100 && (key === 'visitors' ? ratio >= 10 : everyRun);
    out.push([
      label,
      `${spread(local, ms)} vs ${spread(legacy, ms)}`,
      target,
      `${verdict(ok)}: ${ratio.toFixed(1)}×${key === 'event_page' ? `, ${everyRun ? '' : 'not '}faster in every run` : ''}`,
    ]);
  }
  const sync = values(r.get('browser-sync'), 'login_to_synced');
  out.push([
    'first sync of a 5,000-visitor event, login to synced',
    spread(sync, s1),
    '≤ 10 s',
    sync.length ? verdict(median(sync) <= 10_000) : 'not measured',
  ]);
  const writes = r.get('browser-writes');
  const app = values(writes, 'app_docs_per_s');
  const dexie = values(writes, 'dexie_docs_per_s');
  const writeRatios = (writes ?? []).map((f) => (f.app_docs_per_s ?? NaN) / (f.dexie_docs_per_s ?? NaN)).filter(Number.isFinite);
  out.push([
    "app's RxDB write path vs raw Dexie `bulkPut`",
    app.length ? `${spread(app, (n) => `${Math.round(n)}`)} vs ${spread(dexie, (n) => `${Math.round(n)}`)} docs/s` : 'not measured',
    '≥ 0.7×',
    writeRatios.length ? `${verdict(median(writeRatios) >= 0.7)}: ${spread(writeRatios, (n) => `${n.toFixed(2)}×`)}` : 'not measured',
  ]);
  const pull = r.get('pull');
  const worst = values(pull, 'ratio_worst');
  const best = values(pull, 'ratio_best');
  out.push([
    'sync pull vs a bare Fastify route sending the same bytes',
    worst.length
      ? `${spread(values(pull, 'pull_rps'), (n) => n.toFixed(1))} vs ${spread(values(pull, 'bare_rps'), (n) => n.toFixed(1))} req/s`
      : 'not measured',
    '≥ 0.5× in every run',
    worst.length ? `${verdict(Math.min(...worst) >= 0.5)}: ${Math.min(...worst).toFixed(2)}–${Math.max(...best).toFixed(2)}× per round` : 'not measured',
  ]);
  const fan = r.get('fanout');
  const fanRatios = (fan ?? []).map((f) => (f.foyer_median ?? NaN) / (f.bare_median ?? NaN)).filter(Number.isFinite);
  out.push([
    'chat fan-out to 1,000 sockets vs a bare `ws` broadcast, median',
    fanRatios.length ? `${spread(values(fan, 'foyer_median'), ms)} vs ${spread(values(fan, 'bare_median'), ms)}` : 'not measured',
    '≤ 1.5×',
    fanRatios.length ? `${verdict(median(fanRatios) <= 1.5)}: ${spread(fanRatios, (n) => `${n.toFixed(2)}×`)}` : 'not measured',
  ]);
  // Issue 28: each legacy read of the 5,000-visitor event over the own-profile read (a few key reads), p50, in the same run.
  const legacy = r.get('legacy-reads') ?? [];
  const readKeys = ['get_api_events_id_', 'events_list', 'get_event_people', 'get_chat_messages', 'pull_events'];
  const legacyRatios = legacy
    .map((f) => Math.max(...readKeys.map((k) => (f[`${k}_p50`] ?? NaN) / (f.own_profile_a_few_key_reads__p50 ?? NaN))))
    .filter(Number.isFinite);
  out.push([
    'legacy event reads of a 5,000-visitor event (events/{id}, events-list, get-event-people, get-chat-messages, pull events), slowest p50 over a few-key read',
    legacyRatios.length ? spread(legacyRatios, (n) => `${n.toFixed(2)}×`) : 'not measured',
    'a small multiple (≤ 3×)',
    legacyRatios.length ? verdict(median(legacyRatios) <= 3) : 'not measured',
  ]);
  const day = r.get('event-day');
  const p95 = values(day, 'p95');
  const dayErrors = values(day, 'errors');
  out.push([
    'event day: 100 attendees of a 5,000-visitor event, mixed traffic, one instance (PostgreSQL)',
    p95.length ? `p95 ${spread(p95, ms)} at ${spread(values(day, 'rps'), (n) => n.toFixed(1))} req/s, ${Math.max(...dayErrors)} errors` : 'not measured',
    'p95 ≤ 250 ms, no errors',
    p95.length ? verdict(median(p95) <= 250 && Math.max(...dayErrors) === 0) : 'not measured',
  ]);
  return out;
}

function markdown(table: Row[], header: string): string {
  const lines = [header, '', '| what | today | target | ratio / status |', '|---|---|---|---|', ...table.map((r) => `| ${r.join(' | ')} |`)];
  return lines.join('\n');
}

// Main --------------------------------------------------------------------------------------------

async function main() {
  if (FROM) {
    console.log(markdown(rows(readResults(FROM)), `From ${FROM}.`));
    return;
  }
  fs.mkdirSync(LOG_DIR, { recursive: true });
  const resultFile = path.join(LOG_DIR, `results-${Date.now()}.jsonl`);
  const chosen = BENCHES.filter((b) => !ONLY || ONLY.includes(b.name));
  const loads: string[] = [];
  console.log(`bench:all — ${chosen.map((b) => b.name).join(', ')}; ${RUNS} run(s) each; ${os.cpus().length} cores; load average ${load()} at the start`);
  if (chosen.some((b) => b.browser) && !process.env.BENCH_DIST_DIR) {
    // One build for every browser run (each would otherwise build its own: bench/browser/env.ts).
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'foyer-bench-all-dist-'));
    process.once('exit', () => fs.rmSync(dist, { recursive: true, force: true }));
    console.log('building the app once for the browser benchmarks…');
    execFileSync('flock', ['/tmp/foyer-build.lock', 'sh', '-c', `npm run build >"${path.join(LOG_DIR, 'build.log')}" 2>&1 && cp -r dist/. "${dist}/"`], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    process.env.BENCH_DIST_DIR = dist;
  }
  let failed = 0;
  for (const b of chosen) {
    for (let run = 1; run <= RUNS; run++) {
      const before = load();
      const { code, seconds } = await runOnce(b, run, resultFile);
      const after = load();
      loads.push(after);
      if (code !== 0) failed++;
      console.log(
        `  ${b.name} run ${run}: ${code === 0 ? 'done' : `FAILED (exit ${code})`} in ${seconds.toFixed(0)} s, load ${before} → ${after}; log .tmp/bench-all/${b.name}-${run}.log`,
      );
    }
  }
  const one = loads.map((l) => Number(l.split(' ')[0]));
  const header = `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with \`npm run bench:all -- --runs ${RUNS}\` on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}); 1-minute load average ${Math.min(...one).toFixed(1)}–${Math.max(...one).toFixed(1)} during the runs. Today: median of the runs (range).`;
  const text = markdown(rows(readResults(resultFile)), header);
  console.log(`\n${text}`);
  if (WRITE_DOCS) {
    const doc = fs.readFileSync(QUALITY, 'utf8');
    const a = doc.indexOf(BEGIN);
    const z = doc.indexOf(END);
    if (a < 0 || z < a) throw new Error(`docs/QUALITY.md has no ${BEGIN} … ${END} section`);
    fs.writeFileSync(QUALITY, `${doc.slice(0, a + BEGIN.length)}\n${text}\n${doc.slice(z)}`);
    console.log('\ndocs/QUALITY.md updated');
  }
  process.exitCode = failed ? 1 : 0;
}

await main();
