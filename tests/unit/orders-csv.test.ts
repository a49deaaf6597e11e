import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import type { EventOrder } from '../../src/data/index.ts';
import { ordersCsv } from '../../src/features/admin/tickets/orders-csv.ts';

const t = i18next.createInstance();
void t.init({ lng: 'en', resources: { en: { translation: en } }, initAsync: false, interpolation: { escapeValue: false } });

const order = (over: Partial<EventOrder>): EventOrder => ({
  id: 1,
  code: 'AB12CD',
  state: 'paid',
  method: 'transfer',
  total: 2400,
  currency: 'UAH',
  email: 'olha@example.com',
  buyer: 'Olha Kravets',
  created_at: Date.UTC(2026, 4, 12, 7, 30) / 1000,
  expires_at: 0,
  paid_at: Date.UTC(2026, 4, 12, 9, 0) / 1000,
  ended_at: 0,
  refundable_by_provider: false,
  promo_code: '',
  discount: 0,
  lines: [
    { type: 'Conference pass', price: 1200, discount: 0, name: 'Olha Kravets', company: 'Acme', position: '', ticket_id: 5 },
    { type: 'Conference pass', price: 1200, discount: 0, name: '=HYPERLINK("x")', company: '', position: '', ticket_id: 6 },
  ],
  ...over,
});

describe('the orders export', () => {
  it('writes one row per ticket, in the organiser language, on the event clock, safe for spreadsheets', () => {
    const csv = ordersCsv(t.t.bind(t), [order({})], 'Europe/Kyiv');
    const rows = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(rows[0]).toBe(
      "Order,State,Payment,Buyer,Buyer's email,Order total,Promo code,Order discount,Currency,Ordered,Paid,Ended,Ticket type,Ticket price,Attendee,Company,Position",
    );
    expect(rows[1]).toBe(
      'AB12CD,Paid,Bank transfer or at the venue,Olha Kravets,olha@example.com,2400,,0,UAH,2026-05-12 10:30,2026-05-12 12:00,,Conference pass,1200,Olha Kravets,Acme,',
    );
    // A name that a spreadsheet would run as a formula stays text.
    expect(rows[2]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(rows).toHaveLength(3);
  });

  it('names the promo code of an order and what it took off, with each ticket at the price paid', () => {
    const discounted = order({
      total: 2040,
      promo_code: 'TEAM15',
      discount: 360,
      lines: order({}).lines.map((l) => ({ ...l, price: 1020, discount: 180 })),
    });
    const rows = ordersCsv(t.t.bind(t), [discounted], 'Europe/Kyiv').trimEnd().split('\r\n');
    expect(rows[1]).toContain('olha@example.com,2040,TEAM15,360,UAH,');
    expect(rows[1]).toContain(',Conference pass,1020,');
  });

  it('falls back to UTC for a zone the browser does not know', () => {
    const csv = ordersCsv(t.t.bind(t), [order({ lines: [order({}).lines[0]!] })], 'Nowhere/Atlantis');
    expect(csv).toContain('2026-05-12 07:30,2026-05-12 09:00');
  });
});
