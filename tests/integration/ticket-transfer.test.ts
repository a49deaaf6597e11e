import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTicketPublicKey, validateScan } from '../../contract/checkin.ts';
import type { DoorTicketDoc, TicketDoc } from '../../contract/tickets.ts';
import { linkToken, waitForMail } from '../fixtures/mail.ts';
import { login, ownDataDir, startTestServer, type TestServer } from '../fixtures/server.ts';
import { auth, salesKit, type Person } from './sales-helpers.ts';

/**
 * Giving a ticket to somebody else (ticket.transfer, server/domain/ticket-holders/transfer.ts): the old
 * code is revoked and the door devices' pull carries it, the new holder gets a new signed code and
 * the ticket mail, a replayed command applies once, bad input is refused on its field, and an
 * address without an account gets the ticket when an account proves that mailbox.
 */

let s: TestServer;
const dataDir = ownDataDir('ticket-transfer');
beforeAll(async () => {
  s = await startTestServer({ dataDir });
});
afterAll(async () => s?.close());
const { person, send, pull, holding } = salesKit(() => s.app);

async function ticketsOf(who: Person, eventId: number): Promise<TicketDoc[]> {
  return (await pull(who, 'tickets')).filter((d) => d.kind === 'ticket' && d.event_id === eventId);
}

/** What a door device decides offline for this code, from the door tickets it pulled then. */
async function doorVerdict(owner: Person, eventId: number, docs: DoorTicketDoc[], raw: string) {
  const res = await s.app.inject({ method: 'GET', url: `/api/checkin/key?event_id=${eventId}`, headers: auth(owner.token) });
  const publicKey = await importTicketPublicKey(res.json().data.public_key);
  const lookup = (q: { ticketId: number } | { code: string }) => docs.find((d) => ('ticketId' in q ? d.ticket_id === q.ticketId : d.code === q.code));
  return validateScan({ raw, eventId, publicKey, lookup });
}

const transfer = (who: Person, ticketId: number, email: string, name = 'Olha Petrenko') => send(who, 'ticket.transfer', { ticket_id: ticketId, email, name });

