/**
 * `npm run bench:soak [-- --db pg] [--seconds 60] [--sockets 1000] [--users 50] [--think-ms 250]`:
 * the server holding 1,000 registered sockets while virtual users drive mixed API traffic. Prints
 * requests/s and latency by kind, errors, socket frames delivered against expected, and the server's
 * RSS and event-loop delay. Exits non-zero only when errors were observed (failed requests,
 * rejected commands, socket Exceptions or drops, frames lost or duplicated) — never on timings.
 *
 * The server is `server/main.ts` as a child process on SEED=scale:<visitors> (bench/lib/server.ts):
 * PGlite with the in-process bus, or `--db pg` a fresh PostgreSQL database with the Redis bus.
 * Half the sockets are /wss/notice and half /wss/chat, one of each per chat reader of the big
 * event, each opened with a socket pass and registered as the clients do (bench/lib/sockets.ts).
 *
 * Each virtual user is one of those people, logged in, looping with a random think time over
 * legacy reads, incremental sync pulls (each keeps its own checkpoints, as a device does: full pages
 * first, then only what changed) and commands (comment.add, comment.like, event.favorite,
 * message.send) through POST /sync/v1/commands. Every comment must reach every chat socket once,
 * every message both people's sockets once; the bench waits for the fan-out to settle before
 * counting.
 *
 * Needs ~2,100 file descriptors (both ends of every socket are on this machine, the server in its
 * own process): the npm script raises the soft limit to the hard one.
 */
