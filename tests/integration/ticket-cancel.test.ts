import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTicket } from '../fixtures/factories.ts';
import { ownDataDir, startTestServer, type TestServer } from '../fixtures/server.ts';
import { auth, salesKit, type Person } from './sales-helpers.ts';
import { statesOf } from './waitlist-helpers.ts';

/**
 * A holder cancels a free ticket (ticket.cancel, server/domain/ticket-holders/cancel.ts): the place goes
 * back to its type and shared quota at once (the sold-out flag follows), the door refuses the
 * ticket, a replay applies once, an order that ends later gives back only what it still holds, and
 * a paid ticket, a started event and bad input are refused without changing anything.
 */

let s: TestServer;
const dataDir = ownDataDir('ticket-cancel');
beforeAll(async () => {
  s = await startTestServer({ dataDir });
});
afterAll(async () => s?.close());
const { person, send, newEvent, setSettings, addType, pull, line, buy, organiser } = salesKit(() => s.app);

async function counts(typeId: number) {
  const r = await sql<{ taken: number; quota: number | null }>`
    SELECT tt.taken, q.taken AS quota FROM ticket_types tt LEFT JOIN ticket_quotas q ON q.id = tt.shared_quota_id WHERE tt.id = ${typeId}`.execute(s.app.db);
  return r.rows[0]!;
}

async function soldOut(who: Person, eventId: number, typeId: number) {
  return (await pull(who, 'events')).find((d) => d.event_id === eventId)!.sales.types.find((t) => t.id === typeId)!.sold_out;
}

/** A free type of 2 places in a shared quota of 2, both places held by one order of one person. */
async function fullEvent() {
  const owner = await person();
  const eventId = await newEvent(owner);
  await setSettings(owner, eventId);
  const typeId = await addType(owner, eventId, { name: 'Community', price: 0, quota: 2 });
  const other = await addType(owner, eventId, { name: 'Crew', price: 0, quota: 5 });
  expect(await send(owner, 'ticket_quota.save', { event_id: eventId, fields: { name: 'Hall', size: 2, type_ids: [typeId, other] } })).toMatchObject({
    status: 'applied',
  });
  const holder = await person();
  const placed = await buy(holder, { event_id: eventId, lines: [line(typeId, 'A'), line(typeId, 'B')], expected_total: 0 });
  expect(placed.status_code).toBe(200);
  const tickets = (await pull(holder, 'tickets')).filter((d) => d.kind === 'ticket' && d.event_id === eventId);
  return { owner, eventId, typeId, holder, tickets, orderCode: placed.data.order.code };
}

describe('cancelling a free ticket', () => {
  it('frees its place in the type and the shared quota at once, once however often it is sent, and the door refuses it', async () => {
    const { owner, eventId, typeId, holder, tickets } = await fullEvent();
    expect(await counts(typeId)).toEqual({ taken: 2, quota: 2 });
    expect(await soldOut(holder, eventId, typeId)).toBe(true);

    const cmd = { id: `cmd-${randomUUID()}`, kind: 'ticket.cancel', payload: { ticket_id: tickets[0]!.ticket_id }, occurredAt: new Date().toISOString() };
    for (let i = 0; i < 2; i++) {
      const res = await s.app.inject({ method: 'POST', url: '/sync/v1/commands', headers: auth(holder.token), payload: { commands: [cmd] } });
      expect(res.json().results[0]).toMatchObject({ status: 'applied' });
    }
    expect(await counts(typeId)).toEqual({ taken: 1, quota: 1 });
    expect(await soldOut(holder, eventId, typeId)).toBe(false);
    const mine = (await pull(holder, 'tickets')).find((d) => d.kind === 'ticket' && d.ticket_id === tickets[0]!.ticket_id);
    expect(mine).toMatchObject({ status: 'cancelled' });
    const door = (await pull(owner, 'door_tickets', `&event_id=${eventId}`)).find((d) => d.ticket_id === tickets[0]!.ticket_id);
    expect(door).toMatchObject({ status: 'cancelled', revoked: '' });
    // Cancelled already: a second cancellation (another device) is refused and frees nothing more.
    expect(await send(holder, 'ticket.cancel', { ticket_id: tickets[0]!.ticket_id })).toMatchObject({ status: 'rejected', code: 'ticket_not_cancellable' });
    expect(await counts(typeId)).toEqual({ taken: 1, quota: 1 });
  });

  it('leaves a cancelled line out when the organiser ends the order later, and the last line cancelled ends the order', async () => {
    const first = await fullEvent();
    expect(await send(first.holder, 'ticket.cancel', { ticket_id: first.tickets[0]!.ticket_id })).toMatchObject({ status: 'applied' });
    const ended = await organiser(first.owner, 'POST', `/api/events/${first.eventId}/orders/${first.orderCode}/cancel`, { from: 'paid' });
    expect(ended.status_code).toBe(200);
    expect(await counts(first.typeId)).toEqual({ taken: 0, quota: 0 });

    const second = await fullEvent();
    for (const t of second.tickets) expect(await send(second.holder, 'ticket.cancel', { ticket_id: t.ticket_id })).toMatchObject({ status: 'applied' });
    const order = (await pull(second.holder, 'tickets')).find((d) => d.kind === 'order' && d.event_id === second.eventId);
    expect(order?.order.state).toBe('cancelled');
    expect(await counts(second.typeId)).toEqual({ taken: 0, quota: 0 });
  });

  it('refuses a paid ticket, a started event, somebody else and bad input, changing nothing', async () => {
    const { eventId, typeId, holder, tickets } = await fullEvent();
    const stranger = await person();
    const paid = await createTicket(s.app.db, eventId, holder.id);
    const cases: [Person, unknown, string][] = [
      [holder, { ticket_id: paid.id }, 'ticket_not_cancellable'],
      [stranger, { ticket_id: tickets[0]!.ticket_id }, 'ticket_not_found'],
      [holder, { ticket_id: 2_000_000_000 }, 'ticket_not_found'],
      [holder, { ticket_id: 'x' }, 'invalid_input'],
      [holder, { ticket_id: tickets[0]!.ticket_id, extra: 1 }, 'invalid_input'],
    ];
    for (const [who, payload, code] of cases) expect(await send(who, 'ticket.cancel', payload), code).toMatchObject({ status: 'rejected', code });
    await sql`UPDATE events SET starts_at = now() - interval '1 hour' WHERE id = ${eventId}`.execute(s.app.db);
    expect(await send(holder, 'ticket.cancel', { ticket_id: tickets[1]!.ticket_id })).toMatchObject({ status: 'rejected', code: 'ticket_self_service_closed' });
    expect(await counts(typeId)).toEqual({ taken: 2, quota: 2 });
  });

  it('offers the freed place to the first person in the waitlist in the same transaction', async () => {
    const { eventId, typeId, holder, tickets } = await fullEvent();
    const waiting = await person();
    expect(await send(waiting, 'waitlist.join', { event_id: eventId, type_id: typeId })).toMatchObject({ status: 'applied' });
    expect(await statesOf(s.app.db, typeId)).toEqual({ waiting: 1 });
    expect(await send(holder, 'ticket.cancel', { ticket_id: tickets[0]!.ticket_id })).toMatchObject({ status: 'applied' });
    // No sweep ran: the cancel itself made the offer, and the place stays held for it.
    expect(await statesOf(s.app.db, typeId)).toEqual({ offered: 1 });
    expect(await counts(typeId)).toEqual({ taken: 2, quota: 2 });
  });
});
