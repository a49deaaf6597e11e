import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOverview } from '../../contract/admin-people.ts';
import { localDateOf } from '../../contract/appointment-time.ts';
import { ownDataDir, startTestServer, type TestServer } from '../fixtures/server.ts';
import { salesKit, type OrderList } from './sales-helpers.ts';

/**
 * The organisers' sales figures (issue 30): revenue, tickets per type and per day, what waits for
 * payment and what was refunded, counted from the orders as they are now and shown to organisers only.
 */

let s: TestServer;
const dataDir = ownDataDir('sales-figures');
beforeAll(async () => {
  s = await startTestServer({ dataDir });
});
afterAll(async () => s?.close());

const { person, newEvent, setSettings, addType, line, buy, organiser } = salesKit(() => s.app);

describe('the sales figures of the overview', () => {
  it('count revenue per type, method and day, what is pending and what was refunded, for organisers only', async () => {
    const owner = await person();
    const eventId = await newEvent(owner);
    await setSettings(owner, eventId, { transfer_instructions: 'IBAN UA21 3052 9900 0002 6007 0000 0000 1', transfer_hours: 48 });
    const pass = await addType(owner, eventId, { name: 'Conference pass', price: 1200, quota: 10 });
    const workshop = await addType(owner, eventId, { name: 'Workshop', price: 500 });
    const unsold = await addType(owner, eventId, { name: 'VIP', price: 5000, quota: 5 });

    const empty = (await organiser<AdminOverview>(owner, 'GET', `/api/admin/events/${eventId}/overview`)).data.sales;
    expect(empty).toMatchObject({ currency: 'UAH', revenue: 0, pending: 0, refunded: 0, by_method: [], tickets_by_day: [], revenue_by_day: [] });
    expect(empty.by_type.map((t) => [t.type_id, t.sold])).toEqual([
      [pass, 0],
      [workshop, 0],
      [unsold, 0],
    ]);

    // Two passes paid; one workshop waiting; one pass paid and then refunded.
    const [a, b, c] = [await person(), await person(), await person()];
    const paid = (await buy(a, { event_id: eventId, lines: [line(pass), line(pass, 'Petro Bondar')], expected_total: 2400, method: 'transfer' })).data.order;
    const waiting = (await buy(b, { event_id: eventId, lines: [line(workshop)], expected_total: 500, method: 'transfer' })).data.order;
    const refunded = (await buy(c, { event_id: eventId, lines: [line(pass)], expected_total: 1200, method: 'transfer' })).data.order;
    expect(waiting.state).toBe('pending');
    for (const code of [paid.code, refunded.code]) {
      expect((await organiser(owner, 'POST', `/api/events/${eventId}/orders/${code}/mark-paid`, {})).data).toMatchObject({ state: 'paid' });
    }
    expect((await organiser(owner, 'POST', `/api/events/${eventId}/orders/${refunded.code}/refund`, {})).data).toMatchObject({ state: 'refunded' });

    const sales = (await organiser<AdminOverview>(owner, 'GET', `/api/admin/events/${eventId}/overview`)).data.sales;
    expect(sales).toMatchObject({
      currency: 'UAH',
      revenue: 2400,
      pending: 500,
      refunded: 1200,
      orders: { paid: 1, pending: 1, refunded: 1, cancelled: 0, expired: 0 },
      by_method: [{ method: 'transfer', orders: 1, revenue: 2400 }],
    });
    expect(sales.by_type).toEqual([
      { type_id: pass, name: 'Conference pass', quota: 10, sold: 2, pending: 0, refunded: 1, revenue: 2400 },
      { type_id: workshop, name: 'Workshop', quota: null, sold: 0, pending: 1, refunded: 0, revenue: 0 },
      { type_id: unsold, name: 'VIP', quota: 5, sold: 0, pending: 0, refunded: 0, revenue: 0 },
    ]);
    // Paid today, on the event's calendar.
    const today = localDateOf(Math.floor(Date.now() / 1000), 'Europe/Kyiv');
    expect(sales.tickets_by_day).toEqual([{ at: today, n: 2 }]);
    expect(sales.revenue_by_day).toEqual([{ at: today, n: 2400 }]);

    const stranger = await person();
    expect((await organiser(stranger, 'GET', `/api/admin/events/${eventId}/overview`)).error).toBe('organiser_required');

    // The export holds every order with its tickets, newest first, for organisers only.
    const exported = (await organiser<{ items: OrderList['items']; complete: boolean }>(owner, 'GET', `/api/events/${eventId}/orders/export`)).data;
    expect(exported.complete).toBe(true);
    expect(exported.items.map((o) => [o.code, o.state, o.total, o.lines.map((l) => [l.type, l.name, l.price])])).toEqual([
      [refunded.code, 'refunded', 1200, [['Conference pass', 'Olha Kravets', 1200]]],
      [waiting.code, 'pending', 500, [['Workshop', 'Olha Kravets', 500]]],
      [
        paid.code,
        'paid',
        2400,
        [
          ['Conference pass', 'Olha Kravets', 1200],
          ['Conference pass', 'Petro Bondar', 1200],
        ],
      ],
    ]);
    expect((await organiser(stranger, 'GET', `/api/events/${eventId}/orders/export`)).error).toBe('organiser_required');
  });
});
