import { describe, expect, it } from 'vitest';
import { PENDING_ORDERS_PER_EVENT, PENDING_TICKETS_PER_EVENT, UNVERIFIED_TICKETS_PER_EVENT } from '../../contract/sales.ts';
import { limitRefusal, NOTHING_HELD, type Held } from '../../server/domain/orders/limits.ts';

/** What one person may take of an event's sale (issue 26): server/domain/orders/limits.ts. */

const want = (counts: Record<number, number>, maxPerPerson: Record<number, number>, pending = false) => ({
  counts: new Map(Object.entries(counts).map(([k, v]) => [Number(k), v])),
  maxPerPerson: new Map(Object.entries(maxPerPerson).map(([k, v]) => [Number(k), v])),
  pending,
});
const held = (over: Partial<Held> & { types?: Record<number, number> } = {}): Held => {
  const byType = new Map(Object.entries(over.types ?? {}).map(([k, v]) => [Number(k), v]));
  const total = over.total ?? [...byType.values()].reduce((a, b) => a + b, 0);
  return { byType, total, pendingTickets: over.pendingTickets ?? 0, pendingOrders: over.pendingOrders ?? 0 };
};

describe('the limits of one person', () => {
  it('let a person reach the type’s limit exactly, counting what they hold, and not one more', () => {
    expect(limitRefusal(want({ 1: 10 }, { 1: 10 }), NOTHING_HELD, true)).toBeNull();
    expect(limitRefusal(want({ 1: 3 }, { 1: 10 }), held({ types: { 1: 7 } }), true)).toBeNull();
    expect(limitRefusal(want({ 1: 1 }, { 1: 10 }), held({ types: { 1: 10 } }), true)).toEqual({ code: 'ticket_limit_per_person', detail: '1' });
    // Another type's tickets are not this type's.
    expect(limitRefusal(want({ 2: 5 }, { 2: 5 }), held({ types: { 1: 10 } }), true)).toBeNull();
  });

  it('name the first type over its limit, in type order, whatever the order of the lines', () => {
    expect(limitRefusal(want({ 9: 5, 4: 5 }, { 9: 1, 4: 1 }), NOTHING_HELD, true)).toEqual({ code: 'ticket_limit_per_person', detail: '4' });
  });

  it('refuse a type whose limit is unknown rather than let it through', () => {
    expect(limitRefusal(want({ 1: 1 }, {}), NOTHING_HELD, true)).toMatchObject({ code: 'ticket_limit_per_person' });
  });

  it('give an unverified account a few tickets of the event, over all types', () => {
    const few = UNVERIFIED_TICKETS_PER_EVENT;
    expect(limitRefusal(want({ 1: few }, { 1: 10 }), NOTHING_HELD, false)).toBeNull();
    expect(limitRefusal(want({ 1: few + 1 }, { 1: 10 }), NOTHING_HELD, false)).toEqual({ code: 'unverified_ticket_limit' });
    expect(limitRefusal(want({ 2: 1 }, { 2: 10 }), held({ types: { 1: few } }), false)).toEqual({ code: 'unverified_ticket_limit' });
    expect(limitRefusal(want({ 2: 1 }, { 2: 10 }), held({ types: { 1: few } }), true)).toBeNull();
  });

  it('cap unpaid holds by orders and by tickets, and leave free orders alone', () => {
    const big = { 1: 1000 };
    expect(limitRefusal(want({ 1: 1 }, big, true), held({ pendingOrders: PENDING_ORDERS_PER_EVENT }), true)).toEqual({ code: 'pending_orders_limit' });
    expect(limitRefusal(want({ 1: 1 }, big, true), held({ pendingOrders: 1, pendingTickets: PENDING_TICKETS_PER_EVENT }), true)).toEqual({
      code: 'pending_tickets_limit',
    });
    expect(limitRefusal(want({ 1: PENDING_TICKETS_PER_EVENT }, big, true), NOTHING_HELD, true)).toBeNull();
    expect(limitRefusal(want({ 1: PENDING_TICKETS_PER_EVENT + 1 }, big, true), NOTHING_HELD, true)).toEqual({ code: 'pending_tickets_limit' });
    // A free order is paid at once: it holds nothing back from others.
    expect(limitRefusal(want({ 1: 5 }, big, false), held({ pendingOrders: 3, pendingTickets: 20 }), true)).toBeNull();
  });
});
