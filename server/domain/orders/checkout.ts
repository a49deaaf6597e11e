import { DomainError } from '../../../contract/errors.ts';
import { LOCALES, type Locale } from '../../../contract/constants.ts';
import { cleanName } from '../../../contract/names.ts';
import { priceWithPromo } from '../../../contract/promo.ts';
import { accessKeyOf, ATTENDEE_FIELDS, CARD_PAYMENT_MINUTES, type PaymentMethod } from '../../../contract/sales.ts';
import type { CheckoutLine, CheckoutRequest } from '../../../contract/orders.ts';
import type { Q, Tx } from '../../db/tx.ts';
import { editableEvent } from '../organisers/repository.ts';
import { expireOverdue, issueTickets, mergeOutcomes, orderEffect, randomCode, takeAll, type OrderNotice } from './lifecycle.ts';
import { limitRefusal } from './limits.ts';
import { buyerOf, findOrderByKey, heldOf, insertLines, insertOrder, lockBuyer, orderCodeTaken, orderLines, type NewLine, type OrderRow } from './repository.ts';
import { eventCurrency, ticketTypesOf, salesSettingsOf, type TypeRow } from './types-repository.ts';
import type { Effect } from '../effects.ts';
import { withOrderMail } from './mail.ts';
import { resolvePromo, termsOf } from './promo.ts';
import { takePromoUses } from './promo-repository.ts';
import { offerFreedPlaces, withWaitlist } from './waitlist-offers.ts';
import { claimOffer } from './waitlist-checkout.ts';
import { setEntryState } from './waitlist-repository.ts';
import { waitlistDocId } from '../../../contract/waitlist.ts';

/**
 * Placing an order (POST /api/checkout/orders). It needs the network and is never queued: a
 * payment decided offline could not be honoured. One transaction checks the event and each
 * type's sale, prices the order from the server's prices (never the device's), checks what the
 * person may still take (limits.ts: per type and person, unverified accounts, unpaid holds),
 * takes the tickets from their quotas (the database decides who gets the last one: sold_out for
 * the others) and records the order. A free order is paid at once and its tickets issued in the same
 * transaction; a transfer waits for the organiser; a card payment waits for the provider, whose
 * session the route opens after this commits.
 */

export interface PlaceOrderOptions {
  /** The server has a card provider configured (config: STRIPE_SECRET_KEY). */
  cardAvailable: boolean;
  now: Date;
}

export interface PlacedOrder {
  order: OrderRow;
  /** False when the client key named an order placed before: the same answer, nothing new. */
  created: boolean;
  effect: Effect;
  notices: OrderNotice[];
}

/** The paid methods the event offers right now, given the server's configuration. */
export async function offeredMethods(q: Q, eventId: number, cardAvailable: boolean): Promise<PaymentMethod[]> {
  const [s] = await salesSettingsOf(q, [eventId]);
  const out: PaymentMethod[] = [];
  if (s?.transfer_enabled) out.push('transfer');
  if (s?.card_enabled && cardAvailable) out.push('card');
  return out;
}

/**
 * Refuses a type the buyer may not buy now, with the code the screen words. A hidden type is sold
 * only with its private link's key, checked here again whatever the page was offered: without a key
 * the type does not exist for the buyer; a wrong one (guessed, or replaced by the organiser since
 * the page loaded) is `ticket_access_invalid` on the field the link filled.
 */
function checkSale(t: TypeRow | undefined, eventId: number, eventEnd: Date, now: Date, access: string | undefined): TypeRow {
  if (!t || t.deleted || t.event_id !== eventId) throw new DomainError('ticket_type_not_found', String(t?.id ?? ''));
  if (t.hidden) {
    if (!access) throw new DomainError('ticket_type_not_found', String(t.id));
    if (accessKeyOf(access) !== t.access_key) throw new DomainError('ticket_access_invalid', 'access');
  }
  if ((t.sale_ends_at && now >= t.sale_ends_at) || now >= eventEnd) throw new DomainError('sale_ended', String(t.id));
  if (t.sale_starts_at && now < t.sale_starts_at) throw new DomainError('sale_not_started', String(t.id));
  return t;
}

