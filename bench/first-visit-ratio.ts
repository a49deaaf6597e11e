/**
 * `npm run bench:first-visit-ratio [-- --runs 5]`: the first visit's main-thread work as a multiple
 * of a bare page's, so the figure holds on a fast machine and a slow one alike (issue 32).
 *
 * The bare page (bench/browser/bare-page) is built in the same run with the same Vite, the same
 * aliases (React through Preact's compat build) and the same router: a header, twenty cards and a
 * tab bar, nothing else. Each run opens the bare page and then Foyer's first route (/uk/, a guest on
 * the demo seed, a fresh browser profile each), in Debian's Chromium on a phone viewport with the
 * page's CPU 4× slower (CDP, as Lighthouse's mobile run), recording a DevTools trace until the
 * network has been quiet for 3 s (bench/browser/trace.ts). From the renderer's main thread it
 * prints the busy time (every top-level task), the long tasks (over 50 ms) and their blocking part
 * (what Total Blocking Time sums), what the busy time was made of, the ratio per run, and the
 * ratio of the medians. Target: Foyer's busy time ≤ 3× the bare page's. Prints the CPU model and
 * the load; asserts nothing.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import viteConfig from '../vite.config.ts';
import { launchBrowser, PHONE_VIEWPORT } from '../tests/e2e/fixtures/browser.ts';
import { startFoyerServer } from '../tests/e2e/fixtures/server.ts';
import { prepareDist, table } from './browser/env.ts';
import { analyse, CPU_RATE, LONG_TASK_MS, quiet, Sources, traced, type VisitFigures } from './browser/trace.ts';
import { numberArg } from './lib/server.ts';
import { recordFigures } from './lib/result.ts';

const RUNS = numberArg('runs', 5);
const TARGET_RATIO = 3;
const BARE_ROOT = path.resolve('bench/browser/bare-page');

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

async function buildBare(): Promise<string> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foyer-bare-page-'));
  await build({
    root: BARE_ROOT,
    configFile: false,
    // The router imports React 19 hooks Preact's compat build lacks (useOptimistic), as Foyer's
    // build does: a warning there too, and nothing the bare page calls.
    logLevel: 'error',
    plugins: [react()],
    resolve: { alias: viteConfig.resolve?.alias },
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css' };

/** Serves the built bare page; any path that is not a file is the page itself, as an app's fallback. */
async function serveStatic(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const wanted = path.join(dir, path.normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)));
    const file = wanted.startsWith(dir) && fs.existsSync(wanted) && fs.statSync(wanted).isFile() ? wanted : path.join(dir, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function visit(origin: string, pathname: string, distDir: string): Promise<VisitFigures> {
  const b = await launchBrowser({ viewport: PHONE_VIEWPORT });
  try {
    const events = await traced(b, async () => {
      await b.page.goto(`${origin}${pathname}`);
      await quiet(b);
    });
    return analyse(events, origin, new Sources(distDir, origin));
  } finally {
    await b.close();
  }
}

async function main() {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  console.log(
    `first visit against a bare page: ${RUNS} run(s), CPU ${CPU_RATE}× slower (CDP, page only), phone viewport; ${cpu}, ${os.cpus().length} cores, load ${load()}`,
  );
  const foyerDist = prepareDist();
  const bareDist = await buildBare();
  const bare = await serveStatic(bareDist);
  const foyer = await startFoyerServer({ seed: 'demo', distDir: foyerDist });
  const rows: string[][] = [];
  const ratios: number[] = [];
  const blocking: number[] = [];
  const busy: number[] = [];
  const bareBusy: number[] = [];
  try {
    for (let run = 1; run <= RUNS; run++) {
      const b = await visit(bare.url, '/', bareDist);
      const f = await visit(foyer.url, '/uk/', foyerDist);
      const ratio = f.busyMs / Math.max(1, b.busyMs);
      ratios.push(ratio);
      blocking.push(f.blockingMs);
      busy.push(f.busyMs);
      bareBusy.push(b.busyMs);
      for (const [page, x] of [
        ['bare page', b],
        ['Foyer /uk/', f],
      ] as const) {
        rows.push([
          String(run),
          page,
          x.busyMs.toFixed(0),
          String(x.longTasks),
          x.longMs.toFixed(0),
          x.blockingMs.toFixed(0),
          page === 'bare page' ? '' : `${ratio.toFixed(2)}×`,
        ]);
      }
      const top = (x: VisitFigures) =>
        x.byKind
          .slice(0, 8)
          .map(([k, v]) => `${k} ${v.toFixed(0)}`)
          .join('; ');
      console.log(`run ${run}, load ${load()}\n  bare page by what it was (ms): ${top(b)}\n  Foyer by what it was (ms): ${top(f)}`);
    }
  } finally {
    await foyer.dispose();
    await bare.close();
    fs.rmSync(bareDist, { recursive: true, force: true });
  }
  console.log('');
  console.log(
    table([
      ['run', 'page', 'main thread busy ms', `tasks over ${LONG_TASK_MS} ms`, 'their ms', `ms over ${LONG_TASK_MS} each (TBT-like)`, 'Foyer ÷ bare'],
      ...rows,
    ]),
  );
  // The bare page's few hundred milliseconds are mostly the navigation itself, which varies by a
  // third from one fresh browser to the next: the ratio of the medians steadies the figure more
  // than the median of the per-run ratios.
  const m = median(busy) / Math.max(1, median(bareBusy));
  console.log(
    `Foyer's first visit keeps the main thread ${m.toFixed(2)}× as busy as the bare page's, median over median (per run ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}×; target ≤ ${TARGET_RATIO}×: ${m <= TARGET_RATIO ? 'met' : 'not met'}); ` +
      `Foyer busy ${median(busy).toFixed(0)} ms, blocking ${median(blocking).toFixed(0)} ms; bare page busy ${median(bareBusy).toFixed(0)} ms; load ${load()}`,
  );
  recordFigures('first-visit-ratio', { ratio: m, busy_ms: median(busy), blocking_ms: median(blocking), bare_busy_ms: median(bareBusy) });
}

await main();
