import { DomainError } from '../../../contract/errors.ts';
import { formatMoney } from '../../../contract/money.ts';
import type { Q, Tx } from '../../db/tx.ts';
import { sendMail } from '../../mail/transport.ts';
import { letter, mailLocale, mailText } from '../../mail/texts.ts';
import { requireOrganiser } from '../organisers/service.ts';
import { eventDoorUsers } from '../checkin/service.ts';
import { withJobs, type AfterCommitJob, type Effect } from '../effects.ts';
import { ticketHoldersChanged } from '../events/service.ts';
import { withOrderMail } from '../orders/mail.ts';
import { cancelPaidLine } from '../orders/self-cancel.ts';
import { cancelRequestFacts, decideCancelRequest, lockCancelRequest, touchTicket, type CancelRequestFacts } from './cancel-request-repository.ts';
import { formatWhen } from '../tickets/pdf.ts';
import { ticketForMail } from '../tickets/service.ts';
import { cancelTicketRow, holderOf } from './self-service-repository.ts';

/**
 * The organiser's decision on a holder's request to cancel a paid ticket (cancel-request.ts).
 * Approving gives the line's place back exactly as a free cancellation does (orders/self-cancel.ts:
 * type, shared quota, promo use, the waitlist's offer), the door refuses the ticket from its next
 * pull, and the money goes back: a card payment through the provider (the route asks it before
 * this transaction, with a key named after the request, so asking twice refunds once), a bank
 * transfer recorded for the organiser to pay back. Declining closes the request; the ticket stays.
 * Either way the holder is mailed. The request's row is locked, so two decisions at once are
 * judged one after the other and the second changes nothing.
 */

/** The open request the organiser may decide, with what a card refund needs; refusals otherwise. */
export async function decidableRequest(q: Q, userId: number, eventId: number, requestId: number): Promise<CancelRequestFacts> {
  await requireOrganiser(q, eventId, userId);
  const r = await cancelRequestFacts(q, requestId);
  if (!r || r.event_id !== eventId) throw new DomainError('not_found', 'id');
  return r;
}

/** The provider's refund key of a request: one refund per request, whatever is retried. */
export const requestRefundKey = (requestId: number) => `cancel-request-${requestId}`;

export async function approveCancelRequest(trx: Tx, userId: number, eventId: number, requestId: number): Promise<Effect> {
  await requireOrganiser(trx, eventId, userId);
  const r = await lockCancelRequest(trx, requestId);
  if (!r || r.event_id !== eventId) throw new DomainError('not_found', 'id');
  if (r.state !== 'open') return quiet(eventId, userId);
  const order = await cancelPaidLine(trx, r.ticket_id, userId);
  await cancelTicketRow(trx, r.ticket_id);
  await decideCancelRequest(trx, r.id, 'approved', userId);
  await ticketHoldersChanged(trx, eventId, [r.user_id]);
  const doors = await eventDoorUsers(trx, eventId);
  const effect: Effect = {
    ids: [String(r.ticket_id), ...(order?.effect.ids ?? [])],
    collections: ['tickets', 'my_events', 'door_tickets', 'visitors', 'events'],
    userIds: [...new Set([r.user_id, userId, ...(order?.effect.userIds ?? []), ...doors])],
    eventIds: [eventId],
  };
  const mailed = withJobs(effect, decisionMail(r.ticket_id, 'approved'));
  return order ? withOrderMail({ effect: mailed, notices: order.notices }).effect : mailed;
}

export async function declineCancelRequest(trx: Tx, userId: number, eventId: number, requestId: number): Promise<Effect> {
  await requireOrganiser(trx, eventId, userId);
  const r = await lockCancelRequest(trx, requestId);
  if (!r || r.event_id !== eventId) throw new DomainError('not_found', 'id');
  if (r.state !== 'open') return quiet(eventId, userId);
  await decideCancelRequest(trx, r.id, 'declined', userId);
  await touchTicket(trx, r.ticket_id);
  const effect: Effect = { ids: [String(r.ticket_id)], collections: ['tickets'], userIds: [r.user_id], eventIds: [eventId] };
  return withJobs(effect, decisionMail(r.ticket_id, 'declined'));
}

function quiet(eventId: number, userId: number): Effect {
  return { ids: [], collections: [], userIds: [userId], eventIds: [eventId] };
}

/** The holder's mail about the decision, after the commit; best effort like every mail. */
function decisionMail(ticketId: number, decision: 'approved' | 'declined'): AfterCommitJob {
  return async ({ mail, db, lang }) => {
    if (!mail) return;
    const t = await ticketForMail(db, ticketId);
    const holder = t ? await holderOf(db, t.user_id) : undefined;
    if (!t || !holder?.email) return;
    const rl = mailLocale(holder.locale || lang);
    const method = mailText(rl)(t.order_method === 'card' ? 'mail.order.refundCard' : 'mail.order.refundTransfer');
    const facts = {
      name: holder.first_name,
      event: t.event_name,
      when: formatWhen(t.starts_at, t.ends_at, t.timezone),
      type: t.type,
      amount: formatMoney(Number(t.price), t.currency.trim(), rl).replace(/\u202f/g, '\u00a0'),
      method,
    };
    await sendMail(mail, { to: holder.email, ...letter(rl, `mail.cancelRequest.${decision}`, facts), attachments: [] });
  };
}
