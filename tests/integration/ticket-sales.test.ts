import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { attachmentsOf, waitForMail } from '../fixtures/mail.ts';
import { ownDataDir, startTestServer, type TestServer } from '../fixtures/server.ts';
import type { TicketDoc } from '../../contract/tickets.ts';
import { auth, salesKit, type OrderList } from './sales-helpers.ts';

/**
 * Ticket sales through the server (issue 15): ticket types as organisers' commands, the event
 * documents that carry them, and free orders end to end: tickets issued at once, on the buyer's
 * devices with the order, at the event's doors, and mailed with their PDFs.
 */

let s: TestServer;
const dataDir = ownDataDir('ticket-sales');
beforeAll(async () => {
  s = await startTestServer({ dataDir });
});
afterAll(async () => s?.close());

const kit = salesKit(() => s.app);
const { person, send, newEvent, setSettings, addType, typeFields, pull, line, buy } = kit;

describe('ticket types', () => {
  it('are the organisers’ to write, checked field by field, and reach every device in the event document', async () => {
    const owner = await person();
    const stranger = await person();
    const eventId = await newEvent(owner);
    await setSettings(owner, eventId, { currency: 'EUR' });

    const standard = await addType(owner, eventId, { name: 'Standard', price: 45.5, quota: 100, ask_company: 'optional' });
    const press = await addType(owner, eventId, { name: 'Press', price: 0, hidden: true });

    // Anybody's copy: the visible type, its price in the event's currency, no quota, no hidden type.
    const open = (await pull(null, 'events')).find((d) => d.event_id === eventId)!;
    expect(open.sales).toMatchObject({ currency: 'EUR', methods: ['transfer'] });
    expect(open.sales.types).toEqual([expect.objectContaining({ id: standard, name: 'Standard', price: 45.5, sold_out: false, ask_company: 'optional' })]);
    expect(open.sales.types[0]).not.toHaveProperty('quota');
    expect(open.admin.sales.types).toEqual([]);
    expect(open.ticket_min_price).toBe(45.5);
    // The organiser's copy: every type with its quota, and the payment settings.
    const mine = (await pull(owner, 'events')).find((d) => d.event_id === eventId)!;
    expect(mine.admin.sales.types.map((t) => [t.id, t.hidden, t.limited, t.quota])).toEqual([
      [standard, false, true, 100],
      [press, true, false, 0],
    ]);
    expect(mine.admin.sales).toMatchObject({ transfer_enabled: true, transfer_hours: 48, card_enabled: false });

    // Refusals change nothing and name the problem.
    expect(await send(stranger, 'ticket_type.save', { event_id: eventId, fields: typeFields({ name: 'Mine' }) })).toMatchObject({
      status: 'rejected',
      code: 'organiser_required',
    });
    expect(await send(owner, 'ticket_type.save', { event_id: eventId, fields: typeFields({ name: '  ' }) })).toMatchObject({ code: 'invalid_input' });
    expect(await send(owner, 'ticket_type.save', { event_id: eventId, fields: typeFields({ price: 10.005 }) })).toMatchObject({ code: 'price_cents' });
    expect(
      await send(owner, 'ticket_type.save', { event_id: eventId, fields: typeFields({ sale_starts_at: 2_000_000_000, sale_ends_at: 1_999_000_000 }) }),
    ).toMatchObject({ code: 'ticket_sale_order' });
    expect(
      await send(owner, 'ticket_sales.settings', {
        event_id: eventId,
        fields: { currency: 'EUR', transfer_enabled: true, transfer_instructions: ' ', transfer_hours: 48, card_enabled: false },
      }),
    ).toMatchObject({ code: 'transfer_instructions_required' });
    expect(await send(owner, 'ticket_type.delete', { event_id: eventId, type_id: press })).toMatchObject({ status: 'applied' });
    const after = (await pull(owner, 'events')).find((d) => d.event_id === eventId)!;
    expect(after.admin.sales.types.map((t) => t.id)).toEqual([standard]);
  });

  it('keeps a sold type and the currency of an event that has orders', async () => {
    const owner = await person();
    const buyer = await person();
    const eventId = await newEvent(owner);
    await setSettings(owner, eventId);
    const free = await addType(owner, eventId, { name: 'Free', quota: 5 });
    expect((await buy(buyer, { event_id: eventId, lines: [line(free), line(free)], expected_total: 0 })).status_code).toBe(200);
    expect(await send(owner, 'ticket_type.delete', { event_id: eventId, type_id: free })).toMatchObject({ code: 'ticket_type_in_use' });
    expect(await send(owner, 'ticket_type.save', { event_id: eventId, type_id: free, fields: typeFields({ name: 'Free', quota: 1 }) })).toMatchObject({
      code: 'ticket_quota_below_taken',
    });
    expect(await send(owner, 'ticket_type.save', { event_id: eventId, type_id: free, fields: typeFields({ name: 'Free', quota: 2 }) })).toMatchObject({
      status: 'applied',
    });
    expect(
      await send(owner, 'ticket_sales.settings', {
        event_id: eventId,
        fields: { currency: 'PLN', transfer_enabled: false, transfer_instructions: '', transfer_hours: 48, card_enabled: false },
      }),
    ).toMatchObject({
      code: 'currency_locked',
    });
  });
});