/** The attendee details of one line as the type asks for them: cleaned, required ones present. */
function attendee(line: CheckoutLine, t: TypeRow, index: number): Pick<NewLine, 'name' | 'company' | 'position'> {
  const out = { name: '', company: '', position: '' };
  for (const field of ATTENDEE_FIELDS) {
    const mode = t[`ask_${field}`];
    if (mode === 'off') continue;
    const value = cleanName(line[field]);
    if (mode === 'required' && !/[\p{L}\p{N}]/u.test(value)) throw new DomainError('attendee_required', `lines.${index}.${field}`);
    out[field] = value;
  }
  return out;
}

async function freshOrderCode(trx: Tx): Promise<string> {
  for (;;) {
    const code = `FY${randomCode(6)}`;
    if (!(await orderCodeTaken(trx, code))) return code;
  }
}

/** The event, checked open for orders; its end, after which nothing is sold. */
async function saleEventEnd(trx: Tx, eventId: number, now: Date): Promise<Date> {
  const event = await editableEvent(trx, eventId);
  if (!event || event.status === 'draft') throw new DomainError('event_not_found');
  if (event.deleted) throw new DomainError('event_removed');
  if (event.status === 'cancelled') throw new DomainError('event_cancelled');
  const eventEnd = new Date(event.fields.ends_at * 1000);
  if (eventEnd <= now) throw new DomainError('event_finished');
  return eventEnd;
}

/** The order's lines at the types' own prices, each type checked on sale, and how many of each type. */
function listLines(req: CheckoutRequest, types: Map<number, TypeRow>, eventEnd: Date, now: Date) {
  const counts = new Map<number, number>();
  const listed = req.lines.map((line, i) => {
    const t = checkSale(types.get(line.type_id), req.event_id, eventEnd, now, req.access);
    counts.set(t.id, (counts.get(t.id) ?? 0) + 1);
    if ((counts.get(t.id) ?? 0) > t.max_per_order) throw new DomainError('too_many_tickets', String(t.id));
    return { ticket_type_id: t.id, type_name: t.name, price: Number(t.price), ...attendee(line, t, i) };
  });
  return { listed, counts };
}

/**
 * The lines priced by the server, the total checked against what the buyer was shown, and the
 * payment method settled: nothing to pay is free, anything else takes a method the event offers.
 */
async function priceOrder(trx: Tx, req: CheckoutRequest, { listed, counts }: ReturnType<typeof listLines>, opts: PlaceOrderOptions) {
  // A promo code prices the tickets it applies to (contract/promo.ts, the same arithmetic the
  // buyer's screen showed); its uses are taken by placeOrder, once the tickets are.
  const currency = await eventCurrency(trx, req.event_id);
  const typed = req.promo_code?.trim() ?? '';
  const promo = typed ? await resolvePromo(trx, req.event_id, typed, [...counts.keys()], opts.now) : null;
  const priced = priceWithPromo(
    listed.map((l) => ({ type_id: l.ticket_type_id, price: l.price })),
    promo ? termsOf(promo) : null,
    currency,
  );
  const lines: NewLine[] = listed.map((l, i) => ({ ...l, price: priced.lines[i]?.price ?? l.price, discount: priced.lines[i]?.discount ?? 0 }));
  const total = priced.total;
  if (Math.abs(total - req.expected_total) > 0.004) throw new DomainError('price_changed', String(total));
  const method: PaymentMethod = total === 0 ? 'free' : req.method;
  if (method === 'free' && total > 0) throw new DomainError('payment_method_unavailable', 'method');
  if (method !== 'free') {
    if (!(await offeredMethods(trx, req.event_id, opts.cardAvailable)).includes(method)) throw new DomainError('payment_method_unavailable', 'method');
  }
  return { currency, promo, priced, lines, total, method };
}

/** What this person may still take (limits.ts), counted under the lock of their row. */
async function checkLimits(trx: Tx, userId: number, eventId: number, counts: Map<number, number>, types: Map<number, TypeRow>, method: PaymentMethod) {
  const { verified } = await lockBuyer(trx, userId);
  const refusal = limitRefusal(
    { counts, maxPerPerson: new Map([...counts.keys()].map((id) => [id, types.get(id)?.max_per_person ?? 0])), pending: method !== 'free' },
    await heldOf(trx, userId, eventId),
    verified,
  );
  if (refusal) throw new DomainError(refusal.code, refusal.detail);
}

