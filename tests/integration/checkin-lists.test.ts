import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { CommandResult } from '../../contract/commands.ts';
import { startTestServer, ownDataDir, type TestServer } from '../fixtures/server.ts';
import { gatesKit } from './checkin-lists-helpers.ts';
import { auth, type Person } from './sales-helpers.ts';

/**
 * Check-in lists per gate against the real server (issue 30): the organiser's commands and their
 * field-level refusals, scans on a list recorded with the list and the server's own verdict, the
 * duplicates of each list with exit and re-entry, the live counts, and an event without lists
 * that behaves as before.
 */

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ dataDir: ownDataDir('checkin-lists') });
});
afterAll(async () => s?.close());
const g = gatesKit(() => s.app);

async function upload(who: Person, commands: ReturnType<typeof g.scan>[]) {
  const res = await s.app.inject({ method: 'POST', url: '/sync/v1/commands', headers: auth(who.token), payload: { commands } });
  expect(res.statusCode).toBe(200);
  return res.json().results as CommandResult[];
}
async function rows(eventId: number) {
  const r = await sql<{ id: string; list_id: number; result: string; server_result: string; duplicate_of: string | null }>`
    SELECT id, list_id, result, server_result, duplicate_of FROM checkins WHERE event_id = ${eventId} ORDER BY scanned_at, id`.execute(s.app.db);
  return r.rows;
}

