/**
 * A benchmarked Foyer server: the real `server/main.ts` as a child process (the e2e fixture), on a
 * database this module prepares first, with bench/lib/probe.mjs preloaded so the bench can read the
 * server's own event-loop delay, RSS and connection rate, and kill it by pid.
 *
 * `--db pg` runs it on a fresh PostgreSQL database (created here, dropped by dispose()) with the
 * Redis bus, as production does; otherwise on PGlite in the fixture's temp DATA_DIR with the
 * in-process bus. The seed and the bench's own setup (sessions for the users it drives) are written
 * by this process before the server starts, because PGlite takes one connection at a time and
 * logging a thousand users in through argon2 would measure the password hash, not the server.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Kysely } from 'kysely';
import { openDatabase, migrate } from '../../server/db/index.ts';
import { runSeed } from '../../server/domain/seed.ts';
import { createWriter } from '../../server/domain/write.ts';
import { createMemoryBus } from '../../server/realtime/bus.ts';
import type { DB } from '../../server/db/types.ts';
import { FoyerServer } from '../../tests/e2e/fixtures/server.ts';

const PROBE = fileURLToPath(new URL('./probe.mjs', import.meta.url));
const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export type DbChoice = 'pglite' | 'pg';

export interface ProbeReport {
  pid: number;
  seq: number;
  at: number;
  rss: number;
  maxRss: number;
  heapUsed: number;
  loopDelay: { p50: number; p99: number; max: number; mean: number };
  perSecond: { second: number; connection: number; request: number; upgrade: number }[];
}

export interface BenchServer<T> {
  server: FoyerServer;
  url: string;
  /** What `prepare` returned. */
  setup: T;
  db: DbChoice;
  /** The PostgreSQL database the server runs on (`--db pg`); unset on PGlite. */
  databaseUrl?: string;
  /** The environment the server was started with, for a second instance on the same database and bus. */
  env: Record<string, string>;
  /** The running server's pid (from the probe). */
  pid(): number;
  /** The server's figures since the previous report (the first covers the time since start). */
  report(): Promise<ProbeReport>;
  /** SIGKILL, as a crash; resolves once the process is gone. */
  kill(): Promise<void>;
  /** Starts the server again on the same port and database. */
  start(): Promise<void>;
  dispose(): Promise<void>;
}

function readProbe(file: string): { pid: number; seq: number } | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as { pid: number; seq: number };
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startBenchServer<T>(opts: {
  db: DbChoice;
  seed: string;
  /** Runs on the seeded database before the server starts. */
  prepare(db: Kysely<DB>): Promise<T>;
  env?: Record<string, string>;
}): Promise<BenchServer<T>> {
  const probeFile = path.join(os.tmpdir(), `foyer-bench-probe-${randomBytes(6).toString('hex')}.json`);
  let databaseUrl: string | undefined;
  let dbName: string | undefined;
  if (opts.db === 'pg') {
    dbName = `foyer_bench_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const u = new URL(PG_ADMIN_URL);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  const env: Record<string, string> = {
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${PROBE}`.trim(),
    FOYER_BENCH_PROBE_FILE: probeFile,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, REDIS_URL, REDIS_PREFIX: `bench-${process.pid}:` } : {}),
    ...opts.env,
  };
  const server = new FoyerServer({ seed: opts.seed, distDir: '/nonexistent', env });

  const dropDatabase = async () => {
    if (!dbName) return;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  };

  let setup: T;
  try {
    const database = await openDatabase({ databaseUrl, dataDir: server.dataDir });
    try {
      await migrate(database);
      await runSeed(createWriter(database.db, createMemoryBus()), database.db, opts.seed);
      setup = await opts.prepare(database.db);
    } finally {
      await database.close();
    }
    await server.start();
  } catch (err) {
    await server.dispose();
    await dropDatabase().catch(() => undefined);
    throw err;
  }

  const pid = () => {
    const p = readProbe(probeFile);
    if (!p) throw new Error(`the server probe did not write ${probeFile}: was bench/lib/probe.mjs preloaded?`);
    return p.pid;
  };

  return {
    server,
    url: server.url,
    setup,
    db: opts.db,
    databaseUrl,
    env,
    pid,
    async report() {
      const before = readProbe(probeFile);
      process.kill(pid(), 'SIGUSR2');
      const deadline = Date.now() + 10_000;
      for (;;) {
        const now = readProbe(probeFile) as (ProbeReport & { seq: number }) | null;
        if (now && now.pid === before?.pid && now.seq > before.seq && now.loopDelay) return now;
        if (Date.now() > deadline) throw new Error('the server probe did not answer SIGUSR2 within 10 s');
        await sleep(20);
      }
    },
    async kill() {
      process.kill(pid(), 'SIGKILL');
      while (server.running) await sleep(10);
    },
    async start() {
      await server.start();
    },
    async dispose() {
      await server.dispose();
      fs.rmSync(probeFile, { force: true });
      await dropDatabase();
    },
  };
}

/** `--db pg` (PostgreSQL + Redis) or PGlite, as bench/fanout.ts chooses by environment. */
export function dbChoice(argv = process.argv): DbChoice {
  const i = argv.indexOf('--db');
  const v = i >= 0 ? argv[i + 1] : process.env.BENCH_DB;
  if (v === undefined || v === 'pglite') return 'pglite';
  if (v === 'pg' || v === 'postgres') return 'pg';
  throw new Error(`--db must be pglite or pg, got ${v}`);
}

/** The value of `--name <n>` as a positive number, or the fallback. */
export function numberArg(name: string, fallback: number, argv = process.argv): number {
  const i = argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const n = Number(argv[i + 1]);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number, got ${argv[i + 1]}`);
  return n;
}

export function describeDb(db: DbChoice): string {
  return db === 'pg' ? 'PostgreSQL + Redis bus' : 'PGlite + in-process bus';
}
