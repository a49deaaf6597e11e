/**
 * `npm run bench:pull [-- --db pg] [--seconds 15] [--connections 10] [--rounds 2]`: the sync pull
 * endpoint's throughput next to a bare Fastify JSON route returning the same bytes, in the same run.
 * Prints requests/s, documents/s and p50/p95 latency of each. Exits non-zero only on errors
 * (non-2xx answers, socket errors, timeouts) — never on timings.
 *
 * The pull is the page a device asks for most on a first sync of a big event: the event's visitors
 * (GET /sync/v1/visitors/pull?event_id=…&checkpoint=0&limit=SYNC_PULL_DEFAULT_LIMIT) on
 * SEED=scale:<visitors>, signed in as a participant. Both servers are their own node processes
 * (the real server/main.ts through bench/lib/server.ts; bench/lib/bare-json-server.ts for the floor)
 * with the same compression settings (server/plugins/compression.ts COMPRESS_OPTIONS), and both are asked with a
 * browser's Accept-Encoding, so the bare route pays for the same brotli: what separates the two is
 * the session lookup, the feed's SQL and the serialisation. The load comes from autocannon in this
 * process, rounds alternating between the two so a busy neighbour hurts both alike.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { SYNC_PULL_DEFAULT_LIMIT } from '../contract/constants.ts';
import { startBenchServer, dbChoice, numberArg, describeDb } from './lib/server.ts';
import { prepareCrowd } from './lib/users.ts';
import { percentile, table, fmtMs } from './lib/stats.ts';
import { itemAt } from './lib/pick.ts';
import { recordFigures } from './lib/result.ts';

const DB = dbChoice();
const SECONDS = numberArg('seconds', 15);
const CONNECTIONS = numberArg('connections', 10);
const ROUNDS = numberArg('rounds', 2);
const VISITORS = numberArg('visitors', 5000);
const WARMUP_SECONDS = 3;
/** What Chromium sends; both servers pick brotli from it. */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

interface Run {
  requests: number;
  seconds: number;
  latencies: number[];
  errors: number;
  non2xx: number;
  timeouts: number;
  wireBytes: number;
}

function load(url: string, headers: Record<string, string>, seconds: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const instance = autocannon({ url, headers, connections: CONNECTIONS, duration: seconds, timeout: 30 }, (err, result) => {
      if (err) return reject(err);
      resolve({
        requests: result.requests.total,
        seconds: result.duration,
        latencies,
        errors: result.errors,
        non2xx: result.non2xx,
        timeouts: result.timeouts,
        wireBytes: result.throughput.total,
      });
    });
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
}

async function startBare(bodyFile: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/bare-json-server.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, BARE_BODY_FILE: bodyFile, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const listening = /listening (?<url>\S+)/.exec(out)?.groups?.url;
      if (listening) resolve(listening);
    });
    child.once('exit', (code) => reject(new Error(`the bare server exited (${code}) before listening`)));
  });
  return { url, child };
}

