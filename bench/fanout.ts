/**
 * `node --import tsx bench/fanout.ts`: how long a chat comment takes to reach every one of
 * BENCH_SOCKETS (1000) registered chat sockets, next to a bare `ws` server broadcasting a frame of
 * the same size to the same number of clients in the same run. Prints figures; never asserts.
 *
 * The Foyer path is the real one: POST /api/events/add-comment (one transaction), the change hint
 * on the bus carrying the inserted comment, the fan-out sending it from the hint (server/realtime/
 * changes.ts, whose read of what changed trails by up to a second) to every registered socket. The
 * bare broadcast is only serialise-once-and-send, the floor any design pays. Both run in this one
 * process with their receiving clients, over loopback only, so the client-side parsing is in both
 * figures alike; BENCH_ROUNDS (15) rounds each, the median reported, after BENCH_WARMUP rounds (2) that
 * are not counted, so that neither side is timed while V8 still compiles its send path.
 *
 * The comment's author is another device, so its HTTP client runs in a thread of its own (a
 * worker), and is node:http with a kept-alive connection, the least client there is in Node. When
 * the receivers' thread posted with fetch itself, building the request (~2 ms to the server's first
 * hook) and reading the answer (~1.3 ms, just before the receivers read their frames) sat on the
 * path of every receiver, a cost of the author's phone that no server can take away. The clock
 * starts in the receivers' thread as the POST is handed over.
 *
 * Database: PGlite in memory, or DATABASE_URL (a PostgreSQL database it may write to). Bus: memory,
 * or REDIS_URL (a Redis pub/sub hop, as between instances).
 */
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { randomBytes } from 'node:crypto';
import { WebSocket, WebSocketServer } from 'ws';
import { createMemoryBus, createRedisBus } from '../server/realtime/bus.ts';
import { createSession } from '../server/domain/auth/sessions.ts';
import { benchEvent, benchPeople, startInProcessApp } from './lib/in-process.ts';
import { inBatches, opened } from './lib/sockets.ts';
import { itemAt } from './lib/pick.ts';
import { recordFigures } from './lib/result.ts';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const ROUND_TIMEOUT_MS = 30_000;

interface Round {
  /** ms from sending until the first and the last socket had the frame, and the median socket. */
  first: number;
  median: number;
  last: number;
}

function summary(rounds: Round[]): Round {
  const mid = (xs: number[]) =>
    itemAt(
      [...xs].sort((a, b) => a - b),
      Math.floor(xs.length / 2),
    );
  return { first: mid(rounds.map((r) => r.first)), median: mid(rounds.map((r) => r.median)), last: mid(rounds.map((r) => r.last)) };
}

/** Waits until every client saw a frame passing `match`; returns arrival offsets from `start`. */
function arrivals(clients: WebSocket[], match: (text: string) => boolean, start: () => number): Promise<Round> {
  return new Promise((resolve, reject) => {
    const times: number[] = [];
    const timer = setTimeout(() => reject(new Error(`only ${times.length} of ${clients.length} sockets got the frame`)), ROUND_TIMEOUT_MS);
    const handlers = clients.map((ws) => {
      const h = (data: Buffer) => {
        if (!match(data.toString())) return;
        ws.off('message', h);
        times.push(performance.now() - start());
        if (times.length === clients.length) {
          clearTimeout(timer);
          times.sort((a, b) => a - b);
          resolve({ first: itemAt(times, 0), median: itemAt(times, Math.floor(times.length / 2)), last: itemAt(times, -1) });
        }
      };
      ws.on('message', h);
      return h;
    });
    void handlers;
  });
}

/**
 * The author's device: a thread that POSTs what it is handed and answers the HTTP status. Plain JS
 * (a worker does not inherit tsx); one connection kept alive across rounds, as a phone's would be.
 */
function authorThread() {
  const worker = new Worker(
    `const { parentPort } = require('node:worker_threads');
    const http = require('node:http');
    const agent = new http.Agent({ keepAlive: true });
    parentPort.on('message', ({ url, headers, body }) => {
      const req = http.request(url, { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) }, agent }, (res) => {
        res.resume();
        res.on('end', () => parentPort.postMessage({ status: res.statusCode }));
      });
      req.on('error', (err) => parentPort.postMessage({ status: 0, error: String(err) }));
      req.end(body);
    });`,
    { eval: true },
  );
  return {
    post(url: string, headers: Record<string, string>, body: string): Promise<number> {
      return new Promise((resolve, reject) => {
        worker.once('message', (m: { status: number; error?: string }) => (m.error ? reject(new Error(m.error)) : resolve(m.status)));
        worker.postMessage({ url, headers, body });
      });
    },
    close: () => worker.terminate(),
  };
}

/** In batches, so the listen backlog never overflows. */
function connectAll(make: (i: number) => WebSocket): Promise<WebSocket[]> {
  return inBatches(SOCKETS, 100, (i) => opened(make(i)));
}

