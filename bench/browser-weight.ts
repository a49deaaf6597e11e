/**
 * `npm run bench:weight`: what the first visit costs in JavaScript, and Lighthouse's mobile scores.
 *
 * 1. A fresh Chromium profile opens the first route (/uk/) on the demo seed, with DevTools on the
 *    page and on every worker, until the network has been quiet for 2 s. Every script any of them
 *    fetched is listed with who fetched it, and node fetches the same URLs with
 *    `accept-encoding: identity`, `gzip` and `br` to give the sizes as the server serves them.
 * 2. The service worker's precache, read from its caches once it has installed: every entry,
 *    scripts apart, with the same gzip and brotli sizes.
 * 3. Lighthouse (devDependency) against the same URL (BENCH_LIGHTHOUSE_JSON=file keeps its report), in Debian's Chromium started by the e2e
 *    launcher with its flags and a DevTools port Lighthouse connects to: mobile form factor and
 *    Lighthouse's own simulated Slow 4G + 4× CPU (its defaults), scores of every category the
 *    installed version has. If Lighthouse cannot run, the reason is printed and 1–2 still stand.
 */
import fs from 'node:fs';
import { request } from 'node:http';
import lighthouse from 'lighthouse';
import { launchBrowser, waitForServiceWorkerControl } from '../tests/e2e/fixtures/browser.ts';
import { freePort, startFoyerServer } from '../tests/e2e/fixtures/server.ts';
import { CdpClient, TargetEmulation } from './browser/cdp.ts';
import { kib, prepareDist, table } from './browser/env.ts';
import { recordFigures } from './lib/result.ts';

const FIRST_ROUTE = '/uk/';
const QUIET_MS = 2000;

interface Served {
  url: string;
  identity: number;
  gzip: number;
  br: number;
}

/** Node's fetch decodes what it receives; a raw request keeps the body as it crossed the wire. */
async function rawSize(url: string, encoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      let n = 0;
      res.on('data', (d: Buffer) => (n += d.length));
      res.on('end', () => resolve(n));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

async function served(url: string): Promise<Served> {
  const [identity, gzip, br] = await Promise.all([rawSize(url, 'identity'), rawSize(url, 'gzip'), rawSize(url, 'br')]);
  return { url, identity, gzip, br };
}

function sizesTable(rows: Served[], origin: string): string {
  const sum = (k: 'identity' | 'gzip' | 'br') => rows.reduce((a, r) => a + r[k], 0);
  return table([
    ['file', 'raw', 'gzip', 'brotli'],
    ...rows.map((r) => [r.url.replace(origin, ''), kib(r.identity), kib(r.gzip), kib(r.br)]),
    [`total (${rows.length})`, kib(sum('identity')), kib(sum('gzip')), kib(sum('br'))],
  ]);
}

let weight: Record<string, number> = {};

async function main() {
  const distDir = prepareDist();
  const server = await startFoyerServer({ seed: 'demo', distDir });
  const origin = server.url;
  try {
    // 1. Scripts of the first route.
    const port = await freePort();
    const browser = await launchBrowser({ locale: 'uk-UA', args: [`--remote-debugging-port=${port}`] });
    const cdp = await CdpClient.connect(port);
    const emulation = new TargetEmulation(cdp, { cpuRate: 1, recordNetwork: true });
    await emulation.start();
    let precache: string[] = [];
    let wire: { url: string; bytes: number; encoding: string; target: string }[] = [];
    try {
      const { page } = browser;
      await page.goto(`${origin}${FIRST_ROUTE}`, { waitUntil: 'load' });
      // Network idle: nothing new for QUIET_MS (the live stream stays open and is not a script).
      let seen = -1;
      while (seen !== emulation.responses.size) {
        seen = emulation.responses.size;
        await new Promise((r) => setTimeout(r, QUIET_MS));
      }
      const scripts = emulation.networkResponses().filter((r) => r.mimeType.includes('javascript') || /\.m?js(\?|$)/.test(r.url));
      wire = scripts.map((r) => ({ url: r.url, bytes: r.encodedBytes, encoding: r.contentEncoding || 'none', target: r.targetType }));
      await waitForServiceWorkerControl(page, 60_000);
      precache = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) {
          if (!name.includes('precache')) continue;
          for (const req of await (await caches.open(name)).keys()) urls.push(req.url);
        }
        return urls;
      });
    } finally {
      emulation.stop();
      cdp.close();
      await browser.close();
    }

    // What the app itself runs (page and its workers) apart from what the service worker fetches
    // to precache; DevTools says who fetched each file, node measures it as the server serves it.
    const byApp = [...new Set(wire.filter((w) => w.target !== 'service_worker').map((w) => w.url))];
    const bySw = [...new Set(wire.filter((w) => w.target === 'service_worker').map((w) => w.url))];
    console.log(`JavaScript fetched while ${FIRST_ROUTE} loaded, until the network was quiet for ${QUIET_MS} ms:`);
    console.log(
      table([
        ['file', 'fetched by'],
        ...[...new Set(wire.map((w) => w.url))].map((u) => [
          u.replace(origin, ''),
          [...new Set(wire.filter((w) => w.url === u).map((w) => w.target))].join(', '),
        ]),
      ]),
    );
    console.log(`\nscripts the page and its workers run (${byApp.length}), as the server serves them:`);
    const appSizes = await Promise.all(byApp.map(served));
    console.log(sizesTable(appSizes, origin));
    // Page and worker apart: the target is the page's own scripts, and the worker is to start later.
    const fetchedBy = (r: Served, target: string) => wire.some((w) => w.url === r.url && w.target === target);
    const gzipOf = (target: string) => appSizes.filter((r) => fetchedBy(r, target)).reduce((n, r) => n + r.gzip, 0);
    const pageGzip = gzipOf('page');
    const workerGzip = gzipOf('worker');
    weight = { page_gzip: pageGzip, worker_gzip: workerGzip, all_gzip: appSizes.reduce((n, r) => n + r.gzip, 0) };
    console.log(`gzip: page ${kib(pageGzip)}, workers ${kib(workerGzip)}`);
    if (bySw.length) console.log(`fetched only by the service worker (precache, not run by the page): ${bySw.map((u) => u.replace(origin, '')).join(', ')}`);

    // 2. The service worker's precache. The server strips the workbox revision query; sizes are per file.
    const files = [...new Set(precache.map((u) => u.replace(/[?&]__WB_REVISION__=[^&]*/, '')))].sort();
    const precacheSizes = await Promise.all(files.map(served));
    const isScript = (r: Served) => /\.m?js$/.test(new URL(r.url).pathname);
    console.log(`\nservice worker precache: ${files.length} entries; scripts:`);
    console.log(sizesTable(precacheSizes.filter(isScript), origin));
    const all = precacheSizes.reduce((a, r) => ({ raw: a.raw + r.identity, gzip: a.gzip + r.gzip, br: a.br + r.br }), { raw: 0, gzip: 0, br: 0 });
    console.log(`all precached entries: ${kib(all.raw)} raw, ${kib(all.gzip)} gzip, ${kib(all.br)} brotli`);

    // 3. Lighthouse.
    const lh = await runLighthouse(`${origin}${FIRST_ROUTE}`);
    recordFigures('weight', { ...weight, ...lh });
  } finally {
    await server.dispose();
  }
}

