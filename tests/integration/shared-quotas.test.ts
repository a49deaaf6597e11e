import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { SharedQuotaFields } from '../../contract/quotas.ts';
import type { TicketTypeOffer } from '../../contract/sales.ts';
import { expireOverdue } from '../../server/domain/orders/lifecycle.ts';
import type { Envelope } from '../fixtures/envelope.ts';
import { ownDataDir, startTestServer, type TestServer } from '../fixtures/server.ts';
import { auth, salesKit, type Person } from './sales-helpers.ts';

/**
 * Quotas shared across ticket types (issue 30) on the database the suite runs on (PGlite by default,
 * PostgreSQL with FOYER_TEST_DB=postgres): the organiser's commands and their refusals, sales of
 * every type counted against the type and the quota, every type sold out when the quota is, and
 * places given back by orders that expire or are cancelled. The race of many buyers across two
 * types of one quota is in shared-quotas-race.test.ts (PostgreSQL, two instances).
 */

let s: TestServer;
const dataDir = ownDataDir('shared-quotas');
beforeAll(async () => {
  s = await startTestServer({ dataDir });
});
afterAll(async () => s?.close());

const { person, send, newEvent, setSettings, addType, pull, line, buy } = salesKit(() => s.app);

async function quotasOf(owner: Person, eventId: number) {
  return (await pull(owner, 'events')).find((d) => d.event_id === eventId)!.admin.sales.quotas;
}

async function saveQuota(owner: Person, eventId: number, fields: SharedQuotaFields, quotaId?: number) {
  return send(owner, 'ticket_quota.save', { event_id: eventId, ...(quotaId ? { quota_id: quotaId } : {}), fields });
}

async function takenOf(quotaId: number): Promise<number> {
  const r = await sql<{ taken: number }>`SELECT taken FROM ticket_quotas WHERE id = ${quotaId}`.execute(s.app.db);
  return r.rows[0]!.taken;
}

async function offer(eventId: number): Promise<TicketTypeOffer[]> {
  const res = await s.app.inject({ method: 'GET', url: `/api/events/${eventId}/ticket-types` });
  return (res.json() as Envelope<{ types: TicketTypeOffer[] }>).data.types;
}

/** A paid event with early-bird and regular tickets in a hall of `size`, and a workshop outside it. */
async function hallEvent(size: number) {
  const owner = await person();
  const eventId = await newEvent(owner);
  await setSettings(owner, eventId);
  const early = await addType(owner, eventId, { name: 'Early bird', price: 100, quota: 10 });
  const regular = await addType(owner, eventId, { name: 'Regular', price: 200 });
  const workshop = await addType(owner, eventId, { name: 'Workshop', price: 50 });
  expect(await saveQuota(owner, eventId, { name: ' Hall ', size, type_ids: [regular, early] })).toMatchObject({ status: 'applied' });
  const quota = (await quotasOf(owner, eventId))[0]!;
  return { owner, eventId, early, regular, workshop, quota: quota.id };
}

const transfer = (eventId: number, typeId: number, n: number, price: number) => ({
  event_id: eventId,
  method: 'transfer',
  lines: Array.from({ length: n }, (_, i) => line(typeId, `Buyer ${i + 1}`)),
  expected_total: price * n,
});

