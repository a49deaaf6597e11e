/**
 * `npm run bench:legacy-reads [-- --db pg] [--visitors 5000] [--users 20] [--requests 200]`: what each
 * legacy read of a big event costs (issue 28): GET /api/events/{id}, events-list, get-event-people,
 * get-chat-messages and the sync pull of the events collection, next to a primary-key read (the
 * session check of GET /api/profile/me is the cheapest signed-in call), on SEED=scale:<visitors>.
 *
 * The server is its own process (bench/lib/server.ts); this process only sends requests, `--users`
 * signed-in attendees of the big event in parallel, each asking the same call again as soon as it is
 * answered. Per call it prints p50/p95 latency and the server's CPU milliseconds per request, read
 * from /proc/<pid>/stat of the server process around the call's run (user + system time), plus the
 * load average, because the machine is shared. Asserts nothing: exit code 1 only on errors.
 */
import fs from 'node:fs';
import os from 'node:os';
import { startBenchServer, dbChoice, numberArg, describeDb } from './lib/server.ts';
import { prepareCrowd } from './lib/users.ts';
import { percentile, table, fmtMs } from './lib/stats.ts';
import { itemAt } from './lib/pick.ts';
import { recordFigures } from './lib/result.ts';

const DB = dbChoice();
const VISITORS = numberArg('visitors', 5000);
const USERS = numberArg('users', 20);
const REQUESTS = numberArg('requests', 200);
const WARMUP = 20;

const TICKS_PER_SECOND = 100;
/** CPU milliseconds the process has used (utime + stime of /proc/<pid>/stat). */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name may hold spaces: fields are counted after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

interface Call {
  name: string;
  path: (eventId: number) => string;
}

const CALLS: Call[] = [
  { name: 'own profile (a few key reads)', path: () => '/api/profile/lite' },
  { name: 'GET /api/events/{id}', path: (e) => `/api/events/${e}` },
  { name: 'events-list', path: () => '/api/events/events-list' },
  { name: 'events-list with_counts', path: () => '/api/events/events-list?with_counts=1' },
  { name: 'get-event-people', path: (e) => `/api/events/get-event-people?event_id=${e}` },
  { name: 'get-chat-messages', path: (e) => `/api/events/get-chat-messages?event_id=${e}&offset=0&limit=20&sort_by=-date` },
  { name: 'pull events', path: () => '/sync/v1/events/pull?checkpoint=0' },
];

async function run(base: string, tokens: string[], path: string, total: number): Promise<{ latencies: number[]; errors: number }> {
  const latencies: number[] = [];
  let errors = 0;
  let left = total;
  await Promise.all(
    tokens.map(async (token) => {
      while (left > 0) {
        left--;
        const t0 = performance.now();
        const res = await fetch(base + path, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' } });
        const text = await res.text();
        const ms = performance.now() - t0;
        const legacyError = res.ok && path.startsWith('/api/') && /"result"\s*:\s*false/.test(text.slice(0, 200));
        if (!res.ok || legacyError) {
          errors++;
          if (errors === 1) console.error(`${path}: ${res.status} ${text.slice(0, 200)}`);
        } else latencies.push(ms);
      }
    }),
  );
  return { latencies, errors };
}

async function main() {
  console.log(`legacy reads: SEED=scale:${VISITORS}, ${describeDb(DB)}, ${USERS} attendees in parallel, ${REQUESTS} requests per call`);
  const bench = await startBenchServer({ db: DB, seed: `scale:${VISITORS}`, prepare: (db) => prepareCrowd(db, USERS) });
  try {
    const { eventId, users } = bench.setup;
    const tokens = users.map((u) => u.token);
    const pid = bench.pid();
    const rows = [['call', 'p50 ms', 'p95 ms', 'server CPU ms/req', 'errors', 'load (1 5 15 min)']];
    const figures: Record<string, number | null> = {};
    let errors = 0;
    for (const call of CALLS) {
      const path = call.path(eventId);
      await run(bench.url, tokens.slice(0, 4), path, WARMUP);
      const cpu0 = cpuMs(pid);
      const r = await run(bench.url, tokens, path, REQUESTS);
      const cpu = (cpuMs(pid) - cpu0) / REQUESTS;
      errors += r.errors;
      const key = call.name.replace(/[^a-z0-9]+/gi, '_').toLowerCase();
      figures[`${key}_p50`] = percentile(r.latencies, 50);
      figures[`${key}_p95`] = percentile(r.latencies, 95);
      figures[`${key}_cpu_ms`] = cpu;
      rows.push([call.name, fmtMs(percentile(r.latencies, 50)), fmtMs(percentile(r.latencies, 95)), cpu.toFixed(1), String(r.errors), load()]);
    }
    recordFigures('legacy-reads', figures);
    console.log('');
    console.log(table(rows));
    console.log(`first user: ${itemAt(users, 0).id}, event ${eventId}; errors: ${errors}`);
    process.exitCode = errors > 0 ? 1 : 0;
  } finally {
    await bench.dispose();
  }
}

await main();
