import { DomainError } from '../../../contract/errors.ts';
import type { TicketCancelPayload } from '../../../contract/self-service.ts';
import type { Tx } from '../../db/tx.ts';
import { eventDoorUsers, isTicketUsed } from '../checkin/service.ts';
import type { Effect } from '../effects.ts';
import { ticketHoldersChanged } from '../events/service.ts';
import { uncheckin } from './registration.ts';
import { withOrderMail } from '../orders/mail.ts';
import { cancelFreeLine } from '../orders/self-cancel.ts';
import { requestPaidCancel } from './cancel-request.ts';
import { cancelTicketRow, lockTicketForTransfer } from './self-service-repository.ts';

/**
 * `ticket.cancel` (contract/self-service.ts): the holder gives back a free ticket until the event
 * starts, as pretix and Hi.Events let attendees do. Nothing is paid back, so nobody else has to
 * agree; the place goes back to its type and shared quota in the same transaction
 * (orders/self-cancel.ts), and the door refuses the ticket from its next pull. A registration for
 * a free event is unregistered the usual way. A paid ticket's money goes back through the
 * organiser: under their `request` rule the cancellation waits for their approval
 * (cancel-request.ts), otherwise it is refused (`ticket_not_cancellable`).
 *
 * The ticket's row is locked first, so a cancellation and a transfer of one ticket at once are
 * judged one after the other; a replayed command is answered from its stored result.
 */
export async function cancelTicket(trx: Tx, userId: number, p: TicketCancelPayload, now = new Date()): Promise<Effect> {
  const t = await lockTicketForTransfer(trx, p.ticket_id);
  if (!t || t.deleted || t.event_deleted || t.user_id !== userId) throw new DomainError('ticket_not_found', 'ticket_id');
  if (t.transferred_at) throw new DomainError('ticket_transferred', 'ticket_id');
  if (t.status !== 'valid' || t.invalid) throw new DomainError('ticket_not_cancellable', 'ticket_id');
  if (t.starts_at <= now) throw new DomainError('ticket_self_service_closed', 'ticket_id');
  if (await isTicketUsed(trx, t.id)) throw new DomainError('ticket_already_used', 'ticket_id');
  if (t.registration) return uncheckin(trx, userId, t.event_id);
  if (Number(t.price) > 0) return requestPaidCancel(trx, userId, t);

  const order = t.order_id !== null ? await cancelFreeLine(trx, t.id, userId) : null;
  await cancelTicketRow(trx, t.id);
  await ticketHoldersChanged(trx, t.event_id, [userId]);
  const doors = await eventDoorUsers(trx, t.event_id);
  const effect: Effect = {
    ids: [String(t.id), ...(order?.effect.ids ?? [])],
    collections: ['tickets', 'my_events', 'door_tickets', 'visitors', 'events'],
    userIds: [...new Set([userId, ...(order?.effect.userIds ?? []), ...doors])],
    eventIds: [t.event_id],
  };
  return order ? withOrderMail({ effect, notices: order.notices }).effect : effect;
}
