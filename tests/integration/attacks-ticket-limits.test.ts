import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DEFAULT_MAX_PER_PERSON, PENDING_TICKETS_PER_EVENT, UNVERIFIED_TICKETS_PER_EVENT } from '../../contract/sales.ts';
import { ownDataDir, startTestServer, type TestServer } from '../fixtures/server.ts';
import { auth, salesKit, type Person } from './sales-helpers.ts';

/**
 * Issue 26, finding 10: one account could take a whole quota. An account made seconds earlier took
 * all 200 free tickets of an event in 30 s (20 orders of 10), and paid tickets could be held 30–60 per
 * account in pending orders. Now each type has a limit per person over all their pending and paid
 * orders (default DEFAULT_MAX_PER_PERSON), an unverified account may hold UNVERIFIED_TICKETS_PER_EVENT
 * tickets of an event, and unpaid orders hold at most PENDING_TICKETS_PER_EVENT tickets of an event
 * (server/domain/orders/limits.ts). The race of one account's checkouts at once on PostgreSQL is in
 * checkout-quota-race.test.ts.
 */

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ dataDir: ownDataDir('attacks-ticket-limits') });
});
afterAll(async () => s?.close());

const { person, send, newEvent, setSettings, addType, typeFields, pull, line, buy, organiser } = salesKit(() => s.app);

const lines = (typeId: number, n: number) => Array.from({ length: n }, () => line(typeId));
const free = (who: Person, eventId: number, typeId: number, n: number) => buy(who, { event_id: eventId, lines: lines(typeId, n), expected_total: 0 });
const transfer = (who: Person, eventId: number, typeId: number, n: number, price = 100) =>
  buy(who, { event_id: eventId, lines: lines(typeId, n), expected_total: n * price, method: 'transfer' });

async function takenOf(typeId: number): Promise<number> {
  return (await s.app.db.selectFrom('ticket_types').select('taken').where('id', '=', typeId).executeTakeFirstOrThrow()).taken;
}

async function unverified(): Promise<Person> {
  const p = await person();
  await s.app.db.updateTable('users').set({ email_verified: false }).where('id', '=', p.id).execute();
  return p;
}

describe('one account and a free quota of 200', () => {
  it('takes no more than the type’s limit per person, whatever the number of orders', async () => {
    const owner = await person();
    const eventId = await newEvent(owner);
    const typeId = await addType(owner, eventId, { name: 'Free entry', quota: 200 });
    const grabber = await person();
    expect((await free(grabber, eventId, typeId, 10)).status_code).toBe(200);
    for (let i = 0; i < 3; i++) {
      expect(await free(grabber, eventId, typeId, 1)).toMatchObject({ status_code: 409, error: 'ticket_limit_per_person', message: String(typeId) });
    }
    expect(await takenOf(typeId)).toBe(DEFAULT_MAX_PER_PERSON);
    // Somebody else still gets theirs.
    expect((await free(await person(), eventId, typeId, 2)).status_code).toBe(200);
  });
});

