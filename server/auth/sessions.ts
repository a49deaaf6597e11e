import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types.ts';
import { SESSION_TTL_MS, LOGIN_RATE_MAX_FAILURES, LOGIN_RATE_WINDOW_MS } from '../../contract/constants.ts';

export interface SessionUser {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
}

function digest(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/** A 256-bit random token; only its hash is stored, so a database leak does not leak sessions. */
export async function createSession(db: Kysely<DB>, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({ token_hash: digest(token), user_id: userId, expires_at: new Date(Date.now() + SESSION_TTL_MS) })
    .execute();
  return token;
}

export async function findSession(db: Kysely<DB>, token: string): Promise<SessionUser | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id', 'users.email', 'users.first_name', 'users.last_name'])
    .where('sessions.token_hash', '=', digest(token))
    .where('sessions.expires_at', '>', new Date())
    .where('users.disabled', '=', false)
    .where('users.deleted', '=', false)
    .executeTakeFirst();
}

export async function deleteSession(db: Kysely<DB>, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', digest(token)).execute();
}

/**
 * Failed-login counting in the database, so every instance behind a load balancer enforces the
 * same limit. Returns true when the key is already over the limit.
 */
export async function isRateLimited(db: Kysely<DB>, key: string): Promise<boolean> {
  const row = await db.selectFrom('login_failures').selectAll().where('key', '=', key).executeTakeFirst();
  if (!row) return false;
  if (Date.now() - row.window_start.getTime() > LOGIN_RATE_WINDOW_MS) return false;
  return row.failures >= LOGIN_RATE_MAX_FAILURES;
}

export async function recordFailure(db: Kysely<DB>, key: string): Promise<void> {
  const windowStart = new Date(Date.now() - LOGIN_RATE_WINDOW_MS);
  await sql`
    INSERT INTO login_failures (key, window_start, failures) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN login_failures.window_start < ${windowStart} THEN 1 ELSE login_failures.failures + 1 END,
      window_start = CASE WHEN login_failures.window_start < ${windowStart} THEN now() ELSE login_failures.window_start END
  `.execute(db);
}

export async function clearFailures(db: Kysely<DB>, key: string): Promise<void> {
  await db.deleteFrom('login_failures').where('key', '=', key).execute();
}
