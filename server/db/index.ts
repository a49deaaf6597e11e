import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, PGliteDialect, sql } from 'kysely';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import type { DB } from './types.ts';

export type DbKind = 'pglite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  kind: DbKind;
  /** Runs a script of several statements (migrations); Kysely's drivers send one statement at a time. */
  execScript(text: string): Promise<void>;
  close(): Promise<void>;
}

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

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; inMemory?: boolean }): Promise<Database> {
  if (opts.databaseUrl) {
    const types = {
      getTypeParser: (oid: number, format?: 'text' | 'binary') =>
        (parsers as Record<number, (v: string) => unknown>)[oid] ?? pg.types.getTypeParser(oid, format),
    };
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, types: types as pg.CustomTypesConfig });
    // An idle pooled connection that PostgreSQL terminates (a restart, a failover, an admin) is
    // reported here; without a listener Node treats it as uncaught and the whole server exits. The
    // pool drops that client and the next query opens a fresh one.
    pool.on('error', (err) => {
      console.warn(`PostgreSQL closed an idle connection: ${err.message}`);
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      kind: 'postgres',
      execScript: async (text) => {
        await pool.query(text);
      },
      close: () => db.destroy(),
    };
  }
  let dataDir: string | undefined;
  if (!opts.inMemory) {
    dataDir = path.join(opts.dataDir, 'pglite');
    fs.mkdirSync(dataDir, { recursive: true });
  }
  const pglite = new PGlite(dataDir, { parsers });
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
    await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
    try {
      const done = new Set((await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(conn)).rows.map((r) => r.name));
      for (const file of files) {
        if (done.has(file)) continue;
        const text = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
        const escaped = file.replace(/'/g, "''");
        await database.execScript(`BEGIN;\n${text}\nINSERT INTO schema_migrations (name) VALUES ('${escaped}');\nCOMMIT;`);
        applied.push(file);
      }
    } finally {
      await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn);
    }
  });
  return applied;
}
