import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { salesRace } from './sales-race.ts';

/**
 * A quota shared across ticket types holds under races (issue 30): 80 people buy at the same moment
 * through two server instances on one PostgreSQL database, half of them early-bird and half regular
 * tickets, and the two types share a hall of 12 places. Exactly 12 get a ticket, the others a clear
 * "sold out", and neither type nor the hall holds more than it may. Then orders that take both types
 * at once, which lock two types and the hall, race too and neither deadlock nor oversell. Always
 * PostgreSQL: an embedded PGlite belongs to one process.
 */

const { kit, db, rush } = salesRace();

/** A free event whose early-bird and regular types share a hall of `size` places. */
async function hall(size: number) {
  const owner = await kit.person();
  const eventId = await kit.newEvent(owner);
  const early = await kit.addType(owner, eventId, { name: 'Early bird', quota: 30 });
  const regular = await kit.addType(owner, eventId, { name: 'Regular' });
  const r = await kit.send(owner, 'ticket_quota.save', { event_id: eventId, fields: { name: 'Hall', size, type_ids: [early, regular] } });
  expect(r).toMatchObject({ status: 'applied' });
  return { eventId, early, regular };
}

/** Everybody's checkout at the same moment; `linesOf(i)` is what person i buys. */
async function hallRush(eventId: number, n: number, linesOf: (i: number) => unknown[]) {
  const lines = Array.from({ length: n }, (_, i) => linesOf(i));
  const answers = await rush(n, (i) => ({ event_id: eventId, method: 'free', lines: lines[i]!, expected_total: 0 }));
  return answers.map((answer, i) => ({ lines: lines[i]!.length, answer }));
}

async function counts(eventId: number, early: number, regular: number) {
  const row = await sql<{ hall: number; early: number; regular: number; tickets: number }>`
    SELECT (SELECT taken FROM ticket_quotas WHERE event_id = ${eventId}) AS hall,
      (SELECT taken FROM ticket_types WHERE id = ${early}) AS early,
      (SELECT taken FROM ticket_types WHERE id = ${regular}) AS regular,
      (SELECT count(*)::int FROM tickets t WHERE t.ticket_type_id IN (${early}, ${regular})) AS tickets`.execute(db());
  return row.rows[0]!;
}

describe('a shared quota, bought from by 80 people at once on two instances', () => {
  it('gives exactly as many tickets as it has places, across its types; everybody else is told "sold out"', async () => {
    const { eventId, early, regular } = await hall(12);
    const answers = await hallRush(eventId, 80, (i) => [kit.line(i % 2 === 0 ? early : regular)]);
    const sold = answers.filter((a) => a.answer.status_code === 200);
    const refused = answers.filter((a) => a.answer.status_code !== 200);
    expect(sold).toHaveLength(12);
    for (const a of sold) expect(a.answer.data.order?.state).toBe('paid');
    expect(refused).toHaveLength(68);
    for (const a of refused) expect(a.answer).toMatchObject({ status_code: 409, error: 'sold_out' });
    const got = await counts(eventId, early, regular);
    expect(got.hall).toBe(12);
    expect(got.early + got.regular).toBe(12);
    expect(got.tickets).toBe(12);
  }, 90_000);

  it('holds, without deadlocks, when orders take both of its types at once', async () => {
    const { eventId, early, regular } = await hall(15);
    // One in three asks for one of each type, so orders lock both types and the hall.
    const answers = await hallRush(eventId, 60, (i) => (i % 3 === 0 ? [kit.line(early), kit.line(regular)] : [kit.line(i % 2 === 0 ? regular : early)]));
    const sold = answers.filter((a) => a.answer.status_code === 200);
    for (const a of answers.filter((x) => x.answer.status_code !== 200)) expect(a.answer).toMatchObject({ status_code: 409, error: 'sold_out' });
    const tickets = sold.reduce((n, a) => n + a.lines, 0);
    // A pair may find one place left and be refused, so the hall ends full or one short.
    expect(tickets).toBeGreaterThanOrEqual(14);
    expect(tickets).toBeLessThanOrEqual(15);
    const got = await counts(eventId, early, regular);
    expect(got).toMatchObject({ hall: tickets, tickets });
    expect(got.early + got.regular).toBe(tickets);
  }, 90_000);
});