async function runLighthouse(url: string): Promise<Record<string, number | null>> {
  const port = await freePort();
  // The e2e launcher's Chromium and flags; Lighthouse drives it through the DevTools port.
  const browser = await launchBrowser({ locale: 'uk-UA', args: [`--remote-debugging-port=${port}`] });
  try {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', formFactor: 'mobile' });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    // The whole report, for a look at what holds a metric back (the LCP element, the longest tasks).
    if (process.env.BENCH_LIGHTHOUSE_JSON) fs.writeFileSync(process.env.BENCH_LIGHTHOUSE_JSON, JSON.stringify(lhr));
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    console.log(
      `\nLighthouse ${lhr.lighthouseVersion}, ${lhr.configSettings.formFactor}, throttling ${lhr.configSettings.throttlingMethod} (RTT ${lhr.configSettings.throttling.rttMs} ms, ${lhr.configSettings.throttling.throughputKbps} kbps, CPU ${lhr.configSettings.throttling.cpuSlowdownMultiplier}×), ${lhr.environment.hostUserAgent}`,
    );
    console.log(table([['category', 'score'], ...Object.values(lhr.categories).map((c) => [c.title, c.score === null ? 'n/a' : Math.round(c.score * 100)])]));
    const metric = (id: string) => lhr.audits[id]?.displayValue ?? 'n/a';
    console.log(
      `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, Speed Index ${metric('speed-index')}`,
    );
    for (const id of ['unused-javascript', 'uses-text-compression', 'uses-long-cache-ttl', 'total-byte-weight', 'bootup-time', 'mainthread-work-breakdown']) {
      const a = lhr.audits[id];
      if (a) console.log(`  ${a.title}: ${a.displayValue ?? (a.score === null ? '' : `score ${a.score}`)}`);
    }
    const failing = Object.values(lhr.categories)
      .filter((c) => c.id !== 'performance')
      .flatMap((c) =>
        c.auditRefs.flatMap((r) => {
          const audit = lhr.audits[r.id];
          return r.weight > 0 && audit && (audit.score ?? 1) < 1 ? [`${c.title}: ${audit.title}`] : [];
        }),
      );
    if (failing.length) console.log(`\nfailing weighted audits:\n  ${failing.join('\n  ')}`);
    const value = (id: string) => lhr.audits[id]?.numericValue ?? null;
    const perf = lhr.categories.performance?.score;
    return {
      lighthouse: perf === null || perf === undefined ? null : Math.round(perf * 100),
      tbt: value('total-blocking-time'),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
    };
  } catch (err) {
    console.log(`\nLighthouse could not run: ${(err as Error).stack ?? err}`);
    process.exitCode = 1;
    return { lighthouse: null };
  } finally {
    await browser.close();
  }
}

await main();