describe('transferring a ticket', () => {
  it('revokes the old code, which the door pull carries, and gives the new holder a new signed code and the mail', async () => {
    const { owner, eventId, holder, ticket } = await holding();
    const before = await pull(owner, 'door_tickets', `&event_id=${eventId}`);
    const friend = await person();
    expect(await transfer(holder, ticket.ticket_id, friend.email.toUpperCase())).toMatchObject({ status: 'applied' });

    const old = (await ticketsOf(holder, eventId))[0]!;
    expect(old).toMatchObject({ ticket_id: ticket.ticket_id, status: 'transferred', qr: '' });
    const given = await ticketsOf(friend, eventId);
    expect(given).toHaveLength(1);
    expect(given[0]).toMatchObject({ status: 'valid', name: 'Olha Petrenko', company: '' });
    expect(given[0]!.code).not.toBe(ticket.code);
    expect(given[0]!.order.code).toBe('');
    expect((await pull(friend, 'my_events')).find((d) => d.event_id === eventId)).toMatchObject({ has_ticket: true });

    const after = await pull(owner, 'door_tickets', `&event_id=${eventId}`);
    expect(after.find((d) => d.ticket_id === ticket.ticket_id)).toMatchObject({ status: 'cancelled', revoked: 'transferred' });
    expect(after.find((d) => d.ticket_id === given[0]!.ticket_id)).toMatchObject({ status: 'valid', revoked: '', holder_name: 'Olha Petrenko' });
    // A door that pulled after the transfer refuses the old code and says why, and admits the new one.
    expect((await doorVerdict(owner, eventId, after, ticket.qr)).result).toBe('transferred');
    expect((await doorVerdict(owner, eventId, after, given[0]!.qr)).result).toBe('admitted');
    // One that had pulled only before it admits the old code: offline it cannot know.
    expect((await doorVerdict(owner, eventId, before, ticket.qr)).result).toBe('admitted');

    const received = await waitForMail(dataDir, friend.email);
    expect(received.subject).toContain('Harbour Summit');
    const told = await waitForMail(dataDir, holder.email, 2);
    expect(told.text).toContain(friend.email);
  });

  it('files an admission of the old code by a door that had not synced among the conflicts', async () => {
    const { owner, eventId, holder, ticket } = await holding();
    const friend = await person();
    expect(await transfer(holder, ticket.ticket_id, friend.email)).toMatchObject({ status: 'applied' });
    // The door that had not pulled the transfer admitted the old code and uploads the scan now.
    const scan = { code: ticket.qr, device_id: 'door-offline', scanned_at: new Date().toISOString(), event_id: eventId, result: 'admitted' };
    expect(await send(owner, 'ticket.scan', scan)).toMatchObject({ status: 'applied' });

    const res = await s.app.inject({ method: 'GET', url: `/api/checkin/conflicts?event_id=${eventId}`, headers: auth(owner.token) });
    const items = res.json().data.items as { reason: string; ticket_id: number; devices: string[] }[];
    expect(items).toEqual([expect.objectContaining({ reason: 'transferred', ticket_id: ticket.ticket_id, devices: ['door-offline'] })]);
    const doc = (await pull(owner, 'door_tickets', `&event_id=${eventId}`)).find((d) => d.ticket_id === ticket.ticket_id)!;
    expect(doc.scans).toEqual([expect.objectContaining({ device_id: 'door-offline', result: 'admitted' })]);
  });

  it('applies a command sent twice once, and a second transfer of the same ticket is refused', async () => {
    const { eventId, holder, ticket } = await holding();
    const a = await person();
    const b = await person();
    const cmd = {
      id: `cmd-${randomUUID()}`,
      kind: 'ticket.transfer',
      payload: { ticket_id: ticket.ticket_id, email: a.email, name: 'A' },
      occurredAt: new Date().toISOString(),
    };
    for (let i = 0; i < 2; i++) {
      const res = await s.app.inject({ method: 'POST', url: '/sync/v1/commands', headers: auth(holder.token), payload: { commands: [cmd] } });
      expect(res.json().results[0]).toMatchObject({ status: 'applied' });
    }
    expect(await ticketsOf(a, eventId)).toHaveLength(1);
    expect(await transfer(holder, ticket.ticket_id, b.email)).toMatchObject({ status: 'rejected', code: 'ticket_transferred' });
    expect(await ticketsOf(b, eventId)).toHaveLength(0);
    const transfers = await s.app.db.selectFrom('ticket_transfers').selectAll().where('from_ticket', '=', ticket.ticket_id).execute();
    expect(transfers).toHaveLength(1);
  });

  it('refuses bad input on its field and changes nothing, never a 500', async () => {
    const { eventId, holder, ticket } = await holding();
    const other = await person();
    const cases: [unknown, string][] = [
      [{ ticket_id: ticket.ticket_id, email: 'not-an-address', name: 'Olha' }, 'invalid_email'],
      [{ ticket_id: ticket.ticket_id, email: holder.email, name: 'Olha' }, 'transfer_to_self'],
      [{ ticket_id: ticket.ticket_id, email: other.email, name: '\u200b  ' }, 'invalid_name'],
      [{ ticket_id: ticket.ticket_id + 100_000, email: other.email, name: 'Olha' }, 'ticket_not_found'],
      [{ ticket_id: ticket.ticket_id, email: other.email }, 'invalid_input'],
      [{ ticket_id: 'x', email: other.email, name: 'Olha' }, 'invalid_input'],
    ];
    for (const [payload, code] of cases) expect(await send(holder, 'ticket.transfer', payload), code).toMatchObject({ status: 'rejected', code });
    // Somebody else's ticket is not theirs to give.
    expect(await transfer(other, ticket.ticket_id, 'x@example.com')).toMatchObject({ status: 'rejected', code: 'ticket_not_found' });
    expect((await ticketsOf(holder, eventId))[0]).toMatchObject({ status: 'valid' });
  });

  it('refuses a ticket already used at the door', async () => {
    const { owner, eventId, holder, ticket } = await holding();
    const scan = { code: ticket.qr, device_id: 'door-a', scanned_at: new Date().toISOString(), event_id: eventId, result: 'admitted' };
    expect(await send(owner, 'ticket.scan', scan)).toMatchObject({ status: 'applied' });
    const friend = await person();
    expect(await transfer(holder, ticket.ticket_id, friend.email)).toMatchObject({ status: 'rejected', code: 'ticket_already_used' });
  });

  it('waits for an address without an account until an account proves it, then issues the ticket there', async () => {
    const { eventId, holder, ticket } = await holding();
    const email = `newcomer-${Date.now()}@transfer.test`;
    expect(await transfer(holder, ticket.ticket_id, email)).toMatchObject({ status: 'applied' });
    const invite = await waitForMail(dataDir, email);
    expect(invite.text).toContain('/signup');

    const reg = await s.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'violet-harbour-71', first_name: 'Olha', last_name: 'P', lang: 'en' },
    });
    expect(reg.json()).toMatchObject({ status_code: 200 });
    const { token, userId } = await login(s.app, email, 'violet-harbour-71');
    const newcomer: Person = { id: userId, email, token };
    // Signed up but not proven: the ticket waits.
    expect(await ticketsOf(newcomer, eventId)).toHaveLength(0);
    const verify = await waitForMail(dataDir, email, 2);
    const res = await s.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token: linkToken(verify) } });
    expect(res.json()).toMatchObject({ status_code: 200 });
    const mine = await ticketsOf(newcomer, eventId);
    expect(mine).toEqual([expect.objectContaining({ status: 'valid', name: 'Olha Petrenko' })]);
    expect(mine[0]!.code).not.toBe(ticket.code);
  });
});
