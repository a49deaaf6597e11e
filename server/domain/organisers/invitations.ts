import { createHash, randomBytes } from 'node:crypto';
import { isEmail, LINK_TOKEN_PATTERN, normalizeEmail } from '../../../contract/accounts.ts';
import { INVITATION_TTL_MS, type InvitationPreview, type InvitationRole } from '../../../contract/admin-people.ts';
import { DomainError } from '../../../contract/errors.ts';
import type { Q, Tx } from '../../db/tx.ts';
import { accountById, liveAccountByEmail } from '../accounts/repository.ts';
import { mailLocale } from '../../mail/texts.ts';
import { withJobs, type Effect } from '../effects.ts';
import { mailInvitation, type Invitation } from './invitation-mail.ts';
import { deleteInvitations, insertInvitation, knownToEvent, openInvitation, takeInvitation, takeInvitationsOf } from './invitation-repository.ts';

/**
 * Roles given by email (issue 26). Whoever an organiser names by email, with an account or not,
 * gets an invitation: a link mailed to that address, which gives the role once its owner follows
 * it. So
 *
 * - nothing is given to an address until its owner proves the mailbox (an account made with
 *   somebody else's address gets no door or organiser rights);
 * - the organiser's answer is the same for every address, and nobody's name or details show in the
 *   event's lists before they accept: an email typed in the team section tells nothing about who
 *   uses Foyer;
 * - only a sender whose own address is confirmed can make Foyer mail anybody, within budgets per
 *   sender, per event and per mailbox, and the subject carries no text the sender chose.
 *
 * The callers check the sender's right over the event or stand; this file records, spends the
 * budgets and gives the role when the link is followed.
 */

const digest = (token: string) => createHash('sha256').update(token).digest();

/** The invitation budgets (server/limits/invitations.ts), passed in by the entry point. */
export interface InvitationBudget {
  /** Takes one from the sender's, the event's and the mailbox's budget; answers ms to wait when one is spent. */
  take(i: { senderId: number; eventId: number; email: string }): Promise<number | undefined>;
}

export interface InviteRequest {
  eventId: number;
  eventName: string;
  email: string;
  role: InvitationRole;
  /** A stand member's invitation: the stand and what to make the person on it. */
  stand?: { id: number; name: string; position: string; isManager: boolean };
}

/**
 * Records an invitation; its mail goes out after the commit as a job of the Effect (effects.ts), in
 * the invited person's language or else the sender's. The same answer for any address; an invalid
 * one is refused as the form's field.
 */
export async function inviteByEmail(
  trx: Tx,
  senderId: number,
  req: InviteRequest,
  budget: InvitationBudget | undefined,
  now = new Date(),
): Promise<{ effect: Effect; mail: Invitation }> {
  if (!isEmail(req.email)) throw new DomainError('invalid_email', 'email');
  const sender = await accountById(trx, senderId);
  if (!sender?.email_verified) throw new DomainError('email_unverified');
  const email = normalizeEmail(req.email);
  if (budget && (await budget.take({ senderId, eventId: req.eventId, email })) !== undefined) throw new DomainError('invitations_limited');
  const token = randomBytes(32).toString('base64url');
  await insertInvitation(trx, {
    token_hash: digest(token),
    event_id: req.eventId,
    email,
    role: req.role,
    invited_by: senderId,
    expires_at: new Date(now.getTime() + INVITATION_TTL_MS),
    stand_id: req.stand?.id ?? null,
    position: req.stand?.position ?? '',
    is_manager: req.stand?.isManager ?? false,
  });
  const from = `${sender.first_name} ${sender.last_name}`.trim();
  // Written in the invited person's language when the address has an account; the sender never sees which.
  const invited = await liveAccountByEmail(trx, email);
  const invitation: Invitation = {
    event: req.eventName,
    eventId: req.eventId,
    role: req.role,
    to: email,
    token,
    from,
    stand: req.stand?.name ?? '',
    locale: invited ? mailLocale(invited.locale) : undefined,
  };
  // Only the sender's People page changes; nobody else's device holds invitations.
  const effect = withJobs({ ids: [String(req.eventId)], collections: [], userIds: [senderId] }, async ({ mail, lang, log }) => {
    if (mail) await mailInvitation(mail, lang, invitation, log);
  });
  return { effect, mail: invitation };
}

/**
 * The person a role given by user id names (the People page's buttons): somebody the organisers
 * already see among the event's people, so an id typed at random shows no stranger's name or
 * email. Organiser, moderator and door rights go only to a confirmed address; an unconfirmed one is
 * invited by email instead, whose link confirms it.
 */
export async function rightsHolder(q: Q, eventId: number, userId: number, opts: { confirmed: boolean } = { confirmed: true }): Promise<number> {
  const account = await accountById(q, userId);
  if (!account || account.deleted || account.disabled || !(await knownToEvent(q, eventId, userId))) throw new DomainError('person_not_in_event');
  if (opts.confirmed && !account.email_verified) throw new DomainError('account_unverified');
  return account.id;
}

/** Withdraws an address's pending invitations to the event; only the roles named, when they are. */
export async function withdrawInvitations(trx: Tx, eventId: number, email: string, roles?: InvitationRole[]): Promise<void> {
  await deleteInvitations(trx, eventId, normalizeEmail(email), roles);
}

/**
 * Whether the organisers already see this person among the event's people, so that taking a role
 * from an id or an address nobody there has tells nothing and changes nothing.
 */
export async function isKnownToEvent(q: Q, eventId: number, userId: number): Promise<boolean> {
  return knownToEvent(q, eventId, userId);
}

/**
 * A speaker linked to a profile: somebody among the event's people, by id or by email. An address
 * of nobody there is refused like one nobody uses, so the programme form is no way to learn who
 * has an account or to put a stranger's name on a public page.
 */
export async function speakerTarget(q: Q, eventId: number, who: { user_id: number } | { email: string }): Promise<number> {
  if ('user_id' in who) return rightsHolder(q, eventId, who.user_id, { confirmed: false });
  const account = await liveAccountByEmail(q, normalizeEmail(who.email));
  if (!account || account.disabled) throw new DomainError('person_not_in_event');
  return rightsHolder(q, eventId, account.id, { confirmed: false });
}

const isToken = (token: string) => new RegExp(LINK_TOKEN_PATTERN).test(token);

/** The invitation a link names, for its page; link_invalid when it is unknown, used, expired or its event is gone. */
export async function previewInvitation(q: Q, token: string, now = new Date()): Promise<InvitationPreview> {
  const found = isToken(token) ? await openInvitation(q, digest(token), now) : undefined;
  if (!found || found.event_deleted) throw new DomainError('link_invalid');
  return {
    event_id: found.event_id,
    event_name: found.event_name,
    role: found.role as InvitationRole,
    email: found.email,
    stand_name: found.stand_name ?? '',
    stand_id: found.stand_id ?? 0,
  };
}

/**
 * Takes (accepts) the open invitation a link names for the address it was sent to; undefined when
 * the token names none, which leaves everything untouched. Giving the role is the caller's:
 * admin/invitation-links.ts knows every area a role lives in.
 */
export async function takeByLink(trx: Tx, token: string, email: string, userId: number, now: Date) {
  return isToken(token) ? takeInvitation(trx, digest(token), email, userId, now) : undefined;
}

/** Takes every open invitation of an address, now that its owner proved the mailbox. */
export async function takeAllOf(trx: Tx, email: string, userId: number, now: Date) {
  return takeInvitationsOf(trx, normalizeEmail(email), userId, now);
}