describe('the limit per person', () => {
  it('counts every pending and paid order of the type, not ended ones, and not other types', async () => {
    const owner = await person();
    const eventId = await newEvent(owner);
    await setSettings(owner, eventId);
    const vip = await addType(owner, eventId, { name: 'VIP', price: 100, max_per_order: 2, max_per_person: 3 });
    const other = await addType(owner, eventId, { name: 'Standard', price: 100, max_per_order: 5, max_per_person: 5 });
    const buyer = await person();

    // Per order first: three in one order of a type that allows two.
    expect(await transfer(buyer, eventId, vip, 3)).toMatchObject({ error: 'too_many_tickets', message: String(vip) });
    const first = await transfer(buyer, eventId, vip, 2);
    expect(first.status_code).toBe(200);
    expect(await transfer(buyer, eventId, vip, 2)).toMatchObject({ error: 'ticket_limit_per_person', message: String(vip) });
    expect((await transfer(buyer, eventId, vip, 1)).status_code).toBe(200);
    // A mixed order is refused whole when one of its types is over.
    const mixed = await buy(buyer, { event_id: eventId, lines: [line(other), line(vip)], expected_total: 200, method: 'transfer' });
    expect(mixed).toMatchObject({ error: 'ticket_limit_per_person', message: String(vip) });
    expect((await transfer(buyer, eventId, other, 1)).status_code).toBe(200);

    // Paid orders count as much as pending ones; a cancelled order gives its share back.
    expect((await organiser(owner, 'POST', `/api/events/${eventId}/orders/${first.data.order.code}/mark-paid`, {})).data.state).toBe('paid');
    expect(await transfer(buyer, eventId, vip, 1)).toMatchObject({ error: 'ticket_limit_per_person' });
    expect((await organiser(owner, 'POST', `/api/events/${eventId}/orders/${first.data.order.code}/cancel`, { from: 'paid' })).data.state).toBe('cancelled');
    expect((await transfer(buyer, eventId, vip, 2)).status_code).toBe(200);
    expect(await takenOf(vip)).toBe(3);
  });

  it('is the organiser’s to set, never below the limit per order, and reaches buyers', async () => {
    const owner = await person();
    const eventId = await newEvent(owner);
    expect(await send(owner, 'ticket_type.save', { event_id: eventId, fields: typeFields({ max_per_order: 5, max_per_person: 4 }) })).toMatchObject({
      status: 'rejected',
      code: 'ticket_per_person_below_order',
    });
    for (const bad of [0, -1, 1001, 2.5]) {
      expect(await send(owner, 'ticket_type.save', { event_id: eventId, fields: typeFields({ max_per_person: bad }) })).toMatchObject({
        code: 'invalid_input',
      });
    }
    const typeId = await addType(owner, eventId, { name: 'Team', max_per_order: 5, max_per_person: 40 });
    const doc = (await pull(owner, 'events')).find((d) => d.event_id === eventId)!;
    expect(doc.sales.types.find((t) => t.id === typeId)).toMatchObject({ max_per_order: 5, max_per_person: 40 });
    expect(doc.admin.sales.types.find((t) => t.id === typeId)).toMatchObject({ max_per_person: 40 });
    const offer = await s.app.inject({ method: 'GET', url: `/api/events/${eventId}/ticket-types` });
    expect(offer.json().data.types[0]).toMatchObject({ id: typeId, max_per_order: 5, max_per_person: 40 });
  });
});

describe('an account that has not verified its address', () => {
  it('holds at most a couple of tickets of an event, over all types, until it verifies', async () => {
    const owner = await person();
    const eventId = await newEvent(owner);
    const a = await addType(owner, eventId, { name: 'Day one', quota: 200 });
    const b = await addType(owner, eventId, { name: 'Day two', quota: 200 });
    const fresh = await unverified();
    expect(await free(fresh, eventId, a, UNVERIFIED_TICKETS_PER_EVENT + 1)).toMatchObject({ status_code: 403, error: 'unverified_ticket_limit' });
    expect((await free(fresh, eventId, a, 1)).status_code).toBe(200);
    expect((await free(fresh, eventId, b, 1)).status_code).toBe(200);
    expect(await free(fresh, eventId, b, 1)).toMatchObject({ error: 'unverified_ticket_limit' });
    expect((await takenOf(a)) + (await takenOf(b))).toBe(UNVERIFIED_TICKETS_PER_EVENT);
    // Another event is another allowance.
    const otherEvent = await newEvent(owner);
    const c = await addType(owner, otherEvent, { name: 'Other', quota: 10 });
    expect((await free(fresh, otherEvent, c, 1)).status_code).toBe(200);
    // Verified, the type's own limit is what counts.
    await s.app.db.updateTable('users').set({ email_verified: true }).where('id', '=', fresh.id).execute();
    expect((await free(fresh, eventId, b, 5)).status_code).toBe(200);
  });
});

