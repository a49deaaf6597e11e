import { createHash, randomBytes } from 'node:crypto';
import { SESSION_TTL_MS } from '../../../contract/constants.ts';
import type { Q, Tx } from '../../db/tx.ts';
import type { Effect } from '../effects.ts';
import { deleteSessionRow, deleteSocketPasses, insertSession, isLiveSession, liveSessionHashes, sessionUser } from './repository.ts';

/**
 * Sessions: 256-bit random tokens, stored only as their SHA-256, so a database leak does not leak
 * sessions. The PWA carries the token in an HttpOnly cookie, other clients as a Bearer token.
 */

export interface SessionUser {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  email_verified: boolean;
}

export function digest(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/** The digest a session is stored under, as hex so it travels in JSON (bus messages, socket state). */
export function sessionKey(token: string): string {
  return digest(token).toString('hex');
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** `userAgent` names the device in the user's list of signed-in devices. */
export async function createSession(q: Q, userId: number, userAgent = ''): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertSession(q, digest(token), userId, new Date(Date.now() + SESSION_TTL_MS), userAgent.slice(0, 300));
  return token;
}

export async function findSession(q: Q, token: string): Promise<SessionUser | undefined> {
  if (!TOKEN.test(token)) return undefined;
  return sessionUser(q, digest(token), new Date());
}

/**
 * Which of these sessions (sessionKey hex digests) are still valid: not expired, not logged out,
 * their user neither disabled nor deleted. Long-lived connections ask it on their heartbeat, so a
 * session that ended without an announcement (expired, or a lost bus message) ends them too.
 */
export async function liveSessions(q: Q, keys: Iterable<string>): Promise<Set<string>> {
  const hashes = [...new Set(keys)].map((h) => Buffer.from(h, 'hex'));
  const live = await liveSessionHashes(q, hashes, new Date());
  return new Set(live.map((h) => Buffer.from(h).toString('hex')));
}

/** Whether the session (a sessionKey) of this user is still valid. */
export async function isLive(q: Q, session: string, userId: number, now = new Date()): Promise<boolean> {
  return isLiveSession(q, Buffer.from(session, 'hex'), userId, now);
}

/**
 * Ends a session: its row and its unused socket passes. The Effect names it, so the write runner
 * tells every instance to close its sockets and hint streams once this has committed.
 */
export async function endSession(trx: Tx, userId: number | null, token: string): Promise<Effect> {
  await deleteSessionRow(trx, digest(token));
  if (userId === null) return { ids: [], collections: [], userIds: [] };
  const session = sessionKey(token);
  await deleteSocketPasses(trx, userId, Buffer.from(session, 'hex'));
  return { ids: [], collections: [], userIds: [userId], sessionsEnded: [{ userId, session }] };
}
