import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { expireOverdue } from '../../server/domain/orders/lifecycle.ts';
import { startOrderExpiry } from '../../server/domain/orders/sweeper.ts';
import { attachmentsOf, mailsTo, waitForMail } from '../fixtures/mail.ts';
import { ownDataDir, startTestServer, type TestServer } from '../fixtures/server.ts';
import { waitFor } from '../fixtures/wait.ts';
import { auth, salesKit, type OrderList } from './sales-helpers.ts';

/**
 * Orders that wait for a transfer (or a payment at the venue), and what organisers do with orders
 * (issue 15): the buyer sees how to pay; the organiser marks it paid and the tickets appear; an
 * order not paid in time expires and frees its tickets; a cancelled order's tickets stop working at
 * the door and the holder is told by email and in the app.
 */

let s: TestServer;
const dataDir = ownDataDir('ticket-orders');
beforeAll(async () => {
  s = await startTestServer({ dataDir });
});
afterAll(async () => s?.close());

const kit = salesKit(() => s.app);
const { person, newEvent, setSettings, addType, pull, line, buy, organiser } = kit;

async function transferEvent() {
  const owner = await person();
  const eventId = await newEvent(owner);
  await setSettings(owner, eventId, { transfer_instructions: 'IBAN UA21 3052 9900 0002 6007 0000 0000 1, reference: your order code', transfer_hours: 48 });
  const typeId = await addType(owner, eventId, { name: 'Conference pass', price: 1200, quota: 3 });
  return { owner, eventId, typeId };
}

