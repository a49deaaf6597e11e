import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { Kysely, PostgresDialect, PGliteDialect, sql } from 'kysely';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import type { DB } from './types.ts';
import { StatementNames } from './prepared.ts';

export type DbKind = 'pglite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  kind: DbKind;
  /** Runs a script of several statements (migrations); Kysely's drivers send one statement at a time. */
  execScript(text: string): Promise<void>;
  /**
   * Whether the database answers within `timeoutMs` (/healthz). PostgreSQL is asked `SELECT 1`
   * through the pool; the embedded database is in this process, so it is there while it is open.
   */
  reachable(timeoutMs: number): Promise<boolean>;
  /**
   * How long (ms) the request that has waited longest for a pool connection has waited so far; 0
   * when nobody waits. The back-pressure rule reads it (plugins/back-pressure.ts). The embedded
   * database has no pool and answers null.
   */
  poolWaitMs(): number | null;
  /**
   * The embedded database's whole data directory as one uncompressed tarball, which `openDatabase`'s
   * `loadDataDir` opens again. The test suite migrates once and opens each test's database from it:
   * PGlite's initdb and 60-odd migrations cost seconds per database. PostgreSQL has no such copy
   * (its tests clone a template database instead).
   */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface PoolSettings {
  /** Connections at most (DB_POOL_SIZE). */
  poolSize?: number;
  /** PostgreSQL's statement_timeout for request statements; 0 or unset runs without one. */
  statementTimeoutMs?: number;
  /** Statement texts sent as named prepared statements at most (DB_PREPARED_STATEMENTS, prepared.ts); 0 none. */
  preparedStatements?: number;
}

/** Resolves to what `promise` gives, or to `fallback` once `ms` have passed. */
export function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** How long opening one connection to PostgreSQL may take before the request is answered 503. */
const PG_CONNECT_TIMEOUT_MS = 5000;
/**
 * How long a request waits for its turn at the pool. Far longer than a connect: at a sale's opening
 * a hundred checkouts queue behind one ticket type's row lock on ten connections, and each must get
 * its answer ("sold" or "sold out"), not a 503.
 */
const PG_POOL_WAIT_MS = 30_000;
/** DB_POOL_SIZE's default (server/config.ts); the seed and the benches' setup open pools of this size too. */
const DEFAULT_POOL_SIZE = 10;
/** DB_PREPARED_STATEMENTS' default (server/config.ts). */
const DEFAULT_PREPARED_STATEMENTS = 500;
/** Idle time before the first TCP keepalive probe on a connection to PostgreSQL. */
const PG_KEEPALIVE_DELAY_MS = 10_000;

const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;
/**
 * pg returns int8 and numeric as strings and date as a local-time Date; PGlite differs again. The
 * same parsers on both make the two databases interchangeable: counts and revs are numbers (they stay
 * far below 2^53), prices are numbers, and a calendar date stays the 'YYYY-MM-DD' text it is.
 */
const parsers = {
  [INT8]: (v: string) => Number(v),
  [NUMERIC]: (v: string) => Number(v),
  [DATE]: (v: string) => v,
};

/**
 * The pool's client: its connect gives up after PG_CONNECT_TIMEOUT_MS, whatever the pool's queue
 * allows, and the statements `names` names are sent as named prepared statements (prepared.ts).
 */
function boundedClient(names: StatementNames) {
  return class BoundedClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS });
    }

    // Kysely calls query(text, values); every other form (a config object, a cursor) passes through.
    override query(...args: unknown[]): never {
      const [text, values] = args;
      const name = args.length === 2 && typeof text === 'string' && Array.isArray(values) ? names.nameOf(text, values.length) : undefined;
      const call = super.query as (...a: unknown[]) => never;
      return name === undefined ? call.apply(this, args) : call.call(this, { name, text, values });
    }
  };
}

type OpenOptions = { databaseUrl?: string; dataDir: string; inMemory?: boolean; loadDataDir?: Blob } & PoolSettings;

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts) : openPGlite(opts);
}

