import { isEmail, normalizeEmail, RESET_LINK_TTL_MS, VERIFY_LINK_TTL_MS, type AccountSession } from '../../../contract/accounts.ts';
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
  sessionsOf,
  setPasswordHash,
  undoHolder,
} from './repository.ts';
import { newPasswordProblem } from './passwords.ts';
import { completeEmailChange } from './email-change.ts';
import { newLink, takeLink, nameOf, type MailOrder } from './links.ts';
import { withAccountMail } from './mail.ts';
import { recordReferral } from '../referrals/service.ts';

export type { MailOrder } from './links.ts';
export { requestEmailChange, undoEmailChange } from './email-change.ts';

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
 *   purpose replaces the older one (but undo links: email-change.ts).
 * - A password reset ends every session of the account; a password change and a completed email
 *   change every other one; undoing an email change every one.
 */

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
  // An address an undo link may still give back (email-change.ts) counts as taken.
  if (existing || (await emailTaken(trx, input.email)) || (await undoHolder(trx, input.email, null, now)) !== undefined) {
    // A removed account's address stays taken (the unique index holds it); its owner gets no mail.
    const mail: MailOrder = existing
      ? { kind: 'exists', to: input.email, name: nameOf(existing), locale: existing.locale || input.locale }
      : { kind: 'exists', to: '', name: '', locale: input.locale };
    return withAccountMail({ effect: { ids: [], collections: [], userIds: [] }, mail });
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
  return withAccountMail({
    effect: { ids: [], collections: [], userIds: [userId] },
    mail: { kind: 'verify', to: input.email, name: nameOf(input), locale: input.locale, token },
  });
}

/** A fresh verification link for a signed-in, unverified account; null when there is nothing to verify. */
export async function resendVerification(trx: Tx, userId: number, locale: string, now = new Date()): Promise<{ effect: Effect; mail: MailOrder | null }> {
  const user = await accountById(trx, userId);
  if (!user || user.deleted || user.disabled || user.email_verified) return { effect: { ids: [], collections: [], userIds: [] }, mail: null };
  const token = await newLink(trx, userId, 'verify', normalizeEmail(user.email), VERIFY_LINK_TTL_MS, now);
  return withAccountMail({
    effect: { ids: [], collections: [], userIds: [] },
    mail: { kind: 'verify', to: user.email, name: nameOf(user), locale: user.locale || locale, token },
  });
}

/**
 * Opens a verification link: a sign-up's (the account's address is verified) or an email
 * change's (the account's address becomes the new one, verified, and the old one gets its undo
 * link; email-change.ts). `opener` is the session of the browser that opened it, if any.
 */
export async function openVerifyLink(
  trx: Tx,
  token: string,
  opener: { userId: number; session: Uint8Array } | null = null,
  now = new Date(),
): Promise<{ effect: Effect; userId: number; mail: MailOrder | null }> {
  const { link, user } = await takeLink(trx, token, ['verify', 'email'], now);
  // The person's own visitor documents carry their email.
  const effect: Effect = { ids: await visitorDocIdsOf(trx, user.id), collections: ['visitors'], userIds: [user.id], accountsChanged: [user.id] };
  if (link.purpose === 'email' && normalizeEmail(user.email) !== link.email) {
    const changed = await completeEmailChange(trx, user, link, opener, now);
    return withAccountMail({ effect: { ...effect, sessionsEnded: changed.sessionsEnded }, userId: user.id, mail: changed.mail });
  }
  if (normalizeEmail(user.email) !== link.email) throw new DomainError('link_invalid', 'token');
  await markVerified(trx, user.id);
  return { effect, userId: user.id, mail: null };
}

/** A reset link for the address's account, or nothing for an address without one. */
export async function forgotPassword(trx: Tx, email: string, locale: string, now = new Date()): Promise<{ effect: Effect; mail: MailOrder | null }> {
  const user = await liveAccountByEmail(trx, email);
  const effect: Effect = { ids: [], collections: [], userIds: [] };
  if (!user || user.disabled) return { effect, mail: null };
  const token = await newLink(trx, user.id, 'reset', email, RESET_LINK_TTL_MS, now);
  return withAccountMail({ effect, mail: { kind: 'reset', to: user.email, name: nameOf(user), locale: user.locale || locale, token } });
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
