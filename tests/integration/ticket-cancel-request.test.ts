import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownDataDir, startTestServer, type TestServer } from '../fixtures/server.ts';
import { auth, salesKit, type Person } from './sales-helpers.ts';

/**
 * A holder asks to cancel a paid ticket (ticket.cancel under the organiser's `request` rule,
 * server/domain/ticket-holders/cancel-request.ts): the rule travels in the payment settings and the
 * organisers' copy of the event; the request is recorded once however often it is sent, the
 * ticket stays valid and keeps its place, and the holder's card says the request waits. Under the
 * default rule and for bad input, nothing is recorded.
 */

let s: TestServer;
const dataDir = ownDataDir('ticket-cancel-request');
beforeAll(async () => {
  s = await startTestServer({ dataDir });
});
afterAll(async () => s?.close());
const { person, send, newEvent, setSettings, addType, pull, line, buy, organiser } = salesKit(() => s.app);

async function requests(ticketId: number) {
  const r = await sql<{ state: string }>`SELECT state FROM ticket_cancel_requests WHERE ticket_id = ${ticketId} ORDER BY id`.execute(s.app.db);
  return r.rows.map((x) => x.state);
}

async function taken(typeId: number) {
  const r = await sql<{ taken: number }>`SELECT taken FROM ticket_types WHERE id = ${typeId}`.execute(s.app.db);
  return r.rows[0]!.taken;
}

/** A paid type of 500 UAH; the holder's bank-transfer order of two tickets, marked paid (tickets come with the payment). */
async function paidHolding(rule: 'never' | 'request' | null) {
  const owner = await person();
  const eventId = await newEvent(owner);
  await setSettings(owner, eventId, rule ? { paid_cancel: rule } : {});
  const typeId = await addType(owner, eventId, { name: 'Regular', price: 500, quota: 5 });
  const holder = await person();
  const placed = await buy(holder, { event_id: eventId, method: 'transfer', lines: [line(typeId, 'A'), line(typeId, 'B')], expected_total: 1000 });
  expect(placed.status_code).toBe(200);
  expect((await organiser(owner, 'POST', `/api/events/${eventId}/orders/${placed.data.order.code}/mark-paid`, {})).status_code).toBe(200);
  const tickets = (await pull(holder, 'tickets')).filter((d) => d.kind === 'ticket' && d.event_id === eventId);
  return { owner, eventId, typeId, holder, tickets, orderCode: placed.data.order.code };
}

async function ticketOf(holder: Person, ticketId: number) {
  return (await pull(holder, 'tickets')).find((d) => d.kind === 'ticket' && d.ticket_id === ticketId)!;
}

describe('the organiser rule for paid tickets', () => {
  it('is saved with the payment settings, defaults to not cancellable, and reaches the organisers copy and the holders cards', async () => {
    const { owner, eventId, holder, tickets } = await paidHolding(null);
    const doc = (await pull(owner, 'events')).find((d) => d.event_id === eventId)!;
    expect(doc.admin.sales.paid_cancel).toBe('never');
    expect(tickets[0]!.paid_cancel).toBe('');
    await setSettings(owner, eventId, { paid_cancel: 'request' });
    expect((await pull(owner, 'events')).find((d) => d.event_id === eventId)!.admin.sales.paid_cancel).toBe('request');
    expect((await ticketOf(holder, tickets[0]!.ticket_id)).paid_cancel).toBe('request');
    // A client that does not know the rule leaves it alone.
    await setSettings(owner, eventId, {});
    expect((await pull(owner, 'events')).find((d) => d.event_id === eventId)!.admin.sales.paid_cancel).toBe('request');
  });

  it('refuses a rule it does not know with a field error and keeps the stored one', async () => {
    const { owner, eventId } = await paidHolding('request');
    const r = await send(owner, 'ticket_sales.settings', {
      event_id: eventId,
      fields: { currency: 'UAH', transfer_enabled: false, transfer_instructions: '', transfer_hours: 48, card_enabled: false, paid_cancel: 'always' },
    });
    expect(r).toMatchObject({ status: 'rejected', code: 'invalid_input' });
    expect((await pull(owner, 'events')).find((d) => d.event_id === eventId)!.admin.sales.paid_cancel).toBe('request');
  });
});

describe('asking to cancel a paid ticket', () => {
  it('records one open request however often it is sent, and the ticket stays valid with its place', async () => {
    const { owner, eventId, typeId, holder, tickets } = await paidHolding('request');
    const ticketId = tickets[0]!.ticket_id;
    const cmd = { id: `cmd-${randomUUID()}`, kind: 'ticket.cancel', payload: { ticket_id: ticketId }, occurredAt: new Date().toISOString() };
    for (let i = 0; i < 2; i++) {
      const res = await s.app.inject({ method: 'POST', url: '/sync/v1/commands', headers: auth(holder.token), payload: { commands: [cmd] } });
      expect(res.json().results[0]).toMatchObject({ status: 'applied' });
    }
    // Another device asks again: the open request stands, nothing is added.
    expect(await send(holder, 'ticket.cancel', { ticket_id: ticketId })).toMatchObject({ status: 'applied' });
    expect(await requests(ticketId)).toEqual(['open']);
    expect(await taken(typeId)).toBe(2);
    expect(await ticketOf(holder, ticketId)).toMatchObject({ status: 'valid', paid_cancel: 'requested' });
    expect((await ticketOf(holder, tickets[1]!.ticket_id)).paid_cancel).toBe('request');
    const door = (await pull(owner, 'door_tickets', `&event_id=${eventId}`)).find((d) => d.ticket_id === ticketId);
    expect(door).toMatchObject({ status: 'valid' });
  });

  it('is refused under the default rule, recording nothing', async () => {
    const never = await paidHolding(null);
    expect(await send(never.holder, 'ticket.cancel', { ticket_id: never.tickets[0]!.ticket_id })).toMatchObject({
      status: 'rejected',
      code: 'ticket_not_cancellable',
    });
    expect(await requests(never.tickets[0]!.ticket_id)).toEqual([]);
  });

  it('answers bad input and another holder with a refusal, never a server error', async () => {
    const { tickets } = await paidHolding('request');
    const stranger = await person();
    expect(await send(stranger, 'ticket.cancel', { ticket_id: tickets[0]!.ticket_id })).toMatchObject({ status: 'rejected', code: 'ticket_not_found' });
    for (const payload of [{ ticket_id: 'x' }, { ticket_id: -1 }, {}, { ticket_id: 2 ** 40 }, { ticket_id: tickets[0]!.ticket_id, extra: 1 }]) {
      const r = await send(stranger, 'ticket.cancel', payload);
      expect(r).toMatchObject({ status: 'rejected', code: 'invalid_input' });
    }
    expect(await requests(tickets[0]!.ticket_id)).toEqual([]);
  });
});