describe('a free order', () => {
  it('is paid at once: tickets on the buyer’s devices, at the door, and in the mail with their PDFs', async () => {
    const owner = await person();
    const buyer = await person();
    const eventId = await newEvent(owner);
    const typeId = await addType(owner, eventId, { name: 'Community', quota: 10, ask_company: 'required' });

    const missing = await buy(buyer, { event_id: eventId, lines: [line(typeId)], expected_total: 0 });
    expect(missing).toMatchObject({ status_code: 400, error: 'attendee_required' });

    const key = 'free-order-key-1';
    const body = {
      event_id: eventId,
      client_key: key,
      expected_total: 0,
      lines: [line(typeId, 'Olha Kravets', { company: 'Harbour Labs' }), line(typeId, 'Ivan Kravets', { company: 'Harbour Labs' })],
    };
    const placed = await buy(buyer, body);
    expect(placed.status_code).toBe(200);
    const order = placed.data.order;
    expect(order).toMatchObject({ state: 'paid', method: 'free', total: 0, code: expect.stringMatching(/^FY[A-Z2-9]{6}$/) });
    expect(order.lines.map((l) => [l.name, l.company, typeof l.ticket_id])).toEqual([
      ['Olha Kravets', 'Harbour Labs', 'number'],
      ['Ivan Kravets', 'Harbour Labs', 'number'],
    ]);
    // The same checkout sent again (a lost answer) answers the same order and buys nothing more.
    const again = await buy(buyer, body);
    expect(again.data.order.id).toBe(order.id);

    // The buyer's devices: two tickets with their order, and the order's own document.
    const docs = await pull(buyer, 'tickets');
    const tickets = docs.filter((d) => d.kind === 'ticket');
    expect(tickets.map((t) => [t.name, t.company, t.status, t.order.code])).toEqual([
      ['Olha Kravets', 'Harbour Labs', 'valid', order.code],
      ['Ivan Kravets', 'Harbour Labs', 'valid', order.code],
    ]);
    expect(tickets[0]!.qr).toMatch(/^FYT1\./);
    const orderDoc = docs.find((d) => d.kind === 'order')!;
    expect(orderDoc).toMatchObject({
      id: `order-${order.id}`,
      status: 'paid',
      order: { state: 'paid', lines: [{ name: 'Olha Kravets' }, { name: 'Ivan Kravets' }] },
    });
    // checkin_status: the live page, meetings and chat open up.
    expect((await pull(buyer, 'my_events')).find((d) => d.event_id === eventId)).toMatchObject({ has_ticket: true });
    const legacy = await s.app.inject({ method: 'GET', url: `/api/events/${eventId}`, headers: auth(buyer.token) });
    expect(legacy.json().data.checkin_status).toBe(true);
    // The door devices of the event learn the new tickets.
    const door = await pull(owner, 'door_tickets', `&event_id=${eventId}`);
    expect(door.map((d) => [d.code, d.status, d.holder_name]).sort()).toEqual(tickets.map((t) => [t.code, 'valid', t.name]).sort());
    // The type counts them.
    const list = await kit.organiser<OrderList>(owner, 'GET', `/api/events/${eventId}/orders`);
    expect(list.data.types).toEqual([expect.objectContaining({ id: typeId, quota: 10, taken: 2, paid: 2 })]);
    expect(list.data.items[0]).toMatchObject({ code: order.code, state: 'paid', buyer: expect.any(String), email: buyer.email });

    const mail = await waitForMail(dataDir, buyer.email);
    expect(mail.subject).toContain(order.code);
    const pdfs = attachmentsOf(mail.file);
    expect(pdfs.map((a) => a.contentType)).toEqual(['application/pdf', 'application/pdf']);
    expect(pdfs[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(fs.existsSync(mail.file)).toBe(true);
  });

  it('refuses what is not on sale, a total that moved, and a paid order without a way to pay', async () => {
    const owner = await person();
    const buyer = await person();
    const eventId = await newEvent(owner);
    const now = Math.floor(Date.now() / 1000);
    const later = await addType(owner, eventId, { name: 'Later', sale_starts_at: now + 3600 });
    const gone = await addType(owner, eventId, { name: 'Gone', sale_ends_at: now - 10, sale_starts_at: now - 3600 });
    const hidden = await addType(owner, eventId, { name: 'Hidden', hidden: true });
    const paid = await addType(owner, eventId, { name: 'Paid', price: 300, max_per_order: 1 });

    expect((await buy(buyer, { event_id: eventId, lines: [line(later)], expected_total: 0 })).error).toBe('sale_not_started');
    expect((await buy(buyer, { event_id: eventId, lines: [line(gone)], expected_total: 0 })).error).toBe('sale_ended');
    expect((await buy(buyer, { event_id: eventId, lines: [line(hidden)], expected_total: 0 })).error).toBe('ticket_type_not_found');
    expect((await buy(buyer, { event_id: eventId, lines: [line(paid)], expected_total: 200, method: 'transfer' })).error).toBe('price_changed');
    expect((await buy(buyer, { event_id: eventId, lines: [line(paid)], expected_total: 300, method: 'transfer' })).error).toBe('payment_method_unavailable');
    expect((await buy(buyer, { event_id: eventId, lines: [line(paid), line(paid)], expected_total: 600, method: 'transfer' })).error).toBe('too_many_tickets');
    // A guest is asked to sign in.
    const guest = await s.app.inject({
      method: 'POST',
      url: '/api/checkout/orders',
      payload: { event_id: eventId, client_key: 'guest-key-1', method: 'free', lines: [line(later)], expected_total: 0 },
    });
    expect(guest.json()).toMatchObject({ status_code: 403, error: 'auth_required' });
    // Nothing was bought.
    expect((await pull(buyer, 'tickets')).length).toBe(0);
  });

  it('pages the buyer’s tickets and orders together without losing one at a page’s edge', async () => {
    const owner = await person();
    const buyer = await person();
    const eventId = await newEvent(owner);
    const typeId = await addType(owner, eventId, { name: 'Pair' });
    for (let i = 0; i < 3; i++)
      expect((await buy(buyer, { event_id: eventId, lines: [line(typeId), line(typeId, 'Ivan')], expected_total: 0 })).status_code).toBe(200);
    const all = (await pull(buyer, 'tickets')).map((d) => d.id);
    expect(all).toHaveLength(9);
    const seen: string[] = [];
    let checkpoint = 0;
    for (let page = 0; page < 20; page++) {
      const res = await s.app.inject({ method: 'GET', url: `/sync/v1/tickets/pull?checkpoint=${checkpoint}&limit=2`, headers: auth(buyer.token) });
      const body = res.json() as { documents: TicketDoc[]; checkpoint: number };
      seen.push(...body.documents.map((d) => d.id));
      checkpoint = body.checkpoint;
      if (body.documents.length < 2) break;
    }
    expect([...new Set(seen)].sort()).toEqual([...all].sort());
  });

  it('answers sold_out for the last ticket taken, and the document says sold out', async () => {
    const owner = await person();
    const a = await person();
    const b = await person();
    const eventId = await newEvent(owner);
    const typeId = await addType(owner, eventId, { name: 'Last one', quota: 1 });
    expect((await buy(a, { event_id: eventId, lines: [line(typeId)], expected_total: 0 })).status_code).toBe(200);
    expect(await buy(b, { event_id: eventId, lines: [line(typeId)], expected_total: 0 })).toMatchObject({
      status_code: 409,
      error: 'sold_out',
      message: String(typeId),
    });
    const doc = (await pull(null, 'events')).find((d) => d.event_id === eventId)!;
    expect(doc.sales.types[0]).toMatchObject({ id: typeId, sold_out: true });
    const offer = await s.app.inject({ method: 'GET', url: `/api/events/${eventId}/ticket-types` });
    expect(offer.json().data.types[0]).toMatchObject({ id: typeId, state: 'sold_out', left: 0 });
  });
});