function openPostgres(databaseUrl: string, opts: PoolSettings): Database {
  const types = {
    getTypeParser: (oid: number, format?: 'text' | 'binary') => (parsers as Record<number, (v: string) => unknown>)[oid] ?? pg.types.getTypeParser(oid, format),
  };
  const BoundedClient = boundedClient(new StatementNames(opts.preparedStatements ?? DEFAULT_PREPARED_STATEMENTS));
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: opts.poolSize ?? DEFAULT_POOL_SIZE,
    ...(opts.statementTimeoutMs ? { statement_timeout: opts.statementTimeoutMs } : {}),
    types: types as pg.CustomTypesConfig,
    // pg-pool applies connectionTimeoutMillis to a request's wait in its queue, and hands the same
    // option to each client it opens as the connect's own bound. The two need different bounds, so
    // the clients get theirs from BoundedClient: without one, a connect waits as long as the
    // operating system tries to reach an unreachable server (minutes); with it, the request
    // fails soon and is answered 503.
    connectionTimeoutMillis: PG_POOL_WAIT_MS,
    Client: BoundedClient,
    // A connection whose server vanished without a word (a failover, a dropped link) is found by
    // TCP keepalive probes instead of lingering in the pool until it is next used.
    keepAlive: true,
    keepAliveInitialDelayMillis: PG_KEEPALIVE_DELAY_MS,
  });
  // A connection PostgreSQL ends (a restart, a failover, pg_terminate_backend, idle_session_timeout)
  // emits `error` on its client, and an `error` nobody listens to ends the whole process. pg-pool
  // listens only while a client is idle, and takes its listener off while the client is checked
  // out, which is exactly when a busy server loses it. So every client gets a listener of its own
  // for its whole life: the statement in flight still fails (and is answered 503,
  // plugins/errors.ts), the client is not queryable any more, so the pool drops it on release, and
  // the next query opens a fresh connection.
  pool.on('connect', (client) => {
    client.on('error', (err) => {
      console.warn(`PostgreSQL connection lost: ${err.message}`);
    });
  });
  // The pool repeats an idle client's error here, and throws it when nobody listens; the client's
  // own listener above has already reported it.
  pool.on('error', () => undefined);
  // Each request's wait for a connection, oldest first (a Map keeps insertion order), so the
  // back-pressure rule reads the queue's age without reaching into pg-pool's internals.
  const waits = new Map<number, number>();
  let ticket = 0;
  const connect = async () => {
    const id = ticket++;
    waits.set(id, performance.now());
    try {
      return await pool.connect();
    } finally {
      waits.delete(id);
    }
  };
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: { connect, end: () => pool.end(), options: pool.options, Client: BoundedClient } }) });
  return {
    db,
    kind: 'postgres',
    execScript: async (text) => {
      await pool.query(text);
    },
    reachable: (timeoutMs) =>
      within(
        pool.query('SELECT 1').then(
          () => true,
          () => false,
        ),
        timeoutMs,
        false,
      ),
    poolWaitMs: () => {
      for (const since of waits.values()) return performance.now() - since;
      return 0;
    },
    close: () => db.destroy(),
  };
}

async function openPGlite(opts: OpenOptions): Promise<Database> {
  let dataDir: string | undefined;
  if (!opts.inMemory) {
    dataDir = path.join(opts.dataDir, 'pglite');
    fs.mkdirSync(dataDir, { recursive: true });
  }
  // The one-argument form: with a directory argument, PGlite 0.5 drops `loadDataDir`.
  const pglite = new PGlite({ dataDir, parsers, loadDataDir: opts.loadDataDir });
  await pglite.waitReady;
  // PGlite 0.5 applies `parsers` only when a query passes them, not from the constructor, so every
  // query Kysely sends gets them here; without this, numeric and date come back unlike pg's.
  const query = pglite.query.bind(pglite);
  pglite.query = ((text: string, params?: unknown[], options?: Record<string, unknown>) =>
    query(text, params, { ...options, parsers: { ...parsers, ...(options?.parsers as object | undefined) } })) as typeof pglite.query;
  const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite }) });
  return {
    db,
    kind: 'pglite',
    execScript: async (text) => {
      await pglite.exec(text);
    },
    // A query here would wait behind every other one (PGlite runs one at a time), so a busy instance
    // would look dead; open is all that can be asked of a database inside the process.
    reachable: async () => !pglite.closed,
    poolWaitMs: () => null,
    dumpDataDir: () => pglite.dumpDataDir('none'),
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
/** Several instances may start at once against one PostgreSQL; this lock lets one migrate at a time. */
const MIGRATION_LOCK = 7070;

export async function migrate(database: Database): Promise<string[]> {
  const files = fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const applied: string[] = [];
  await database.execScript('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  await database.db.connection().execute(async (conn) => {
    // A migration may rewrite a large table, and an instance starting beside another waits for its
    // lock: neither is a request that statement_timeout is for.
    await sql`SET statement_timeout = 0`.execute(conn);
    await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
    try {
      const done = new Set((await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(conn)).rows.map((r) => r.name));
      for (const file of files) {
        if (done.has(file)) continue;
        const text = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
        const escaped = file.replace(/'/g, "''");
        await database.execScript(`BEGIN;\nSET LOCAL statement_timeout = 0;\n${text}\nINSERT INTO schema_migrations (name) VALUES ('${escaped}');\nCOMMIT;`);
        applied.push(file);
      }
    } finally {
      await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn);
      await sql`RESET statement_timeout`.execute(conn);
    }
  });
  return applied;
}
