/**
 * `npm run bench:browser-sync`: the first sync of a big event in the real app, in Debian's Chromium,
 * on a slow phone. SEED=scale:5000 (BENCH_VISITORS overrides), signed in through the login screen
 * as anna, who holds a ticket for the big event, so her device replicates its 5,000 visitors, its
 * chat and its programme besides the public and personal collections.
 *
 * Network: Slow 4G through a shaping relay in front of the server (bench/browser/link.ts), which
 * every realm shares: the page, the sync worker and the service worker. CPU: 4× slower; DevTools
 * refuses CPU throttling on workers, so by default the renderer processes themselves are slowed
 * (bench/browser/cpu.ts; BENCH_CPU_MODE=cdp throttles the page only, the DevTools way). Both are
 * checked and printed first. The clock runs from pressing Enter on the login form until the app says it is synced:
 * the header's status is "up to date", the engine's last complete pull is newer than the login and
 * every event scope the device holds has caught up (the local documents the app keeps for that).
 * The service worker has already precached the shell by then; its download is not in the figure.
 *
 * Bytes: what the server sent through the relay in that window (headers and compression
 * included), broken down per request from DevTools on every target, against the same documents
 * pulled by node from the sync API and compressed here. Prints figures, asserts nothing.
 * BENCH_PROFILE_DIR=dir also writes sampling CPU profiles of the page and the workers for the
 * timed window (bench/browser/profile.ts) and prints their heaviest functions.
 */
import { performance } from 'node:perf_hooks';
import { DEMO_ACCOUNTS, DEMO_IN_PERSON_EVENT_NAME, DEMO_PASSWORD } from '../server/db/seed/demo-data.ts';
import { apiLogin, findEventByName } from '../tests/e2e/fixtures/api.ts';
import { isSynced, localCounts, prepareLogin, probeSync, waitUntil, type SyncProbe } from './browser/app.ts';
import { checkCpuThrottle, checkLink } from './browser/checks.ts';
import { feedSize } from './browser/documents.ts';
import { BENCH_CPU_MODE, BENCH_CPU_RATE, kib, largestAsset, ms, prepareDist, reportBenchFailure, startBenchEnv, table } from './browser/env.ts';
import { SLOW_4G } from './browser/link.ts';
import { PROFILE_DIR, startProfiling } from './browser/profile.ts';
import { recordFigures } from './lib/result.ts';

const VISITORS = Number(process.env.BENCH_VISITORS ?? 5000);
const SYNC_TIMEOUT_MS = 15 * 60 * 1000;

/** Which part of the app a request served, for the wire breakdown. */
function kindOf(url: string): string {
  const { pathname } = new URL(url);
  const pull = /^\/sync\/v1\/([a-z_]+)\/pull$/.exec(pathname);
  if (pull) return `pull ${pull[1]}`;
  if (pathname === '/sync/v1/stream') return 'live stream';
  if (pathname.startsWith('/sync/')) return pathname;
  if (pathname.startsWith('/api/')) return 'legacy /api calls';
  if (pathname.startsWith('/files/') || /\.(png|jpe?g|webp|svg)$/.test(pathname)) return 'images';
  return 'app shell and other';
}

/** A request's path and the query parameters that tell pulls apart. */
function shortUrl(url: string): string {
  const u = new URL(url);
  const keep = ['event_id', 'checkpoint', 'limit'].filter((k) => u.searchParams.has(k)).map((k) => `${k}=${u.searchParams.get(k)}`);
  return keep.length ? `${u.pathname}?${keep.join('&')}` : u.pathname;
}