describe('a shared quota', () => {
  it('is made, edited and removed by its organisers only, and rides in their copy of the event', async () => {
    const { owner, eventId, early, regular, workshop, quota } = await hallEvent(5);
    expect(await quotasOf(owner, eventId)).toEqual([{ id: quota, name: 'Hall', size: 5, type_ids: [early, regular] }]);
    const stranger = await person();
    expect(await saveQuota(stranger, eventId, { name: 'Mine', size: 1, type_ids: [early] }, quota)).toMatchObject({
      status: 'rejected',
      code: 'organiser_required',
    });
    expect((await pull(stranger, 'events')).find((d) => d.event_id === eventId)!.admin.sales.quotas).toEqual([]);

    expect(await saveQuota(owner, eventId, { name: 'Main hall', size: 8, type_ids: [regular, workshop] }, quota)).toMatchObject({ status: 'applied' });
    expect(await quotasOf(owner, eventId)).toEqual([{ id: quota, name: 'Main hall', size: 8, type_ids: [regular, workshop] }]);
    expect(await send(owner, 'ticket_quota.delete', { event_id: eventId, quota_id: quota })).toMatchObject({ status: 'applied' });
    expect(await quotasOf(owner, eventId)).toEqual([]);
    const left = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ticket_types WHERE shared_quota_id = ${quota}`.execute(s.app.db);
    expect(left.rows[0]!.n).toBe(0);
  });

  it('refuses bad input with a code naming the field', async () => {
    const { owner, eventId, early, workshop, quota } = await hallEvent(5);
    const other = await hallEvent(5);
    const cases: [SharedQuotaFields, string, string][] = [
      [{ name: '  ', size: 5, type_ids: [workshop] }, 'shared_quota_name', 'name'],
      [{ name: 'Annex', size: 5, type_ids: [] }, 'shared_quota_no_types', 'type_ids'],
      [{ name: 'Annex', size: 5, type_ids: [other.early] }, 'shared_quota_unknown_type', 'type_ids'],
      [{ name: 'Annex', size: 5, type_ids: [workshop, early] }, 'shared_quota_type_taken', 'type_ids'],
    ];
    for (const [fields, code] of cases) expect(await saveQuota(owner, eventId, fields), code).toMatchObject({ status: 'rejected', code });
    expect(await send(owner, 'ticket_quota.save', { event_id: eventId, fields: { name: 'Annex', size: 0, type_ids: [workshop] } })).toMatchObject({
      status: 'rejected',
      code: 'invalid_input',
    });
    expect(await saveQuota(other.owner, other.eventId, { name: 'Hall', size: 5, type_ids: [other.workshop] }, quota)).toMatchObject({
      status: 'rejected',
      code: 'shared_quota_not_found',
    });
    expect(await quotasOf(owner, eventId)).toHaveLength(1);
  });

  it('counts a sale of any of its types, and every one of them is sold out when it is full', async () => {
    const { eventId, early, regular, workshop, quota } = await hallEvent(5);
    const a = await person();
    const b = await person();
    expect((await buy(a, transfer(eventId, early, 2, 100))).data.order).toMatchObject({ state: 'pending' });
    expect(await takenOf(quota)).toBe(2);
    // Three places left in the hall, though the regular type has no limit of its own.
    expect(await buy(b, transfer(eventId, regular, 4, 200))).toMatchObject({ error: 'sold_out' });
    expect(await takenOf(quota)).toBe(2);
    expect((await offer(eventId)).find((t) => t.id === regular)).toMatchObject({ state: 'on_sale', left: 3 });
    expect((await buy(b, transfer(eventId, regular, 3, 200))).data.order).toMatchObject({ state: 'pending' });
    expect(await takenOf(quota)).toBe(5);

    const types = await offer(eventId);
    expect(types.find((t) => t.id === early)).toMatchObject({ state: 'sold_out' });
    expect(types.find((t) => t.id === regular)).toMatchObject({ state: 'sold_out' });
    expect(types.find((t) => t.id === workshop)).toMatchObject({ state: 'on_sale' });
    const doc = (await pull(null, 'events')).find((d) => d.event_id === eventId)!;
    expect(doc.sales.types.map((t) => [t.id, t.sold_out])).toEqual([
      [early, true],
      [regular, true],
      [workshop, false],
    ]);
    // The early-bird type's own limit of 10 is far off; the hall decides.
    const c = await person();
    expect(await buy(c, transfer(eventId, early, 1, 100))).toMatchObject({ error: 'sold_out' });
  });

  it('cannot shrink below what its types hold, and a type moves its tickets when it joins or leaves', async () => {
    const { owner, eventId, early, regular, workshop, quota } = await hallEvent(10);
    await buy(await person(), transfer(eventId, early, 3, 100));
    await buy(await person(), transfer(eventId, workshop, 2, 50));
    expect(await saveQuota(owner, eventId, { name: 'Hall', size: 2, type_ids: [early, regular] }, quota)).toMatchObject({
      status: 'rejected',
      code: 'shared_quota_below_taken',
    });
    expect(await saveQuota(owner, eventId, { name: 'Hall', size: 10, type_ids: [early, regular, workshop] }, quota)).toMatchObject({ status: 'applied' });
    expect(await takenOf(quota)).toBe(5);
    expect(await saveQuota(owner, eventId, { name: 'Hall', size: 10, type_ids: [workshop] }, quota)).toMatchObject({ status: 'applied' });
    expect(await takenOf(quota)).toBe(2);
  });

  it('gets its places back when an order is cancelled or expires, and the types are on sale again', async () => {
    const { eventId, early, regular, quota } = await hallEvent(3);
    const a = await person();
    const placed = (await buy(a, transfer(eventId, early, 2, 100))).data.order;
    expect(placed).toMatchObject({ state: 'pending' });
    await buy(await person(), transfer(eventId, regular, 1, 200));
    expect(await takenOf(quota)).toBe(3);
    expect((await offer(eventId)).find((t) => t.id === regular)).toMatchObject({ state: 'sold_out' });

    const cancelled = await s.app.inject({ method: 'POST', url: `/api/checkout/orders/${placed.code}/cancel`, headers: auth(a.token), payload: {} });
    expect(cancelled.json().data.state).toBe('cancelled');
    expect(await takenOf(quota)).toBe(1);
    expect((await offer(eventId)).find((t) => t.id === regular)).toMatchObject({ state: 'on_sale', left: 2 });

    const late = (await buy(await person(), transfer(eventId, regular, 2, 200))).data.order;
    expect(await takenOf(quota)).toBe(3);
    expect(late).toMatchObject({ state: 'pending' });
    await s.app.writer.run(async (trx) => (await expireOverdue(trx, new Date(Date.now() + 49 * 3600_000), eventId)).effect);
    // Both pending orders were past their time: the hall and each type are empty again.
    expect(await takenOf(quota)).toBe(0);
    const types = await sql<{ taken: number }>`SELECT taken FROM ticket_types WHERE id IN (${early}, ${regular}) ORDER BY id`.execute(s.app.db);
    expect(types.rows.map((r) => r.taken)).toEqual([0, 0]);
    expect((await offer(eventId)).find((t) => t.id === early)).toMatchObject({ state: 'on_sale', left: 3 });
  });
});