describe('a bank transfer order', () => {
  it('waits with the organiser’s instructions, holds its tickets, and is paid when the organiser marks it', async () => {
    const { owner, eventId, typeId } = await transferEvent();
    const buyer = await person();
    const placed = await buy(buyer, { event_id: eventId, lines: [line(typeId), line(typeId, 'Petro Bondar')], expected_total: 2400, method: 'transfer' });
    expect(placed.status_code).toBe(200);
    const order = placed.data.order;
    expect(order).toMatchObject({ state: 'pending', method: 'transfer', total: 2400, currency: 'UAH', instructions: expect.stringContaining('IBAN') });
    expect(order.expires_at - Math.floor(Date.now() / 1000)).toBeGreaterThan(47 * 3600);

    // The buyer's devices hold the order and how to pay it; no ticket exists yet.
    let docs = await pull(buyer, 'tickets');
    expect(docs.map((d) => d.kind)).toEqual(['order']);
    expect(docs[0]).toMatchObject({
      status: 'pending',
      order: { code: order.code, state: 'pending', total: 2400, instructions: expect.stringContaining('IBAN') },
    });
    expect((await pull(buyer, 'my_events')).find((d) => d.event_id === eventId)?.has_ticket ?? false).toBe(false);
    const howToPay = await waitForMail(dataDir, buyer.email);
    expect(howToPay.subject).toContain(order.code);
    expect(howToPay.text).toContain('IBAN UA21');
    // Held: only one of three is left for anybody else.
    const offer = await s.app.inject({ method: 'GET', url: `/api/events/${eventId}/ticket-types` });
    expect(offer.json().data.types[0]).toMatchObject({ state: 'on_sale', left: 1 });

    // The organiser finds it by code and state, and marks it paid.
    const found = await organiser<OrderList>(owner, 'GET', `/api/events/${eventId}/orders?state=pending&q=${order.code}`);
    expect(found.data.items.map((o) => o.code)).toEqual([order.code]);
    const stranger = await person();
    expect((await organiser(stranger, 'POST', `/api/events/${eventId}/orders/${order.code}/mark-paid`, {})).error).toBe('organiser_required');
    const paid = await organiser(owner, 'POST', `/api/events/${eventId}/orders/${order.code}/mark-paid`, {});
    expect(paid.data).toMatchObject({ state: 'paid' });
    // Twice is once.
    expect((await organiser(owner, 'POST', `/api/events/${eventId}/orders/${order.code}/mark-paid`, {})).data.state).toBe('paid');

    docs = await pull(buyer, 'tickets');
    expect(docs.filter((d) => d.kind === 'ticket').map((d) => [d.name, d.price, d.status])).toEqual([
      ['Olha Kravets', 1200, 'valid'],
      ['Petro Bondar', 1200, 'valid'],
    ]);
    expect(docs.find((d) => d.kind === 'order')).toMatchObject({ status: 'paid', order: { state: 'paid', instructions: '', expires_at: 0 } });
    expect((await pull(buyer, 'my_events')).find((d) => d.event_id === eventId)).toMatchObject({ has_ticket: true });
    const confirmation = await waitForMail(dataDir, buyer.email, 2);
    expect(attachmentsOf(confirmation.file)).toHaveLength(2);
  });

  it('expires when unpaid in time and gives its tickets back; a late payment the organiser records takes them again if they are left', async () => {
    const { owner, eventId, typeId } = await transferEvent();
    const buyer = await person();
    const placed = await buy(buyer, { event_id: eventId, lines: [line(typeId), line(typeId), line(typeId)], expected_total: 3600, method: 'transfer' });
    const order = placed.data.order;
    const other = await person();
    expect((await buy(other, { event_id: eventId, lines: [line(typeId)], expected_total: 1200, method: 'transfer' })).error).toBe('sold_out');

    // Two days later the sweep (every instance runs it every minute) expires it.
    const later = new Date((order.expires_at + 60) * 1000);
    const swept = await s.app.writer.run((trx) => expireOverdue(trx, later, null));
    expect(swept.count).toBe(1);
    expect(swept.notices).toEqual([{ kind: 'expired', orderId: order.id }]);
    const docs = await pull(buyer, 'tickets');
    expect(docs.find((d) => d.kind === 'order')).toMatchObject({ status: 'expired', order: { state: 'expired' } });
    const offer = await s.app.inject({ method: 'GET', url: `/api/events/${eventId}/ticket-types` });
    expect(offer.json().data.types[0]).toMatchObject({ state: 'on_sale', left: 3 });

    // Somebody buys one of the freed tickets; the transfer arrives late and the organiser records it.
    expect((await buy(other, { event_id: eventId, lines: [line(typeId)], expected_total: 1200, method: 'transfer' })).status_code).toBe(200);
    expect(await organiser(owner, 'POST', `/api/events/${eventId}/orders/${order.code}/mark-paid`, {})).toMatchObject({ status_code: 409, error: 'sold_out' });
  });

  it('is expired by the sweep every instance runs, which tells the buyer', async () => {
    const { eventId, typeId } = await transferEvent();
    const buyer = await person();
    const order = (await buy(buyer, { event_id: eventId, lines: [line(typeId)], expected_total: 1200, method: 'transfer' })).data.order;
    await sql`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE id = ${order.id}`.execute(s.app.db);
    const stop = startOrderExpiry({ writer: s.app.writer, log: s.app.log }, 50);
    try {
      await waitFor('the sweep to expire the order', async () =>
        (await pull(buyer, 'tickets')).find((d) => d.order.code === order.code && d.order.state === 'expired'),
      );
      await waitFor('the expiry mail', () => mailsTo(dataDir, buyer.email).find((m) => m.subject.includes('expired')) ?? null);
    } finally {
      stop();
    }
  });

  it('is refused past the pending-orders limit for one person and event', async () => {
    const owner = await person();
    const eventId = await newEvent(owner);
    await setSettings(owner, eventId);
    const typeId = await addType(owner, eventId, { name: 'Pass', price: 100 });
    const buyer = await person();
    for (let i = 0; i < 3; i++)
      expect((await buy(buyer, { event_id: eventId, lines: [line(typeId)], expected_total: 100, method: 'transfer' })).status_code).toBe(200);
    expect((await buy(buyer, { event_id: eventId, lines: [line(typeId)], expected_total: 100, method: 'transfer' })).error).toBe('pending_orders_limit');
    // The buyer gives one up and may order again.
    const mine = (await pull(buyer, 'tickets')).filter((d) => d.kind === 'order');
    const code = mine[0]!.order.code;
    const res = await s.app.inject({ method: 'POST', url: `/api/checkout/orders/${code}/cancel`, headers: auth(buyer.token), payload: {} });
    expect(res.json().data.state).toBe('cancelled');
    expect((await buy(buyer, { event_id: eventId, lines: [line(typeId)], expected_total: 100, method: 'transfer' })).status_code).toBe(200);
  });
});

