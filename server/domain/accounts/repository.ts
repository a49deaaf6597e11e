import type { Q, Tx } from '../../db/tx.ts';

/** SQL of self-service accounts: sign-up, the links sent by email, passwords and the devices list. */

export async function insertAccount(
  trx: Tx,
  account: { email: string; password_hash: string; first_name: string; last_name: string; locale: string },
): Promise<number> {
  const row = await trx
    .insertInto('users')
    .values({ ...account, social: '{}', email_verified: false })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The fields the account rules need, by id. */
export async function accountById(q: Q, userId: number) {
  return q
    .selectFrom('users')
    .select(['id', 'email', 'password_hash', 'first_name', 'last_name', 'email_verified', 'locale', 'disabled', 'deleted'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** The live account an address names, whatever case it was typed in. */
export async function liveAccountByEmail(q: Q, email: string) {
  return q
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'locale', 'disabled'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
    .where('deleted', '=', false)
    .executeTakeFirst();
}

/** Whether any account, removed ones included, holds the address (the unique index counts them all). */
export async function emailTaken(q: Q, email: string): Promise<boolean> {
  const row = await q
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
    .executeTakeFirst();
  return row !== undefined;
}

export async function setPasswordHash(trx: Tx, userId: number, passwordHash: string): Promise<void> {
  await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

export async function setEmail(trx: Tx, userId: number, email: string): Promise<void> {
  await trx.updateTable('users').set({ email, email_verified: true }).where('id', '=', userId).execute();
}

export async function markVerified(trx: Tx, userId: number): Promise<void> {
  await trx.updateTable('users').set({ email_verified: true }).where('id', '=', userId).execute();
}

// Links sent by email -------------------------------------------------------------------------

export type LinkPurpose = 'verify' | 'reset' | 'email' | 'email_undo';

type NewLink = { token_hash: Uint8Array; user_id: number; purpose: LinkPurpose; email: string; expires_at: Date; session_hash?: Uint8Array | null };

/** Stores a link; the older links of the same purpose stop working, so only the newest mail counts. */
export async function replaceLinkToken(q: Q, link: NewLink): Promise<void> {
  await q.deleteFrom('account_tokens').where('user_id', '=', link.user_id).where('purpose', '=', link.purpose).execute();
  await q.insertInto('account_tokens').values(link).execute();
}

/** Stores a link beside the others of its purpose (undo links: each gives back its own address). */
export async function addLinkToken(q: Q, link: NewLink): Promise<void> {
  await q.insertInto('account_tokens').values(link).execute();
}

/** Deletes the link and answers what it held: any attempt uses a link up, whatever its fate. */
export async function takeLinkToken(trx: Tx, tokenHash: Uint8Array) {
  return trx
    .deleteFrom('account_tokens')
    .where('token_hash', '=', tokenHash)
    .returning(['user_id', 'purpose', 'email', 'expires_at', 'created_at', 'session_hash'])
    .executeTakeFirst();
}

/** Every link of the user but the undo links made before `before`, which still give back older addresses. */
export async function deleteLinksSince(trx: Tx, userId: number, before: Date): Promise<void> {
  await trx
    .deleteFrom('account_tokens')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('purpose', '<>', 'email_undo'), eb('created_at', '>=', before)]))
    .execute();
}

/**
 * The account an unexpired undo link would give this address back to, if another than `userId`:
 * until then nobody else may take the address, or a hijacker could sign it up to block the undo.
 */
export async function undoHolder(q: Q, email: string, userId: number | null, now: Date): Promise<number | undefined> {
  let query = q
    .selectFrom('account_tokens')
    .select('user_id')
    .where('purpose', '=', 'email_undo')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
    .where('expires_at', '>', now);
  if (userId !== null) query = query.where('user_id', '<>', userId);
  return (await query.executeTakeFirst())?.user_id;
}

export async function deleteLinkTokens(trx: Tx, userId: number, purpose: LinkPurpose): Promise<void> {
  await trx.deleteFrom('account_tokens').where('user_id', '=', userId).where('purpose', '=', purpose).execute();
}

// Sessions ------------------------------------------------------------------------------------

export async function sessionsOf(q: Q, userId: number, now: Date) {
  return q
    .selectFrom('sessions')
    .select(['id', 'token_hash', 'user_agent', 'created_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .execute();
}

/** Deletes every session of the user but those kept, and answers the digests of the ended ones. */
export async function deleteSessionsExcept(trx: Tx, userId: number, keep: Uint8Array[]): Promise<Uint8Array[]> {
  let del = trx.deleteFrom('sessions').where('user_id', '=', userId);
  if (keep.length) del = del.where('token_hash', 'not in', keep);
  const rows = await del.returning('token_hash').execute();
  return rows.map((r) => r.token_hash);
}

/** Deletes sessions of the user (one by id, or all but `keep`) and answers their digests. */
export async function deleteSessions(trx: Tx, userId: number, which: { id?: number; keep?: Uint8Array }): Promise<Uint8Array[]> {
  let del = trx.deleteFrom('sessions').where('user_id', '=', userId);
  if (which.id !== undefined) del = del.where('id', '=', which.id);
  if (which.keep !== undefined) del = del.where('token_hash', '!=', which.keep);
  const rows = await del.returning('token_hash').execute();
  return rows.map((r) => r.token_hash);
}

export async function deleteSocketPassesOfSessions(trx: Tx, userId: number, sessionHashes: Uint8Array[]): Promise<void> {
  if (sessionHashes.length === 0) return;
  await trx.deleteFrom('socket_passes').where('user_id', '=', userId).where('session_hash', 'in', sessionHashes).execute();
}

/** Sets the avatar URL and answers the one it replaces. */
export async function setAvatar(trx: Tx, userId: number, url: string): Promise<string> {
  const before = await trx.selectFrom('users').select('avatar').where('id', '=', userId).executeTakeFirst();
  await trx.updateTable('users').set({ avatar: url }).where('id', '=', userId).execute();
  return before?.avatar ?? '';
}

/** Places for the settings page. */
export async function countriesList(q: Q) {
  return q.selectFrom('countries').select(['code', 'name']).orderBy('name').execute();
}

export async function citiesOf(q: Q, countryCode: string, limit: number) {
  return q.selectFrom('cities').select(['id', 'name']).where('country_code', '=', countryCode).orderBy('name').limit(limit).execute();
}
