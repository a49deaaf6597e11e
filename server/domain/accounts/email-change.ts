import { EMAIL_UNDO_TTL_MS, normalizeEmail, RESET_LINK_TTL_MS, VERIFY_LINK_TTL_MS } from '../../../contract/accounts.ts';
import { DomainError } from '../../../contract/errors.ts';
import type { Tx } from '../../db/tx.ts';
import { deleteSessionsOf, deleteSocketPasses } from '../auth/repository.ts';
import type { Effect, SessionEnded } from '../effects.ts';
import { visitorDocIdsOf } from '../visitors/service.ts';
import { nameOf, newLink, takeLink, type MailOrder } from './links.ts';
import { withAccountMail } from './mail.ts';
import {
  accountById,
  deleteLinksSince,
  deleteSessionsExcept,
  deleteSocketPassesOfSessions,
  emailTaken,
  liveAccountByEmail,
  markVerified,
  setEmail,
  undoHolder,
} from './repository.ts';

/**
 * Changing the sign-in address, and undoing it from the old one (issue 26, finding 11), as Google
 * and GitHub do:
 *
 * - The change is asked for with the password and completes when the link mailed to the new
 *   address is opened. Then every other session of the account ends; the one that asked and the
 *   one that opened the link (when it is the account's) stay.
 * - The old address gets the news with an undo link, valid EMAIL_UNDO_TTL_MS. Opening it gives the
 *   account that address back (verified: the mail proved it), ends every session, spends every
 *   other link (a change still waiting, a reset sent to the new address) and lets the owner choose
 *   a new password at once: whoever made the change may know the old one.
 * - Each change sends its own undo link; a newer change does not void an older one. Using one voids
 *   the links made after it but not those before, so after a hijacker changed the address twice,
 *   the original owner's link still works, and is the one that wins. While an undo link lives its
 *   address stays reserved for that account: nobody else can sign up with it or move to it (else a
 *   hijacker could take the address and block the undo).
 */

/** A link to the new address; when the address is taken, the "you already have an account" mail to it instead. */
export async function requestEmailChange(
  trx: Tx,
  userId: number,
  email: string,
  locale: string,
  askedBy: Uint8Array | null,
  now = new Date(),
): Promise<{ effect: Effect; mail: MailOrder | null }> {
  const user = await accountById(trx, userId);
  const effect: Effect = { ids: [], collections: [], userIds: [] };
  if (!user) return { effect, mail: null };
  if (normalizeEmail(user.email) === email) return { effect, mail: null };
  const owner = await liveAccountByEmail(trx, email);
  if (owner) return withAccountMail({ effect, mail: { kind: 'exists', to: email, name: nameOf(owner), locale: owner.locale || locale } });
  if ((await emailTaken(trx, email)) || (await undoHolder(trx, email, userId, now)) !== undefined) return { effect, mail: null };
  const token = await newLink(trx, userId, 'email', email, VERIFY_LINK_TTL_MS, now, askedBy);
  return withAccountMail({ effect, mail: { kind: 'email_change', to: email, name: nameOf(user), locale: user.locale || locale, token } });
}

type Account = NonNullable<Awaited<ReturnType<typeof accountById>>>;

/**
 * The new address's link was opened: the account takes it, the old address is sent its undo link,
 * and every session ends but the one that asked and the opener's (a session of this account).
 */
export async function completeEmailChange(
  trx: Tx,
  user: Account,
  link: { email: string; session_hash: Uint8Array | null },
  opener: { userId: number; session: Uint8Array } | null,
  now: Date,
): Promise<{ mail: MailOrder; sessionsEnded: SessionEnded[] }> {
  // Taken meanwhile by another account (a sign-up after the change was asked for), or held for another's undo.
  if ((await emailTaken(trx, link.email)) || (await undoHolder(trx, link.email, user.id, now)) !== undefined) {
    throw new DomainError('link_invalid', 'token');
  }
  const old = normalizeEmail(user.email);
  await setEmail(trx, user.id, link.email);
  const undo = await newLink(trx, user.id, 'email_undo', old, EMAIL_UNDO_TTL_MS, now);
  const keep = [link.session_hash, opener?.userId === user.id ? opener.session : null].filter((h): h is Uint8Array => h !== null);
  const ended = await deleteSessionsExcept(trx, user.id, keep);
  await deleteSocketPassesOfSessions(trx, user.id, ended);
  return {
    mail: { kind: 'email_changed', to: user.email, name: nameOf(user), locale: user.locale, token: undo, newEmail: link.email },
    sessionsEnded: ended.map((h) => ({ userId: user.id, session: Buffer.from(h).toString('hex') })),
  };
}

/** Opens an undo link; answers the address given back and a reset token for the new password. */
export async function undoEmailChange(
  trx: Tx,
  token: string,
  now = new Date(),
): Promise<{ effect: Effect; userId: number; email: string; resetToken: string }> {
  const { link, user } = await takeLink(trx, token, ['email_undo'], now);
  if (normalizeEmail(user.email) !== link.email) {
    // The reservation keeps the address free; should another account hold it anyway, nothing changes.
    if (await emailTaken(trx, link.email)) throw new DomainError('link_invalid', 'token');
    await setEmail(trx, user.id, link.email);
  } else {
    await markVerified(trx, user.id);
  }
  await deleteLinksSince(trx, user.id, link.created_at);
  await deleteSessionsOf(trx, user.id);
  await deleteSocketPasses(trx, user.id);
  const resetToken = await newLink(trx, user.id, 'reset', link.email, RESET_LINK_TTL_MS, now);
  return {
    effect: {
      ids: await visitorDocIdsOf(trx, user.id),
      collections: ['visitors'],
      userIds: [user.id],
      accountsChanged: [user.id],
      sessionsEnded: [{ userId: user.id }],
    },
    userId: user.id,
    email: link.email,
    resetToken,
  };
}
