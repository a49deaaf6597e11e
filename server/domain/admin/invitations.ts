import { createHash, randomBytes } from 'node:crypto';
import { isEmail, LINK_TOKEN_PATTERN, normalizeEmail } from '../../../contract/accounts.ts';
import { INVITATION_TTL_MS, type InvitationAccepted, type InvitationPreview, type InvitationRole } from '../../../contract/admin-people.ts';
import { DomainError } from '../../../contract/errors.ts';
import type { Q, Tx } from '../../db/tx.ts';
import { accountById, liveAccountByEmail, markVerified } from '../accounts/repository.ts';
import { addDoorStaff } from '../checkin/repository.ts';
import { upsertMember } from '../companies/admin-repository.ts';
import { mailLocale } from '../../mail/texts.ts';
import { withJobs, type Effect } from '../effects.ts';
import { findUserEvent, recountPeople, touchUserEvent } from '../events/repository.ts';
import { mailInvitation, type Invitation } from './people-mail.ts';
import { insertInvitation, knownToEvent, openInvitation, takeInvitation, takeInvitationsOf } from './people-repository.ts';
import { setTeamFlag, touchEvent } from './repository.ts';

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

interface Taken {
  event_id: number;
  role: string;
  invited_by: number;
  stand_id: number | null;
  position: string;
  is_manager: boolean;
}

/** Gives the role of an accepted invitation. A stand removed since gives nothing. */
async function grant(trx: Tx, userId: number, i: Taken): Promise<void> {
  const role = i.role as InvitationRole;
  if (role === 'attendee') {
    const was = (await findUserEvent(trx, i.event_id, userId))?.checked_in === true;
    await touchUserEvent(trx, i.event_id, userId, { checked_in: true, checked_in_at: new Date() });
    if (!was) await recountPeople(trx, [i.event_id]);
    return;
  }
  if (role === 'stand') {
    if (i.stand_id !== null) await upsertMember(trx, i.stand_id, userId, i.position, i.is_manager);
    return;
  }
  // The sender's right was checked when the invitation was made; it is honoured as made.
  if (role === 'door') await addDoorStaff(trx, i.event_id, userId, i.invited_by);
  else await setTeamFlag(trx, i.event_id, userId, role, true);
  await touchEvent(trx, i.event_id);
}

/** What devices must pull once invitations are taken: the events (a draft an organiser now sees), my_events, stands. */
function grantedEffect(userId: number, taken: Taken[]): Effect {
  const eventIds = [...new Set(taken.map((i) => i.event_id))];
  const stands = taken.some((i) => i.role === 'stand');
  return {
    ids: eventIds.map(String),
    collections: ['events', 'my_events', 'visitors', ...(stands ? ['companies'] : [])],
    userIds: [...new Set([userId, ...taken.map((i) => i.invited_by)])],
    eventIds,
  };
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
 * A signed-in person follows an invitation's link. It counts only for the account of the address
 * it was sent to, and following it proves that mailbox, so an account not yet confirmed is now.
 */
export async function acceptByLink(trx: Tx, token: string, userId: number, now = new Date()): Promise<{ effect: Effect; accepted: InvitationAccepted }> {
  const preview = await previewInvitation(trx, token, now);
  const account = await accountById(trx, userId);
  if (!account || account.deleted || account.disabled) throw new DomainError('auth_required');
  if (normalizeEmail(account.email) !== preview.email) throw new DomainError('invitation_other_account');
  const taken = await takeInvitation(trx, digest(token), preview.email, userId, now);
  if (!taken) throw new DomainError('link_invalid');
  if (!account.email_verified) await markVerified(trx, userId);
  await grant(trx, userId, taken);
  return {
    effect: { ...grantedEffect(userId, [taken]), accountsChanged: account.email_verified ? undefined : [userId] },
    accepted: { event_id: taken.event_id, role: taken.role as InvitationRole, stand_id: taken.stand_id ?? 0 },
  };
}

/**
 * The sign-up of an invited person (server/routes/auth/accounts.ts): the link's token names the
 * invitation. It counts only for the address it was sent to; taking it proves that mailbox, so
 * the new account is verified, and the address's other open invitations are given with it.
 * Answers false (and the sign-up goes on as any other, with its verification mail) when the token
 * names no open invitation for that address.
 */
export async function acceptAtSignUp(trx: Tx, token: string, userId: number, email: string, now = new Date()): Promise<{ accepted: boolean; effect: Effect }> {
  const none = { accepted: false, effect: { ids: [], collections: [], userIds: [] } };
  if (!isToken(token)) return none;
  const taken = await takeInvitation(trx, digest(token), normalizeEmail(email), userId, now);
  if (!taken) return none;
  await markVerified(trx, userId);
  const all = [taken, ...(await takeInvitationsOf(trx, taken.email, userId, now))];
  for (const i of all) await grant(trx, userId, i);
  return { accepted: true, effect: grantedEffect(userId, all) };
}

/**
 * An address confirmed later (signed up without the link): its open invitations were mailed to
 * the mailbox just proved, and are given now. Answers the events they were for.
 */
export async function acceptInvitationsOf(trx: Tx, email: string, userId: number, now = new Date()): Promise<number[]> {
  const taken = await takeInvitationsOf(trx, normalizeEmail(email), userId, now);
  for (const i of taken) await grant(trx, userId, i);
  return [...new Set(taken.map((i) => i.event_id))];
}
