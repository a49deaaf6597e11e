import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { SYNC_COMMANDS_MAX_BATCH } from '../../contract/constants.ts';
import { createTestDatabase, TEST_PG_URL, type TestDatabase } from '../fixtures/db.ts';
import { createEvent, createTicket, createUser } from '../fixtures/factories.ts';
import { signIn } from '../fixtures/sign-in.ts';
import { startTcpProxy, type TcpProxy } from '../fixtures/tcp-proxy.ts';
import { waitFor } from '../fixtures/wait.ts';
import { createSession } from '../../server/domain/auth/sessions.ts';
import { chatSocket } from './chat-helpers.ts';
import { startFoyerServer, type FoyerServer } from '../e2e/fixtures/server.ts';

/**
 * PostgreSQL going away under a busy server: its backends terminated during write transactions and
 * command uploads (pg_terminate_backend, as a restart, a failover or idle_session_timeout does),
 * terminated over and over as a whole restart would, and refusing connections for a while.
 *
 * The server runs as a child process (server/main.ts), as in production: an error nobody listens
 * to ends that process, which is what this must prove does not happen. It reaches PostgreSQL
 * through a TCP relay (tests/fixtures/tcp-proxy.ts) so the database can also be taken off the
 * network. Always PostgreSQL: the embedded database has no connections to lose.
 *
 * Each time the process stays up, every request in flight is answered (a lost database is 503,
 * never 500), /healthz is 200 again within seconds, and every command the server acknowledged
 * exists exactly once, as does every command a device resends until it is acknowledged.
 */

/** The server's connections carry this name, so only they are terminated, never the test's own. */
const APP_NAME = `foyer_fault_${randomUUID().slice(0, 8)}`;
const EVENTS = 4;
const USERS = 4;

let database: TestDatabase;
let relay: TcpProxy;
let server: FoyerServer;
let admin: pg.Client;
const eventIds: number[] = [];
let tokens: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase('postgres');
  const direct = new URL(database.url!);
  relay = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const viaRelay = new URL(database.url!);
  viaRelay.host = `${relay.host}:${relay.port}`;
  viaRelay.searchParams.set('application_name', APP_NAME);
  for (let i = 0; i < EVENTS; i++) eventIds.push((await createEvent(database.db)).id);
  const users = [];
  for (let i = 0; i < USERS; i++) {
    const u = await createUser(database.db);
    for (const id of eventIds) await createTicket(database.db, id, u.id);
    users.push(u);
  }
  server = await startFoyerServer({ seed: 'none', distDir: '/nonexistent', env: { DATABASE_URL: viaRelay.toString(), LOG_LEVEL: 'warn' } });
  tokens = await Promise.all(users.map(async (u) => (await signIn(server.url, u.email)).token));
  admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
}, 120_000);

// A test that saw the process die leaves the next one a live server, so each shows its own result.
beforeEach(async () => {
  await server.start();
});

afterAll(async () => {
  await server?.dispose();
  await admin?.end();
  await relay?.close();
  await database?.dispose();
});

/** Ends every backend the server holds, idle or in the middle of a statement; returns how many. */
async function terminateAppBackends(): Promise<number> {
  const { rows } = await admin.query<{ n: number }>(
    'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE application_name = $1 AND pid <> pg_backend_pid()',
    [APP_NAME],
  );
  return rows[0]!.n;
}

interface Sent {
  id: string;
  kind: 'comment.add' | 'event.favorite';
  payload: Record<string, unknown>;
  user: number;
}

/** What the load saw: the server's answers, by HTTP status, and what it acknowledged. */
class Load {
  readonly statuses = new Map<string, number>();
  /** Commands the server answered (applied or rejected), by id. */
  readonly answered = new Map<string, 'applied' | 'rejected'>();
  /** Commands sent and not answered (a 503, a dropped connection): a device sends them again. */
  readonly unanswered = new Map<string, Sent>();
  /** Every command sent, by id. */
  readonly sent = new Map<string, Sent>();
  private n = 0;

  private count(what: string) {
    this.statuses.set(what, (this.statuses.get(what) ?? 0) + 1);
  }

