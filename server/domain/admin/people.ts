import { createHash, randomBytes } from 'node:crypto';
import { isEmail, normalizeEmail } from '../../../contract/accounts.ts';
import { INVITATION_TTL_MS, type AdminOverview, type AdminPeople, type InviteRole, type PeopleInvitePayload } from '../../../contract/admin-people.ts';
import { DomainError } from '../../../contract/errors.ts';
import type { Q, Tx } from '../../db/tx.ts';
import { markVerified } from '../accounts/repository.ts';
import { addDoorStaff } from '../checkin/repository.ts';
import type { Effect } from '../effects.ts';
import { bumpEventCounter, findUserEvent, touchUserEvent } from '../events/repository.ts';
import { accountByEmail } from '../profile/repository.ts';
import type { Invitation } from './people-mail.ts';
import { deleteInvitations, eventOverview, eventPeople, insertInvitation, pendingInvitations, takeInvitation, takeInvitationsOf } from './people-repository.ts';
import { setTeamFlag, touchEvent } from './repository.ts';
import { requireOrganiser } from './service.ts';

/**
 * The organisers' People and Overview (issue 14, slice 6). The lists and numbers are reads for the
 * event's organisers only; an invitation is a command. An address that has an account gets the
 * role at once (and a mail saying so); one that has none gets a link that signs the person up
 * through the accounts' own sign-up (server/routes/auth/accounts.ts), which gives the role as the
 * account is made. An attendee is registered for the event, as the specs' check-in does; a team
 * role is given as event.role gives it.
 */

const digest = (token: string) => createHash('sha256').update(token).digest();

export async function peopleOf(q: Q, userId: number, eventId: number, now = new Date()): Promise<AdminPeople> {
  await requireOrganiser(q, eventId, userId);
  return { people: await eventPeople(q, eventId), invitations: await pendingInvitations(q, eventId, now) };
}

export async function overviewOf(q: Q, userId: number, eventId: number, now = new Date()): Promise<AdminOverview> {
  const event = await requireOrganiser(q, eventId, userId);
  return eventOverview(q, eventId, event.fields.timezone, now);
}

/** Gives the role of an invitation to a user who has an account. */
async function grant(trx: Tx, eventId: number, invitedBy: number, userId: number, role: InviteRole): Promise<void> {
  if (role === 'attendee') {
    const was = (await findUserEvent(trx, eventId, userId))?.checked_in === true;
    await touchUserEvent(trx, eventId, userId, { checked_in: true, checked_in_at: new Date() });
    if (!was) await bumpEventCounter(trx, eventId, 'total_people', 1);
    return;
  }
  // The inviter's right was checked when the invitation was made; it is honoured as made.
  if (role === 'door') await addDoorStaff(trx, eventId, userId, invitedBy);
  else await setTeamFlag(trx, eventId, userId, role, true);
  await touchEvent(trx, eventId);
}

function inviteEffect(eventId: number, userIds: number[]): Effect {
  return { ids: [String(eventId)], collections: ['events', 'my_events', 'visitors'], userIds: [...new Set(userIds)], eventIds: [eventId] };
}

/**
 * Invites somebody by email. With an account, the role is theirs at once; without one, a link
 * (30 days) signs them up and gives it. Either way they are written to after the commit.
 */
export async function invite(trx: Tx, userId: number, p: PeopleInvitePayload, now = new Date()): Promise<{ effect: Effect; mail: Invitation }> {
  const event = await requireOrganiser(trx, p.event_id, userId);
  if (!isEmail(p.email)) throw new DomainError('invalid_email', 'email');
  const email = normalizeEmail(p.email);
  const account = await accountByEmail(trx, email, { live: true });
  const base = { event: event.fields.name, eventId: p.event_id, role: p.role, to: email };
  if (account && !account.disabled) {
    await grant(trx, p.event_id, userId, account.id, p.role);
    return { effect: inviteEffect(p.event_id, [userId, account.id]), mail: { ...base, token: null } };
  }
  if (account) throw new DomainError('user_not_found', 'email');
  const token = randomBytes(32).toString('base64url');
  await insertInvitation(trx, {
    token_hash: digest(token),
    event_id: p.event_id,
    email,
    role: p.role,
    invited_by: userId,
    expires_at: new Date(now.getTime() + INVITATION_TTL_MS),
  });
  return { effect: { ids: [String(p.event_id)], collections: [], userIds: [userId] }, mail: { ...base, token } };
}

export async function uninvite(trx: Tx, userId: number, p: { event_id: number; email: string }): Promise<Effect> {
  await requireOrganiser(trx, p.event_id, userId);
  await deleteInvitations(trx, p.event_id, normalizeEmail(p.email));
  return { ids: [String(p.event_id)], collections: [], userIds: [userId] };
}

/**
 * The sign-up of an invited person (server/routes/auth/accounts.ts): the link's token names the
 * invitation. It counts only for the address it was sent to; taking it proves that mailbox, so
 * the new account is verified. Answers false (and the sign-up goes on as any other, with its
 * verification mail) when the token names no open invitation for that address.
 */
export async function acceptInvitation(
  trx: Tx,
  token: string,
  userId: number,
  email: string,
  now = new Date(),
): Promise<{ accepted: boolean; effect: Effect }> {
  const none = { accepted: false, effect: { ids: [], collections: [], userIds: [] } };
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return none;
  const taken = await takeInvitation(trx, digest(token), normalizeEmail(email), userId, now);
  if (!taken) return none;
  await markVerified(trx, userId);
  const others = await takeInvitationsOf(trx, taken.email, userId, now);
  const all = [taken, ...others];
  for (const i of all) await grant(trx, i.event_id, i.invited_by, userId, i.role as InviteRole);
  return { accepted: true, effect: { ...inviteEffect(taken.event_id, [userId]), eventIds: [...new Set(all.map((i) => i.event_id))] } };
}

/** An address verified later (signed up without the link): its open invitations are given then. */
export async function acceptInvitationsOf(trx: Tx, email: string, userId: number, now = new Date()): Promise<number[]> {
  const taken = await takeInvitationsOf(trx, normalizeEmail(email), userId, now);
  for (const i of taken) await grant(trx, i.event_id, i.invited_by, userId, i.role as InviteRole);
  return [...new Set(taken.map((i) => i.event_id))];
}
