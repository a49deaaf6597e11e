import { createHash, randomBytes } from 'node:crypto';
import { SOCKET_PASS_TTL_MS } from '../../../contract/ws.ts';
import type { Q } from '../../db/tx.ts';
import { insertSocketPass, takeSocketPass } from './repository.ts';
import { isLive } from './sessions.ts';

/**
 * Socket passes: what a client puts in the socket URL instead of its session token. A pass is 256
 * random bits, stored only as its SHA-256 (like sessions), valid for SOCKET_PASS_TTL_MS and deleted
 * by the upgrade that uses it, so a URL that leaks into a log is worthless by then. Kept in the
 * database, so a pass issued by one instance opens a socket on any other.
 */

function digest(pass: string): Buffer {
  return createHash('sha256').update(pass).digest();
}

/** `session` is the hex digest of the session asking (sessions.ts sessionKey). */
export async function issueSocketPass(q: Q, userId: number, session: string, now = new Date()): Promise<{ pass: string; expiresAt: Date }> {
  const pass = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SOCKET_PASS_TTL_MS);
  await insertSocketPass(q, { token_hash: digest(pass), user_id: userId, expires_at: expiresAt, session_hash: Buffer.from(session, 'hex') }, now);
  return { pass, expiresAt };
}

/**
 * The user a valid pass belongs to and the session that asked for it; the pass is used up either
 * way. A pass outlives neither its session (a logout in between makes it worthless) nor the account.
 */
export async function consumeSocketPass(q: Q, pass: string, now = new Date()): Promise<{ userId: number; session: string } | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(pass)) return undefined;
  const row = await takeSocketPass(q, digest(pass));
  if (!row || row.expires_at <= now || !row.session_hash) return undefined;
  const session = Buffer.from(row.session_hash).toString('hex');
  return (await isLive(q, session, row.user_id, now)) ? { userId: row.user_id, session } : undefined;
}
