import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { blankPromoCode, type PromoCodeFields } from '../../contract/promo.ts';
import { expireOverdue } from '../../server/domain/orders/lifecycle.ts';
import type { Envelope } from '../fixtures/envelope.ts';
import { waitForMail } from '../fixtures/mail.ts';
import { ownDataDir, startTestServer, type TestServer } from '../fixtures/server.ts';
import { auth, salesKit, type OrderList, type OrderView, type Person } from './sales-helpers.ts';

/**
 * Promo codes (issue 30) on the database the suite runs on (PGlite by default, PostgreSQL with
 * FOYER_TEST_DB=postgres): the organiser's command with its refusals, the checkout's preview, orders
 * priced with a code and what they show, the use limit, and uses given back by orders that end.
 * The race of many buyers for a code's last uses is in promo-codes-race.test.ts (PostgreSQL).
 */

let s: TestServer;
const dataDir = ownDataDir('promo-codes');
beforeAll(async () => {
  s = await startTestServer({ dataDir });
});
afterAll(async () => s?.close());

const kit = salesKit(() => s.app);
const { person, send, newEvent, setSettings, addType, pull, line, buy, organiser } = kit;
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);

const promo = (over: Partial<PromoCodeFields> = {}): PromoCodeFields => ({ ...blankPromoCode(), code: `SPRING${randomUUID().slice(0, 4)}`, ...over });

async function saveCode(owner: Person, eventId: number, fields: PromoCodeFields, codeId?: number) {
  return send(owner, 'promo_code.save', { event_id: eventId, ...(codeId ? { code_id: codeId } : {}), fields });
}

/** The event's codes as its organisers' devices hold them. */
async function codesOf(owner: Person, eventId: number) {
  return (await pull(owner, 'events')).find((d) => d.event_id === eventId)!.admin.sales.promo_codes;
}

async function addCode(owner: Person, eventId: number, over: Partial<PromoCodeFields> = {}) {
  const fields = promo(over);
  expect(await saveCode(owner, eventId, fields)).toMatchObject({ status: 'applied' });
  const found = (await codesOf(owner, eventId)).find((c) => c.code === fields.code.toUpperCase());
  expect(found).toBeDefined();
  return { id: found!.id, code: found!.code, fields };
}

/** A paid event with two types: a pass at 1 200 and a workshop at 350. */
async function paidEvent() {
  const owner = await person();
  const eventId = await newEvent(owner);
  await setSettings(owner, eventId);
  const pass = await addType(owner, eventId, { name: 'Pass', price: 1200, quota: 50, max_per_order: 10, max_per_person: 20 });
  const workshop = await addType(owner, eventId, { name: 'Workshop', price: 350, quota: 50 });
  return { owner, eventId, pass, workshop };
}

async function preview(who: Person, body: { event_id: number; code: string; type_ids: number[]; lang?: string }) {
  const res = await s.app.inject({ method: 'POST', url: '/api/checkout/promo', headers: auth(who.token), payload: body });
  expect(res.statusCode).toBe(200);
  return res.json() as Envelope<{ code: string; kind: string; value: number; type_ids: number[] }>;
}

async function usedOf(codeId: number): Promise<number> {
  const r = await sql<{ used: number }>`SELECT used FROM promo_codes WHERE id = ${codeId}`.execute(s.app.db);
  return r.rows[0]!.used;
}

