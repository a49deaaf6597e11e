import type { Observable } from 'rxjs';
import { priceWithPromo, type PricedOrder, type PromoOffer } from '../../../contract/promo.ts';
import { ATTENDEE_FIELDS, sumPrices, type AttendeeField, type PaymentMethod } from '../../../contract/sales.ts';
import type { CheckoutLine } from '../../../contract/orders.ts';
import type { FoyerDatabase } from '../../engine/database.ts';
import { observeLocal, writeLocal } from '../../store/local.ts';

/**
 * The checkout's cart: what the buyer chose for one event (types, one attendee per ticket, the way
 * to pay), kept in a local document so it survives a reload, a trip to the sign-in page and a lost
 * connection. Buying itself needs the network (src/data/checkout.ts); the cart never does.
 *
 * `clientKey` names this attempt to buy: sent with the order, it lets a retry after a lost answer
 * find the order it already made. Any change to what is bought makes a new one, because the server
 * answers a known key with the order it made for it, whatever the cart says now.
 */

export interface CartAttendee {
  name: string;
  company: string;
  position: string;
}

export interface CartDoc {
  eventId: number;
  /** Type id -> one attendee per ticket of that type; the quantity is the length. */
  lines: Record<string, CartAttendee[]>;
  method: PaymentMethod | '';
  clientKey: string;
  /**
   * The promo code the server found valid for this cart, with its terms, so the price with it shows
   * offline too; placing the order judges the code again. Absent in carts kept from before codes.
   */
  promo?: PromoOffer | null;
  /** Epoch milliseconds of the last change. */
  updatedAt: number;
}

/** What the cart needs of a ticket type (the event document's and the server's offer both have it). */
export interface CartType {
  id: number;
  name: string;
  price: number;
  ask_name: string;
  ask_company: string;
  ask_position: string;
}

export const localCartId = (eventId: number) => `cart:${eventId}`;
export const BLANK_ATTENDEE: CartAttendee = { name: '', company: '', position: '' };

export function emptyCart(eventId: number): CartDoc {
  return { eventId, lines: {}, method: '', clientKey: '', updatedAt: 0 };
}

function changed(cart: CartDoc, lines: CartDoc['lines'], method = cart.method): CartDoc {
  const kept = Object.fromEntries(Object.entries(lines).filter(([, list]) => list.length > 0));
  return { ...cart, lines: kept, method, clientKey: '', updatedAt: Date.now() };
}

/** Sets how many tickets of a type; new tickets start with `prefill` (the buyer's own name for the first). */
export function setQuantity(cart: CartDoc, typeId: number, quantity: number, prefill: CartAttendee = BLANK_ATTENDEE): CartDoc {
  const current = cart.lines[String(typeId)] ?? [];
  const n = Math.max(0, Math.floor(quantity));
  const next = current.slice(0, n);
  while (next.length < n) next.push(cartCount(cart) === 0 && next.length === 0 ? { ...prefill } : { ...BLANK_ATTENDEE });
  return changed(cart, { ...cart.lines, [String(typeId)]: next });
}

export function setAttendee(cart: CartDoc, typeId: number, index: number, field: AttendeeField, value: string): CartDoc {
  const list = [...(cart.lines[String(typeId)] ?? [])];
  const current = list[index];
  if (!current) return cart;
  list[index] = { ...current, [field]: value };
  return changed(cart, { ...cart.lines, [String(typeId)]: list });
}

export function setMethod(cart: CartDoc, method: PaymentMethod): CartDoc {
  return cart.method === method ? cart : changed(cart, cart.lines, method);
}

/** Applies a code the server accepted, or takes it off (null). The price changes, so the attempt to buy is a new one. */
export function setPromo(cart: CartDoc, promo: PromoOffer | null): CartDoc {
  return { ...changed(cart, cart.lines), promo };
}

