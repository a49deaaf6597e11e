/**
 * `npm run bench:initial-sync`: how long a first sync takes and how much it moves, against a server
 * seeded with one big event (SEED=scale:<visitors>, 5000 by default; BENCH_VISITORS overrides).
 * Prints figures; never asserts, because timings on a shared two-core machine say little about pass
 * or fail. Run it before and after a change to the feeds or the sync engine and compare.
 *
 * The server is a real child process (the e2e fixture) on a temp DATA_DIR. The client is the real
 * sync engine (sync/engine/engine.ts) on RxDB + Dexie over fake-indexeddb, logged in as the demo user anna,
 * from an empty database until its status first reports idle with a completed pull. Bytes are the
 * decoded response bodies; the gzip column is what the same pull bodies weigh gzipped, and the relay
 * below counts what actually crossed the wire with the server's own compression.
 */
import { gzipSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { filter, firstValueFrom, timeout } from 'rxjs';
import { COLLECTION_NAMES } from '../contract/entities.ts';
import type { SyncEngine } from '../sync/engine/engine.ts';
import { annaEngine, openBenchDatabase } from './lib/device.ts';
import { startFoyerServer } from '../tests/e2e/fixtures/server.ts';
import net from 'node:net';

const VISITORS = Number(process.env.BENCH_VISITORS ?? 5000);
/** Generous: the point is a figure, but a hung sync must still end the run. */
const SYNC_TIMEOUT_MS = 10 * 60 * 1000;

interface Tally {
  requests: number;
  bytes: number;
  gzipBytes: number;
}
const newTally = (): Tally => ({ requests: 0, bytes: 0, gzipBytes: 0 });

/** Which collection a request belongs to, from its path; other calls (login, stream) are grouped apart. */
function bucketOf(url: string): string {
  const path = new URL(url).pathname;
  const collection = /^\/sync\/v1\/(?<name>[a-z_]+)\/pull$/.exec(path)?.groups?.name;
  if (collection) return collection;
  if (path === '/sync/v1/stream') return '(live stream)';
  return '(other)';
}

/**
 * A fetch that counts every body as it streams through. It must not buffer: the live hint stream
 * never ends, so a fetch that waited for the whole body would hang the engine.
 */
function countingFetch(tallies: Map<string, Tally>): typeof fetch {
  return async (input, init) => {
    const res = await fetch(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const bucket = bucketOf(url);
    const tally = tallies.get(bucket) ?? newTally();
    tallies.set(bucket, tally);
    tally.requests += 1;
    if (!res.body) return res;
    const chunks: Uint8Array[] = [];
    const keep = bucket !== '(live stream)';
    const counted = res.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          tally.bytes += chunk.byteLength;
          if (keep) chunks.push(chunk);
          controller.enqueue(chunk);
        },
        flush() {
          if (keep) tally.gzipBytes += gzipSync(Buffer.concat(chunks)).length;
        },
      }),
    );
    return new Response(counted, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}

/**
 * A TCP relay in front of the server that counts what the server sends, headers and compression
 * included: fetch hands the bench decoded bodies, so only the socket knows what crossed the wire.
 */
async function startWireCounter(target: string): Promise<{ url: string; received(): number; reset(): void; close(): Promise<void> }> {
  const { hostname, port } = new URL(target);
  let bytes = 0;
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((client) => {
    const upstream = net.connect(Number(port), hostname);
    sockets.add(client).add(upstream);
    upstream.on('data', (d: Buffer) => {
      bytes += d.length;
    });
    client.pipe(upstream);
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const { port: relayPort } = relay.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${relayPort}`,
    received: () => bytes,
    reset: () => {
      bytes = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const sock of sockets) sock.destroy();
        relay.close(() => resolve());
      }),
  };
}

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
const ms = (n: number) => `${n.toFixed(0)} ms`;

async function main() {
  console.log(`initial-sync bench: SEED=scale:${VISITORS}, collections ${COLLECTION_NAMES.join(', ')}`);
  const seedStart = performance.now();
  const server = await startFoyerServer({ seed: `scale:${VISITORS}`, distDir: '/nonexistent' });
  console.log(`server up and seeded in ${ms(performance.now() - seedStart)} (${server.url})`);

  const tallies = new Map<string, Tally>();
  const wire = await startWireCounter(server.url);
  const http = { baseUrl: wire.url, fetch: countingFetch(tallies) };
  const db = await openBenchDatabase('foyer-bench');
  let engine: SyncEngine | null = null;
  try {
    engine = (await annaEngine(db, http)).engine;
    tallies.clear();
    wire.reset();

    const start = performance.now();
    engine.start();
    await firstValueFrom(
      engine.status$.pipe(
        filter((s) => s.state === 'idle' && s.lastSyncedAt !== null),
        timeout(SYNC_TIMEOUT_MS),
      ),
    );
    // The first idle covers the user's own collections; the per-event ones (visitors of the events
    // the user takes part in) start from my_events right after, so wait for them to exist and catch up.
    const scopedBy = performance.now() + SYNC_TIMEOUT_MS;
    while (!engine.replicationKeys.some((k) => k.startsWith('visitors@')) && performance.now() < scopedBy) {
      await new Promise((r) => setTimeout(r, 20));
    }
    await engine.awaitScopes();
    await engine.awaitInSync();
    const elapsed = performance.now() - start;

    const counts = new Map<string, number>();
    for (const name of COLLECTION_NAMES) {
      const collection = (db.collections as unknown as Record<string, { count(): { exec(): Promise<number> } }>)[name];
      counts.set(name, collection ? await collection.count().exec() : 0);
    }

    const onWire = wire.received();
    console.log('\ncollection          docs  requests  bytes(JSON)    gzip(same)');
    const total = newTally();
    let docs = 0;
    for (const [name, tally] of [...tallies.entries()].sort()) {
      const n = counts.get(name);
      console.log(
        `${name.padEnd(16)} ${(n === undefined ? '' : String(n)).padStart(7)} ${String(tally.requests).padStart(9)} ${kib(tally.bytes).padStart(12)} ${(tally.gzipBytes ? kib(tally.gzipBytes) : '').padStart(13)}`,
      );
      docs += n ?? 0;
      total.requests += tally.requests;
      total.bytes += tally.bytes;
      total.gzipBytes += tally.gzipBytes;
    }
    console.log(
      `${'total'.padEnd(16)} ${String(docs).padStart(7)} ${String(total.requests).padStart(9)} ${kib(total.bytes).padStart(12)} ${kib(total.gzipBytes).padStart(13)}`,
    );
    console.log(
      `\ninitial sync: ${ms(elapsed)} from engine start to idle, ${docs} documents stored, ${kib(total.bytes)} of JSON; ${kib(onWire)} on the wire as sent (compression and headers included); ${kib(total.gzipBytes)} if the same JSON were gzipped.`,
    );
    console.log("client: sync/engine/engine.ts with RxDB + Dexie on fake-indexeddb in node; a browser's IndexedDB is slower to write, faster to read.");
  } finally {
    await engine?.stop();
    await db.close();
    await wire.close();
    await server.dispose();
  }
}

await main();