describe('check-in lists', () => {
  it('are made, changed and removed by the organiser, with each bad field refused on its own and nothing changed', async () => {
    const d = await g.gates();
    expect(await g.saveList(d.owner, d.eventId, { name: 'VIP', type_ids: [d.vip] })).toMatchObject({ status: 'applied' });
    const id = await g.listId(d.owner, d.eventId, 'VIP');
    expect(await g.saveList(d.owner, d.eventId, { name: '  ' })).toMatchObject({ status: 'rejected', code: 'checkin_list_name' });
    expect(await g.saveList(d.owner, d.eventId, { type_ids: [999_999] })).toMatchObject({ status: 'rejected', code: 'checkin_list_unknown_type' });
    expect(await g.saveList(d.owner, d.eventId, { day: '2001-01-01' })).toMatchObject({ status: 'rejected', code: 'checkin_list_day' });
    expect(await g.saveList(d.owner, d.eventId, { name: 'X' }, 999_999)).toMatchObject({ status: 'rejected', code: 'checkin_list_not_found' });
    // Somebody who does not organise the event cannot make one.
    const outsider = await g.kit.person();
    expect((await g.saveList(outsider, d.eventId, { name: 'Mine' })).status).toBe('rejected');
    const answer = await g.lists(d.owner, d.eventId);
    expect(answer.lists).toEqual([{ id, name: 'VIP', type_ids: [d.vip], day: '', reentry: false, inside: 0, allowed: 1 }]);
    expect(answer.days.length).toBeGreaterThan(0);
    expect(answer.types.map((t) => t.name)).toEqual(['Standard', 'VIP']);
    const day = answer.days[0]!;
    expect(await g.saveList(d.owner, d.eventId, { name: 'VIP lounge', type_ids: [d.vip], day, reentry: true }, id)).toMatchObject({ status: 'applied' });
    expect((await g.lists(d.owner, d.eventId)).lists[0]).toMatchObject({ name: 'VIP lounge', day, reentry: true });
    expect(await g.kit.send(d.owner, 'checkin_list.delete', { event_id: d.eventId, list_id: id })).toMatchObject({ status: 'applied' });
    expect((await g.lists(d.owner, d.eventId)).lists).toEqual([]);
  });

  it('records each scan with its list and the server’s own verdict: another type is not_on_list, another day wrong_day', async () => {
    const d = await g.gates();
    await g.saveList(d.owner, d.eventId, { name: 'VIP', type_ids: [d.vip] });
    const days = (await g.lists(d.owner, d.eventId)).days;
    await g.saveList(d.owner, d.eventId, { name: 'Day one', day: days[0]! });
    const vip = await g.listId(d.owner, d.eventId, 'VIP');
    const dayOne = await g.listId(d.owner, d.eventId, 'Day one');
    const at = new Date().toISOString();
    const results = await upload(d.owner, [
      // A door that had not pulled the list's change admits; the server says what it makes of it.
      g.scan(d.eventId, d.standardCode, at, { list_id: vip, result: 'admitted' }),
      g.scan(d.eventId, d.vipCode, at, { list_id: vip, result: 'admitted' }),
      g.scan(d.eventId, d.vipCode, at, { list_id: dayOne, result: 'admitted' }),
      g.scan(d.eventId, d.vipCode, at, { list_id: 999_999, result: 'admitted' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'rejected']);
    expect(results[3]).toMatchObject({ code: 'checkin_list_not_found' });
    const recorded = await rows(d.eventId);
    expect(recorded.map((r) => [r.list_id, r.server_result])).toEqual(
      expect.arrayContaining([
        [vip, 'not_on_list'],
        [vip, 'admitted'],
        // Scanned now, ten days before the event: not day one.
        [dayOne, 'wrong_day'],
      ]),
    );
    // Entries on two lists are no duplicate of each other.
    expect(recorded.every((r) => r.duplicate_of === null)).toBe(true);
  });

  it('flags a second entry while in, never one after a check-out on a list with re-entry, whatever the upload order; counts who is in', async () => {
    const d = await g.gates();
    await g.saveList(d.owner, d.eventId, { name: 'Main hall', reentry: true });
    const hall = await g.listId(d.owner, d.eventId, 'Main hall');
    const t = (m: number) => new Date(Date.UTC(2030, 5, 1, 9, m)).toISOString();
    const enter = g.scan(d.eventId, d.standardCode, t(0), { list_id: hall, result: 'admitted', device: 'door-a' });
    const leave = g.scan(d.eventId, d.standardCode, t(5), { list_id: hall, result: 'checked_out', direction: 'out', device: 'door-b' });
    const back = g.scan(d.eventId, d.standardCode, t(10), { list_id: hall, result: 'admitted', device: 'door-a' });
    const twice = g.scan(d.eventId, d.standardCode, t(11), { list_id: hall, result: 'admitted', device: 'door-b' });
    // Uploaded newest first: the flags are decided by scan time, not arrival.
    for (const c of [twice, back, leave, enter]) expect((await upload(d.owner, [c]))[0]).toMatchObject({ status: 'applied' });
    const flags = Object.fromEntries((await rows(d.eventId)).map((r) => [r.id, r.duplicate_of]));
    expect(flags).toEqual({ [enter.id]: null, [leave.id]: null, [back.id]: null, [twice.id]: back.id });
    expect((await g.lists(d.owner, d.eventId)).lists[0]).toMatchObject({ inside: 1, allowed: 2 });
    // The conflicts list shows the second entry, not the re-entry.
    const res = await s.app.inject({ method: 'GET', url: `/api/checkin/conflicts?event_id=${d.eventId}`, headers: auth(d.owner.token) });
    expect(res.json().data.count).toBe(1);
    // The door tickets carry each scan's list and the ticket's type, which a door judges by offline.
    const docs = await g.kit.pull(d.owner, 'door_tickets', `&event_id=${d.eventId}`);
    const doc = docs.find((x) => x.code === d.standardCode)!;
    expect(doc.type_id).toBe(d.standard);
    expect(doc.scans.map((x) => x.list_id)).toEqual([hall, hall, hall, hall]);
  });

  it('keeps an event without lists as before: one implicit list, a second admission flagged', async () => {
    const d = await g.gates();
    const at = (m: number) => new Date(Date.UTC(2030, 5, 1, 9, m)).toISOString();
    const a = g.scan(d.eventId, d.standardCode, at(0), { result: 'admitted', device: 'door-a' });
    const b = g.scan(d.eventId, d.standardCode, at(1), { result: 'admitted', device: 'door-b' });
    expect((await upload(d.owner, [b, a])).map((r) => r.status)).toEqual(['applied', 'applied']);
    expect((await rows(d.eventId)).map((r) => [r.list_id, r.duplicate_of])).toEqual([
      [0, null],
      [0, a.id],
    ]);
    expect((await g.lists(d.owner, d.eventId)).lists).toEqual([]);
  });
});