/**
 * What the cart costs with its promo code (contract/promo.ts, the server's own arithmetic), and
 * whether the code applies to anything in it: a code limited to types the cart no longer holds
 * is not sent, and the checkout says why.
 */
export function cartPricing(cart: CartDoc, types: readonly CartType[], currency: string): PricedOrder & { applies: boolean } {
  const tickets = cartTickets(cart, types);
  const promo = cart.promo ?? null;
  const applies = promo !== null && (promo.type_ids.length === 0 || tickets.some((x) => promo.type_ids.includes(x.type.id)));
  return {
    ...priceWithPromo(
      tickets.map((x) => ({ type_id: x.type.id, price: x.type.price })),
      applies ? promo : null,
      currency,
    ),
    applies,
  };
}

export function quantityOf(cart: CartDoc, typeId: number): number {
  return cart.lines[String(typeId)]?.length ?? 0;
}

export function cartCount(cart: CartDoc): number {
  return Object.values(cart.lines).reduce((n, list) => n + list.length, 0);
}

/** The cart's tickets in a stable order (by type id, then as added), with their type when it is known. */
export function cartTickets<T extends CartType>(cart: CartDoc, types: readonly T[]): { type: T; index: number; attendee: CartAttendee }[] {
  const byId = new Map(types.map((t) => [t.id, t]));
  return Object.keys(cart.lines)
    .map(Number)
    .sort((a, b) => a - b)
    .flatMap((id) => {
      const type = byId.get(id);
      return type ? (cart.lines[String(id)] ?? []).map((attendee, index) => ({ type, index, attendee })) : [];
    });
}

export function cartTotal(cart: CartDoc, types: readonly CartType[]): number {
  return sumPrices(cartTickets(cart, types).map((t) => t.type.price));
}

const hasText = (v: string) => /[\p{L}\p{N}]/u.test(v);

/** The attendee fields the types require that are still empty, as `<type id>.<index>.<field>`. */
export function attendeeProblems(cart: CartDoc, types: readonly CartType[]): Set<string> {
  const out = new Set<string>();
  for (const { type, index, attendee } of cartTickets(cart, types)) {
    for (const field of ATTENDEE_FIELDS) {
      if (type[`ask_${field}`] === 'required' && !hasText(attendee[field])) out.add(`${type.id}.${index}.${field}`);
    }
  }
  return out;
}

/** The order's lines as the server takes them (contract/sales.ts CheckoutLine). */
export function checkoutLines(cart: CartDoc, types: readonly CartType[]): CheckoutLine[] {
  return cartTickets(cart, types).map(({ type, attendee }) => ({
    type_id: type.id,
    name: type.ask_name === 'off' ? '' : attendee.name.trim(),
    company: type.ask_company === 'off' ? '' : attendee.company.trim(),
    position: type.ask_position === 'off' ? '' : attendee.position.trim(),
  }));
}

/** Drops types that are no longer offered (removed, hidden) from a cart kept since an earlier visit. */
export function withoutUnknownTypes(cart: CartDoc, types: readonly CartType[]): CartDoc {
  const known = new Set(types.map((t) => String(t.id)));
  const stale = Object.keys(cart.lines).filter((id) => !known.has(id));
  if (!stale.length) return cart;
  return changed(cart, Object.fromEntries(Object.entries(cart.lines).filter(([id]) => known.has(id))));
}

// ---- the local document ----

export function observeCart(db: FoyerDatabase, eventId: number): Observable<CartDoc | null> {
  return observeLocal<CartDoc>(db, localCartId(eventId));
}

export async function saveCart(db: FoyerDatabase, cart: CartDoc): Promise<void> {
  await writeLocal(db, localCartId(cart.eventId), cart);
}

/** Empties the cart once its order is placed. */
export async function clearCart(db: FoyerDatabase, eventId: number): Promise<void> {
  await writeLocal(db, localCartId(eventId), emptyCart(eventId));
}
