import { DomainError } from '../../../contract/errors.ts';
import type { Tx } from '../../db/tx.ts';
import type { Effect } from '../effects.ts';
import { insertCancelRequest, touchTicket } from './cancel-request-repository.ts';
import type { TransferTicketRow } from './self-service-repository.ts';

/**
 * `ticket.cancel` on a paid ticket (cancel.ts hands it here once the common checks passed): under
 * the organiser's `request` rule the holder's cancellation becomes a request the organiser approves
 * (with the money going back) or declines; the ticket stays valid until then, so the holder still
 * gets in if nobody decides. Under `never` (the default) it is refused as before.
 *
 * One open request per ticket: a second one (another device, or the same command sent anew) finds
 * the open request and changes nothing, and a replayed command is answered from its stored result.
 * A ticket of an order that is not paid has no money to give back: the holder lets the order lapse.
 */
export async function requestPaidCancel(trx: Tx, userId: number, t: TransferTicketRow): Promise<Effect> {
  if (t.paid_cancel !== 'request' || t.order_id === null || t.order_state !== 'paid') throw new DomainError('ticket_not_cancellable', 'ticket_id');
  if (await insertCancelRequest(trx, { ticketId: t.id, eventId: t.event_id, userId })) await touchTicket(trx, t.id);
  return { ids: [String(t.id)], collections: ['tickets'], userIds: [userId], eventIds: [t.event_id] };
}
