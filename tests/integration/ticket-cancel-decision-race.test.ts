import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { raceStage } from '../fixtures/race-stage.ts';
import { salesKit } from './sales-helpers.ts';

/**
 * Two organisers decide the same holders' requests to cancel paid tickets at the same moment,
 * through two server instances on one PostgreSQL database (issue 30): approving on both frees
 * each place once and ends the order as refunded once; an approval and a decline of one request
 * at once leave exactly one decision standing. Always PostgreSQL: an embedded PGlite belongs to one process.
 */

const stage = raceStage();
const kit = salesKit(stage.app);

type Answer = { data?: { state: string }; error?: string };

async function decide(url: string, token: string, eventId: number, id: number, what: 'approve' | 'decline'): Promise<Answer> {
  const res = await fetch(`${url}/api/events/${eventId}/cancel-requests/${id}/${what}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Answer;
}

/** A paid bank-transfer order of ten tickets, each with an open request to cancel it. */
async function tenRequests() {
  const owner = await kit.person();
  const eventId = await kit.newEvent(owner);
  await kit.setSettings(owner, eventId, { paid_cancel: 'request' });
  const typeId = await kit.addType(owner, eventId, { name: 'Pass', price: 100, quota: 100, max_per_order: 10, max_per_person: 10 });
  const holder = await kit.person();
  const lines = Array.from({ length: 10 }, () => kit.line(typeId));
  const placed = await kit.buy(holder, { event_id: eventId, method: 'transfer', lines, expected_total: 1000 });
  expect(placed.status_code).toBe(200);
  await kit.organiser(owner, 'POST', `/api/events/${eventId}/orders/${placed.data.order.code}/mark-paid`, {});
  const tickets = (await kit.pull(holder, 'tickets')).filter((d) => d.kind === 'ticket' && d.event_id === eventId);
  for (const t of tickets) expect(await kit.send(holder, 'ticket.cancel', { ticket_id: t.ticket_id })).toMatchObject({ status: 'applied' });
  const list = await kit.organiser<{ items: { id: number }[] }>(owner, 'GET', `/api/events/${eventId}/cancel-requests`);
  expect(list.data.items).toHaveLength(10);
  return { owner, eventId, typeId, holder, ids: list.data.items.map((i) => i.id), orderCode: placed.data.order.code };
}

describe('cancellation requests decided on two instances at once', () => {
  it('approves each request once: every place freed once, the order refunded once', async () => {
    const { owner, eventId, typeId, ids, orderCode } = await tenRequests();
    const [a, b] = stage.urls() as [string, string];
    const answers = await Promise.all(ids.flatMap((id) => [decide(a, owner.token, eventId, id, 'approve'), decide(b, owner.token, eventId, id, 'approve')]));
    expect(answers.every((x) => x.data?.state === 'approved')).toBe(true);
    const r = await sql<{ taken: number; cancelled: number; state: string; approved: number }>`
      SELECT (SELECT taken FROM ticket_types WHERE id = ${typeId}) AS taken,
        (SELECT count(*)::int FROM tickets WHERE event_id = ${eventId} AND status = 'cancelled') AS cancelled,
        (SELECT state FROM orders WHERE code = ${orderCode}) AS state,
        (SELECT count(*)::int FROM ticket_cancel_requests WHERE event_id = ${eventId} AND state = 'approved') AS approved`.execute(stage.db());
    expect(r.rows[0]).toEqual({ taken: 0, cancelled: 10, state: 'refunded', approved: 10 });
  }, 120_000);

  it('lets either an approval or a decline of one request stand, never both', async () => {
    const { owner, eventId, typeId, ids } = await tenRequests();
    const [a, b] = stage.urls() as [string, string];
    const answers = await Promise.all(
      ids.map((id) => Promise.all([decide(a, owner.token, eventId, id, 'approve'), decide(b, owner.token, eventId, id, 'decline')])),
    );
    for (const [approve, decline] of answers) expect(approve.data?.state).toBe(decline.data?.state);
    const approved = answers.filter(([x]) => x.data?.state === 'approved').length;
    const r = await sql<{ taken: number; cancelled: number }>`
      SELECT (SELECT taken FROM ticket_types WHERE id = ${typeId}) AS taken,
        (SELECT count(*)::int FROM tickets WHERE event_id = ${eventId} AND status = 'cancelled') AS cancelled`.execute(stage.db());
    expect(r.rows[0]).toEqual({ taken: 10 - approved, cancelled: approved });
  }, 120_000);
});
