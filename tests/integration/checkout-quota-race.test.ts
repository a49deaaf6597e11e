import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { UNVERIFIED_TICKETS_PER_EVENT } from '../../contract/sales.ts';
import type { Person } from './sales-helpers.ts';
import { type RaceOrder, salesRace } from './sales-race.ts';

/**
 * The quota is the database's (issue 15): 100 people buy the last 10 tickets of a type at the same
 * moment, through two server instances on one PostgreSQL database, as behind a load balancer. Exactly
 * 10 get a ticket and the other 90 a clear "sold out"; the database holds 10 new orders and no more
 * tickets than exist. And one person's checkouts at once (issue 26) cannot pass what one person may
 * hold: their limit per person, the unverified account's, the unpaid holds. Always PostgreSQL: an
 * embedded PGlite belongs to one process.
 */

const { kit, db, buyer, checkoutAtOnce, rush } = salesRace();

/** `n` checkouts of one person at the same moment, spread over the instances. */
const atOnce = (p: Person, n: number, order: RaceOrder) => checkoutAtOnce(Array(n).fill(p), () => order);

async function ordersOf(userId: number, eventId: number) {
  const r = await sql<{ orders: number; tickets: number }>`
    SELECT count(DISTINCT o.id)::int AS orders, count(l.id)::int AS tickets FROM orders o JOIN order_lines l ON l.order_id = o.id
    WHERE o.user_id = ${userId} AND o.event_id = ${eventId} AND o.state IN ('pending', 'paid')`.execute(db());
  return r.rows[0];
}

describe('one person’s checkouts at once on two instances', () => {
  it('never pass the type’s limit per person', async () => {
    const owner = await kit.person();
    const eventId = await kit.newEvent(owner);
    const typeId = await kit.addType(owner, eventId, { name: 'Free', quota: 200, max_per_order: 2, max_per_person: 4 });
    const grabber = await buyer();
    const answers = await atOnce(grabber, 12, { event_id: eventId, method: 'free', lines: [kit.line(typeId)], expected_total: 0 });
    expect(answers.filter((a) => a.status_code === 200)).toHaveLength(4);
    for (const a of answers.filter((x) => x.status_code !== 200)) expect(a).toMatchObject({ status_code: 409, error: 'ticket_limit_per_person' });
    expect(await ordersOf(grabber.id, eventId)).toEqual({ orders: 4, tickets: 4 });
  }, 60_000);

  it('never give an unverified account more than its few tickets', async () => {
    const owner = await kit.person();
    const eventId = await kit.newEvent(owner);
    const typeId = await kit.addType(owner, eventId, { name: 'Free', quota: 200 });
    const fresh = await buyer();
    await db().updateTable('users').set({ email_verified: false }).where('id', '=', fresh.id).execute();
    const answers = await atOnce(fresh, 8, { event_id: eventId, method: 'free', lines: [kit.line(typeId)], expected_total: 0 });
    expect(answers.filter((a) => a.status_code === 200)).toHaveLength(UNVERIFIED_TICKETS_PER_EVENT);
    for (const a of answers.filter((x) => x.status_code !== 200)) expect(a.error).toBe('unverified_ticket_limit');
    expect(await ordersOf(fresh.id, eventId)).toEqual({ orders: UNVERIFIED_TICKETS_PER_EVENT, tickets: UNVERIFIED_TICKETS_PER_EVENT });
  }, 60_000);

  it('never hold more unpaid tickets than the cap', async () => {
    const owner = await kit.person();
    const eventId = await kit.newEvent(owner);
    await kit.setSettings(owner, eventId);
    const typeId = await kit.addType(owner, eventId, { name: 'Pass', price: 10, quota: 500, max_per_order: 20, max_per_person: 200 });
    const holder = await buyer();
    const eight = Array.from({ length: 8 }, () => kit.line(typeId));
    const answers = await atOnce(holder, 8, { event_id: eventId, method: 'transfer', lines: eight, expected_total: 80 });
    // Two orders of eight fit under twenty unpaid tickets; a third would not.
    expect(answers.filter((a) => a.status_code === 200)).toHaveLength(2);
    for (const a of answers.filter((x) => x.status_code !== 200)) expect(a.error).toBe('pending_tickets_limit');
    expect(await ordersOf(holder.id, eventId)).toEqual({ orders: 2, tickets: 16 });
  }, 60_000);
});

describe('the last tickets, bought by 100 people at once on two instances', () => {
  it('go to exactly as many buyers as there are tickets; everybody else is told "sold out"', async () => {
    const owner = await kit.person();
    const eventId = await kit.newEvent(owner);
    const typeId = await kit.addType(owner, eventId, { name: 'Early bird', quota: 25, max_per_order: 20, max_per_person: 20 });
    // 15 of 25 are gone already: 10 are left.
    const first = await kit.buy(owner, { event_id: eventId, lines: Array.from({ length: 15 }, () => kit.line(typeId)), expected_total: 0 });
    expect(first.status_code).toBe(200);

    const answers = await rush(100, () => ({ event_id: eventId, method: 'free', lines: [kit.line(typeId)], expected_total: 0 }));

    const sold = answers.filter((a) => a.status_code === 200);
    const refused = answers.filter((a) => a.status_code !== 200);
    expect(sold).toHaveLength(10);
    for (const a of sold) expect(a.data.order?.state).toBe('paid');
    expect(refused).toHaveLength(90);
    for (const a of refused) expect(a).toMatchObject({ status_code: 409, error: 'sold_out' });

    const row = await sql<{ taken: number; quota: number; tickets: number; orders: number }>`
      SELECT tt.taken, tt.quota,
        (SELECT count(*)::int FROM tickets t WHERE t.ticket_type_id = tt.id) AS tickets,
        (SELECT count(*)::int FROM orders o WHERE o.event_id = tt.event_id) AS orders
      FROM ticket_types tt WHERE tt.id = ${typeId}`.execute(db());
    expect(row.rows[0]).toEqual({ taken: 25, quota: 25, tickets: 25, orders: 11 });
  }, 120_000);

  it('cannot oversell even past the service: the database refuses more taken than exist', async () => {
    const owner = await kit.person();
    const eventId = await kit.newEvent(owner);
    const typeId = await kit.addType(owner, eventId, { name: 'Tiny', quota: 2 });
    await expect(sql`UPDATE ticket_types SET taken = 3 WHERE id = ${typeId}`.execute(db())).rejects.toThrow(/ticket_types_quota/);
  });
});
