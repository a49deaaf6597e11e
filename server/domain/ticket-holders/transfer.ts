import { normalizeEmail } from '../../../contract/accounts.ts';
import { DomainError } from '../../../contract/errors.ts';
import { checkTransfer, cleanTransferName, type TicketTransferPayload } from '../../../contract/self-service.ts';
import type { Tx } from '../../db/tx.ts';
import { eventDoorUsers, isTicketUsed } from '../checkin/service.ts';
import { withJobs, type Effect } from '../effects.ts';
import { ticketHoldersChanged } from '../events/service.ts';
import { freshTicketCode, lineFollowsTicket } from '../orders/lifecycle.ts';
import { transferMailJob } from './transfer-mail.ts';
import {
  accountOfEmail,
  holderOf,
  insertSuccessor,
  insertTransfer,
  linkSuccessor,
  lockTicketForTransfer,
  markClaimed,
  revokeTransferred,
  waitingTransfers,
  type TransferTicketRow,
} from './self-service-repository.ts';

/**
 * `ticket.transfer` (contract/self-service.ts): the holder gives a ticket to somebody else by email.
 *
 * The old ticket is revoked, never moved: it stays with its holder as cancelled and transferred, so
 * their devices say what happened, and its code stops working at every door that has pulled since.
 * The new holder gets a new ticket with a new code and signature. An address with a verified
 * account gets it at once; any other waits in `ticket_transfers` until an account proves that
 * mailbox (claimTransfersOf), so a ticket never lands in an account somebody made with another
 * person's address. The place stays taken throughout: the order line follows the ticket.
 *
 * Races: the ticket's row is locked first, so two devices of the holder giving it to two people at
 * once are judged one after the other and the second gets `ticket_transferred`; the unique
 * `from_ticket` refuses a second transfer whatever path tries it.
 */

function refusal(t: TransferTicketRow | undefined, userId: number, now: Date): DomainError | null {
  if (!t || t.deleted || t.event_deleted || t.user_id !== userId) return new DomainError('ticket_not_found', 'ticket_id');
  if (t.transferred_at) return new DomainError('ticket_transferred', 'ticket_id');
  if (t.status !== 'valid' || t.invalid || t.registration) return new DomainError('ticket_not_transferable', 'ticket_id');
  if (t.order_state !== null && t.order_state !== 'paid') return new DomainError('ticket_not_transferable', 'ticket_id');
  if (t.ends_at <= now) return new DomainError('ticket_self_service_closed', 'ticket_id');
  return null;
}

/** Who must hear of a transfer: both holders' devices and the event's door devices. */
async function transferEffect(trx: Tx, eventId: number, ticketIds: number[], userIds: number[]): Promise<Effect> {
  const doors = await eventDoorUsers(trx, eventId);
  return {
    ids: ticketIds.map(String),
    collections: ['tickets', 'my_events', 'door_tickets', 'visitors'],
    userIds: [...new Set([...userIds, ...doors])],
    eventIds: [eventId],
  };
}

/** Issues the new holder's ticket for a revoked one and links the two. */
async function issueSuccessor(trx: Tx, from: { id: number; event_id: number }, userId: number, name: string): Promise<number> {
  const code = await freshTicketCode(trx, new Set());
  const id = await insertSuccessor(trx, from.id, { userId, code, name });
  await linkSuccessor(trx, from.id, id);
  await lineFollowsTicket(trx, from.id, id);
  return id;
}

export async function transferTicket(trx: Tx, userId: number, p: TicketTransferPayload, now = new Date()): Promise<Effect> {
  const giver = await holderOf(trx, userId);
  const problem = checkTransfer(p, giver?.email ?? null);
  if (problem) throw new DomainError(problem.code, problem.field);
  const ticket = await lockTicketForTransfer(trx, p.ticket_id);
  const refused = refusal(ticket, userId, now);
  if (refused || !ticket) throw refused ?? new DomainError('ticket_not_found', 'ticket_id');
  if (await isTicketUsed(trx, ticket.id)) throw new DomainError('ticket_already_used', 'ticket_id');

  const email = normalizeEmail(p.email);
  const name = cleanTransferName(p.name);
  const account = await accountOfEmail(trx, email);
  const receiver = account?.email_verified ? account : null;
  await revokeTransferred(trx, ticket.id);
  const successor = receiver ? await issueSuccessor(trx, ticket, receiver.id, name) : null;
  if (!(await insertTransfer(trx, { fromTicket: ticket.id, toTicket: successor, fromUser: userId, email, name }))) {
    throw new DomainError('ticket_transferred', 'ticket_id');
  }
  const holders = receiver ? [userId, receiver.id] : [userId];
  await ticketHoldersChanged(trx, ticket.event_id, holders);
  const effect = await transferEffect(trx, ticket.event_id, successor ? [ticket.id, successor] : [ticket.id], holders);
  return withJobs(effect, transferMailJob({ fromTicket: ticket.id, toTicket: successor, email, name }));
}

/**
 * An address proved by its verification link: the tickets given to it meanwhile are issued to the
 * account now, unless the order they came from was cancelled or refunded since. Answers the events
 * they were for, with the effect to announce.
 */
export async function claimTransfersOf(trx: Tx, email: string, userId: number): Promise<Effect | null> {
  const waiting = await waitingTransfers(trx, normalizeEmail(email));
  const ids: number[] = [];
  const events = new Set<number>();
  const doors = new Set<number>();
  for (const w of waiting) {
    const from = await lockTicketForTransfer(trx, w.from_ticket);
    if (!from || from.deleted || from.event_deleted || (from.order_state !== null && from.order_state !== 'paid')) continue;
    const id = await issueSuccessor(trx, from, userId, w.name);
    await markClaimed(trx, w.id, id);
    await ticketHoldersChanged(trx, from.event_id, [userId]);
    ids.push(from.id, id);
    events.add(from.event_id);
    for (const d of await eventDoorUsers(trx, from.event_id)) doors.add(d);
  }
  if (!ids.length) return null;
  return { ids: ids.map(String), collections: ['tickets', 'my_events', 'door_tickets', 'visitors'], userIds: [userId, ...doors], eventIds: [...events] };
}
