import { sql } from 'kysely';
import type { InvitationRole } from '../../../contract/admin-people.ts';
import type { Q, Tx } from '../../db/tx.ts';
import { onlyRow } from '../../db/rows.ts';

/** SQL of invitations by email (invitations.ts) and of who the organisers already see at an event. */

export interface InvitationRow {
  token_hash: Buffer;
  event_id: number;
  email: string;
  role: InvitationRole;
  invited_by: number;
  expires_at: Date;
  stand_id: number | null;
  position: string;
  is_manager: boolean;
}

/** A new pending invitation, replacing an earlier one for the same address and role (and stand). */
export async function insertInvitation(trx: Tx, row: InvitationRow): Promise<void> {
  let earlier = trx
    .deleteFrom('event_invitations')
    .where('event_id', '=', row.event_id)
    .where('email', '=', row.email)
    .where('role', '=', row.role)
    .where('accepted_at', 'is', null);
  earlier = row.stand_id === null ? earlier.where('stand_id', 'is', null) : earlier.where('stand_id', '=', row.stand_id);
  await earlier.execute();
  await trx.insertInto('event_invitations').values(row).execute();
}

/** Withdraws the pending invitations of an address; only the roles named, when they are. */
export async function deleteInvitations(trx: Tx, eventId: number, email: string, roles?: InvitationRole[]): Promise<void> {
  let query = trx.deleteFrom('event_invitations').where('event_id', '=', eventId).where('email', '=', email).where('accepted_at', 'is', null);
  if (roles) query = query.where('role', 'in', roles);
  await query.execute();
}

const TAKEN = ['event_id', 'email', 'role', 'invited_by', 'stand_id', 'position', 'is_manager'] as const;

/** The open invitation a link's token names, with what its page shows; undefined when none is open. */
export async function openInvitation(q: Q, tokenHash: Buffer, now: Date) {
  return q
    .selectFrom('event_invitations as i')
    .innerJoin('events as e', 'e.id', 'i.event_id')
    .leftJoin('companies as c', 'c.id', 'i.stand_id')
    .select(['i.event_id', 'i.email', 'i.role', 'i.stand_id', 'e.name as event_name', 'e.deleted as event_deleted', 'c.name as stand_name'])
    .where('i.token_hash', '=', tokenHash)
    .where('i.accepted_at', 'is', null)
    .where('i.expires_at', '>', now)
    .executeTakeFirst();
}

/**
 * The pending invitation a link's token names, taken (accepted) by the user; undefined when none is
 * open for that address, which leaves it untouched.
 */
export async function takeInvitation(trx: Tx, tokenHash: Buffer, email: string, userId: number, now: Date) {
  return takeOpenInvitations(trx, email, userId, now).where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Every open invitation of an address, taken by the user who now has it. */
export async function takeInvitationsOf(trx: Tx, email: string, userId: number, now: Date) {
  return takeOpenInvitations(trx, email, userId, now).execute();
}

/** Open means not yet accepted and not expired: one link and every link of an address are taken alike. */
function takeOpenInvitations(trx: Tx, email: string, userId: number, now: Date) {
  return trx
    .updateTable('event_invitations')
    .set({ accepted_by: userId, accepted_at: now })
    .where('email', '=', email)
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(TAKEN);
}

/**
 * Whether the organisers already see this person among the event's people: registered, holding a
 * ticket, on its team, at its door or on one of its stands. A role given by user id goes only to
 * them, so an id typed at random does not show a stranger's name and email in the team list.
 */
export async function knownToEvent(q: Q, eventId: number, userId: number): Promise<boolean> {
  const r = await sql<{ known: boolean }>`
    SELECT (
      EXISTS (SELECT 1 FROM user_events WHERE event_id = ${eventId} AND user_id = ${userId} AND NOT deleted AND (checked_in OR is_owner OR is_moderator))
      OR EXISTS (SELECT 1 FROM tickets WHERE event_id = ${eventId} AND user_id = ${userId} AND NOT deleted)
      OR EXISTS (SELECT 1 FROM door_staff WHERE event_id = ${eventId} AND user_id = ${userId})
      OR EXISTS (SELECT 1 FROM stand_members m JOIN companies c ON c.id = m.company_id WHERE c.event_id = ${eventId} AND m.user_id = ${userId})
    ) AS known`.execute(q);
  return onlyRow(r, 'known to event').known === true;
}
