import { describe, expect, it } from 'vitest';
import { checkTicketType, blankTicketType, currencyExponent, fitsCurrency, minorUnits, saleState, sumPrices } from '../../contract/sales.ts';
import {
  attendeeProblems,
  cartCount,
  cartPricing,
  cartTotal,
  checkoutLines,
  emptyCart,
  setAttendee,
  setMethod,
  setPromo,
  setQuantity,
  withoutUnknownTypes,
  type CartType,
} from '../../sync/views/tickets/cart.ts';
import { sortOrders } from '../../sync/views/tickets/orders.ts';
import { NO_ORDER } from '../../contract/orders.ts';
import type { TicketDoc } from '../../contract/tickets.ts';

/** The checkout's cart and the sale rules the form and the server share (contract/sales.ts). */

const standard: CartType = { id: 2, name: 'Standard', price: 450.5, ask_name: 'required', ask_company: 'optional', ask_position: 'off' };
const free: CartType = { id: 1, name: 'Free', price: 0, ask_name: 'off', ask_company: 'off', ask_position: 'off' };

describe('the cart', () => {
  it('grows and shrinks per type, prefilling the buyer’s name on the first ticket only', () => {
    let cart = setQuantity(emptyCart(7), 2, 2, { name: 'Olha', company: '', position: '' });
    expect(cart.lines['2']!.map((a) => a.name)).toEqual(['Olha', '']);
    cart = setQuantity(cart, 1, 1, { name: 'Olha', company: '', position: '' });
    expect(cart.lines['1']!.map((a) => a.name)).toEqual(['']);
    expect(cartCount(cart)).toBe(3);
    cart = setQuantity(cart, 2, 1);
    expect(cart.lines['2']!.map((a) => a.name)).toEqual(['Olha']);
    cart = setQuantity(cart, 1, 0);
    expect(cart.lines['1']).toBeUndefined();
  });

  it('totals without floating drift and lists lines in type order with only the asked fields', () => {
    let cart = setQuantity(emptyCart(7), 2, 3);
    cart = setQuantity(cart, 1, 1);
    expect(cartTotal(cart, [standard, free])).toBe(1351.5);
    expect(sumPrices([0.1, 0.2])).toBe(0.3);
    cart = setAttendee(cart, 2, 0, 'name', ' Olha Kravets ');
    cart = setAttendee(cart, 2, 0, 'position', 'CTO');
    expect(checkoutLines(cart, [standard, free])).toEqual([
      { type_id: 1, name: '', company: '', position: '' },
      { type_id: 2, name: 'Olha Kravets', company: '', position: '' },
      { type_id: 2, name: '', company: '', position: '' },
      { type_id: 2, name: '', company: '', position: '' },
    ]);
  });

  it('names the required fields still empty', () => {
    let cart = setQuantity(emptyCart(7), 2, 2);
    cart = setAttendee(cart, 2, 1, 'name', 'Ivan');
    expect([...attendeeProblems(cart, [standard])]).toEqual(['2.0.name']);
    cart = setAttendee(cart, 2, 0, 'name', '  ');
    expect([...attendeeProblems(cart, [standard])]).toEqual(['2.0.name']);
  });

  it('makes a new attempt id whenever what is bought changes, and drops types no longer offered', () => {
    const keyed = { ...setQuantity(emptyCart(7), 2, 1), clientKey: 'k-1' };
    expect(setAttendee(keyed, 2, 0, 'name', 'A').clientKey).toBe('');
    expect(setMethod(keyed, 'transfer').clientKey).toBe('');
    expect(setMethod({ ...keyed, method: 'transfer' }, 'transfer').clientKey).toBe('k-1');
    expect(withoutUnknownTypes(keyed, [free]).lines).toEqual({});
    expect(withoutUnknownTypes(keyed, [standard])).toBe(keyed);
  });
});

