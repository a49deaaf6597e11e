import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { raceStage } from '../fixtures/race-stage.ts';
import { gatesKit } from './checkin-lists-helpers.ts';
import type { Person } from './sales-helpers.ts';

/**
 * Doors of one check-in list uploading at once through two server instances on one PostgreSQL
 * database (issue 30). Two doors that both admitted a ticket offline: exactly one admission stands
 * and the other is flagged its duplicate, and the list counts the ticket once. An exit and a
 * re-entry uploaded in parallel with the entry they follow: no duplicate is flagged, and the
 * ticket counts as in. Always PostgreSQL: an embedded PGlite belongs to one process.
 */

const stage = raceStage();
const g = gatesKit(stage.app);
const TICKETS = 10;

async function uploadTo(url: string, who: Person, command: ReturnType<typeof g.scan>): Promise<string> {
  const res = await fetch(`${url}/sync/v1/commands`, {
    method: 'POST',
    headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ commands: [command] }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { results: { status: string }[] }).results[0]!.status;
}

/** An event whose owner holds ten tickets, and a list of it. */
async function listWithTickets(reentry: boolean) {
  const d = await g.gates();
  const placed = await g.kit.buy(d.owner, {
    event_id: d.eventId,
    lines: Array.from({ length: TICKETS }, () => g.kit.line(d.standard)),
    expected_total: 0,
  });
  expect(placed.status_code).toBe(200);
  const codes = (await g.kit.pull(d.owner, 'tickets')).filter((x) => x.kind === 'ticket' && x.event_id === d.eventId).map((x) => x.code);
  expect(codes).toHaveLength(TICKETS);
  await g.saveList(d.owner, d.eventId, { name: 'Main hall', reentry });
  return { ...d, codes, listId: await g.listId(d.owner, d.eventId, 'Main hall') };
}

async function flags(eventId: number) {
  const r = await sql<{ code: string; id: string; duplicate_of: string | null }>`
    SELECT code, id, duplicate_of FROM checkins WHERE event_id = ${eventId} ORDER BY code, scanned_at, id`.execute(stage.db());
  return r.rows;
}

describe('two doors of one list on two instances', () => {
  it('keep both offline admissions of a ticket, flag exactly one as the duplicate, and count the ticket once', async () => {
    const d = await listWithTickets(false);
    const [a, b] = stage.urls() as [string, string];
    const at = (s: number) => new Date(Date.UTC(2030, 5, 1, 9, 0, s)).toISOString();
    const statuses = await Promise.all(
      d.codes.flatMap((code, i) => [
        uploadTo(a, d.owner, g.scan(d.eventId, code, at(i), { list_id: d.listId, result: 'admitted', device: 'door-a' })),
        uploadTo(b, d.owner, g.scan(d.eventId, code, at(i + 1), { list_id: d.listId, result: 'admitted', device: 'door-b' })),
      ]),
    );
    expect(statuses.every((x) => x === 'applied')).toBe(true);
    const rows = await flags(d.eventId);
    for (const code of d.codes) {
      const mine = rows.filter((r) => r.code === code);
      expect(mine, code).toHaveLength(2);
      // The earlier scan stands; the later one points at it.
      expect(mine.map((r) => r.duplicate_of)).toEqual([null, mine[0]!.id]);
    }
    // The gates() holders hold two more tickets, never scanned.
    expect((await g.lists(d.owner, d.eventId)).lists[0]).toMatchObject({ inside: TICKETS, allowed: TICKETS + 2 });
  }, 120_000);

  it('take an entry, an exit and a re-entry uploaded at once as no duplicate, and a second entry while in as one', async () => {
    const d = await listWithTickets(true);
    const [a, b] = stage.urls() as [string, string];
    const at = (m: number, i: number) => new Date(Date.UTC(2030, 5, 1, 9, m, i)).toISOString();
    const sent = d.codes.map((code, i) => ({
      enter: g.scan(d.eventId, code, at(0, i), { list_id: d.listId, result: 'admitted', device: 'door-a' }),
      leave: g.scan(d.eventId, code, at(5, i), { list_id: d.listId, result: 'checked_out', direction: 'out', device: 'door-b' }),
      back: g.scan(d.eventId, code, at(10, i), { list_id: d.listId, result: 'admitted', device: 'door-b' }),
      again: g.scan(d.eventId, code, at(11, i), { list_id: d.listId, result: 'admitted', device: 'door-a' }),
    }));
    const statuses = await Promise.all(
      sent.flatMap((x) => [uploadTo(b, d.owner, x.again), uploadTo(a, d.owner, x.back), uploadTo(b, d.owner, x.leave), uploadTo(a, d.owner, x.enter)]),
    );
    expect(statuses.every((x) => x === 'applied')).toBe(true);
    const byId = new Map((await flags(d.eventId)).map((r) => [r.id, r.duplicate_of]));
    for (const x of sent) {
      expect([byId.get(x.enter.id), byId.get(x.leave.id), byId.get(x.back.id), byId.get(x.again.id)]).toEqual([null, null, null, x.back.id]);
    }
    expect((await g.lists(d.owner, d.eventId)).lists[0]).toMatchObject({ inside: TICKETS });
  }, 120_000);
});
