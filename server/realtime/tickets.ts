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

export async function issueSocketTicket(db: Kysely<DB>, userId: number, now = new Date()): Promise<{ ticket: string; expiresAt: Date }> {
  const ticket = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SOCKET_TICKET_TTL_MS);
  // Expired tickets of anybody go as new ones are issued; the table stays as small as the traffic.
  await sql`DELETE FROM socket_tickets WHERE expires_at < ${now}`.execute(db);
  await sql`INSERT INTO socket_tickets (token_hash, user_id, expires_at) VALUES (${digest(ticket)}, ${userId}, ${expiresAt})`.execute(db);
  return { ticket, expiresAt };
}

/** The user a valid ticket belongs to; the ticket is used up either way. */
export async function consumeSocketTicket(db: Kysely<DB>, ticket: string, now = new Date()): Promise<number | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(ticket)) return undefined;
  const r = await sql<{ user_id: number; expires_at: Date }>`
    DELETE FROM socket_tickets WHERE token_hash = ${digest(ticket)} RETURNING user_id, expires_at`.execute(db);
  const row = r.rows[0];
  if (!row || row.expires_at <= now) return undefined;
  const user = await db.selectFrom('users').select('id').where('id', '=', row.user_id).where('disabled', '=', false).where('deleted', '=', false).executeTakeFirst();
  return user?.id;
}
