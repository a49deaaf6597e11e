/**
 * `npm run bench:browser-writes`: how fast the device can store what a first sync brings, in one
 * Chromium run: the app's RxDB path against raw Dexie bulkPut of the same documents.
 *
 * The documents are the big event's visitors (SEED=scale:5000, BENCH_VISITORS overrides) as the
 * sync API serves them to anna. A bench-only page (bench/browser/writes/, bundled here with vite,
 * never part of the app) imports the app's own database module and replication, and writes them in
 * batches of the client's pull size (500) three ways into fresh databases: through the app's pull
 * replication fed from memory (what a first sync does, packed into pages of people), through
 * RxDB's bulkUpsert of one document per person (how the device stored them before the pages), and
 * with a bare Dexie table's bulkPut of one record per person. BENCH_ROUNDS rounds (7 by default), interleaved; no network
 * and no CPU slowdown, so the figure is the storage path alone. Prints docs/s, asserts nothing.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { SYNC_PULL_DEFAULT_LIMIT } from '../contract/constants.ts';
import { DEMO_ACCOUNTS, DEMO_IN_PERSON_EVENT_NAME, DEMO_PASSWORD } from '../server/db/seed/demo-data.ts';
import { apiLogin, findEventByName } from '../tests/e2e/fixtures/api.ts';
import { launchBrowser } from '../tests/e2e/fixtures/browser.ts';
import { ROOT, startFoyerServer } from '../tests/e2e/fixtures/server.ts';
import { kib, ms, table } from './browser/env.ts';
import { itemAt } from './lib/pick.ts';
import { recordFigures } from './lib/result.ts';

const VISITORS = Number(process.env.BENCH_VISITORS ?? 5000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const BATCH = SYNC_PULL_DEFAULT_LIMIT;

interface WriteResult {
  ms: number;
  stored: number;
}
type Way = 'viaReplication' | 'viaBulkUpsert' | 'viaDexie';
/** What bench/browser/writes/main.ts puts on the page. */
type PageBench = Record<Way, (docs: unknown[], batch: number) => Promise<WriteResult>> & { dexieStores(): string; rxdbStores(): string };

/** The visitors a participant's device replicates for the big event, from a real seeded server. */
async function fetchVisitors(): Promise<Record<string, unknown>[]> {
  const server = await startFoyerServer({ seed: `scale:${VISITORS}`, distDir: '/nonexistent' });
  try {
    const token = await apiLogin(server.url, DEMO_ACCOUNTS.anna, DEMO_PASSWORD);
    const event = await findEventByName(server.url, DEMO_IN_PERSON_EVENT_NAME);
    const all: Record<string, unknown>[] = [];
    let checkpoint = 0;
    for (;;) {
      const res = await fetch(`${server.url}/sync/v1/visitors/pull?event_id=${event.event_id}&checkpoint=${checkpoint}&limit=2000`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (!res.ok) throw new Error(`visitors pull: HTTP ${res.status}`);
      const page = (await res.json()) as { documents: Record<string, unknown>[]; checkpoint: number };
      all.push(...page.documents);
      checkpoint = page.checkpoint;
      if (page.documents.length < 2000) break;
    }
    return all.filter((d) => !d.deleted);
  } finally {
    await server.dispose();
  }
}

/** Bundles the bench page with vite into a temp folder: the app's modules, built the app's way. */
async function buildPage(): Promise<string> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foyer-bench-writes-'));
  await build({
    configFile: false,
    root: path.join(ROOT, 'bench', 'browser', 'writes'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, minify: true, target: 'es2022' },
  });
  return outDir;
}