describe('an organiser’s promo codes', () => {
  it('are created, edited and switched off by command, and reach only the organisers’ devices', async () => {
    const { owner, eventId, pass } = await paidEvent();
    const made = await addCode(owner, eventId, { code: 'early-Bird', kind: 'percent', value: 20, type_ids: [pass], max_uses: 5 });
    expect(made.code).toBe('EARLY-BIRD');
    expect((await codesOf(owner, eventId)).find((c) => c.id === made.id)).toMatchObject({
      kind: 'percent',
      value: 20,
      type_ids: [pass],
      max_uses: 5,
      valid_from: 0,
      valid_until: 0,
      active: true,
    });

    const until = now() + 5 * DAY;
    expect(await saveCode(owner, eventId, { ...made.fields, kind: 'fixed', value: 150, max_uses: null, valid_until: until }, made.id)).toMatchObject({
      status: 'applied',
    });
    expect((await codesOf(owner, eventId)).find((c) => c.id === made.id)).toMatchObject({ kind: 'fixed', value: 150, max_uses: 0, valid_until: until });
    expect(await saveCode(owner, eventId, { ...made.fields, active: false }, made.id)).toMatchObject({ status: 'applied' });
    expect((await codesOf(owner, eventId)).find((c) => c.id === made.id)?.active).toBe(false);

    // A buyer's copy of the event carries no codes.
    const buyer = await person();
    const theirs = (await pull(buyer, 'events')).find((d) => d.event_id === eventId)!;
    expect(theirs.admin.sales.promo_codes).toEqual([]);
  });

  it('refuse bad input with a code naming the field, and a code another of the event already reads as', async () => {
    const { owner, eventId } = await paidEvent();
    await addCode(owner, eventId, { code: 'VIP2026' });
    const cases: [Partial<PromoCodeFields>, string][] = [
      [{ code: 'vip2026' }, 'promo_code_taken'],
      [{ code: 'ab' }, 'promo_code_format'],
      [{ code: 'no spaces' }, 'promo_code_format'],
      [{ kind: 'percent', value: 0 }, 'promo_percent_range'],
      [{ kind: 'percent', value: 120 }, 'promo_percent_range'],
      [{ kind: 'percent', value: 12.5 }, 'promo_percent_range'],
      [{ kind: 'fixed', value: 10.005 }, 'promo_amount'],
      [{ kind: 'fixed', value: 0 }, 'promo_amount'],
      [{ type_ids: [99_999_999] }, 'promo_unknown_type'],
      [{ valid_from: now() + DAY, valid_until: now() }, 'promo_window_order'],
    ];
    for (const [over, code] of cases) expect(await saveCode(owner, eventId, promo(over)), code).toMatchObject({ status: 'rejected', code });
    // Malformed payloads never reach the service, and are refused as such, not as a server error.
    expect(await send(owner, 'promo_code.save', { event_id: eventId, fields: { ...promo(), kind: 'half' } })).toMatchObject({ status: 'rejected' });
    expect((await codesOf(owner, eventId)).map((c) => c.code)).toEqual(['VIP2026']);
  });

  it('forget a ticket type that is removed, and a code left with none of its types is switched off', async () => {
    const { owner, eventId, pass, workshop } = await paidEvent();
    const extra = await addType(owner, eventId, { name: 'Extra', price: 10 });
    const both = await addCode(owner, eventId, { code: 'BOTH', type_ids: [workshop, extra] });
    const only = await addCode(owner, eventId, { code: 'ONLY', type_ids: [extra] });
    const all = await addCode(owner, eventId, { code: 'ALL' });
    expect(await send(owner, 'ticket_type.delete', { event_id: eventId, type_id: extra })).toMatchObject({ status: 'applied' });
    const codes = await codesOf(owner, eventId);
    expect(codes.find((c) => c.id === both.id)).toMatchObject({ type_ids: [workshop], active: true });
    expect(codes.find((c) => c.id === only.id)).toMatchObject({ type_ids: [], active: false });
    expect(codes.find((c) => c.id === all.id)).toMatchObject({ type_ids: [], active: true });
    // The code that lost its only type no longer lowers anything.
    const buyer = await person();
    expect(await preview(buyer, { event_id: eventId, code: 'ONLY', type_ids: [pass] })).toMatchObject({ error: 'promo_code_invalid' });
  });

  it('may be changed only by the event’s organisers, and only the event’s own', async () => {
    const { owner, eventId } = await paidEvent();
    const made = await addCode(owner, eventId);
    const stranger = await person();
    expect(await saveCode(stranger, eventId, promo())).toMatchObject({ status: 'rejected', code: 'organiser_required' });
    const other = await paidEvent();
    expect(await saveCode(other.owner, other.eventId, made.fields, made.id)).toMatchObject({ status: 'rejected', code: 'promo_code_not_found' });
  });
});

