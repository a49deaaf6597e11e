import { normalizeEmail } from '../../../contract/accounts.ts';
import type { InvitationAccepted, InvitationRole } from '../../../contract/admin-people.ts';
import { DomainError } from '../../../contract/errors.ts';
import type { Tx } from '../../db/tx.ts';
import { accountById, markVerified } from '../accounts/repository.ts';
import { addDoorStaff } from '../checkin/repository.ts';
import { upsertMember } from '../companies/admin-repository.ts';
import type { Effect } from '../effects.ts';
import { findUserEvent, recountPeople, touchUserEvent } from '../events/repository.ts';
import { previewInvitation, takeAllOf, takeByLink } from '../organisers/invitations.ts';
import { setTeamRole } from '../organisers/service.ts';

/**
 * Following an invitation's link (organisers/invitations.ts sends them): the invitation is taken
 * and its role given. Giving a role reaches every area a role lives in (the door, the stands, the
 * team), so this stands above them, while sending an invitation stands below.
 */

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
  await setTeamRole(trx, i.event_id, userId, role, true);
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

/**
 * A signed-in person follows an invitation's link. It counts only for the account of the address
 * it was sent to, and following it proves that mailbox, so an account not yet confirmed is now.
 */
export async function acceptByLink(trx: Tx, token: string, userId: number, now = new Date()): Promise<{ effect: Effect; accepted: InvitationAccepted }> {
  const preview = await previewInvitation(trx, token, now);
  const account = await accountById(trx, userId);
  if (!account || account.deleted || account.disabled) throw new DomainError('auth_required');
  if (normalizeEmail(account.email) !== preview.email) throw new DomainError('invitation_other_account');
  const taken = await takeByLink(trx, token, preview.email, userId, now);
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
  const taken = await takeByLink(trx, token, normalizeEmail(email), userId, now);
  if (!taken) return none;
  await markVerified(trx, userId);
  const all = [taken, ...(await takeAllOf(trx, taken.email, userId, now))];
  for (const i of all) await grant(trx, userId, i);
  return { accepted: true, effect: grantedEffect(userId, all) };
}

/**
 * An address confirmed later (signed up without the link): its open invitations were mailed to
 * the mailbox just proved, and are given now. Answers the events they were for.
 */
export async function acceptInvitationsOf(trx: Tx, email: string, userId: number, now = new Date()): Promise<number[]> {
  const taken = await takeAllOf(trx, email, userId, now);
  for (const i of taken) await grant(trx, userId, i);
  return [...new Set(taken.map((i) => i.event_id))];
}
