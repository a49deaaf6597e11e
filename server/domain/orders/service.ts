import type { Kysely } from 'kysely';
import { DomainError } from '../../../contract/errors.ts';
import { accessKeyOf, saleState, type AccessState, type PaymentMethod, type TicketTypeOffer } from '../../../contract/sales.ts';
import { buyableTypes } from '../../../contract/publish.ts';
import type { Config } from '../../config.ts';
import { toUnix, type Q } from '../../db/tx.ts';
import type { DB } from '../../db/types.ts';
import { quiet } from '../effects.ts';
import { editableEvent } from '../organisers/repository.ts';
import type { CardProvider } from '../payments/stripe.ts';
import type { Writer } from '../write.ts';
import { offeredMethods } from './checkout.ts';
import { orderSummary } from './documents.ts';
import { findOrder, orderLines, setOrderState, type OrderRef, type OrderRow } from './repository.ts';
import { eventCurrency, ticketTypesOf } from './types-repository.ts';
import { sharedQuotasOf } from './quota-repository.ts';
import { openOfferOf } from './waitlist-repository.ts';

/** Reads of ticket sales for buyers, and opening a card payment. */

/** "Only 3 left" is shown from this many down; above it the count stays the organiser's. */
export const FEW_LEFT = 10;

/**
 * What an event sells right now, as the checkout and the widget show it. A hidden type is offered
 * only with the key of its own private link (`access`); the answer says whether the key was one of
 * the event's, so the page can tell a buyer that their link no longer works.
 */
export async function eventTicketTypes(db: Q, eventId: number, cardAvailable: boolean, now: Date, access?: string, offerKey?: string) {
  const event = await editableEvent(db, eventId);
  if (!event || event.status === 'draft') throw new DomainError('event_not_found');
  if (event.deleted) throw new DomainError('event_removed');
  const nowSec = toUnix(now);
  const key = accessKeyOf(access);
  const all = await ticketTypesOf(db, [eventId]);
  // A type in a shared quota has no more left than the quota has.
  const shared = new Map((await sharedQuotasOf(db, [eventId])).map((x) => [x.id, Math.max(0, x.size - x.taken)]));
  // A link kept after its type was shown to everybody still works: the type is on sale either way.
  const accessState: AccessState = access === undefined || access === '' ? 'none' : all.some((t) => t.access_key === key) ? 'valid' : 'invalid';
  const types: TicketTypeOffer[] = all
    .filter((t) => !t.hidden || t.access_key === key)
    .map((t) => {
      const own = t.quota === null ? null : Math.max(0, t.quota - t.taken);
      const inQuota = t.shared_quota_id === null ? undefined : shared.get(t.shared_quota_id);
      const left = inQuota === undefined ? own : own === null ? inQuota : Math.min(own, inQuota);
      const state = saleState({ sale_starts: toUnix(t.sale_starts_at), sale_ends: toUnix(t.sale_ends_at), sold_out: left === 0 }, nowSec, event.fields.ends_at);
      return {
        id: t.id,
        name: t.name,
        description: t.description,
        price: Number(t.price),
        state,
        left: left !== null && left <= FEW_LEFT ? left : null,
        max_per_order: t.max_per_order,
        max_per_person: t.max_per_person,
        sale_starts: toUnix(t.sale_starts_at),
        sale_ends: toUnix(t.sale_ends_at),
        ask_name: t.ask_name,
        ask_company: t.ask_company,
        ask_position: t.ask_position,
        hidden: t.hidden,
      };
    });
  // A waitlist offer's key: its type is offered to whoever holds it, one place, held for them.
  const offer = offerKey ? await openOfferOf(db, eventId, offerKey, now) : null;
  if (offer) {
    const i = types.findIndex((t) => t.id === offer.ticket_type_id);
    const held = types[i];
    if (held) types[i] = { ...held, state: 'on_sale', left: 1, max_per_order: 1 };
  }
  const methods: PaymentMethod[] = await offeredMethods(db, eventId, cardAvailable);
  const onSale = buyableTypes(types, methods);
  return {
    event: {
      event_id: eventId,
      name: event.fields.name,
      when: event.fields.starts_at,
      when_end: event.fields.ends_at,
      timezone: event.fields.timezone,
      place_name: event.fields.place_name,
      is_webinar: event.fields.is_webinar,
      is_free: event.fields.is_free,
      status: event.status,
    },
    currency: await eventCurrency(db, eventId),
    methods,
    types: onSale,
    access: accessState,
    offer: offerKey
      ? offer
        ? { state: 'valid' as const, type_id: offer.ticket_type_id, expires: toUnix(offer.offer_expires_at) }
        : { state: 'invalid' as const, type_id: 0, expires: 0 }
      : null,
  };
}

/** The order for its buyer (order_not_found for anybody else), or for the server itself without a viewer. */
export async function loadOrder(db: Q, ref: number | OrderRef, viewerId?: number): Promise<OrderRow> {
  const row = await findOrder(db, typeof ref === 'number' ? { id: ref } : ref);
  if (!row || (viewerId !== undefined && row.user_id !== viewerId)) throw new DomainError('order_not_found');
  return row;
}

/** An order as the buyer's answers carry it. */
export async function orderView(db: Q, ref: number | OrderRef, viewerId?: number) {
  const row = await loadOrder(db, ref, viewerId);
  const lines = await orderLines(db, row.id);
  return {
    ...orderSummary(
      row,
      lines.map((l) => ({ type: l.type_name, price: Number(l.price), name: l.name, company: l.company, position: l.position, ticket_id: l.ticket_id })),
    ),
    event_id: row.event_id,
  };
}

export interface CardDeps {
  db: Kysely<DB>;
  writer: Writer;
  cards: CardProvider | null;
  config: Pick<Config, 'publicUrl'>;
}

/**
 * The provider's payment page for a pending card order: the session it opened, while that is still
 * open; the first one otherwise, remembered on the order before the buyer is sent there. The order
 * never gets a second session: the webhook counts only the recorded one (payment-webhooks.ts), and
 * a session that is over was either paid (its webhook is on the way) or expired with the order.
 */
export async function openCardPayment(deps: CardDeps, order: OrderRow): Promise<string> {
  if (!deps.cards) throw new DomainError('payment_method_unavailable', 'method');
  if (order.provider_session) {
    const open = await deps.cards.openCheckoutUrl(order.provider_session);
    if (open) return open;
    throw new DomainError('order_state_changed', order.state);
  }
  const lines = await orderLines(deps.db, order.id);
  const back = `${deps.config.publicUrl}/${order.locale}/events/${order.event_id}/checkout?order=${order.code}`;
  const { sessionId, url } = await deps.cards.createCheckout(
    {
      id: order.id,
      code: order.code,
      email: order.email,
      currency: order.currency.trim(),
      locale: order.locale,
      expiresAt: order.expires_at ?? new Date(Date.now() + 31 * 60_000),
      lines: lines.map((l) => ({ name: l.type_name, price: Number(l.price) })),
    },
    { success: `${back}&paid=1`, cancel: `${back}&paid=0` },
  );
  // Nothing a device holds changes: the order document does not carry the session.
  await deps.writer.run(async (trx) => {
    await setOrderState(trx, order.id, { provider_session: sessionId });
    return quiet([order.id]);
  });
  return url;
}
