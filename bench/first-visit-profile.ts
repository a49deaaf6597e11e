/**
 * `npm run bench:first-visit-profile [-- --runs 3]`: where the first visit's main-thread time goes
 * (issue 32). Debian's Chromium opens the first route (/uk/) on the demo seed with the CPU 4× slower
 * (CDP Emulation.setCPUThrottlingRate on the page, as Lighthouse's mobile run does), recording a
 * DevTools trace with the V8 sampling profiler, until the page has been quiet for 3 s. Two visits:
 * a guest's very first one (a fresh profile), and a signed-in person's first load of home after
 * signing in (the worker's first sync under way). The app is built for it with source maps into a
 * temporary folder, so every profiler sample is named by the source file (or package) it ran in,
 * not by the bundle's minified names.
 *
 * From the trace's renderer main thread it prints the tasks over 50 ms, each with what it was (the
 * trace events inside it: script evaluation by file, function calls, style and layout, parsing,
 * garbage collection) and the JavaScript functions that took most of its samples; then the
 * visit's totals: main-thread busy time, the time of the long tasks and their blocking part over
 * 50 ms each (what Total Blocking Time sums between first paint and interactive), and whose code
 * the main thread ran. The signed-in visit includes Playwright typing into the login form (its
 * injected script shows as `(no source map)`). Then the app's own functions by total time (a component
 * and everything it called) and any function by self time. Prints figures, asserts nothing.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../server/db/seed/demo-data.ts';
import { launchBrowser, PHONE_VIEWPORT } from '../tests/e2e/fixtures/browser.ts';
import { startFoyerServer } from '../tests/e2e/fixtures/server.ts';
import { LoginPage } from '../tests/e2e/pages/LoginPage.ts';
import { table } from './browser/env.ts';
import { analyse, CPU_RATE, LONG_TASK_MS, quiet, Sources, traced, type VisitFigures } from './browser/trace.ts';
import { numberArg } from './lib/server.ts';

const RUNS = numberArg('runs', 1);

function print(label: string, f: VisitFigures) {
  console.log('');
  console.log(
    `${label}: main thread busy ${f.busyMs.toFixed(0)} ms; ${f.longTasks} tasks over ${LONG_TASK_MS} ms, ${f.longMs.toFixed(0)} ms in all, ${f.blockingMs.toFixed(0)} ms of it over ${LONG_TASK_MS} ms each`,
  );
  console.log(table([['at ms', 'ms', 'inside (ms)', 'JavaScript by source, share of the task’s samples'], ...f.rows]));
  console.log(
    `the whole visit's busy time by what it was (ms): ${f.byKind
      .slice(0, 14)
      .map(([k, v]) => `${k} ${v.toFixed(0)}`)
      .join('; ')}`,
  );
  console.log(
    `whose JavaScript ran on the main thread (share of its busy samples): ${f.bySource
      .slice(0, 12)
      .map(([k, v]) => `${k} ${v.toFixed(0)}%`)
      .join('; ')}`,
  );
  // The app's own functions by total time name the component or call behind a library's self time.
  const own = f.byFunction.filter((x) => /\s(src|sync|contract|workers)\//.test(x.name)).sort((a, b) => b.totalMs - a.totalMs);
  console.log(
    table([['the app’s functions by total ms', 'total', 'self'], ...own.slice(0, 20).map((x) => [x.name, x.totalMs.toFixed(0), x.selfMs.toFixed(0)])]),
  );
  const bySelf = [...f.byFunction].sort((a, b) => b.selfMs - a.selfMs);
  console.log(table([['any function by self ms', 'self', 'total'], ...bySelf.slice(0, 15).map((x) => [x.name, x.selfMs.toFixed(0), x.totalMs.toFixed(0)])]));
}

/** Builds the app with source maps into a temporary folder (the served dist stays as it is). */
function buildWithMaps(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'foyer-profile-dist-'));
  execFileSync(path.join('node_modules', '.bin', 'vite'), ['build', '--sourcemap', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  return dir;
}

async function main() {
  const distDir = buildWithMaps();
  const server = await startFoyerServer({ seed: 'demo', distDir });
  const sources = new Sources(distDir, server.url);
  console.log(`first-visit profile: /uk/ on the demo seed, ${RUNS} run(s), CPU ${CPU_RATE}× slower (CDP, page only), phone viewport`);
  try {
    for (let run = 1; run <= RUNS; run++) {
      const guest = await launchBrowser({ viewport: PHONE_VIEWPORT });
      try {
        const events = await traced(guest, async () => {
          await guest.page.goto(`${server.url}/uk/`);
          await quiet(guest);
        });
        print(`run ${run}, a guest's first visit`, analyse(events, server.url, sources));
      } finally {
        await guest.close();
      }
      const person = await launchBrowser({ viewport: PHONE_VIEWPORT });
      try {
        const login = new LoginPage(person.page, server.url);
        await login.goto('/uk/');
        const events = await traced(person, async () => {
          await login.login(DEMO_ACCOUNTS.anna, DEMO_PASSWORD);
          await person.page.waitForURL((url) => !url.pathname.endsWith('/login'));
          await quiet(person);
        });
        print(`run ${run}, signing in and the first sync`, analyse(events, server.url, sources));
      } finally {
        await person.close();
      }
    }
  } finally {
    await server.dispose();
    fs.rmSync(distDir, { recursive: true, force: true });
  }
}

await main();
