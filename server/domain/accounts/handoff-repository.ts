import type { Q, Tx } from '../../db/tx.ts';

/** SQL of the session handoff (handoff.ts): exchanged tokens, one-time codes, the sessions behind them. */

/** What is recorded under a token's digest: an exchanged app session, or a code (used or not). */
export async function handoffRow(q: Q, tokenHash: Uint8Array) {
  return q.selectFrom('session_handoffs').select(['user_id', 'kind', 'expires_at', 'used_at']).where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** The session a token names, with when it began, if it and its account are live. */
export async function liveSessionOf(q: Q, tokenHash: Uint8Array, now: Date) {
  return q
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.user_id', 'sessions.created_at'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now)
    .where('users.disabled', '=', false)
    .where('users.deleted', '=', false)
    .executeTakeFirst();
}

/** Whether the account may be signed in to (neither disabled nor removed). */
export async function accountIsLive(q: Q, userId: number): Promise<boolean> {
  const row = await q.selectFrom('users').select('id').where('id', '=', userId).where('disabled', '=', false).where('deleted', '=', false).executeTakeFirst();
  return row !== undefined;
}

/** The name a person is shown by in the handoff's question: their name, else their address. */
export async function accountLabel(q: Q, userId: number): Promise<string> {
  const row = await q.selectFrom('users').select(['first_name', 'last_name', 'email']).where('id', '=', userId).executeTakeFirst();
  if (!row) return '';
  return `${row.first_name} ${row.last_name}`.trim() || row.email;
}

/**
 * Records that an app session's token was handed to a browser; false when it was already: the
 * primary key decides between two exchanges racing on two instances.
 */
export async function recordSessionHandoff(trx: Tx, row: { token_hash: Uint8Array; user_id: number; expires_at: Date }, now: Date): Promise<boolean> {
  const done = await trx
    .insertInto('session_handoffs')
    .values({ ...row, kind: 'session', used_at: now })
    .onConflict((oc) => oc.column('token_hash').doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return done !== undefined;
}

/** Uses a code up; false when it was used, has expired, or is not a code. */
export async function spendHandoffCode(trx: Tx, tokenHash: Uint8Array, now: Date): Promise<boolean> {
  const done = await trx
    .updateTable('session_handoffs')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('kind', '=', 'code')
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return done !== undefined;
}

/** A new code; expired rows go on the way, they can no longer be exchanged either way. */
export async function insertHandoffCode(trx: Tx, row: { token_hash: Uint8Array; user_id: number; expires_at: Date }, now: Date): Promise<void> {
  await purgeHandoffs(trx, now);
  await trx
    .insertInto('session_handoffs')
    .values({ ...row, kind: 'code' })
    .execute();
}

export async function purgeHandoffs(trx: Tx, now: Date): Promise<void> {
  await trx.deleteFrom('session_handoffs').where('expires_at', '<=', now).execute();
}

export async function deleteHandoffsOf(trx: Tx, userId: number): Promise<void> {
  await trx.deleteFrom('session_handoffs').where('user_id', '=', userId).execute();
}