/** A static server for the bundle: IndexedDB needs an http origin. */
async function serve(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const rel = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).replace(/^\/+/, '') || 'index.html';
    const file = path.resolve(dir, rel);
    if (!file.startsWith(dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.html') ? 'text/html' : 'application/octet-stream';
    res.writeHead(200, { 'content-type': type });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function main() {
  console.log(`browser writes bench: the big event's visitors of SEED=scale:${VISITORS}, batches of ${BATCH}, ${ROUNDS} rounds`);
  const [docs, dir] = await Promise.all([fetchVisitors(), buildPage()]);
  const bytes = Buffer.byteLength(JSON.stringify(docs));
  console.log(`${docs.length} visitor documents (${kib(bytes)} of JSON); bench page bundled`);
  const site = await serve(dir);
  const browser = await launchBrowser({ locale: 'en-GB' });
  try {
    const { page } = browser;
    await page.goto(`${site.url}/index.html`);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
    const ways: Way[] = ['viaReplication', 'viaBulkUpsert', 'viaDexie'];
    const run = (way: Way, some: unknown[]) =>
      page.evaluate(({ way, docs, batch }) => (globalThis as unknown as { foyerWriteBench: PageBench }).foyerWriteBench[way](docs, batch), {
        way,
        docs: some,
        batch: BATCH,
      });
    const labels: Record<Way, string> = {
      viaReplication: "RxDB: the app's pull replication, packed into pages (sync/engine/visitor-pages.ts)",
      viaBulkUpsert: 'RxDB: bulkUpsert of one document per person (the shape before the pages)',
      viaDexie: 'raw Dexie bulkPut, same indexes',
    };
    const results: Record<Way, WriteResult[]> = { viaReplication: [], viaBulkUpsert: [], viaDexie: [] };
    // A warm-up of each, untimed: the first open of IndexedDB and the first JIT pass.
    for (const way of ways) await run(way, docs.slice(0, BATCH));
    for (let round = 0; round < ROUNDS; round++) {
      for (const way of ways) {
        const r = await run(way, docs);
        if (r.stored !== docs.length) throw new Error(`${way} stored ${r.stored} of ${docs.length}`);
        results[way].push(r);
      }
    }
    const dexieStores = await page.evaluate(() => (globalThis as unknown as { foyerWriteBench: PageBench }).foyerWriteBench.dexieStores());
    const rxdbStores = await page.evaluate(() => (globalThis as unknown as { foyerWriteBench: PageBench }).foyerWriteBench.rxdbStores());
    const best = (way: Way) => Math.min(...results[way].map((r) => r.ms));
    const median = (way: Way) => {
      const s = results[way].map((r) => r.ms).sort((a, b) => a - b);
      return itemAt(s, Math.floor(s.length / 2));
    };
    const dexie = median('viaDexie');
    console.log(`\n${docs.length} documents, batches of ${BATCH}, fresh database each time (median of ${ROUNDS}; best)`);
    console.log(
      table([
        ['path', 'median', 'docs/s', 'best', 'docs/s (best)', 'vs Dexie'],
        ...ways.map((w) => [
          labels[w],
          ms(median(w)),
          Math.round(docs.length / (median(w) / 1000)),
          ms(best(w)),
          Math.round(docs.length / (best(w) / 1000)),
          `${(median(w) / dexie).toFixed(1)}× the time`,
        ]),
      ]),
    );
    recordFigures('browser-writes', {
      app_docs_per_s: docs.length / (median('viaReplication') / 1000),
      bulk_upsert_docs_per_s: docs.length / (median('viaBulkUpsert') / 1000),
      dexie_docs_per_s: docs.length / (dexie / 1000),
    });
    console.log(
      `\nDexie table: "${dexieStores}"; RxDB: multiInstance as in the app, Dexie storage, no dev-mode. Page main thread (the app writes from its sync worker).`,
    );
    console.log(`RxDB's own Dexie table for the collection: "${rxdbStores}", documents with RxDB's _meta, _rev, _attachments and _deleted.`);
    if (browser.errors.length) console.log(`page errors:\n${browser.errors.join('\n')}`);
  } finally {
    await browser.close();
    await site.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