import { performance } from 'node:perf_hooks';
import { randomBytes, randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { SYNC_PULL_DEFAULT_LIMIT } from '../contract/constants.ts';
import type { CommandResult } from '../contract/commands.ts';
import { startBenchServer, dbChoice, numberArg, describeDb } from './lib/server.ts';
import { prepareCrowd, type BenchUser } from './lib/users.ts';
import { inBatches, openRegistered } from './lib/sockets.ts';
import { anyOf, itemAt } from './lib/pick.ts';
import { Tally, table, fmtMs, mib } from './lib/stats.ts';

const DB = dbChoice();
const SECONDS = numberArg('seconds', 60);
const SOCKETS = Math.round(numberArg('sockets', 1000) / 2) * 2;
const VUS = numberArg('users', 50);
const THINK_MS = numberArg('think-ms', 250);
const VISITORS = numberArg('visitors', 5000);
/** How long the fan-out may take to deliver the last frames after the traffic stops. */
const SETTLE_MS = 30_000;
const REQUEST_TIMEOUT_MS = 30_000;
const IDLE_MS = 5000;

const tag = randomBytes(4).toString('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface SocketState {
  ws: WebSocket;
  user: number;
  channel: 'notice' | 'chat';
  comments: Set<string>;
  messages: Set<string>;
  duplicates: number;
}

async function main() {
  if (VUS > SOCKETS / 2) throw new Error(`--users (${VUS}) cannot exceed half of --sockets (${SOCKETS})`);
  console.log(`sockets soak: ${SOCKETS} sockets, ${VUS} virtual users, ${SECONDS} s, SEED=scale:${VISITORS}, ${describeDb(DB)}`);
  const seedStart = performance.now();
  const bench = await startBenchServer({ db: DB, seed: `scale:${VISITORS}`, prepare: (db) => prepareCrowd(db, SOCKETS / 2) });
  const { url } = bench;
  const { eventId, users, pairs, comments } = bench.setup;
  console.log(`server up, seeded and ${users.length} sessions made in ${((performance.now() - seedStart) / 1000).toFixed(1)} s (${url})`);

  const socketErrors: string[] = [];
  const states: SocketState[] = [];
  let stopping = false;
  try {
    // ---- sockets -------------------------------------------------------------------------------
    const connectStart = performance.now();
    const open = (user: BenchUser, channel: 'notice' | 'chat'): Promise<SocketState> => {
      const state = { user: user.id, channel, comments: new Set<string>(), messages: new Set<string>(), duplicates: 0 } as SocketState;
      return openRegistered(url, channel, user, channel === 'chat' ? eventId : undefined, (frame) => {
        if (frame.type === 'commentCreated') {
          const text = (frame.comment as { comment?: string } | undefined)?.comment ?? '';
          if (!text.includes(tag)) return;
          if (state.comments.has(text)) state.duplicates++;
          state.comments.add(text);
        } else if (frame.type === 'personalMessageCreated') {
          const text = (frame.message as { text?: string } | undefined)?.text ?? '';
          if (!text.includes(tag)) return;
          if (state.messages.has(text)) state.duplicates++;
          state.messages.add(text);
        } else if (frame.type === 'Exception') socketErrors.push(`${channel} ${user.id}: ${JSON.stringify(frame.Exception)}`);
      }).then((ws) => {
        state.ws = ws;
        ws.on('close', (code) => {
          if (!stopping) socketErrors.push(`${channel} socket of user ${user.id} closed (${code})`);
        });
        return state;
      });
    };
    states.push(...(await inBatches(users.length, 25, (i) => open(itemAt(users, i), 'notice'))));
    states.push(...(await inBatches(users.length, 25, (i) => open(itemAt(users, i), 'chat'))));
    const connectMs = performance.now() - connectStart;
    console.log(`${states.length} sockets registered in ${(connectMs / 1000).toFixed(1)} s`);

    // The report resets the server's figures: the idle row is the sockets alone, after connecting.
    await bench.report();
    await sleep(IDLE_MS);
    const idle = await bench.report();

    // ---- traffic -------------------------------------------------------------------------------
    const tally = new Tally();
    const failures = new Map<string, number>();
    const fail = (kind: string, why: string) => {
      tally.error(kind);
      const key = `${kind}: ${why}`;
      failures.set(key, (failures.get(key) ?? 0) + 1);
    };
    const sentComments: string[] = [];
    const sentMessages: { text: string; from: number; to: number }[] = [];
    const partnerOf = new Map<number, number>();
    for (const [a, b] of pairs) {
      if (!partnerOf.has(a)) partnerOf.set(a, b);
      if (!partnerOf.has(b)) partnerOf.set(b, a);
    }

    async function call(kind: string, user: BenchUser, path: string, init?: { body: unknown }): Promise<unknown> {
      const t0 = performance.now();
      try {
        const res = await fetch(`${url}${path}`, {
          method: init ? 'POST' : 'GET',
          headers: { authorization: `Bearer ${user.token}`, 'accept-encoding': 'br, gzip', ...(init ? { 'content-type': 'application/json' } : {}) },
          body: init ? JSON.stringify(init.body) : undefined,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        const body = (await res.json()) as { status_code?: number } & Record<string, unknown>;
        const ms = performance.now() - t0;
        // Legacy calls answer HTTP 200 with the catalogue's status_code (204 is "empty list").
        if (!res.ok || (body.status_code !== undefined && body.status_code !== 200 && body.status_code !== 204)) {
          fail(kind, `HTTP ${res.status} ${String(body.error ?? body.status_code ?? '')}`);
          return null;
        }
        tally.ok(kind, ms);
        return body;
      } catch (err) {
        fail(kind, (err as Error).name === 'TimeoutError' ? 'timeout' : (err as Error).message);
        return null;
      }
    }

    async function command(kind: string, user: BenchUser, cmdKind: string, payload: unknown): Promise<boolean> {
      const body = (await call(`command ${kind}`, user, '/sync/v1/commands', {
        body: { commands: [{ id: randomUUID(), kind: cmdKind, payload, occurredAt: new Date().toISOString() }] },
      })) as { results?: CommandResult[] } | null;
      if (!body) return false;
      const r = body.results?.[0];
      if (r?.status !== 'applied') {
        // The call was answered but the command refused: the bench asked for something valid, so it counts.
        fail(`command ${kind}`, `rejected ${r?.code ?? '?'}`);
        return false;
      }
      return true;
    }

    const PULLS = ['events', 'my_events', 'visitors', 'comments', 'dialogs', 'messages', 'appointments'] as const;
    const SCOPED = new Set(['visitors', 'comments']);

    async function virtualUser(v: number, until: number) {
      const user = itemAt(users, v);
      const checkpoints = new Map<string, number>();
      let seq = 0;
      while (performance.now() < until) {
        const roll = Math.random();
        if (roll < 0.35) {
          const reads = [
            () => call('read events-list', user, '/api/events/events-list?limit=16'),
            () => call('read event-people', user, `/api/events/get-event-people?event_id=${eventId}&limit=10`),
            () => call('read chat-messages', user, `/api/events/get-chat-messages?event_id=${eventId}&limit=20`),
            () => call('read my-messages', user, '/api/user/my-messages?limit=10'),
          ];
          await anyOf(reads)();
        } else if (roll < 0.7) {
          const name = anyOf(PULLS);
          const checkpoint = checkpoints.get(name) ?? 0;
          const scope = SCOPED.has(name) ? `&event_id=${eventId}` : '';
          const body = (await call(`pull ${name}`, user, `/sync/v1/${name}/pull?checkpoint=${checkpoint}&limit=${SYNC_PULL_DEFAULT_LIMIT}${scope}`)) as {
            checkpoint?: number;
          } | null;
          if (body && typeof body.checkpoint === 'number') checkpoints.set(name, body.checkpoint);
        } else {
          const which = Math.random();
          const partner = partnerOf.get(v);
          if (which < 0.25) {
            const text = `soak ${tag} ${v}-${seq++}`;
            if (await command('comment.add', user, 'comment.add', { event_id: eventId, comment: text })) sentComments.push(text);
          } else if (which < 0.5 && partner !== undefined) {
            const text = `soak ${tag} ${v}-${seq++}`;
            const to = itemAt(users, partner).id;
            if (await command('message.send', user, 'message.send', { recipient_id: to, text })) sentMessages.push({ text, from: user.id, to });
          } else if (which < 0.75) {
            const others = comments.filter((c) => c.userId !== user.id);
            const c = anyOf(others);
            await command('comment.like', user, 'comment.like', { comment_id: c.id, like_type: Math.random() < 0.8 ? 1 : 2 });
          } else {
            await command('event.favorite', user, 'event.favorite', { event_id: eventId, favorite: Math.random() < 0.5 });
          }
        }
        await sleep(THINK_MS * (0.5 + Math.random()));
      }
    }

    const trafficStart = performance.now();
    const until = trafficStart + SECONDS * 1000;
    await Promise.all(Array.from({ length: VUS }, (_, v) => sleep(Math.random() * THINK_MS).then(() => virtualUser(v, until))));
    const trafficSeconds = (performance.now() - trafficStart) / 1000;

    // ---- delivery ------------------------------------------------------------------------------
    const chatSockets = states.filter((s) => s.channel === 'chat');
    const socketsOf = new Map<number, SocketState[]>();
    for (const s of states) socketsOf.set(s.user, [...(socketsOf.get(s.user) ?? []), s]);
    const expectedComments = sentComments.length * chatSockets.length;
    const expectedMessages = sentMessages.reduce((n, m) => n + (socketsOf.get(m.from)?.length ?? 0) + (socketsOf.get(m.to)?.length ?? 0), 0);
    const delivered = () => {
      let c = 0;
      let m = 0;
      for (const s of chatSockets) for (const text of sentComments) if (s.comments.has(text)) c++;
      for (const msg of sentMessages) for (const s of [...(socketsOf.get(msg.from) ?? []), ...(socketsOf.get(msg.to) ?? [])]) if (s.messages.has(msg.text)) m++;
      return { c, m };
    };
    const settleStart = performance.now();
    let got = delivered();
    while ((got.c < expectedComments || got.m < expectedMessages) && performance.now() - settleStart < SETTLE_MS) {
      await sleep(250);
      got = delivered();
    }
    const settleMs = performance.now() - settleStart;
    const busy = await bench.report();
    const duplicates = states.reduce((n, s) => n + s.duplicates, 0);
    const lost = expectedComments - got.c + (expectedMessages - got.m);

    // ---- figures -------------------------------------------------------------------------------
    console.log('');
    console.log(`traffic: ${trafficSeconds.toFixed(1)} s, think time ${THINK_MS} ms ±50 %`);
    console.log(table([['kind', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors'], ...tally.rows(trafficSeconds)]));
    console.log('');
    console.log(
      table([
        ['frames', 'expected', 'delivered', 'lost', 'duplicates'],
        ['commentCreated (chat sockets)', String(expectedComments), String(got.c), String(expectedComments - got.c), '-'],
        ['personalMessageCreated (both people)', String(expectedMessages), String(got.m), String(expectedMessages - got.m), '-'],
        ['all', String(expectedComments + expectedMessages), String(got.c + got.m), String(lost), String(duplicates)],
      ]),
    );
    console.log(`last frame settled ${fmtMs(settleMs)} ms after the traffic stopped`);
    console.log('');
    console.log(
      table([
        ['server', 'RSS', 'max RSS', 'heap', 'loop p50 ms', 'loop p99 ms', 'loop max ms'],
        [
          `${IDLE_MS / 1000} s idle, sockets open`,
          mib(idle.rss),
          mib(idle.maxRss),
          mib(idle.heapUsed),
          fmtMs(idle.loopDelay.p50),
          fmtMs(idle.loopDelay.p99),
          fmtMs(idle.loopDelay.max),
        ],
        ['under traffic', mib(busy.rss), mib(busy.maxRss), mib(busy.heapUsed), fmtMs(busy.loopDelay.p50), fmtMs(busy.loopDelay.p99), fmtMs(busy.loopDelay.max)],
      ]),
    );
    console.log("(max RSS: the highest of samples every 250 ms within the row's time; the traffic row runs to the end of settling)");
    const errors = tally.errors + socketErrors.length + lost + duplicates;
    console.log('');
    console.log(`errors: ${tally.errors} requests, ${socketErrors.length} socket, ${lost} lost frames, ${duplicates} duplicate frames`);
    for (const [why, n] of failures) console.log(`  ${n} × ${why}`);
    for (const e of socketErrors.slice(0, 10)) console.log(`  ${e}`);
    if (socketErrors.length > 10) console.log(`  … and ${socketErrors.length - 10} more socket errors`);
    process.exitCode = errors > 0 ? 1 : 0;
  } finally {
    stopping = true;
    for (const s of states) s.ws.terminate();
    await bench.dispose();
  }
}

await main();