describe('the cart with a promo code', () => {
  const workshop: CartType = { ...standard, id: 3, name: 'Workshop', price: 100 };

  it('prices each ticket with the code it holds, a new attempt id with it, and keeps it while the cart changes', () => {
    const keyed = { ...setQuantity(emptyCart(7), 2, 2), clientKey: 'k-1' };
    const withCode = setPromo(keyed, { code: 'TEAM10', kind: 'percent', value: 10, type_ids: [2] });
    expect(withCode.clientKey).toBe('');
    expect(cartPricing(withCode, [standard, workshop], 'UAH')).toMatchObject({ total: 810.9, discount: 90.1, uses: 2, applies: true });
    const more = setQuantity(withCode, 3, 1);
    expect(more.promo?.code).toBe('TEAM10');
    expect(cartPricing(more, [standard, workshop], 'UAH').lines.map((l) => l.price)).toEqual([405.45, 405.45, 100]);
    expect(setPromo(more, null).promo).toBeNull();
  });

  it('says when the code lowers nothing the cart holds, and then prices it in full', () => {
    const cart = setPromo(setQuantity(emptyCart(7), 3, 2), { code: 'TEAM10', kind: 'free', value: 100, type_ids: [2] });
    expect(cartPricing(cart, [standard, workshop], 'UAH')).toMatchObject({ total: 200, discount: 0, applies: false });
    // A cart kept from before codes has none.
    expect(cartPricing(setQuantity(emptyCart(7), 3, 1), [workshop], 'UAH')).toMatchObject({ total: 100, applies: false });
  });
});

describe('sale rules', () => {
  it('check a type’s fields as the form and the server do', () => {
    expect(checkTicketType({ ...blankTicketType(), name: ' ' }, 'UAH')).toEqual({ name: 'required' });
    expect(checkTicketType({ ...blankTicketType(), name: 'A', price: 1.005 }, 'UAH')).toEqual({ price: 'price_cents' });
    expect(checkTicketType({ ...blankTicketType(), name: 'A', sale_starts_at: 2_000, sale_ends_at: 1_000 }, 'UAH')).toEqual({ sale_ends_at: 'sale_order' });
    expect(checkTicketType({ ...blankTicketType(), name: 'A', quota: 3 }, 'UAH', 5)).toEqual({ quota: 'quota_below_taken' });
    expect(checkTicketType({ ...blankTicketType(), name: 'A', price: 45.5, quota: 5 }, 'EUR', 5)).toEqual({});
  });

  it('charge cards in the currency’s smallest unit', () => {
    expect(currencyExponent('UAH')).toBe(2);
    expect(minorUnits(1250.5, 'UAH')).toBe(125050);
    expect(currencyExponent('JPY')).toBe(0);
    expect(fitsCurrency(100.5, 'JPY')).toBe(false);
    expect(minorUnits(1000, 'JPY')).toBe(1000);
  });

  it('place a type’s sale in time: not yet, on sale, sold out, ended (with the event at the latest)', () => {
    const t = { sale_starts: 100, sale_ends: 200, sold_out: false };
    expect(saleState(t, 50, 1000)).toBe('not_yet');
    expect(saleState(t, 150, 1000)).toBe('on_sale');
    expect(saleState({ ...t, sold_out: true }, 150, 1000)).toBe('sold_out');
    expect(saleState(t, 200, 1000)).toBe('ended');
    expect(saleState({ sale_starts: 0, sale_ends: 0, sold_out: false }, 1000, 1000)).toBe('ended');
  });
});

describe('the user’s orders', () => {
  const doc = (id: number, state: string, created: number, expires = 0): TicketDoc =>
    ({
      id: `order-${id}`,
      kind: 'order',
      event_id: 1,
      event: { timezone: 'UTC' },
      order: { ...NO_ORDER, id, state, created_at: created, expires_at: expires },
    }) as unknown as TicketDoc;

  it('puts those waiting for payment first, soonest deadline first, and marks the overdue ones', () => {
    const now = 5_000_000;
    const { awaiting, past } = sortOrders([doc(1, 'paid', 10), doc(2, 'pending', 20, 9_000), doc(3, 'pending', 30, 4_000), doc(4, 'expired', 40)], now);
    expect(awaiting.map((o) => [o.order.id, o.overdue])).toEqual([
      [3, true],
      [2, false],
    ]);
    expect(past.map((o) => o.order.id)).toEqual([4, 1]);
  });
});
