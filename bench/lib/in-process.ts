/**
 * A bench's server inside its own process (buildApp on a port, no child process), for the benches
 * that time one path end to end with their clients beside it (expensive-burst, fanout); the
 * child-process server of the load benches is server.ts. The database is PGlite in memory, or
 * DATABASE_URL (a PostgreSQL database it may write to), empty but for what the bench adds: one
 * event under way and the people it drives.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, migrate, type Database } from '../../server/db/index.ts';
import type { DB } from '../../server/db/types.ts';
import { hashPassword } from '../../server/domain/auth/passwords.ts';
import type { LimitOverrides } from '../../server/limits/index.ts';
import type { Bus } from '../../server/realtime/bus.ts';

export async function startInProcessApp(over: { limits?: LimitOverrides; bus?: Bus } = {}) {
  const database: Database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: '', inMemory: !process.env.DATABASE_URL });
  await migrate(database);
  const config = { ...loadConfig({ DATA_DIR: '.tmp/bench-data', SEED: 'none' }), distDir: '/nonexistent' };
  const app = await buildApp({ config, database, ...over });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { database, app, url, db: database.db };
}

/** An event that began an hour ago and lasts eight, in a category and country of its own. */
export async function benchEvent(db: Kysely<DB>, name: string, isFree: boolean): Promise<{ id: number }> {
  await db
    .insertInto('countries')
    .values({ code: 'UA', name: 'Ukraine' })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('categories')
    .values({ id: 1, name: 'IT' })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const start = new Date(Date.now() - 3600_000);
  return db
    .insertInto('events')
    .values({
      name,
      category_id: 1,
      starts_at: start,
      ends_at: new Date(start.getTime() + 8 * 3600_000),
      timezone: 'Europe/Kyiv',
      is_free: isFree,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/**
 * `count` people named `${firstName}${i}`, with emails `${emailPrefix}-${i}@bench.local`: a prefix
 * with a tag of the run lets a second run on the same PostgreSQL database add people, not collide.
 */
export async function benchPeople(db: Kysely<DB>, emailPrefix: string, firstName: string, count: number): Promise<{ id: number }[]> {
  const hash = await hashPassword(randomBytes(12).toString('hex'));
  return db
    .insertInto('users')
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `${emailPrefix}-${i}@bench.local`,
        password_hash: hash,
        first_name: `${firstName}${i}`,
        last_name: 'Bench',
        social: '{}',
      })),
    )
    .returning('id')
    .execute();
}