describe('a buyer with a promo code', () => {
  it('sees it checked before paying, in any case of letters, and a refusal for codes that cannot be used', async () => {
    const { owner, eventId, pass, workshop } = await paidEvent();
    const buyer = await person();
    const made = await addCode(owner, eventId, { code: 'PASS15', kind: 'percent', value: 15, type_ids: [pass] });
    const ok = await preview(buyer, { event_id: eventId, code: ' pass15 ', type_ids: [pass, workshop] });
    expect(ok).toMatchObject({ status_code: 200, data: { code: 'PASS15', kind: 'percent', value: 15, type_ids: [pass] } });

    const refused = async (code: string, typeIds: number[]) => preview(buyer, { event_id: eventId, code, type_ids: typeIds, lang: 'uk' });
    expect(await refused('PASS15', [workshop])).toMatchObject({ error: 'promo_code_not_applicable', detail: 'promo_code' });
    expect(await refused('NOPE-NOPE', [pass])).toMatchObject({ error: 'promo_code_invalid', detail: 'promo_code' });
    await addCode(owner, eventId, { code: 'LATER', valid_from: now() + DAY });
    expect(await refused('later', [pass])).toMatchObject({ error: 'promo_code_not_started', detail: 'promo_code' });
    await addCode(owner, eventId, { code: 'GONE', valid_from: now() - 2 * DAY, valid_until: now() - DAY });
    expect(await refused('gone', [pass])).toMatchObject({ error: 'promo_code_expired', detail: 'promo_code' });
    expect(await saveCode(owner, eventId, { ...made.fields, active: false }, made.id)).toMatchObject({ status: 'applied' });
    expect(await refused('pass15', [pass])).toMatchObject({ error: 'promo_code_invalid', detail: 'promo_code' });
    // The refusal is worded in the buyer's language.
    const worded = await refused('pass15', [pass]);
    expect(worded.message).toBeTruthy();
    expect(worded.message).not.toBe('promo_code_invalid');

    // A code of another event is unknown here.
    const other = await paidEvent();
    await addCode(other.owner, other.eventId, { code: 'ELSEWHERE' });
    expect(await refused('ELSEWHERE', [pass])).toMatchObject({ error: 'promo_code_invalid' });
  });

  it('pays the discounted price, and the order, its documents and the organiser’s list show the code', async () => {
    const { owner, eventId, pass, workshop } = await paidEvent();
    const made = await addCode(owner, eventId, { code: 'TEAM15', kind: 'percent', value: 15, type_ids: [pass] });
    const buyer = await person();
    const lines = [line(pass), line(pass, 'Petro Bondar'), line(workshop)];
    // The price before the code is not the price with it.
    const stale = await buy(buyer, { event_id: eventId, lines, method: 'transfer', expected_total: 2750, promo_code: 'team15' });
    expect(stale).toMatchObject({ error: 'price_changed' });

    // 2 x 1 200 less 15 % each, and the workshop at its price: 2 040 + 350.
    const placed = await buy(buyer, { event_id: eventId, lines, method: 'transfer', expected_total: 2390, promo_code: 'team15' });
    expect(placed.status_code).toBe(200);
    expect(placed.data.order).toMatchObject({ state: 'pending', total: 2390, promo_code: 'TEAM15', discount: 360 });
    expect(placed.data.order.lines.map((l) => l.price)).toEqual([1020, 1020, 350]);
    expect(await usedOf(made.id)).toBe(2);
    // The mail on how to pay lists what each ticket costs, then the code and what it took off.
    const howToPay = await waitForMail(dataDir, buyer.email);
    expect(howToPay.text).toMatch(/TEAM15: −\D*360/);

    const doc = (await pull(buyer, 'tickets')).find((d) => d.kind === 'order' && d.order.code === placed.data.order.code);
    expect(doc?.order).toMatchObject({ promo_code: 'TEAM15', discount: 360, total: 2390 });

    const list = await organiser<OrderList>(owner, 'GET', `/api/events/${eventId}/orders`);
    expect(list.data.items[0]).toMatchObject({ code: placed.data.order.code, promo_code: 'TEAM15', discount: 360, total: 2390 });
    expect(list.data.promo_codes).toEqual([{ id: made.id, code: 'TEAM15', used: 2, max_uses: null }]);

    // Paid, the tickets carry what was paid for each.
    expect((await organiser(owner, 'POST', `/api/events/${eventId}/orders/${placed.data.order.code}/mark-paid`, {})).status_code).toBe(200);
    const tickets = (await pull(buyer, 'tickets')).filter((d) => d.kind === 'ticket');
    expect(tickets.map((t) => t.price).sort((a, b) => a - b)).toEqual([350, 1020, 1020]);
  });

  it('gets tickets at once when the code makes the order free, as a free ticket does', async () => {
    const { owner, eventId, pass, workshop } = await paidEvent();
    await addCode(owner, eventId, { code: 'SPEAKER', kind: 'free' });
    const buyer = await person();
    const placed = await buy(buyer, { event_id: eventId, lines: [line(pass), line(workshop)], method: 'free', expected_total: 0, promo_code: 'Speaker' });
    expect(placed.data.order).toMatchObject({ state: 'paid', method: 'free', total: 0, discount: 1550, promo_code: 'SPEAKER' });
    expect((await pull(buyer, 'tickets')).filter((d) => d.kind === 'ticket')).toHaveLength(2);
  });

  it('never takes a ticket below nothing with a fixed amount larger than its price', async () => {
    const { owner, eventId, pass, workshop } = await paidEvent();
    await addCode(owner, eventId, { code: 'MINUS500', kind: 'fixed', value: 500 });
    const buyer = await person();
    const placed = await buy(buyer, {
      event_id: eventId,
      lines: [line(pass), line(workshop)],
      method: 'transfer',
      expected_total: 700,
      promo_code: 'MINUS500',
    });
    expect(placed.data.order).toMatchObject({ total: 700, discount: 850 });
    expect(placed.data.order.lines.map((l) => l.price)).toEqual([700, 0]);
  });

  it('is refused, with nothing ordered, for a code that cannot be used', async () => {
    const { owner, eventId, pass, workshop } = await paidEvent();
    await addCode(owner, eventId, { code: 'ONLYPASS', type_ids: [pass] });
    const buyer = await person();
    const r = await buy(buyer, { event_id: eventId, lines: [line(workshop)], method: 'transfer', expected_total: 350, promo_code: 'ONLYPASS' });
    expect(r).toMatchObject({ status_code: 400, error: 'promo_code_not_applicable' });
    const bogus = await buy(buyer, { event_id: eventId, lines: [line(workshop)], method: 'transfer', expected_total: 350, promo_code: 'WHATEVER' });
    expect(bogus).toMatchObject({ error: 'promo_code_invalid' });
    expect((await pull(buyer, 'tickets')).filter((d) => d.kind === 'order')).toEqual([]);
  });
});