/** Closes every socket and waits for each to say it has closed, so the next run starts clean. */
function closeAll(clients: WebSocket[]): Promise<unknown[]> {
  return Promise.all(
    clients.map(
      (ws) =>
        new Promise((res) => {
          ws.once('close', res);
          ws.close();
        }),
    ),
  );
}

async function foyerRun(): Promise<{ rounds: Round[]; bytes: number }> {
  const bus = process.env.REDIS_URL ? await createRedisBus(process.env.REDIS_URL, { prefix: `bench-${randomBytes(4).toString('hex')}:` }) : createMemoryBus();
  const { database, app, url, db } = await startInProcessApp({ bus });
  try {
    const event = await benchEvent(db, `Fan-out bench ${Date.now()}`, false);
    const tag = randomBytes(4).toString('hex');
    const users = await benchPeople(db, `bench-${tag}`, 'User', SOCKETS);
    await db
      .insertInto('tickets')
      .values(users.map((u, i) => ({ event_id: event.id, user_id: u.id, code: `B-${tag}-${i}` })))
      .execute();
    const tokens = await Promise.all(users.map((u) => createSession(db, u.id)));

    const wsUrl = `${url.replace('http', 'ws')}/wss/chat`;
    const clients = await connectAll((i) => new WebSocket(wsUrl, { headers: { authorization: `Bearer ${tokens[i]}` } }));
    const registered = arrivals(
      clients,
      (t) => t.includes('"registered"'),
      () => 0,
    );
    clients.forEach((ws, i) => {
      ws.send(JSON.stringify({ type: 'register', userId: itemAt(users, i).id, eventId: event.id }));
    });
    await registered;

    const rounds: Round[] = [];
    let bytes = 0;
    const author = authorThread();
    for (let r = 0; r < WARMUP + ROUNDS; r++) {
      const text = `round ${r} ${randomBytes(6).toString('hex')}`;
      let t0 = 0;
      const done = arrivals(
        clients,
        (t) => t.includes(text),
        () => t0,
      );
      const poster = itemAt(tokens, r % tokens.length);
      const headers = { authorization: `Bearer ${poster}`, 'content-type': 'application/json' };
      const body = JSON.stringify({ event_id: event.id, comment: text });
      t0 = performance.now();
      const [status, round] = await Promise.all([author.post(`${url}/api/events/add-comment`, headers, body), done]);
      if (status !== 200) throw new Error(`add-comment answered ${status}`);
      if (r >= WARMUP) rounds.push(round);
      bytes = Buffer.byteLength(
        JSON.stringify({
          type: 'commentCreated',
          comment: {
            id: 1,
            event_id: event.id,
            user_id: 1,
            comment: text,
            image: '',
            date: 0,
            likes: { like: 0, dislike: 0, my_like_type: 0 },
            is_blocked_in_chat: false,
          },
          users: {},
          broadcast_statistics: { users_online: SOCKETS },
        }),
      );
      // Comments are rate-limited per person, not per event: each round posts as another user.
    }
    await author.close();
    await closeAll(clients);
    return { rounds, bytes };
  } finally {
    await app.close();
    await bus.close();
    await database.close();
  }
}

async function bareRun(frameBytes: number): Promise<Round[]> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((res) => wss.once('listening', res));
  const port = (wss.address() as { port: number }).port;
  const clients = await connectAll(() => new WebSocket(`ws://127.0.0.1:${port}`));
  const rounds: Round[] = [];
  try {
    for (let r = 0; r < WARMUP + ROUNDS; r++) {
      const marker = `bare ${r} ${randomBytes(6).toString('hex')}`;
      const frame = JSON.stringify({ type: 'commentCreated', marker, pad: 'x'.repeat(Math.max(0, frameBytes - marker.length - 40)) });
      let t0 = 0;
      const done = arrivals(
        clients,
        (t) => t.includes(marker),
        () => t0,
      );
      t0 = performance.now();
      for (const c of wss.clients) c.send(frame);
      const round = await done;
      if (r >= WARMUP) rounds.push(round);
    }
  } finally {
    await closeAll(clients);
    await new Promise((res) => wss.close(res));
  }
  return rounds;
}

const foyer = await foyerRun();
const bare = await bareRun(foyer.bytes);
const f = summary(foyer.rounds);
const b = summary(bare);
const fmt = (n: number) => n.toFixed(1).padStart(8);
console.log(`fan-out to ${SOCKETS} sockets, ${ROUNDS} rounds after ${WARMUP} uncounted, median round (ms from send):`);
console.log(`                                   first   median     last`);
console.log(`foyer comment (POST -> socket)  ${fmt(f.first)} ${fmt(f.median)} ${fmt(f.last)}`);
console.log(`bare ws broadcast               ${fmt(b.first)} ${fmt(b.median)} ${fmt(b.last)}`);
recordFigures('fanout', { foyer_median: f.median, bare_median: b.median, foyer_last: f.last, bare_last: b.last });
console.log(`database ${process.env.DATABASE_URL ? 'postgres' : 'pglite'}, bus ${process.env.REDIS_URL ? 'redis' : 'memory'}, frame ~${foyer.bytes} bytes`);
