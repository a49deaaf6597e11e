import type { AdminOverview, AdminPeople, PeopleInvitePayload } from '../../../contract/admin-people.ts';
import type { Q, Tx } from '../../db/tx.ts';
import type { Effect } from '../effects.ts';
import { eventSales } from '../orders/report.ts';
import { inviteByEmail, withdrawInvitations, type InvitationBudget } from '../organisers/invitations.ts';
import type { Invitation } from '../organisers/invitation-mail.ts';
import { eventOverview, eventPeople, pendingInvitations } from './people-repository.ts';
import { requireOrganiser } from '../organisers/service.ts';

/**
 * The organisers' People and Overview (issue 14, slice 6). The lists and numbers are reads for the
 * event's organisers only; an invitation is a command. Every invitation is a link mailed to the
 * address (invitations.ts): its owner accepts it signed in, or signs up through it. An attendee is
 * then registered for the event, as the specs' check-in does; a team role is given as event.role
 * gives it.
 */

export async function peopleOf(q: Q, userId: number, eventId: number, now = new Date()): Promise<AdminPeople> {
  await requireOrganiser(q, eventId, userId);
  return { people: await eventPeople(q, eventId), invitations: await pendingInvitations(q, eventId, now) };
}

export async function overviewOf(q: Q, userId: number, eventId: number, now = new Date()): Promise<AdminOverview> {
  const event = await requireOrganiser(q, eventId, userId);
  const [overview, sales] = await Promise.all([eventOverview(q, eventId, event.fields.timezone, now), eventSales(q, eventId, event.fields.timezone)]);
  return { ...overview, sales };
}

/**
 * The People page's invitation: an attendee, a co-organiser, a moderator or door staff, by email
 * (invitations.ts has the rules). Mailed after the commit.
 */
export async function invite(
  trx: Tx,
  userId: number,
  p: PeopleInvitePayload,
  budget?: InvitationBudget,
  now = new Date(),
): Promise<{ effect: Effect; mail: Invitation }> {
  const event = await requireOrganiser(trx, p.event_id, userId);
  return inviteByEmail(trx, userId, { eventId: p.event_id, eventName: event.fields.name, email: p.email, role: p.role }, budget, now);
}

export async function uninvite(trx: Tx, userId: number, p: { event_id: number; email: string }): Promise<Effect> {
  await requireOrganiser(trx, p.event_id, userId);
  await withdrawInvitations(trx, p.event_id, p.email);
  return { ids: [String(p.event_id)], collections: [], userIds: [userId] };
}
