import type { Q, Tx } from '../../db/tx.ts';

/**
 * SQL of sign-in: sessions and socket passes, both stored only as the SHA-256 of their token, so a
 * database leak does not leak a way in. A token's digest is what every lookup takes.
 */

export async function insertSession(q: Q, tokenHash: Uint8Array, userId: number, expiresAt: Date, userAgent = ''): Promise<void> {
  await q.insertInto('sessions').values({ token_hash: tokenHash, user_id: userId, expires_at: expiresAt, user_agent: userAgent }).execute();
}

/** A live session: not expired, its account neither disabled nor removed. Every lookup starts here. */
function liveSessions(q: Q, now: Date) {
  return q
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .where('sessions.expires_at', '>', now)
    .where('users.disabled', '=', false)
    .where('users.deleted', '=', false);
}

/** The user of a live session. */
export async function sessionUser(q: Q, tokenHash: Uint8Array, now: Date) {
  return liveSessions(q, now)
    .select(['users.id', 'users.email', 'users.first_name', 'users.last_name', 'users.email_verified'])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Of these session digests, the ones still live. */
export async function liveSessionHashes(q: Q, hashes: Uint8Array[], now: Date): Promise<Uint8Array[]> {
  if (hashes.length === 0) return [];
  const rows = await liveSessions(q, now).select('sessions.token_hash').where('sessions.token_hash', 'in', hashes).execute();
  return rows.map((r) => r.token_hash);
}

/** Whether this session of this user is live. */
export async function isLiveSession(q: Q, tokenHash: Uint8Array, userId: number, now: Date): Promise<boolean> {
  const live = await liveSessions(q, now)
    .select('users.id')
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.user_id', '=', userId)
    .executeTakeFirst();
  return live !== undefined;
}

export async function deleteSessionRow(trx: Tx, tokenHash: Uint8Array): Promise<void> {
  await trx.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

export async function deleteSessionsOf(trx: Tx, userId: number): Promise<void> {
  await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

// Socket passes ----------------------------------------------------------------------------------

/** Stores a new pass and drops the expired ones on the way. */
export async function insertSocketPass(
  q: Q,
  pass: { token_hash: Uint8Array; user_id: number; expires_at: Date; session_hash: Uint8Array },
  now: Date,
): Promise<void> {
  await q.deleteFrom('socket_passes').where('expires_at', '<', now).execute();
  await q.insertInto('socket_passes').values(pass).execute();
}

/** Deletes the pass and answers what it held; a pass is used up by any attempt to use it. */
export async function takeSocketPass(q: Q, tokenHash: Uint8Array) {
  return q.deleteFrom('socket_passes').where('token_hash', '=', tokenHash).returning(['user_id', 'expires_at', 'session_hash']).executeTakeFirst();
}

/** Unused passes of one session, or of every session of the user when `sessionHash` is absent. */
export async function deleteSocketPasses(trx: Tx, userId: number, sessionHash?: Uint8Array): Promise<void> {
  let del = trx.deleteFrom('socket_passes').where('user_id', '=', userId);
  if (sessionHash !== undefined) del = del.where('session_hash', '=', sessionHash);
  await del.execute();
}

/** The session user's fields of an account, for a socket opened with a pass. */
export async function sessionUserById(q: Q, userId: number) {
  return q.selectFrom('users').select(['id', 'email', 'first_name', 'last_name', 'email_verified']).where('id', '=', userId).executeTakeFirst();
}
