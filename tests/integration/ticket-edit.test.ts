import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownDataDir, startTestServer, type TestServer } from '../fixtures/server.ts';
import { auth, salesKit } from './sales-helpers.ts';

/**
 * A holder corrects the attendee details of a ticket (ticket.edit, server/domain/ticket-holders/edit.ts)
 * until the organiser's deadline: the ticket and the door's copy carry the new name, a replay applies
 * once, a late edit is refused (`ticket_edit_closed`) and bad input changes nothing.
 */

let s: TestServer;
const dataDir = ownDataDir('ticket-edit');
beforeAll(async () => {
  s = await startTestServer({ dataDir });
});
afterAll(async () => s?.close());
const { person, send, pull, holding } = salesKit(() => s.app);

describe('editing the attendee details of a ticket', () => {
  it('changes the name and company on the ticket and at the door, once however often it is sent', async () => {
    const { owner, eventId, holder, ticket } = await holding();
    const cmd = {
      id: `cmd-${randomUUID()}`,
      kind: 'ticket.edit',
      payload: { ticket_id: ticket.ticket_id, name: '  Iryna   Kovalenko ', company: 'Lumen Labs' },
      occurredAt: new Date().toISOString(),
    };
    for (let i = 0; i < 2; i++) {
      const res = await s.app.inject({ method: 'POST', url: '/sync/v1/commands', headers: auth(holder.token), payload: { commands: [cmd] } });
      expect(res.json().results[0]).toMatchObject({ status: 'applied' });
    }
    const mine = (await pull(holder, 'tickets')).find((d) => d.kind === 'ticket' && d.ticket_id === ticket.ticket_id);
    expect(mine).toMatchObject({ name: 'Iryna Kovalenko', company: 'Lumen Labs', code: ticket.code, qr: ticket.qr });
    const door = (await pull(owner, 'door_tickets', `&event_id=${eventId}`)).find((d) => d.ticket_id === ticket.ticket_id);
    expect(door).toMatchObject({ holder_name: 'Iryna Kovalenko' });
  });

  it('is refused after the organiser’s deadline, set in the payment settings', async () => {
    const { owner, eventId, holder, ticket } = await holding();
    // The event starts in ten days; edits close 300 hours before it, which is past already.
    expect(
      await send(owner, 'ticket_sales.settings', {
        event_id: eventId,
        fields: { currency: 'UAH', transfer_enabled: true, transfer_instructions: 'IBAN', transfer_hours: 48, card_enabled: false, edit_hours: 300 },
      }),
    ).toMatchObject({ status: 'applied' });
    const doc = (await pull(owner, 'events')).find((d) => d.event_id === eventId)!;
    expect(doc.admin.sales.edit_hours).toBe(300);
    expect(await send(holder, 'ticket.edit', { ticket_id: ticket.ticket_id, name: 'Late Name', company: '' })).toMatchObject({
      status: 'rejected',
      code: 'ticket_edit_closed',
    });
    // A settings form that does not know the deadline leaves it as it was.
    expect(
      await send(owner, 'ticket_sales.settings', {
        event_id: eventId,
        fields: { currency: 'UAH', transfer_enabled: true, transfer_instructions: 'IBAN', transfer_hours: 48, card_enabled: false },
      }),
    ).toMatchObject({ status: 'applied' });
    expect(await send(holder, 'ticket.edit', { ticket_id: ticket.ticket_id, name: 'Late Name', company: '' })).toMatchObject({
      status: 'rejected',
      code: 'ticket_edit_closed',
    });
    // By default edits close when the event starts.
    await sql`UPDATE ticket_sales_settings SET edit_hours = 0 WHERE event_id = ${eventId}`.execute(s.app.db);
    expect(await send(holder, 'ticket.edit', { ticket_id: ticket.ticket_id, name: 'On Time', company: '' })).toMatchObject({ status: 'applied' });
    await sql`UPDATE events SET starts_at = now() - interval '1 minute' WHERE id = ${eventId}`.execute(s.app.db);
    expect(await send(holder, 'ticket.edit', { ticket_id: ticket.ticket_id, name: 'Too Late', company: '' })).toMatchObject({
      status: 'rejected',
      code: 'ticket_edit_closed',
    });
    const mine = (await pull(holder, 'tickets')).find((d) => d.kind === 'ticket' && d.ticket_id === ticket.ticket_id);
    expect(mine?.name).toBe('On Time');
  });

  it('refuses bad input, somebody else and a deadline out of range, changing nothing', async () => {
    const { owner, eventId, holder, ticket } = await holding();
    const stranger = await person();
    const cases: [typeof holder, unknown, string][] = [
      [holder, { ticket_id: ticket.ticket_id, name: '\u200b ', company: '' }, 'invalid_name'],
      [holder, { ticket_id: ticket.ticket_id, name: 'A', company: 'x'.repeat(201) }, 'invalid_input'],
      [holder, { ticket_id: ticket.ticket_id, name: 'A' }, 'invalid_input'],
      [stranger, { ticket_id: ticket.ticket_id, name: 'Mine Now', company: '' }, 'ticket_not_found'],
    ];
    for (const [who, payload, code] of cases) expect(await send(who, 'ticket.edit', payload), code).toMatchObject({ status: 'rejected', code });
    const settings = { currency: 'UAH', transfer_enabled: true, transfer_instructions: 'IBAN', transfer_hours: 48, card_enabled: false, edit_hours: 10_000 };
    expect(await send(owner, 'ticket_sales.settings', { event_id: eventId, fields: settings })).toMatchObject({ status: 'rejected', code: 'invalid_input' });
    const mine = (await pull(holder, 'tickets')).find((d) => d.kind === 'ticket' && d.ticket_id === ticket.ticket_id);
    expect(mine?.name).toBe('Iryna Koval');
  });
});