describe('a promo code’s use limit', () => {
  it('counts discounted tickets, refuses past it with nothing ordered, and refuses a limit below the uses', async () => {
    const { owner, eventId, pass } = await paidEvent();
    const made = await addCode(owner, eventId, { code: 'TWOFREE', kind: 'free', max_uses: 2 });
    const buyer = await person();
    const three = await buy(buyer, { event_id: eventId, lines: [line(pass), line(pass), line(pass)], expected_total: 0, promo_code: 'twofree' });
    expect(three).toMatchObject({ status_code: 409, error: 'promo_code_used_up' });
    expect(await usedOf(made.id)).toBe(0);
    const taken = await sql<{ taken: number }>`SELECT taken FROM ticket_types WHERE id = ${pass}`.execute(s.app.db);
    expect(taken.rows[0]!.taken).toBe(0);

    expect((await buy(buyer, { event_id: eventId, lines: [line(pass), line(pass)], expected_total: 0, promo_code: 'twofree' })).status_code).toBe(200);
    expect(await usedOf(made.id)).toBe(2);
    const another = await person();
    expect(await preview(another, { event_id: eventId, code: 'TWOFREE', type_ids: [pass] })).toMatchObject({ error: 'promo_code_used_up' });
    expect(await buy(another, { event_id: eventId, lines: [line(pass)], expected_total: 0, promo_code: 'twofree' })).toMatchObject({
      error: 'promo_code_used_up',
    });
    expect(await saveCode(owner, eventId, { ...made.fields, max_uses: 1 }, made.id)).toMatchObject({ status: 'rejected', code: 'promo_uses_below_used' });
    // The database refuses more uses than allowed whatever path tries it.
    await expect(sql`UPDATE promo_codes SET used = 3 WHERE id = ${made.id}`.execute(s.app.db)).rejects.toThrow(/promo_codes_uses/);
  });

  it('gets its uses back from orders that expire or are cancelled', async () => {
    const { owner, eventId, pass } = await paidEvent();
    const made = await addCode(owner, eventId, { code: 'HALF', kind: 'percent', value: 50, max_uses: 2 });
    const first = await person();
    const a = await buy(first, { event_id: eventId, lines: [line(pass)], method: 'transfer', expected_total: 600, promo_code: 'HALF' });
    const second = await person();
    const b = await buy(second, { event_id: eventId, lines: [line(pass)], method: 'transfer', expected_total: 600, promo_code: 'HALF' });
    expect([a.status_code, b.status_code]).toEqual([200, 200]);
    expect(await usedOf(made.id)).toBe(2);

    // The buyer gives up: one use back.
    const cancelled = await s.app.inject({ method: 'POST', url: `/api/checkout/orders/${a.data.order.code}/cancel`, headers: auth(first.token), payload: {} });
    expect(cancelled.json().data.state).toBe('cancelled');
    expect(await usedOf(made.id)).toBe(1);

    // The other order's time runs out: the expiry sweep gives its use back too.
    await s.app.writer.run(async (trx) => (await expireOverdue(trx, new Date(Date.now() + 49 * 3600_000), eventId)).effect);
    const order = await organiser<OrderView>(second, 'GET', `/api/checkout/orders/${b.data.order.code}`);
    expect(order.data.state).toBe('expired');
    expect(await usedOf(made.id)).toBe(0);

    // A transfer that arrives late takes the order's tickets and its use back.
    expect((await organiser(owner, 'POST', `/api/events/${eventId}/orders/${b.data.order.code}/mark-paid`, {})).data).toMatchObject({ state: 'paid' });
    expect(await usedOf(made.id)).toBe(1);
  });
});
