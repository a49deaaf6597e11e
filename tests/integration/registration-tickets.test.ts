import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTicketPublicKey, validateScan } from '../../contract/checkin.ts';
import { REGISTRATION_TICKET_TYPE, type DoorTicketDoc } from '../../contract/tickets.ts';
import { createTicket } from '../fixtures/factories.ts';
import { ownDataDir, startTestServer, type TestServer } from '../fixtures/server.ts';
import { auth, salesKit, type Person } from './sales-helpers.ts';

/**
 * Registering for a free event gives a ticket (server/domain/ticket-holders/registration.ts): in the
 * person's tickets with its signed QR code, on the door devices, in the legacy tickets list; one
 * per person whatever the replays; voided by unregistering and brought back by registering again.
 */

let s: TestServer;
const dataDir = ownDataDir('registration-tickets');
beforeAll(async () => {
  s = await startTestServer({ dataDir });
});
afterAll(async () => s?.close());
const { person, send, newEvent, pull } = salesKit(() => s.app);

async function legacyTickets(who: Person) {
  const res = await s.app.inject({ method: 'GET', url: '/api/tickets?lang=en', headers: auth(who.token) });
  expect(res.statusCode).toBe(200);
  return res.json().data.tickets as { id: number; event_id: number; type: string; status: string; qr: string }[];
}

async function ticketsOf(who: Person, eventId: number) {
  return (await pull(who, 'tickets')).filter((d) => d.kind === 'ticket' && d.event_id === eventId);
}

/** What a door device that pulled the event's tickets and key decides for this QR code, offline. */
async function doorVerdict(owner: Person, eventId: number, qr: string) {
  const docs = await pull(owner, 'door_tickets', `&event_id=${eventId}`);
  const res = await s.app.inject({ method: 'GET', url: `/api/checkin/key?event_id=${eventId}`, headers: auth(owner.token) });
  const key = await importTicketPublicKey(res.json().data.public_key);
  const lookup = (q: { ticketId: number } | { code: string }) =>
    docs.find((d) => ('ticketId' in q ? d.ticket_id === q.ticketId : d.code === q.code)) as DoorTicketDoc | undefined;
  return (await validateScan({ raw: qr, eventId, publicKey: key, lookup })).result;
}

describe('registering for a free event', () => {
  it('gives one ticket with a signed QR code that the door admits offline, however often it is sent', async () => {
    const owner = await person();
    const eventId = await newEvent(owner, { is_free: true });
    const me = await person();
    const cmd = { id: `cmd-${randomUUID()}`, kind: 'event.checkin', payload: { event_id: eventId }, occurredAt: new Date().toISOString() };
    // The same command uploaded twice (an offline replay), and the button pressed again on another device.
    for (let i = 0; i < 2; i++) {
      const res = await s.app.inject({ method: 'POST', url: '/sync/v1/commands', headers: auth(me.token), payload: { commands: [cmd] } });
      expect(res.json().results[0]).toMatchObject({ status: 'applied' });
    }
    expect(await send(me, 'event.checkin', { event_id: eventId })).toMatchObject({ status: 'applied' });

    const tickets = await ticketsOf(me, eventId);
    expect(tickets).toHaveLength(1);
    const ticket = tickets[0]!;
    expect(ticket).toMatchObject({ type: REGISTRATION_TICKET_TYPE, status: 'valid', invalid: false, price: 0 });
    expect(ticket.qr).toMatch(/\./);
    expect(await doorVerdict(owner, eventId, ticket.qr)).toBe('admitted');
    const legacy = (await legacyTickets(me)).filter((x) => x.event_id === eventId);
    expect(legacy).toEqual([expect.objectContaining({ id: ticket.ticket_id, type: REGISTRATION_TICKET_TYPE, status: 'valid', qr: ticket.qr })]);
    const mine = (await pull(me, 'my_events')).find((d) => d.event_id === eventId);
    expect(mine).toMatchObject({ checked_in: true, has_ticket: true });
  });

  it('through the legacy call too; unregistering voids the ticket and registering again brings it back', async () => {
    const owner = await person();
    const eventId = await newEvent(owner, { is_free: true });
    const me = await person();
    const call = async (path: string) => {
      const res = await s.app.inject({ method: 'POST', url: path, headers: auth(me.token), payload: { event_id: eventId, lang: 'en' } });
      expect(res.json()).toMatchObject({ status_code: 200, data: { result: true } });
    };
    await call('/api/events/checkin');
    await call('/api/events/checkin');
    const [first] = (await legacyTickets(me)).filter((x) => x.event_id === eventId);
    expect(first).toMatchObject({ type: REGISTRATION_TICKET_TYPE, status: 'valid' });
    expect(await doorVerdict(owner, eventId, first!.qr)).toBe('admitted');

    expect(await send(me, 'event.uncheckin', { event_id: eventId })).toMatchObject({ status: 'applied' });
    expect(await ticketsOf(me, eventId)).toEqual([expect.objectContaining({ ticket_id: first!.id, status: 'cancelled' })]);
    expect(await doorVerdict(owner, eventId, first!.qr)).not.toBe('admitted');

    await call('/api/events/checkin');
    expect(await ticketsOf(me, eventId)).toEqual([expect.objectContaining({ ticket_id: first!.id, status: 'valid', qr: first!.qr })]);
    const rows = await s.app.db.selectFrom('tickets').select('id').where('event_id', '=', eventId).where('user_id', '=', me.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('gives nothing more to a person who holds a ticket, and unregistering leaves a bought ticket alone', async () => {
    const owner = await person();
    const freeId = await newEvent(owner, { is_free: true });
    const paidId = await newEvent(owner, { is_free: false });
    const me = await person();
    const held = await createTicket(s.app.db, freeId, me.id);
    const bought = await createTicket(s.app.db, paidId, me.id);
    for (const id of [freeId, paidId]) {
      expect(await send(me, 'event.checkin', { event_id: id })).toMatchObject({ status: 'applied' });
      expect(await send(me, 'event.uncheckin', { event_id: id })).toMatchObject({ status: 'applied' });
    }
    expect((await ticketsOf(me, freeId)).map((t) => [t.ticket_id, t.status])).toEqual([[held.id, 'valid']]);
    expect((await ticketsOf(me, paidId)).map((t) => [t.ticket_id, t.status])).toEqual([[bought.id, 'valid']]);
  });
});
