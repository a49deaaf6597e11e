import { createHash, randomBytes } from 'node:crypto';
import { isEmail, LINK_TOKEN_PATTERN, normalizeEmail, RESET_LINK_TTL_MS, VERIFY_LINK_TTL_MS, type AccountSession } from '../../../contract/accounts.ts';
import { DomainError } from '../../../contract/errors.ts';
import { checkName } from '../../../contract/names.ts';
import { PROFILE_LIMITS } from '../../../contract/visitors.ts';
import type { Q, Tx } from '../../db/tx.ts';
import { deleteSessionsOf, deleteSocketPasses } from '../auth/repository.ts';
import type { Effect, SessionEnded } from '../effects.ts';
import { visitorDocIdsOf } from '../visitors/service.ts';
import {
  accountById,
  deleteLinkTokens,
  deleteSessions,
  deleteSocketPassesOfSessions,
  emailTaken,
  insertAccount,
  liveAccountByEmail,
  markVerified,
  replaceLinkToken,
  sessionsOf,
  setEmail,
  setPasswordHash,
  takeLinkToken,
  type LinkPurpose,
} from './repository.ts';
import { newPasswordProblem } from './passwords.ts';
import { recordReferral } from '../referrals/service.ts';

/**
 * Self-service accounts (issue 15). The rules:
 *
 * - Bad input is refused before anything changes, with the field it concerns (the envelope's
 *   `message`): invalid_email, invalid_name, password_too_short, password_too_long, password_common.
 * - Nothing answers differently for an address that has an account and one that has none. A
 *   sign-up for a taken address answers like any other and mails the owner instead; a reset for an
 *   unknown address answers like any other and mails nobody; an email change to a taken address
 *   answers like any other and mails that address's owner. docs/DESIGN.md "Signing up" says what
 *   can still be learnt and why.
 * - A link from an email is 256 random bits kept only as its SHA-256, works once and until it
 *   expires, and only for the purpose and address it was sent for. A newer link of the same
 *   purpose replaces the older one.
 * - A password reset ends every session of the account; a password change every other one.
 */

