import { randomInt } from 'node:crypto';
import { DomainError } from '../../../contract/errors.ts';
import type { OrderState } from '../../../contract/sales.ts';
import type { Tx } from '../../db/tx.ts';
import type { Effect } from '../effects.ts';
import { recountPeople, touchUserEvent } from '../events/repository.ts';
import { noteReferredTicket } from '../referrals/service.ts';
import {
  cancelOrderTickets,
  insertOrderTickets,
  lockOrder,
  moveOrderLine,
  orderLines,
  overdueOrderIds,
  setOrderState,
  ticketCodeTaken,
  type OrderLineRow,
  type OrderRef,
  type OrderRow,
} from './repository.ts';
import { releasePromoUses, takePromoUses } from './promo-repository.ts';
import { releaseQuota, releaseSharedQuota, takeQuota, takeSharedQuota } from './types-repository.ts';
import { offerFreedPlaces, withWaitlist } from './waitlist-offers.ts';

/**
 * What happens to an order after it is placed: paid (tickets issued), expired, cancelled or
 * refunded (tickets given back, voided at the door). Each change locks the order first, so the
 * organiser, the provider's webhook and the expiry sweep cannot both act on one order; a change
 * that already happened answers as done (a webhook delivered twice pays once).
 */

/** The mail an order change sends after its commit (orders/mail.ts). */
export type OrderNoticeKind = 'paid' | 'awaiting' | 'cancelled' | 'refunded' | 'expired';
export interface OrderNotice {
  kind: OrderNoticeKind;
  orderId: number;
}

export interface OrderOutcome {
  order: OrderRow;
  effect: Effect;
  notices: OrderNotice[];
}

/**
 * Who must hear of an order's change. The buyer's devices hold the order (tickets feed); once
 * tickets exist or change, their my_events (the ticket gates the live page, meetings and chat),
 * the event's door devices and the visitors lists of the event change too.
 */
export function orderEffect(order: Pick<OrderRow, 'id' | 'event_id' | 'user_id'>, ticketsChanged: boolean): Effect {
  return {
    ids: [String(order.id)],
    // A ticket makes (or unmakes) a participant, whom the event's count includes.
    collections: ticketsChanged ? ['tickets', 'my_events', 'door_tickets', 'visitors', 'events'] : ['tickets'],
    userIds: [order.user_id],
    eventIds: [order.event_id],
  };
}

/**
 * Several outcomes as one: effects merged, notices kept in order. Jobs are kept too: an order's own
 * mail is attached by its entry point after merging (mail.ts), so those here are the waitlist
 * offers' mails, which the transaction that made the offers attached.
 */
