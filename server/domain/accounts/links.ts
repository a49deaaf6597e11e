import { createHash, randomBytes } from 'node:crypto';
import { LINK_TOKEN_PATTERN } from '../../../contract/accounts.ts';
import { DomainError } from '../../../contract/errors.ts';
import type { Q, Tx } from '../../db/tx.ts';
import { accountById, addLinkToken, replaceLinkToken, takeLinkToken, type LinkPurpose } from './repository.ts';

/**
 * The links sent by email (service.ts, email-change.ts): 256 random bits in the mail, their
 * SHA-256 in the database, one purpose and one address each.
 */

export function digest(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

const TOKEN_RE = new RegExp(LINK_TOKEN_PATTERN);

/**
 * A new link: its token goes in the mail, its digest in the database. It replaces the older link
 * of its purpose, except an undo link, of which each gives back its own address.
 */
export async function newLink(
  q: Q,
  userId: number,
  purpose: LinkPurpose,
  email: string,
  ttlMs: number,
  now: Date,
  sessionHash: Uint8Array | null = null,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const row = { token_hash: digest(token), user_id: userId, purpose, email, expires_at: new Date(now.getTime() + ttlMs), session_hash: sessionHash };
  await (purpose === 'email_undo' ? addLinkToken(q, row) : replaceLinkToken(q, row));
  return token;
}

/**
 * Takes a link of one of these purposes, refused (link_invalid) when unknown, of another purpose,
 * expired, or its account disabled or removed. The refusal rolls the transaction back, so only a
 * use that succeeds spends the link.
 */
export async function takeLink(trx: Tx, token: string, purposes: LinkPurpose[], now: Date) {
  if (!TOKEN_RE.test(token)) throw new DomainError('link_invalid', 'token');
  const link = await takeLinkToken(trx, digest(token));
  if (!link || !purposes.includes(link.purpose) || link.expires_at <= now) throw new DomainError('link_invalid', 'token');
  const user = await accountById(trx, link.user_id);
  if (!user || user.deleted || user.disabled) throw new DomainError('link_invalid', 'token');
  return { link, user };
}

/** Whom to mail, in which language, and the link's token (or none for the "you already have one" mail). */
export interface MailOrder {
  kind: 'verify' | 'exists' | 'reset' | 'email_change' | 'email_changed';
  to: string;
  name: string;
  locale: string;
  token?: string;
  /** For email_changed: the new address (its token is the undo link's). */
  newEmail?: string;
}

export const nameOf = (u: { first_name: string; last_name: string }) => `${u.first_name} ${u.last_name}`.trim();