function digest(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

const TOKEN_RE = new RegExp(LINK_TOKEN_PATTERN);

function field(code: 'invalid_email' | 'invalid_name' | 'password_too_short' | 'password_too_long' | 'password_common', name: string): never {
  throw new DomainError(code, name);
}

export function checkEmail(raw: string, name = 'email'): string {
  if (!isEmail(raw)) field('invalid_email', name);
  return normalizeEmail(raw);
}

export function checkNewPassword(password: string, name = 'password'): void {
  const problem = newPasswordProblem(password);
  if (problem) field(problem, name);
}

export interface SignUp {
  email: string;
  first_name: string;
  last_name: string;
}

/** The sign-up form's fields, checked and cleaned; throws the first field's error. */
export function checkSignUp(input: { email: string; password: string; first_name: string; last_name?: string }): SignUp {
  const email = checkEmail(input.email);
  const first = checkName(input.first_name, { required: true, max: PROFILE_LIMITS.name });
  if (!first.ok) throw new DomainError(first.code, 'first_name');
  const last = checkName(input.last_name ?? '', { required: false, max: PROFILE_LIMITS.name });
  if (!last.ok) throw new DomainError(last.code, 'last_name');
  checkNewPassword(input.password);
  return { email, first_name: first.value, last_name: last.value };
}

/** A new link: its token goes in the mail, its digest in the database. */
async function newLink(q: Q, userId: number, purpose: LinkPurpose, email: string, ttlMs: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await replaceLinkToken(q, { token_hash: digest(token), user_id: userId, purpose, email, expires_at: new Date(now.getTime() + ttlMs) });
  return token;
}

/** Whom to mail, in which language, and the link's token (or none for the "you already have one" mail). */
export interface MailOrder {
  kind: 'verify' | 'exists' | 'reset' | 'email_change' | 'email_changed';
  to: string;
  name: string;
  locale: string;
  token?: string;
  /** For email_changed: the new address. */
  newEmail?: string;
}

const nameOf = (u: { first_name: string; last_name: string }) => `${u.first_name} ${u.last_name}`.trim();

/**
 * Creates the account, unverified, with a verification link; or, when the address is taken,
 * creates nothing and orders the "you already have an account" mail. The password was hashed
 * before (argon2 must not run while the write runner holds the change-feed lock).
 */
export async function signUp(
  trx: Tx,
  input: SignUp & { passwordHash: string; locale: string; referral?: { code: string; eventId: number } },
  now = new Date(),
): Promise<{ effect: Effect; mail: MailOrder }> {
  const existing = await liveAccountByEmail(trx, input.email);
  if (existing || (await emailTaken(trx, input.email))) {
    // A removed account's address stays taken (the unique index holds it); its owner gets no mail.
    const mail: MailOrder = existing
      ? { kind: 'exists', to: input.email, name: nameOf(existing), locale: existing.locale || input.locale }
      : { kind: 'exists', to: '', name: '', locale: input.locale };
    return { effect: { ids: [], collections: [], userIds: [] }, mail };
  }
  // No race with another sign-up of the address: every write transaction holds the change-feed
  // lock (db/tx.ts), so the check above and this insert see one order of events.
  const userId = await insertAccount(trx, {
    email: input.email,
    password_hash: input.passwordHash,
    first_name: input.first_name,
    last_name: input.last_name,
    locale: input.locale,
  });
  const token = await newLink(trx, userId, 'verify', input.email, VERIFY_LINK_TTL_MS, now);
  // Whom to thank for the new account (issue 16); a stale or foreign link changes nothing.
  if (input.referral) await recordReferral(trx, { ...input.referral, userId, via: 'signup', at: now });
  // A new account takes part in no event yet, so no device holds anything of it.
  return {
    effect: { ids: [], collections: [], userIds: [userId] },
    mail: { kind: 'verify', to: input.email, name: nameOf(input), locale: input.locale, token },
  };
}

/** A fresh verification link for a signed-in, unverified account; null when there is nothing to verify. */
export async function resendVerification(trx: Tx, userId: number, locale: string, now = new Date()): Promise<{ effect: Effect; mail: MailOrder | null }> {
  const user = await accountById(trx, userId);
  if (!user || user.deleted || user.disabled || user.email_verified) return { effect: { ids: [], collections: [], userIds: [] }, mail: null };
  const token = await newLink(trx, userId, 'verify', normalizeEmail(user.email), VERIFY_LINK_TTL_MS, now);
  return {
    effect: { ids: [], collections: [], userIds: [] },
    mail: { kind: 'verify', to: user.email, name: nameOf(user), locale: user.locale || locale, token },
  };
}

/**
 * Takes a link of one of these purposes, refused (link_invalid) when unknown, of another purpose,
 * expired, or sent to an address the account no longer has. The refusal rolls the transaction
 * back, so only a use that succeeds spends the link.
 */
async function takeLink(trx: Tx, token: string, purposes: LinkPurpose[], now: Date) {
  if (!TOKEN_RE.test(token)) throw new DomainError('link_invalid', 'token');
  const link = await takeLinkToken(trx, digest(token));
  if (!link || !purposes.includes(link.purpose) || link.expires_at <= now) throw new DomainError('link_invalid', 'token');
  const user = await accountById(trx, link.user_id);
  if (!user || user.deleted || user.disabled) throw new DomainError('link_invalid', 'token');
  return { link, user };
}

/**
 * Opens a verification link: a sign-up's (the account's address is verified) or an email
 * change's (the account's address becomes the new one, verified, and the old one is told).
 */
export async function openVerifyLink(trx: Tx, token: string, now = new Date()): Promise<{ effect: Effect; userId: number; mail: MailOrder | null }> {
  const { link, user } = await takeLink(trx, token, ['verify', 'email'], now);
  let mail: MailOrder | null = null;
  if (link.purpose === 'verify') {
    if (normalizeEmail(user.email) !== link.email) throw new DomainError('link_invalid', 'token');
    await markVerified(trx, user.id);
  } else {
    if (normalizeEmail(user.email) !== link.email) {
      // Taken meanwhile by another account (a sign-up after the change was asked for).
      if (await emailTaken(trx, link.email)) throw new DomainError('link_invalid', 'token');
      await setEmail(trx, user.id, link.email);
      mail = { kind: 'email_changed', to: user.email, name: nameOf(user), locale: user.locale, newEmail: link.email };
    } else {
      await markVerified(trx, user.id);
    }
  }
  // The person's own visitor documents carry their email.
  return {
    effect: { ids: await visitorDocIdsOf(trx, user.id), collections: ['visitors'], userIds: [user.id], accountsChanged: [user.id] },
    userId: user.id,
    mail,
  };
}

/** A reset link for the address's account, or nothing for an address without one. */
export async function forgotPassword(trx: Tx, email: string, locale: string, now = new Date()): Promise<{ effect: Effect; mail: MailOrder | null }> {
  const user = await liveAccountByEmail(trx, email);
  const effect: Effect = { ids: [], collections: [], userIds: [] };
  if (!user || user.disabled) return { effect, mail: null };
  const token = await newLink(trx, user.id, 'reset', email, RESET_LINK_TTL_MS, now);
  return { effect, mail: { kind: 'reset', to: user.email, name: nameOf(user), locale: user.locale || locale, token } };
}

/**
 * Opens a reset link with the new password (hashed before): every session of the account ends on
 * every instance, and the address is verified, since the link proved the mailbox.
 */
export async function resetPassword(trx: Tx, token: string, passwordHash: string, now = new Date()): Promise<{ effect: Effect; userId: number }> {
  const { link, user } = await takeLink(trx, token, ['reset'], now);
  if (normalizeEmail(user.email) !== link.email) throw new DomainError('link_invalid', 'token');
  await setPasswordHash(trx, user.id, passwordHash);
  await markVerified(trx, user.id);
  await deleteSessionsOf(trx, user.id);
  await deleteSocketPasses(trx, user.id);
  await deleteLinkTokens(trx, user.id, 'reset');
  return { effect: { ids: [], collections: [], userIds: [user.id], sessionsEnded: [{ userId: user.id }] }, userId: user.id };
}

/** Ends sessions of the user: one by its id, or every one but `keep` (the asking session's digest). */
export async function endSessions(trx: Tx, userId: number, which: { id?: number; keep?: Uint8Array }): Promise<Effect> {
  const ended = await deleteSessions(trx, userId, which);
  await deleteSocketPassesOfSessions(trx, userId, ended);
  const sessionsEnded: SessionEnded[] = ended.map((h) => ({ userId, session: Buffer.from(h).toString('hex') }));
  return { ids: [], collections: [], userIds: [userId], sessionsEnded };
}

/** A new password (hashed before, the current one checked before); every other session ends. */
export async function changePassword(trx: Tx, userId: number, keep: Uint8Array, passwordHash: string): Promise<Effect> {
  await setPasswordHash(trx, userId, passwordHash);
  await deleteLinkTokens(trx, userId, 'reset');
  return endSessions(trx, userId, { keep });
}

/** A link to the new address; when the address is taken, the "you already have an account" mail to it instead. */
export async function requestEmailChange(
  trx: Tx,
  userId: number,
  email: string,
  locale: string,
  now = new Date(),
): Promise<{ effect: Effect; mail: MailOrder | null }> {
  const user = await accountById(trx, userId);
  const effect: Effect = { ids: [], collections: [], userIds: [] };
  if (!user) return { effect, mail: null };
  if (normalizeEmail(user.email) === email) return { effect, mail: null };
  const owner = await liveAccountByEmail(trx, email);
  if (owner) return { effect, mail: { kind: 'exists', to: email, name: nameOf(owner), locale: owner.locale || locale } };
  if (await emailTaken(trx, email)) return { effect, mail: null };
  const token = await newLink(trx, userId, 'email', email, VERIFY_LINK_TTL_MS, now);
  return { effect, mail: { kind: 'email_change', to: email, name: nameOf(user), locale: user.locale || locale, token } };
}

/** The devices list: every live session of the user, the asking one marked. */
export async function listSessions(q: Q, userId: number, current: Uint8Array, now = new Date()): Promise<AccountSession[]> {
  const rows = await sessionsOf(q, userId, now);
  return rows.map((r) => ({
    id: r.id,
    user_agent: r.user_agent,
    created_at: r.created_at.toISOString(),
    current: Buffer.from(r.token_hash).equals(Buffer.from(current)),
  }));
}