export function mergeOutcomes(list: { effect: Effect; notices: OrderNotice[] }[]): { effect: Effect; notices: OrderNotice[] } {
  const uniq = <T>(xs: T[]) => [...new Set(xs)];
  return {
    effect: {
      ids: uniq(list.flatMap((o) => o.effect.ids)),
      collections: uniq(list.flatMap((o) => o.effect.collections)),
      userIds: uniq(list.flatMap((o) => o.effect.userIds)),
      eventIds: uniq(list.flatMap((o) => o.effect.eventIds ?? [])),
      jobs: list.flatMap((o) => o.effect.jobs ?? []),
    },
    notices: list.flatMap((o) => o.notices),
  };
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function randomCode(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return out;
}

/** A ticket code like the seed's (`FY-` and ten characters), unused. Writers run one at a time, so checking first is safe. */
export async function freshTicketCode(trx: Tx, taken: Set<string>): Promise<string> {
  for (;;) {
    const code = `FY-${randomCode(10)}`;
    if (!taken.has(code) && !(await ticketCodeTaken(trx, code))) {
      taken.add(code);
      return code;
    }
  }
}

/** One ticket per line of the order, held by the buyer; the buyer's relation to the event gets a new rev. */
export async function issueTickets(trx: Tx, order: OrderRow, lines?: OrderLineRow[]): Promise<void> {
  const all = lines ?? (await orderLines(trx, order.id));
  const codes = new Set<string>();
  const fresh = [];
  for (const l of all.filter((x) => x.ticket_id === null)) {
    fresh.push({
      code: await freshTicketCode(trx, codes),
      type: l.type_name,
      name: l.name,
      company: l.company,
      position: l.position,
      price: Number(l.price),
      description: l.description,
      ticket_type_id: l.ticket_type_id,
      line_id: l.id,
    });
  }
  const ids = await insertOrderTickets(trx, order, fresh);
  await touchUserEvent(trx, order.event_id, order.user_id, {});
  await recountPeople(trx, [order.event_id]);
  // A buyer who came to the event through somebody's link: the referral notes its first ticket.
  if (ids[0] !== undefined) await noteReferredTicket(trx, { userId: order.user_id, eventId: order.event_id, ticketId: ids[0] });
}

/** How many tickets of each type the order holds. */
function countsByType(lines: readonly Pick<OrderLineRow, 'ticket_type_id'>[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const l of lines) out.set(l.ticket_type_id, (out.get(l.ticket_type_id) ?? 0) + 1);
  return out;
}

/**
 * Takes the order's tickets from their types, in type order, then from the shared quotas those types
 * are in, in quota order; sold_out (naming a type) when one has too few. Every transaction locks the
 * rows in that one order (all types, then all quotas), so two orders over the same rows never wait
 * on each other in a circle. A refusal rolls the whole transaction back, what was taken included.
 */
export async function takeAll(trx: Tx, counts: Map<number, number>): Promise<void> {
  const shared = new Map<number, { n: number; typeId: number }>();
  for (const [typeId, n] of [...counts].sort((a, b) => a[0] - b[0])) {
    const taken = await takeQuota(trx, typeId, n);
    if (!taken) throw new DomainError('sold_out', String(typeId));
    if (taken.shared !== null) shared.set(taken.shared, { n: (shared.get(taken.shared)?.n ?? 0) + n, typeId: shared.get(taken.shared)?.typeId ?? typeId });
  }
  for (const [quotaId, { n, typeId }] of [...shared].sort((a, b) => a[0] - b[0])) {
    if (!(await takeSharedQuota(trx, quotaId, n))) throw new DomainError('sold_out', String(typeId));
  }
}

/**
 * Gives the tickets back to their types and then to their shared quotas, in the order takeAll locks
 * them. A line its holder cancelled gave its place back then, and is left out.
 */
export async function releaseAll(trx: Tx, lines: readonly OrderLineRow[]): Promise<void> {
  const shared = new Map<number, number>();
  for (const [typeId, n] of [...countsByType(lines.filter((l) => l.cancelled_at === null))].sort((a, b) => a[0] - b[0])) {
    const quotaId = await releaseQuota(trx, typeId, n);
    if (quotaId !== null) shared.set(quotaId, (shared.get(quotaId) ?? 0) + n);
  }
  for (const [quotaId, n] of [...shared].sort((a, b) => a[0] - b[0])) await releaseSharedQuota(trx, quotaId, n);
}

async function mustLock(trx: Tx, ref: OrderRef): Promise<OrderRow> {
  const order = await lockOrder(trx, ref);
  if (!order) throw new DomainError('order_not_found');
  return order;
}

/**
 * Marks the order paid and issues its tickets. Paid already: nothing changes. An expired order
 * whose payment arrives after all (a transfer that took a day longer, a card payment the provider
 * confirms late) takes its tickets back if they are still there, else sold_out. A cancelled or
 * refunded order stays so: order_state_changed.
 */
export async function markPaid(trx: Tx, ref: OrderRef, by: { userId: number | null; payment?: string }): Promise<OrderOutcome> {
  const order = await mustLock(trx, ref);
  if (order.state === 'paid') return { order, effect: orderEffect(order, false), notices: [] };
  if (order.state !== 'pending' && order.state !== 'expired') throw new DomainError('order_state_changed', order.state);
  const lines = await orderLines(trx, order.id);
  let promoUses = order.promo_uses;
  if (order.state === 'expired') {
    await takeAll(trx, countsByType(lines));
    // The money came for the discounted price, so the order keeps it; it takes its code's uses back
    // when they are left and otherwise holds none, so the code's limit is never exceeded.
    if (order.promo_code_id !== null && promoUses > 0 && !(await takePromoUses(trx, order.promo_code_id, promoUses))) promoUses = 0;
  }
  const paidAt = new Date();
  await setOrderState(trx, order.id, {
    state: 'paid',
    paid_at: paidAt,
    ended_by: by.userId,
    ...(by.payment ? { provider_payment: by.payment } : {}),
    ...(promoUses !== order.promo_uses ? { promo_uses: promoUses } : {}),
  });
  const paid = { ...order, state: 'paid', paid_at: paidAt, provider_payment: by.payment ?? order.provider_payment, promo_uses: promoUses };
  await issueTickets(trx, paid, lines);
  return { order: paid, effect: orderEffect(order, true), notices: [{ kind: 'paid', orderId: order.id }] };
}

type EndState = Extract<OrderState, 'expired' | 'cancelled' | 'refunded'>;

/**
 * Ends an order: its tickets go back on sale and, if it was paid, its issued tickets are voided
 * (door devices refuse them from their next pull). Expiring applies to pending orders only and
 * refunding to paid ones; cancelling to both. An order already in the asked state answers as done.
 */
export async function endOrder(trx: Tx, ref: OrderRef, to: EndState, byUserId: number | null, onlyFrom?: readonly OrderState[]): Promise<OrderOutcome> {
  const order = await mustLock(trx, ref);
  if (order.state === to) return { order, effect: orderEffect(order, false), notices: [] };
  const allowed: readonly string[] = onlyFrom ?? (to === 'expired' ? ['pending'] : to === 'refunded' ? ['paid'] : ['pending', 'paid']);
  if (!allowed.includes(order.state)) throw new DomainError('order_state_changed', order.state);
  const wasPaid = order.state === 'paid';
  const lines = await orderLines(trx, order.id);
  await releaseAll(trx, lines);
  // The code's uses go back with the tickets: an order that ended used nothing.
  if (order.promo_code_id !== null && order.promo_uses > 0) await releasePromoUses(trx, order.promo_code_id, order.promo_uses);
  if (wasPaid) {
    await cancelOrderTickets(trx, order.id);
    await touchUserEvent(trx, order.event_id, order.user_id, {});
    await recountPeople(trx, [order.event_id]);
  }
  const endedAt = new Date();
  await setOrderState(trx, order.id, { state: to, ended_at: endedAt, ended_by: byUserId });
  const ended = { order: { ...order, state: to, ended_at: endedAt }, effect: orderEffect(order, wasPaid), notices: [{ kind: to, orderId: order.id }] };
  // The places it gave back go to the types' waitlists first, in this transaction.
  return withWaitlist(ended, await offerFreedPlaces(trx, [...countsByType(lines).keys()], endedAt));
}

/** Expires the pending orders whose time is up (of one event, or all), at most `limit` of them. */
export async function expireOverdue(
  trx: Tx,
  now: Date,
  eventId: number | null,
  limit = 100,
): Promise<{ effect: Effect; notices: OrderNotice[]; count: number }> {
  const ids = await overdueOrderIds(trx, now, eventId, limit);
  const outcomes: OrderOutcome[] = [];
  for (const id of ids) outcomes.push(await endOrder(trx, { id }, 'expired', null));
  return { ...mergeOutcomes(outcomes), count: ids.length };
}

/**
 * A ticket of an order was given to somebody else (tickets/transfer.ts): its line follows the new
 * ticket, so cancelling or refunding the order later voids the ticket that is in use.
 */
export async function lineFollowsTicket(trx: Tx, fromTicket: number, toTicket: number): Promise<void> {
  await moveOrderLine(trx, fromTicket, toTicket);
}