describe('the organiser cancels or refunds', () => {
  it('voids a paid order’s tickets at the door, tells the holder by email and in the app, and frees the quota', async () => {
    const { owner, eventId, typeId } = await transferEvent();
    const buyer = await person();
    const order = (await buy(buyer, { event_id: eventId, lines: [line(typeId)], expected_total: 1200, method: 'transfer' })).data.order;
    await organiser(owner, 'POST', `/api/events/${eventId}/orders/${order.code}/mark-paid`, {});
    const door = await pull(owner, 'door_tickets', `&event_id=${eventId}`);
    expect(door.map((d) => d.status)).toEqual(['valid']);

    // Acting on what the organiser saw: a stale state is refused.
    expect(await organiser(owner, 'POST', `/api/events/${eventId}/orders/${order.code}/cancel`, { from: 'pending' })).toMatchObject({
      error: 'order_state_changed',
    });
    const refunded = await organiser(owner, 'POST', `/api/events/${eventId}/orders/${order.code}/refund`, {});
    expect(refunded.data.state).toBe('refunded');

    expect((await pull(owner, 'door_tickets', `&event_id=${eventId}`)).map((d) => d.status)).toEqual(['cancelled']);
    const docs = await pull(buyer, 'tickets');
    expect(docs.find((d) => d.kind === 'ticket')).toMatchObject({ status: 'cancelled', order: { state: 'refunded' } });
    expect((await pull(buyer, 'my_events')).find((d) => d.event_id === eventId)).toMatchObject({ has_ticket: false });
    const told = await waitFor('the refund mail', () => mailsTo(dataDir, buyer.email).find((m) => m.subject.includes('refunded')) ?? null);
    expect(told.text).toContain(order.code);
    const offer = await s.app.inject({ method: 'GET', url: `/api/events/${eventId}/ticket-types` });
    expect(offer.json().data.types[0].left).toBe(3);
    const list = await organiser<OrderList>(owner, 'GET', `/api/events/${eventId}/orders`);
    expect(list.data).toMatchObject({ counts: { refunded: 1 }, revenue: 0 });
  });

  it('cancels a free order the same way, and never refunds it', async () => {
    const owner = await person();
    const eventId = await newEvent(owner);
    const typeId = await addType(owner, eventId, { name: 'Free' });
    const buyer = await person();
    const order = (await buy(buyer, { event_id: eventId, lines: [line(typeId)], expected_total: 0 })).data.order;
    expect(await organiser(owner, 'POST', `/api/events/${eventId}/orders/${order.code}/refund`, {})).toMatchObject({ error: 'order_state_changed' });
    expect((await organiser(owner, 'POST', `/api/events/${eventId}/orders/${order.code}/cancel`, { from: 'paid' })).data.state).toBe('cancelled');
    expect((await pull(owner, 'door_tickets', `&event_id=${eventId}`)).map((d) => d.status)).toEqual(['cancelled']);
    const told = await waitFor('the cancellation mail', () => mailsTo(dataDir, buyer.email).find((m) => m.subject.includes('cancelled')) ?? null);
    expect(told.text).toContain(order.code);
  });
});