async function main() {
  console.log(`pull throughput: visitors pull, limit ${SYNC_PULL_DEFAULT_LIMIT}, SEED=scale:${VISITORS}, ${describeDb(DB)}`);
  console.log(
    `autocannon: ${CONNECTIONS} connections, ${ROUNDS} × ${SECONDS} s per target after ${WARMUP_SECONDS} s warm-up, Accept-Encoding: ${ACCEPT_ENCODING}`,
  );
  const bench = await startBenchServer({ db: DB, seed: `scale:${VISITORS}`, prepare: (db) => prepareCrowd(db, 1) });
  const bodyFile = path.join(os.tmpdir(), `foyer-bench-pull-${randomBytes(6).toString('hex')}.json`);
  let bare: { url: string; child: ChildProcess } | null = null;
  try {
    const { eventId, users } = bench.setup;
    const pullUrl = `${bench.url}/sync/v1/visitors/pull?event_id=${eventId}&checkpoint=0&limit=${SYNC_PULL_DEFAULT_LIMIT}`;
    const auth = { authorization: `Bearer ${itemAt(users, 0).token}` };
    const res = await fetch(pullUrl, { headers: auth });
    const text = await res.text();
    if (!res.ok) throw new Error(`the pull answered ${res.status}: ${text.slice(0, 200)}`);
    const docs = (JSON.parse(text) as { documents: unknown[] }).documents.length;
    fs.writeFileSync(bodyFile, text);
    bare = await startBare(bodyFile);
    const bareUrl = `${bare.url}/bare`;
    const check = await fetch(bareUrl);
    if ((await check.text()) !== text) throw new Error('the bare route does not answer the same bytes');
    console.log(`page: ${docs} documents, ${(Buffer.byteLength(text) / 1024).toFixed(1)} KiB of JSON`);

    const pullTarget = { name: 'foyer sync pull', url: pullUrl, headers: { ...auth, 'accept-encoding': ACCEPT_ENCODING }, runs: [] as Run[] };
    const bareTarget = { name: 'bare fastify JSON', url: bareUrl, headers: { 'accept-encoding': ACCEPT_ENCODING }, runs: [] as Run[] };
    const targets = [pullTarget, bareTarget];
    for (const t of targets) await load(t.url, t.headers, WARMUP_SECONDS);
    for (let r = 0; r < ROUNDS; r++) {
      // Alternate the order, so neither always runs right after the other's load.
      for (const t of r % 2 === 0 ? targets : [...targets].reverse()) t.runs.push(await load(t.url, t.headers, SECONDS));
    }

    const rows = [['target', 'requests', 'req/s', 'docs/s', 'p50 ms', 'p95 ms', 'p99 ms', 'KiB/resp on wire', 'errors']];
    let errors = 0;
    for (const t of targets) {
      const rs = t.runs;
      const requests = rs.reduce((n, x) => n + x.requests, 0);
      const seconds = rs.reduce((n, x) => n + x.seconds, 0);
      const latencies = rs.flatMap((x) => x.latencies);
      const errs = rs.reduce((n, x) => n + x.errors + x.non2xx + x.timeouts, 0);
      const wire = rs.reduce((n, x) => n + x.wireBytes, 0);
      errors += errs;
      rows.push([
        t.name,
        String(requests),
        (requests / seconds).toFixed(1),
        ((requests * docs) / seconds).toFixed(0),
        fmtMs(percentile(latencies, 50)),
        fmtMs(percentile(latencies, 95)),
        fmtMs(percentile(latencies, 99)),
        requests ? (wire / requests / 1024).toFixed(1) : '-',
        String(errs),
      ]);
    }
    // Each round's pull rate over the bare route's in the same round: "in every run" is the worst.
    const pullRuns = pullTarget.runs;
    const bareRuns = bareTarget.runs;
    const ratios = pullRuns.map((p, i) => {
      const b = itemAt(bareRuns, i);
      return p.requests / p.seconds / (b.requests / b.seconds);
    });
    recordFigures('pull', {
      pull_rps: pullRuns.reduce((n, x) => n + x.requests, 0) / pullRuns.reduce((n, x) => n + x.seconds, 0),
      bare_rps: bareRuns.reduce((n, x) => n + x.requests, 0) / bareRuns.reduce((n, x) => n + x.seconds, 0),
      ratio_worst: Math.min(...ratios),
      ratio_best: Math.max(...ratios),
    });
    console.log('');
    console.log(table(rows));
    console.log(`pull ÷ bare per round: ${ratios.map((r) => r.toFixed(2)).join(', ')}`);
    console.log(`errors: ${errors}`);
    process.exitCode = errors > 0 ? 1 : 0;
  } finally {
    if (bare) {
      const { child } = bare;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(bodyFile, { force: true });
    await bench.dispose();
  }
}

await main();
