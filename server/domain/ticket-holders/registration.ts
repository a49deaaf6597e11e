import { REGISTRATION_TICKET_TYPE } from '../../../contract/tickets.ts';
import type { Tx } from '../../db/tx.ts';
import { DomainError } from '../../../contract/errors.ts';
import type { Effect } from '../effects.ts';
import { hasValidTicket } from '../events/repository.ts';
import { requireEvent, requireOpenEvent, setCheckedIn } from '../events/service.ts';
import { freshTicketCode } from '../orders/lifecycle.ts';
import { eventCurrency, ticketTypesOf } from '../orders/types-repository.ts';
import { cancelRegistrationTicket, insertRegistrationTicket, reviveRegistrationTicket } from './self-service-repository.ts';

/**
 * The ticket that registering for a free event gives. It is an ordinary ticket (signed QR code, in My
 * tickets, on the door devices), so the door needs no separate list of registered people and works
 * offline as it does for sold tickets. A person holds at most one, whatever the replays: registering
 * again after unregistering brings the voided one back with its old code.
 */

/** Who must hear that the person's registration ticket appeared, came back or was voided. */
function ticketEffect(userId: number, eventId: number): Effect {
  return { ids: [String(eventId)], collections: ['tickets', 'my_events', 'door_tickets', 'visitors'], userIds: [userId], eventIds: [eventId] };
}

/**
 * Gives the person their registration ticket unless they already hold a valid ticket of the event.
 * A free event that hands out its own (free) ticket types admits through them: their quotas and
 * per-person limits decide, and registering must not become a way around them.
 */
export async function issueRegistrationTicket(trx: Tx, userId: number, eventId: number): Promise<Effect | null> {
  if (await hasValidTicket(trx, userId, eventId)) return null;
  if ((await ticketTypesOf(trx, [eventId])).some((t) => !t.hidden)) return null;
  if (!(await reviveRegistrationTicket(trx, eventId, userId))) {
    await insertRegistrationTicket(trx, {
      event_id: eventId,
      user_id: userId,
      code: await freshTicketCode(trx, new Set()),
      type: REGISTRATION_TICKET_TYPE,
      currency: (await eventCurrency(trx, eventId)) || 'UAH',
    });
  }
  return ticketEffect(userId, eventId);
}

/** Voids the person's registration ticket: door devices refuse it from their next pull. Sold tickets stay. */
export async function voidRegistrationTicket(trx: Tx, userId: number, eventId: number): Promise<Effect | null> {
  return (await cancelRegistrationTicket(trx, eventId, userId)) ? ticketEffect(userId, eventId) : null;
}

/**
 * Registering (the specs' check-in) says "I take part in this event". A free event admits anyone and
 * gives the person a ticket (below), so the door admits them like any holder; a
 * paid one needs a valid ticket. A finished event cannot be registered for any more.
 */
export async function checkin(trx: Tx, userId: number, eventId: number): Promise<Effect> {
  const event = await requireOpenEvent(trx, eventId, userId);
  if (event.ends_at.getTime() < Date.now()) throw new DomainError('event_finished');
  if (!event.is_free && !(await hasValidTicket(trx, userId, eventId))) throw new DomainError('ticket_required');
  const effect = await setCheckedIn(trx, userId, eventId, true);
  return event.is_free ? withTicket(effect, await issueRegistrationTicket(trx, userId, eventId)) : effect;
}

/** Unregistering voids the registration's ticket; a bought ticket stays the buyer's. */
export async function uncheckin(trx: Tx, userId: number, eventId: number): Promise<Effect> {
  await requireEvent(trx, eventId);
  // The ticket goes first: the participants' count is recounted from the rows, and a valid ticket
  // still counts the person.
  const ticket = await voidRegistrationTicket(trx, userId, eventId);
  return withTicket(await setCheckedIn(trx, userId, eventId, false), ticket);
}

function withTicket(effect: Effect, ticket: Effect | null): Effect {
  if (!ticket) return effect;
  return {
    ids: [...new Set([...effect.ids, ...ticket.ids])],
    collections: [...new Set([...effect.collections, ...ticket.collections])],
    userIds: [...new Set([...effect.userIds, ...ticket.userIds])],
    eventIds: ticket.eventIds,
  };
}
