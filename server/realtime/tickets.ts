import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { SOCKET_TICKET_TTL_MS } from '../../contract/ws.ts';
import type { DB } from '../db/types.ts';

/**
 * Socket tickets: what a client puts in the socket URL instead of its session token. A ticket is
 * 256 random bits, stored only as its SHA-256 (like sessions), valid for SOCKET_TICKET_TTL_MS and
 * deleted by the upgrade that uses it, so a URL that leaks into a log is worthless by then. Kept in
 * the database, so a ticket issued by one instance opens a socket on any other.
 */

function digest(ticket: string): Buffer {
  return createHash('sha256').update(ticket).digest();
}

/** `session` is the hex digest of the session asking (realtime/sessions.ts sessionKey). */
export async function issueSocketTicket(db: Kysely<DB>, userId: number, session: string, now = new Date()): Promise<{ ticket: string; expiresAt: Date }> {
  const ticket = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SOCKET_TICKET_TTL_MS);
  // Expired tickets of anybody go as new ones are issued; the table stays as small as the traffic.
  await sql`DELETE FROM socket_tickets WHERE expires_at < ${now}`.execute(db);
  await sql`INSERT INTO socket_tickets (token_hash, user_id, expires_at, session_hash)
    VALUES (${digest(ticket)}, ${userId}, ${expiresAt}, ${Buffer.from(session, 'hex')})`.execute(db);
  return { ticket, expiresAt };
}

/**
 * The user a valid ticket belongs to and the session that asked for it; the ticket is used up
 * either way. A ticket outlives neither its session (a logout in between makes it worthless) nor
 * the account.
 */
export async function consumeSocketTicket(db: Kysely<DB>, ticket: string, now = new Date()): Promise<{ userId: number; session: string } | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(ticket)) return undefined;
  const r = await sql<{ user_id: number; expires_at: Date; session_hash: Buffer | Uint8Array | null }>`
    DELETE FROM socket_tickets WHERE token_hash = ${digest(ticket)} RETURNING user_id, expires_at, session_hash`.execute(db);
  const row = r.rows[0];
  if (!row || row.expires_at <= now || !row.session_hash) return undefined;
  const sessionHash = Buffer.from(row.session_hash);
  const live = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select('users.id')
    .where('sessions.token_hash', '=', sessionHash)
    .where('sessions.user_id', '=', row.user_id)
    .where('sessions.expires_at', '>', now)
    .where('users.disabled', '=', false)
    .where('users.deleted', '=', false)
    .executeTakeFirst();
  return live ? { userId: live.id, session: sessionHash.toString('hex') } : undefined;
}

/** Unused tickets of one session (a logout) or of every session of the user (a disabled account). */
export async function dropSocketTickets(db: Kysely<DB>, userId: number, session?: string): Promise<void> {
  if (session === undefined) await sql`DELETE FROM socket_tickets WHERE user_id = ${userId}`.execute(db);
  else await sql`DELETE FROM socket_tickets WHERE user_id = ${userId} AND session_hash = ${Buffer.from(session, 'hex')}`.execute(db);
}