describe('orders waiting for payment', () => {
  it('hold at most one full order’s worth of an event’s tickets, and at most three orders', async () => {
    const owner = await person();
    const eventId = await newEvent(owner);
    await setSettings(owner, eventId);
    const typeId = await addType(owner, eventId, { name: 'Pass', price: 100, max_per_order: 20, max_per_person: 100 });
    const buyer = await person();
    expect((await transfer(buyer, eventId, typeId, 15)).status_code).toBe(200);
    expect(await transfer(buyer, eventId, typeId, PENDING_TICKETS_PER_EVENT - 15 + 1)).toMatchObject({ status_code: 429, error: 'pending_tickets_limit' });
    const second = await transfer(buyer, eventId, typeId, PENDING_TICKETS_PER_EVENT - 15 - 1);
    expect(second.status_code).toBe(200);
    expect((await transfer(buyer, eventId, typeId, 1)).status_code).toBe(200);
    expect(await transfer(buyer, eventId, typeId, 1)).toMatchObject({ error: 'pending_orders_limit' });
    expect(await takenOf(typeId)).toBe(PENDING_TICKETS_PER_EVENT);
    // Paid, an order holds nothing any more: the buyer may order again (their limit per person allows it).
    expect((await organiser(owner, 'POST', `/api/events/${eventId}/orders/${second.data.order.code}/mark-paid`, {})).data.state).toBe('paid');
    expect((await transfer(buyer, eventId, typeId, 3)).status_code).toBe(200);
  });

  it('that expired hold nothing and count for nothing', async () => {
    const owner = await person();
    const eventId = await newEvent(owner);
    await setSettings(owner, eventId);
    const typeId = await addType(owner, eventId, { name: 'Pass', price: 100, max_per_person: 10 });
    const buyer = await person();
    const held = await transfer(buyer, eventId, typeId, 10);
    expect(await transfer(buyer, eventId, typeId, 1)).toMatchObject({ error: 'ticket_limit_per_person' });
    await sql`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE id = ${held.data.order.id}`.execute(s.app.db);
    expect((await transfer(buyer, eventId, typeId, 10)).status_code).toBe(200);
  });
});

describe('what a reviewer tries next at the checkout', () => {
  it('refuses no tickets, too many lines, another event’s type and a hidden type; a quantity field buys nothing more', async () => {
    const owner = await person();
    const eventId = await newEvent(owner);
    const typeId = await addType(owner, eventId, { name: 'Free', max_per_order: 50, max_per_person: 1000 });
    const hidden = await addType(owner, eventId, { name: 'Staff', hidden: true });
    const elsewhere = await newEvent(owner);
    const foreign = await addType(owner, elsewhere, { name: 'Other event' });
    const buyer = await person();
    const raw = async (payload: Record<string, unknown>) => {
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/checkout/orders',
        headers: auth(buyer.token),
        payload: { event_id: eventId, client_key: `ck-${Math.random().toString(36).slice(2)}`, method: 'free', expected_total: 0, ...payload },
      });
      return res.json() as { status_code: number; error?: string };
    };
    expect(await raw({ lines: [] })).toMatchObject({ status_code: 400, error: 'invalid_input' });
    expect(await raw({ lines: lines(typeId, 21) })).toMatchObject({ status_code: 400, error: 'invalid_input' });
    expect(await raw({ lines: [line(foreign)] })).toMatchObject({ error: 'ticket_type_not_found' });
    expect(await raw({ lines: [line(hidden)] })).toMatchObject({ error: 'ticket_type_not_found' });
    expect(await raw({ lines: [line(typeId)], expected_total: -1 })).toMatchObject({ status_code: 400, error: 'invalid_input' });
    expect(await takenOf(typeId)).toBe(0);
    // A line is one ticket: a quantity the route does not know is dropped with the body's other strays.
    expect(await raw({ lines: [{ ...line(typeId), quantity: 1_000_000 }] })).toMatchObject({ status_code: 200 });
    expect(await raw({ lines: [{ ...line(typeId), quantity: -5 }] })).toMatchObject({ status_code: 200 });
    expect(await takenOf(typeId)).toBe(2);
    expect(await takenOf(foreign)).toBe(0);
  });

  it('hands out no ticket and takes no quota through “Register” on a free event', async () => {
    const owner = await person();
    const eventId = await newEvent(owner, { is_free: true });
    const typeId = await addType(owner, eventId, { name: 'Free', quota: 1 });
    const visitor = await person();
    expect(await send(visitor, 'event.checkin', { event_id: eventId })).toMatchObject({ status: 'applied' });
    expect((await pull(visitor, 'tickets')).filter((d) => d.kind === 'ticket')).toEqual([]);
    expect(await takenOf(typeId)).toBe(0);
  });
});
