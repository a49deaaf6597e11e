import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createSession } from '../../server/domain/auth/sessions.ts';
import { errorText } from '../../server/domain/error-texts.ts';
import { raceStage } from '../fixtures/race-stage.ts';
import { salesKit, type Person } from './sales-helpers.ts';

/**
 * Two devices of one holder give the same ticket to two different people at the same moment,
 * through two server instances on one PostgreSQL database (issue 30). Exactly one transfer wins
 * for each ticket: one new ticket, one row in ticket_transfers, and the other device is refused
 * with `ticket_transferred`, which every language words. Always PostgreSQL: an embedded PGlite
 * belongs to one process.
 */

const stage = raceStage();
const kit = salesKit(stage.app);
const someone = (): Promise<Person> => stage.person();

type Result = { status: string; code?: string };

async function command(url: string, token: string, payload: unknown, kind = 'ticket.transfer'): Promise<Result> {
  const res = await fetch(`${url}/sync/v1/commands`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ commands: [{ id: `cmd-${randomUUID()}`, kind, payload, occurredAt: new Date().toISOString() }] }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { results: Result[] }).results[0]!;
}

describe('one ticket transferred by two devices of its holder at once, on two instances', () => {
  it('gives each ticket to exactly one person; the other device is refused with ticket_transferred', async () => {
    const owner = await kit.person();
    const eventId = await kit.newEvent(owner);
    await kit.setSettings(owner, eventId);
    const typeId = await kit.addType(owner, eventId, { name: 'Pass', price: 0, quota: 100, max_per_order: 10, max_per_person: 10 });
    const holder = await kit.person();
    const placed = await kit.buy(holder, { event_id: eventId, lines: Array.from({ length: 10 }, () => kit.line(typeId)), expected_total: 0 });
    expect(placed.status_code).toBe(200);
    const tickets = (await kit.pull(holder, 'tickets')).filter((d) => d.kind === 'ticket' && d.event_id === eventId);
    expect(tickets).toHaveLength(10);
    // A second device of the holder: its own session, on the other instance.
    const second = await createSession(stage.db(), holder.id);
    const [a, b] = stage.urls() as [string, string];

    const rounds = await Promise.all(
      tickets.map(async (t) => {
        const [left, right] = [await someone(), await someone()];
        const [ra, rb] = await Promise.all([
          command(a, holder.token, { ticket_id: t.ticket_id, email: left.email, name: 'Left Person' }),
          command(b, second, { ticket_id: t.ticket_id, email: right.email, name: 'Right Person' }),
        ]);
        return { ticket: t.ticket_id, results: [ra, rb] };
      }),
    );
    for (const r of rounds) {
      const applied = r.results.filter((x) => x.status === 'applied');
      const refused = r.results.filter((x) => x.status !== 'applied');
      expect(applied, `ticket ${r.ticket}`).toHaveLength(1);
      expect(refused, `ticket ${r.ticket}`).toEqual([{ id: expect.any(String), status: 'rejected', code: 'ticket_transferred' }]);
    }
    const counts = await sql<{ transfers: number; successors: number; revoked: number; taken: number }>`
      SELECT
        (SELECT count(*)::int FROM ticket_transfers tt JOIN tickets t ON t.id = tt.from_ticket WHERE t.event_id = ${eventId}) AS transfers,
        (SELECT count(*)::int FROM tickets WHERE event_id = ${eventId} AND user_id <> ${holder.id} AND status = 'valid') AS successors,
        (SELECT count(*)::int FROM tickets WHERE event_id = ${eventId} AND user_id = ${holder.id} AND transferred_at IS NOT NULL) AS revoked,
        (SELECT taken FROM ticket_types WHERE id = ${typeId}) AS taken`.execute(stage.db());
    // Ten transfers, ten new tickets, ten revoked, and the type still counts ten places taken.
    expect(counts.rows[0]).toEqual({ transfers: 10, successors: 10, revoked: 10, taken: 10 });
    for (const lang of ['uk', 'en', 'ru', 'pl']) expect(errorText('ticket_transferred', lang)).not.toBe('ticket_transferred');
    expect(errorText('ticket_transferred', 'uk')).not.toBe(errorText('ticket_transferred', 'en'));
  }, 120_000);

  it('lets either a transfer or a cancellation of one free ticket win, never both, and counts the place right', async () => {
    const owner = await kit.person();
    const eventId = await kit.newEvent(owner);
    await kit.setSettings(owner, eventId);
    const typeId = await kit.addType(owner, eventId, { name: 'Pass', price: 0, quota: 100, max_per_order: 10, max_per_person: 10 });
    const holder = await kit.person();
    expect((await kit.buy(holder, { event_id: eventId, lines: Array.from({ length: 8 }, () => kit.line(typeId)), expected_total: 0 })).status_code).toBe(200);
    const tickets = (await kit.pull(holder, 'tickets')).filter((d) => d.kind === 'ticket' && d.event_id === eventId);
    const second = await createSession(stage.db(), holder.id);
    const [a, b] = stage.urls() as [string, string];
    let cancelled = 0;
    for (const r of await Promise.all(
      tickets.map(async (t) => {
        const friend = await someone();
        return Promise.all([
          command(a, holder.token, { ticket_id: t.ticket_id, email: friend.email, name: 'Friend' }),
          command(b, second, { ticket_id: t.ticket_id }, 'ticket.cancel'),
        ]);
      }),
    )) {
      const [transfer, cancel] = r;
      // Exactly one of the two applies; the other is told the ticket was given away or is no longer cancellable.
      expect([transfer.status, cancel.status].filter((x) => x === 'applied')).toHaveLength(1);
      if (cancel.status === 'applied') {
        cancelled++;
        expect(transfer).toMatchObject({ status: 'rejected', code: 'ticket_not_transferable' });
      } else expect(cancel).toMatchObject({ status: 'rejected', code: 'ticket_transferred' });
    }
    const row = await sql<{ taken: number; valid: number }>`
      SELECT (SELECT taken FROM ticket_types WHERE id = ${typeId}) AS taken,
        (SELECT count(*)::int FROM tickets WHERE event_id = ${eventId} AND status = 'valid') AS valid`.execute(stage.db());
    // Every cancellation gave its place back; every transfer kept it, now with the new holder.
    expect(row.rows[0]).toEqual({ taken: 8 - cancelled, valid: 8 - cancelled });
  }, 120_000);
});