async function main() {
  const distDir = prepareDist();
  console.log(`browser initial-sync bench: SEED=scale:${VISITORS}, ${SLOW_4G.name} via relay, CPU ${BENCH_CPU_RATE}× slower (${BENCH_CPU_MODE})`);
  const t0 = performance.now();
  const env = await startBenchEnv({ seed: `scale:${VISITORS}`, distDir, profile: SLOW_4G, cpuRate: BENCH_CPU_RATE, recordNetwork: true });
  console.log(`server seeded and up in ${ms(performance.now() - t0)}; app at ${env.url} (relay) → ${env.server.url}`);
  try {
    const { page } = env.browser;
    const eventId = (await findEventByName(env.server.url, DEMO_IN_PERSON_EVENT_NAME)).event_id;
    const submit = await prepareLogin(page, env.url, DEMO_ACCOUNTS.anna, DEMO_PASSWORD);
    console.log(`CPU: ${env.cpuMode}`);
    console.log(await checkCpuThrottle(page, (r) => env.setCpuRate(r), env.emulation, BENCH_CPU_RATE));
    console.log(await checkLink(page, env.link, largestAsset(distDir)));
    // Measured from here on: the share below covers the timed part of the run.
    await env.setCpuRate(BENCH_CPU_RATE);

    env.link.reset();
    env.emulation.responses.clear();
    const profiling = PROFILE_DIR ? await startProfiling(env.cdp, env.emulation, distDir) : null;
    const since = Date.now();
    const start = performance.now();
    await submit();
    const mustHold = [`visitors@${eventId}`, `comments@${eventId}`, `schedule@${eventId}`];
    let firstIdle: number | null = null;
    let lastReport = performance.now();
    const synced = await waitUntil(
      async () => {
        const p = await probeSync(page);
        if (performance.now() - lastReport > 15_000) {
          lastReport = performance.now();
          console.log(
            `  … ${ms(performance.now() - start)}: ${env.link.down() >> 10} KiB down; ${p.domState}, engine ${JSON.stringify(p.status)}, scopes ${JSON.stringify(p.scopes)}`,
          );
        }
        if (firstIdle === null && p.domState === 'sync--idle' && (p.status?.lastSyncedAt ?? 0) >= since) firstIdle = performance.now() - start;
        return p;
      },
      (p: SyncProbe) => isSynced(p, since, mustHold),
      SYNC_TIMEOUT_MS,
      'the app to report synced',
      100,
    );
    const elapsed = performance.now() - start;
    const cpu = await env.cpuStats();
    if (profiling) console.log(`\nCPU profiles of the sync window in ${PROFILE_DIR}:\n${await profiling.stop()}\n`);
    const down = env.link.down();
    const up = env.link.up();
    const connections = env.link.connections();
    const counts = await localCounts(page);

    // The wire, per part of the app, as DevTools saw it on every target that fetched.
    const byKind = new Map<string, { requests: number; bytes: number; encodings: Set<string> }>();
    for (const r of env.emulation.networkResponses()) {
      const k = kindOf(r.url);
      const e = byKind.get(k) ?? { requests: 0, bytes: 0, encodings: new Set<string>() };
      e.requests++;
      e.bytes += r.encodedBytes;
      e.encodings.add(r.contentEncoding || 'none');
      byKind.set(k, e);
    }

    // When each request of the timed window ran: a first sync is a chain of round trips as much as
    // of bytes, and this shows which of them wait for which.
    const waterfall = env.emulation
      .networkResponses()
      .filter((r) => r.sentAt !== null && r.sentAt >= start)
      .sort((a, b) => (a.sentAt ?? 0) - (b.sentAt ?? 0))
      .map((r) => {
        const at = (t: number | null) => (t === null ? '…' : ms(t - start));
        return [at(r.sentAt), at(r.at), at(r.endAt), kib(r.encodedBytes), shortUrl(r.url)];
      });

    // The same documents, straight from the sync API, compressed in node.
    const token = await apiLogin(env.server.url, DEMO_ACCOUNTS.anna, DEMO_PASSWORD);
    const keys = [
      ...Object.keys(counts).filter((c) => c !== 'outbox' && !(synced.scopes?.held ?? []).some((k) => k.startsWith(`${c}@`))),
      ...(synced.scopes?.held ?? []),
    ];
    const feeds = [];
    for (const key of keys.sort()) {
      // Collections the device opens but has no feed for on this account (door tickets) answer 4xx.
      feeds.push(await feedSize(env.server.url, token, key).catch(() => null));
    }
    const known = feeds.filter((f): f is NonNullable<typeof f> => f !== null);

    console.log('\nwire (DevTools on page, sync worker and service worker; encoded bytes incl. headers)');
    console.log(
      table([
        ['what', 'requests', 'bytes', 'encoding'],
        ...[...byKind.entries()].sort().map(([k, e]) => [k, e.requests, kib(e.bytes), [...e.encodings].join(',')]),
      ]),
    );
    console.log('\nthe timed window request by request, from the login (sent, headers, end)');
    console.log(table([['sent', 'headers', 'end', 'bytes', 'request'], ...waterfall]));
    console.log('\nthe same documents from the sync API (pages of the client size), compressed in node');
    const total = known.reduce(
      (a, f) => ({
        documents: a.documents + f.documents,
        live: a.live + f.live,
        json: a.json + f.jsonBytes,
        gzip: a.gzip + f.gzipBytes,
        br: a.br + f.brotliBytes,
      }),
      { documents: 0, live: 0, json: 0, gzip: 0, br: 0 },
    );
    console.log(
      table([
        ['feed', 'pages', 'docs', 'of them live', 'on device', 'JSON', 'gzip -6', 'brotli q4'],
        ...known.map((f) => {
          const [collection = ''] = f.key.split('@');
          return [f.key, f.pages, f.documents, f.live, counts[collection] ?? '', kib(f.jsonBytes), kib(f.gzipBytes), kib(f.brotliBytes)];
        }),
        ['total', '', total.documents, total.live, '', kib(total.json), kib(total.gzip), kib(total.br)],
      ]),
    );
    const pulls = [...byKind.entries()].filter(([k]) => k.startsWith('pull ')).reduce((a, [, e]) => a + e.bytes, 0);
    recordFigures('browser-sync', { login_to_synced: elapsed, down_bytes: down });
    console.log(
      `\ninitial sync, login → synced: ${ms(elapsed)} (header first "up to date" with a pull newer than the login at ${firstIdle === null ? '—' : ms(firstIdle)})`,
    );
    console.log(`on the wire through the relay: ${kib(down)} down, ${kib(up)} up, ${connections} TCP connections; of that the pulls ${kib(pulls)} (DevTools)`);
    console.log(
      `the same documents: ${kib(total.json)} JSON, ${kib(total.gzip)} gzipped (wire ÷ gzip = ${(down / total.gzip).toFixed(2)}), ${kib(total.br)} with the server's brotli`,
    );
    if (cpu) console.log(`CPU throttle during the sync: ${cpu}`);
    console.log(
      `local documents: ${Object.entries(counts)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')}`,
    );
  } catch (err) {
    reportBenchFailure(env, err);
  } finally {
    await env.close();
  }
}

await main();