  /** One batch of commands, as a device's outbox drain sends it. */
  async upload(user: number, batch: Sent[]): Promise<void> {
    for (const c of batch) {
      this.unanswered.set(c.id, c);
      this.sent.set(c.id, c);
    }
    let res: Response;
    try {
      res = await fetch(`${server.url}/sync/v1/commands`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens[user]}`, 'content-type': 'application/json' },
        body: JSON.stringify({ commands: batch.map(({ id, kind, payload }) => ({ id, kind, payload, occurredAt: new Date().toISOString() })) }),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (err) {
      this.count(`commands network error: ${(err as Error).cause ?? (err as Error).message}`);
      return;
    }
    this.count(`commands ${res.status}`);
    if (res.status !== 200) return;
    const { results } = (await res.json()) as { results: { id: string; status: 'applied' | 'rejected'; code?: string }[] };
    for (const r of results) {
      this.answered.set(r.id, r.status);
      this.unanswered.delete(r.id);
      if (r.status === 'rejected') this.count(`rejected ${r.code}`);
    }
  }

  /** A fresh batch: a comment (a row per command) and a favourite (a write without one). */
  batch(user: number): Sent[] {
    const event_id = eventIds[this.n++ % eventIds.length]!;
    return [
      { id: randomUUID(), kind: 'comment.add', payload: { event_id, comment: `load ${this.n}` }, user },
      { id: randomUUID(), kind: 'event.favorite', payload: { event_id, favorite: this.n % 2 === 0 }, user },
    ];
  }

  /** A legacy write (the specs' favourite call, one transaction) and a read, as old clients make them. */
  async legacy(user: number): Promise<void> {
    const id = eventIds[this.n++ % eventIds.length]!;
    for (const url of [`/events/set-favorite/${id}`, `/api/events/${id}`]) {
      try {
        const res = await fetch(`${server.url}${url}`, { headers: { authorization: `Bearer ${tokens[user]}` }, signal: AbortSignal.timeout(15_000) });
        const body = (await res.json()) as { status_code?: number };
        this.count(`legacy ${res.status}/${body.status_code}`);
      } catch (err) {
        this.count(`legacy network error: ${(err as Error).cause ?? (err as Error).message}`);
      }
    }
  }

  /** Every user uploads and calls without pause until `stop` resolves. */
  async run(stop: Promise<void>): Promise<void> {
    let stopped = false;
    void stop.then(() => {
      stopped = true;
    });
    await Promise.all(
      tokens.flatMap((_, user) => [
        (async () => {
          while (!stopped) await this.upload(user, this.batch(user));
        })(),
        (async () => {
          while (!stopped) await this.legacy(user);
        })(),
      ]),
    );
  }

  /** Sends every unanswered command again, as the devices' outboxes do, until each is answered. */
  async resendUnanswered(): Promise<void> {
    const before = new Map(this.statuses);
    await waitFor(
      'every unanswered command to be answered on resend',
      async () => {
        for (const user of tokens.keys()) {
          const mine = [...this.unanswered.values()].filter((c) => c.user === user);
          // In batches no bigger than a device's outbox sends: a load shed at the door leaves
          // hundreds unanswered, more than one batch may hold.
          for (let i = 0; i < mine.length; i += SYNC_COMMANDS_MAX_BATCH) await this.upload(user, mine.slice(i, i + SYNC_COMMANDS_MAX_BATCH));
        }
        return this.unanswered.size === 0;
      },
      20_000,
    ).catch((err: Error) => {
      const since = [...this.statuses].map(([k, n]) => `${k}: ${n - (before.get(k) ?? 0)}`).filter((l) => !l.endsWith(': 0'));
      throw new Error(`${err.message}; ${this.unanswered.size} still unanswered; answers while resending: ${since.join(', ')}`);
    });
  }

  /** The answers that mean the server failed, or the process is gone. */
  failures(): string[] {
    return [...this.statuses.keys()].filter((k) => {
      if (k.includes('network error')) return true;
      // Every status the answer carries: the HTTP one, and the envelope's on the legacy calls.
      const codes = (k.match(/\d{3}/g) ?? []).map(Number);
      return codes.some((c) => c >= 500 && c !== 503);
    });
  }
}

async function healthy(): Promise<boolean> {
  const res = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(2000) });
  return res.status === 200;
}

/** Every command answered exists once in the commands table, and each applied comment once as a row. */
async function expectExactlyOnce(load: Load): Promise<void> {
  const ids = [...load.answered.keys()];
  const stored = await database.db.selectFrom('commands').select(['id']).where('id', 'in', ids).execute();
  expect(stored.length).toBe(ids.length);
  const made = await database.db
    .selectFrom('chat_comments')
    .select(['client_id'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('client_id', 'in', ids)
    .groupBy('client_id')
    .execute();
  const rows = new Map(made.map((c) => [c.client_id, Number(c.n)]));
  let comments = 0;
  for (const [id, status] of load.answered) {
    if (load.sent.get(id)?.kind !== 'comment.add') continue;
    // An applied comment made exactly one row; a rejected one (the chat's rate limit) none.
    expect(rows.get(id) ?? 0, id).toBe(status === 'applied' ? 1 : 0);
    if (status === 'applied') comments++;
  }
  expect(comments).toBeGreaterThan(0);
}

const report = (load: Load) => `answers: ${JSON.stringify(Object.fromEntries(load.statuses))}\nserver output:\n${server.output(40)}`;

describe('PostgreSQL connections lost under load', () => {
  it('survives backends terminated during write transactions and command uploads, and applies every command once', async () => {
    const load = new Load();
    let finish!: () => void;
    const stop = new Promise<void>((r) => {
      finish = r;
    });
    const running = load.run(stop);
    let killed = 0;
    for (let round = 0; round < 6; round++) {
      // Each round strikes a server that is busy again: some uploads were acknowledged since the last.
      const before = load.statuses.get('commands 200') ?? 0;
      await waitFor(`uploads acknowledged before round ${round}\n${report(load)}`, () => (load.statuses.get('commands 200') ?? 0) > before + 2, 20_000);
      killed += await terminateAppBackends();
    }
    finish();
    await running;
    expect(killed, 'backends terminated').toBeGreaterThan(6);
    expect(server.running, `the server process exited\n${report(load)}`).toBe(true);
    expect(load.failures(), report(load)).toEqual([]);
    await waitFor('/healthz to answer 200', healthy, 5000);
    await load.resendUnanswered();
    await expectExactlyOnce(load);
  });

  it('survives a restart: every connection terminated as soon as it opens, for two seconds', async () => {
    const load = new Load();
    let finish!: () => void;
    const stop = new Promise<void>((r) => {
      finish = r;
    });
    const running = load.run(stop);
    const until = Date.now() + 2000;
    while (Date.now() < until) {
      await terminateAppBackends();
      await new Promise((r) => setTimeout(r, 20));
    }
    finish();
    await running;
    expect(server.running, `the server process exited\n${report(load)}`).toBe(true);
    expect(load.failures(), report(load)).toEqual([]);
    await waitFor('/healthz to answer 200', healthy, 5000);
    await load.resendUnanswered();
    await expectExactlyOnce(load);
  });

  it('applies once a command whose COMMIT went through while the answer from PostgreSQL was lost', async () => {
    const load = new Load();
    const id = randomUUID();
    // Kysely ends a transaction with a lower-case `commit`; the command's id marks its connection.
    const lost = relay.loseAnswerTo(id, 'commit');
    await load.upload(0, [{ id, kind: 'comment.add', payload: { event_id: eventIds[0]!, comment: 'its answer was lost' }, user: 0 }]);
    await lost;
    expect(server.running, `the server process exited\n${report(load)}`).toBe(true);
    // Not acknowledged: the server cannot know whether it committed, so the device sends it again.
    expect(Object.fromEntries(load.statuses), report(load)).toEqual({ 'commands 503': 1 });
    expect(await database.db.selectFrom('chat_comments').select('id').where('client_id', '=', id).execute()).toHaveLength(1);
    await load.resendUnanswered();
    expect(load.answered.get(id)).toBe('applied');
    await expectExactlyOnce(load);
  });

  it('answers 503 while PostgreSQL refuses connections, says so on /healthz, and recovers', async () => {
    const load = new Load();
    let finish!: () => void;
    const stop = new Promise<void>((r) => {
      finish = r;
    });
    const running = load.run(stop);
    // A chat socket open throughout, as a phone's at the venue.
    const speaker = await createUser(database.db);
    await createTicket(database.db, eventIds[0]!, speaker.id);
    const socket = await chatSocket(server.url, await createSession(database.db, speaker.id), speaker.id, eventIds[0]!);
    await new Promise((r) => setTimeout(r, 300));
    // Down: open connections reset, new ones refused, while the pool tries to open more.
    await relay.setOnline(false);
    const down = await waitFor(
      '/healthz to report the database down',
      async () => {
        const res = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(5000) });
        return res.status === 503 ? ((await res.json()) as { checks: Record<string, string> }) : null;
      },
      10_000,
    );
    expect(down.checks.database).toBe('down');
    // A frame that needs the database is refused with the reason, and the socket stays open.
    socket.send({ type: 'commentAdd', comment: 'while the database is away' });
    expect(await socket.next('Exception', 10_000)).toMatchObject({ Exception: { code: 'database_unavailable' } });
    await new Promise((r) => setTimeout(r, 1500));
    await relay.setOnline(true);
    finish();
    await running;
    expect(server.running, `the server process exited\n${report(load)}`).toBe(true);
    expect(load.failures(), report(load)).toEqual([]);
    expect(load.statuses.get('commands 503') ?? 0, report(load)).toBeGreaterThan(0);
    await waitFor('/healthz to answer 200', healthy, 5000);
    await load.resendUnanswered();
    await expectExactlyOnce(load);
    socket.send({ type: 'commentAdd', comment: 'the database is back' });
    expect((await socket.next('commentCreated', (f) => f.comment.comment === 'the database is back', 10_000)).comment.user_id).toBe(speaker.id);
    await socket.close();
  });
});