/** The language of the order's mail: the buyer's own, else the device's, else English. */
function orderLocale(buyerLocale: string, lang: CheckoutRequest['lang']): Locale {
  return (LOCALES as readonly string[]).includes(buyerLocale)
    ? (buyerLocale as Locale)
    : (LOCALES as readonly string[]).includes(lang ?? '')
      ? (lang as Locale)
      : 'en';
}

/** When an unpaid order gives its tickets back: a transfer's hours (never past the event's end), a card's minutes. */
function orderExpiry(method: PaymentMethod, transferHours: number, eventEnd: Date, now: Date): Date | null {
  const hours = method === 'transfer' ? transferHours : 0;
  return method === 'transfer'
    ? new Date(Math.min(now.getTime() + hours * 3600_000, eventEnd.getTime()))
    : method === 'card'
      ? new Date(now.getTime() + CARD_PAYMENT_MINUTES * 60_000)
      : null;
}

export async function placeOrder(trx: Tx, userId: number, req: CheckoutRequest, opts: PlaceOrderOptions): Promise<PlacedOrder> {
  const again = await findOrderByKey(trx, userId, req.client_key);
  if (again) return { order: again, created: false, effect: orderEffect(again, false), notices: [] };

  const eventEnd = await saleEventEnd(trx, req.event_id, opts.now);
  // Orders of this event whose time is up give their tickets back before anybody is told "sold out".
  const expired = await expireOverdue(trx, opts.now, req.event_id);

  const types = new Map((await ticketTypesOf(trx, [req.event_id])).map((t) => [t.id, t]));
  const listing = listLines(req, types, eventEnd, opts.now);
  const { counts } = listing;
  const { currency, promo, priced, lines, total, method } = await priceOrder(trx, req, listing, opts);
  await checkLimits(trx, userId, req.event_id, counts, types, method);

  // Free places go to the types' lines before anybody buys them; an offer being bought gives its
  // held place back under the same locks and the order takes it again below.
  const lined = await offerFreedPlaces(trx, [...counts.keys()], opts.now);
  const offer = req.offer === undefined ? null : await claimOffer(trx, userId, req.event_id, req.offer, counts, opts.now);
  await takeAll(trx, counts);
  // Checkouts racing for a code's last uses queue on its row here; the ones that come too late
  // roll back whole, tickets included, and the buyer keeps the cart without the code.
  if (promo && priced.uses > 0 && !(await takePromoUses(trx, promo.id, priced.uses))) throw new DomainError('promo_code_used_up', 'promo_code');

  const buyer = await buyerOf(trx, userId);
  const [settings] = await salesSettingsOf(trx, [req.event_id]);
  const orderId = await insertOrder(trx, {
    code: await freshOrderCode(trx),
    event_id: req.event_id,
    user_id: userId,
    client_key: req.client_key,
    state: method === 'free' ? 'paid' : 'pending',
    method,
    total,
    currency,
    promo_code_id: promo?.id ?? null,
    promo_code: promo?.code ?? '',
    discount: priced.discount,
    promo_uses: promo ? priced.uses : 0,
    email: buyer.email,
    locale: orderLocale(buyer.locale, req.lang),
    instructions: method === 'transfer' ? (settings?.transfer_instructions ?? '') : '',
    expires_at: orderExpiry(method, settings?.transfer_hours ?? 72, eventEnd, opts.now),
    paid_at: method === 'free' ? opts.now : null,
  });
  await insertLines(trx, orderId, lines);
  if (offer) await setEntryState(trx, [offer.id], { state: 'bought', order_id: orderId, ended_at: opts.now, offer_key: null });
  const order = await findOrderByKey(trx, userId, req.client_key);
  if (!order) throw new Error(`checkout: order ${orderId} was not found by its own client key`);
  if (method === 'free') await issueTickets(trx, order, await orderLines(trx, orderId));
  // A card order says nothing until the provider confirms it; a transfer mails how to pay.
  const notices: OrderNotice[] = method === 'free' ? [{ kind: 'paid', orderId }] : method === 'transfer' ? [{ kind: 'awaiting', orderId }] : [];
  const placed = withWaitlist({ effect: orderEffect(order, method === 'free'), notices }, lined);
  const bought = offer ? [{ effect: { ids: [waitlistDocId(offer.id)], collections: ['tickets'], userIds: [userId] }, notices: [] }] : [];
  const merged = mergeOutcomes([expired, placed, ...bought]);
  return withOrderMail({ order, created: true, effect: merged.effect, notices: merged.notices });
}
