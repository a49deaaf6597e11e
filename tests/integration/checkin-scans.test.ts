import { describe, expect, it } from 'vitest';
import { importTicketPublicKey, validateScan } from '../../contract/checkin.ts';
import type { DoorTicketDoc } from '../../contract/tickets.ts';
import { HINTS_CHANNEL, type ChangeHint } from '../../server/domain/effects.ts';
import { s, get, door, qrOf, scan, upload, scansOf, pullDoor, serveCheckinFiles } from './checkin-scans-helpers.ts';

serveCheckinFiles();

describe('ticket.scan', () => {
  it('records a scan uploaded three times exactly once, with device, scan time and receipt time', async () => {
    const d = await door();
    const qr = await qrOf(d.t1.id, d.anna.token);
    const cmd = scan(qr, 'door-a', '2030-06-01T09:00:00.000Z', { event_id: d.eventId, result: 'admitted' });
    const first = await upload(d.staff.token, [cmd]);
    const again = await upload(d.staff.token, [cmd, cmd]);
    expect(first[0]).toMatchObject({ id: cmd.id, status: 'applied', ids: [cmd.id, String(d.t1.id)] });
    expect(again).toEqual([first[0], first[0]]);
    const rows = await scansOf(d.t1.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: cmd.id,
      device_id: 'door-a',
      result: 'admitted',
      server_result: 'admitted',
      scanned_by: d.staff.id,
      event_id: d.eventId,
      code: d.t1.code,
      duplicate_of: null,
    });
    expect(rows[0]!.scanned_at.toISOString()).toBe('2030-06-01T09:00:00.000Z');
    expect(Math.abs(rows[0]!.received_at.getTime() - Date.now())).toBeLessThan(60_000);
    const stored = await s.app.db.selectFrom('commands').select('id').where('user_id', '=', d.staff.id).execute();
    expect(stored.map((c) => c.id)).toEqual([cmd.id]);
  });

  for (const order of ['earlier first', 'later first'] as const) {
    it(`keeps both offline admissions and flags the later one, uploads ${order}`, async () => {
      const d = await door();
      const qr = await qrOf(d.t1.id, d.anna.token);
      const a = scan(qr, 'door-a', '2030-06-01T10:00:00.000Z', { event_id: d.eventId, result: 'admitted' });
      const b = scan(d.t1.code, 'door-b', '2030-06-01T10:00:05.000Z', { event_id: d.eventId, result: 'admitted' });
      const [firstUp, secondUp] =
        order === 'earlier first'
          ? ([
              [d.owner, a],
              [d.staff, b],
            ] as const)
          : ([
              [d.staff, b],
              [d.owner, a],
            ] as const);
      expect((await upload(firstUp[0].token, [firstUp[1]]))[0]!.status).toBe('applied');
      expect((await upload(secondUp[0].token, [secondUp[1]]))[0]!.status).toBe('applied');

      const rows = await scansOf(d.t1.id);
      expect(rows.map((r) => [r.id, r.device_id, r.result, r.duplicate_of])).toEqual([
        [a.id, 'door-a', 'admitted', null],
        [b.id, 'door-b', 'admitted', a.id],
      ]);

      const stats = await get(`/api/checkin/stats?event_id=${d.eventId}`, d.owner.token);
      expect(stats.body.data).toMatchObject({ admitted: 1, scans: 2, duplicates: 1, refused: 0, tickets: 2 });
      const conflicts = await get(`/api/checkin/conflicts?event_id=${d.eventId}`, d.staff.token);
      expect(conflicts.body.data.count).toBe(1);
      expect(conflicts.body.data.items[0]).toMatchObject({ ticket_id: d.t1.id, code: d.t1.code, devices: ['door-a', 'door-b'] });
      expect(conflicts.body.data.items[0]!.scans.map((x) => [x.device_id, x.scanned_at_ms, x.duplicate_of])).toEqual([
        ['door-a', Date.parse('2030-06-01T10:00:00Z'), ''],
        ['door-b', Date.parse('2030-06-01T10:00:05Z'), a.id],
      ]);

      // Door devices learn both admissions on their next pull, and the ticket now reads as used.
      const page = await pullDoor(d.eventId, d.staff.id);
      const doc = page.documents.find((x) => x.id === String(d.t1.id)) as unknown as DoorTicketDoc;
      expect(doc.scans.map((x) => [x.id, x.duplicate_of])).toEqual([
        [a.id, ''],
        [b.id, a.id],
      ]);
      const key = await importTicketPublicKey((await get(`/api/checkin/key?event_id=${d.eventId}`, d.staff.token)).body.data.public_key);
      const third = await validateScan({ raw: qr, eventId: d.eventId, publicKey: key, lookup: () => doc });
      expect(third).toMatchObject({ result: 'already_used', usedBy: { scan_id: a.id, device_id: 'door-a' } });
    });
  }

  it('records refused scans with the reason, and judges scans that carry no door decision', async () => {
    const d = await door();
    const other = await door();
    const qr = await qrOf(d.t1.id, d.anna.token);
    const parts = qr.split('.');
    const tampered = [...parts.slice(0, 4), `${parts[4]}X`].join('.');
    const otherQr = await qrOf(other.t1.id, other.anna.token);
    await s.app.db.updateTable('tickets').set({ status: 'cancelled' }).where('id', '=', d.t2.id).execute();
    const at = (sec: number) => `2030-06-02T08:00:${String(sec).padStart(2, '0')}.000Z`;
    const cmds = [
      scan(tampered, 'door-a', at(1), { event_id: d.eventId }),
      scan('NO-SUCH-CODE', 'door-a', at(2), { event_id: d.eventId }),
      scan(otherQr, 'door-a', at(3), { event_id: d.eventId }),
      scan(d.t2.code, 'door-a', at(4), { event_id: d.eventId }),
      scan(qr, 'door-a', at(5)),
      scan(qr, 'door-a', at(6)),
    ];
    const results = await upload(d.owner.token, cmds);
    expect(results.map((r) => r.status)).toEqual(Array(6).fill('applied'));
    const rows = await s.app.db
      .selectFrom('checkins')
      .select(['id', 'result', 'server_result', 'ticket_id', 'duplicate_of'])
      .where('event_id', '=', d.eventId)
      .orderBy('scanned_at')
      .execute();
    expect(rows.map((r) => [r.result, r.server_result, r.ticket_id])).toEqual([
      ['forged', 'forged', null],
      ['unknown', 'unknown', null],
      ['wrong_event', 'wrong_event', null],
      ['cancelled', 'cancelled', d.t2.id],
      ['admitted', 'admitted', d.t1.id],
      // The same device scanning again without saying what it did: it knew, so it was a refusal.
      ['already_used', 'admitted', d.t1.id],
    ]);
    expect(rows.every((r) => r.duplicate_of === null)).toBe(true);
    const stats = (await get(`/api/checkin/stats?event_id=${d.eventId}`, d.owner.token)).body.data;
    expect(stats).toMatchObject({ admitted: 1, scans: 6, refused: 5, duplicates: 0, doubtful: 0 });
  });

  it('keeps what the door did when the server knows better, and counts it as doubtful', async () => {
    const d = await door();
    const qr = await qrOf(d.t1.id, d.anna.token);
    // Cancelled after the door device last downloaded: offline it admitted a ticket it believed valid.
    await s.app.db.updateTable('tickets').set({ status: 'cancelled' }).where('id', '=', d.t1.id).execute();
    await upload(d.staff.token, [scan(qr, 'door-a', '2030-06-03T08:00:00Z', { event_id: d.eventId, result: 'admitted' })]);
    const [row] = await scansOf(d.t1.id);
    expect(row).toMatchObject({ result: 'admitted', server_result: 'cancelled' });
    expect((await get(`/api/checkin/stats?event_id=${d.eventId}`, d.owner.token)).body.data).toMatchObject({ admitted: 1, doubtful: 1 });
  });

  it('refuses scans from people who do not work the door, bad times, and scan ids of another account', async () => {
    const d = await door();
    const at = '2030-06-04T08:00:00Z';
    const byOutsider = await upload(d.outsider.token, [scan(d.t1.code, 'door-x', at, { event_id: d.eventId, result: 'admitted' })]);
    expect(byOutsider[0]).toMatchObject({ status: 'rejected', code: 'forbidden' });
    const byHolder = await upload(d.anna.token, [scan(d.t1.code, 'door-x', at)]);
    expect(byHolder[0]).toMatchObject({ status: 'rejected', code: 'forbidden' });
    const badTime = await upload(d.owner.token, [scan(d.t1.code, 'door-x', 'not a time at all', { event_id: d.eventId })]);
    expect(badTime[0]).toMatchObject({ status: 'rejected', code: 'invalid_input' });
    const noEvent = await upload(d.owner.token, [scan('GARBAGE', 'door-x', at)]);
    expect(noEvent[0]).toMatchObject({ status: 'rejected', code: 'invalid_input' });
    const mine = scan(d.t1.code, 'door-a', at, { event_id: d.eventId, result: 'admitted' });
    expect((await upload(d.owner.token, [mine]))[0]!.status).toBe('applied');
    const stolen = await upload(d.staff.token, [{ ...mine, payload: { ...mine.payload, device_id: 'door-b' } }]);
    expect(stolen[0]).toMatchObject({ status: 'rejected', code: 'invalid_input' });
    expect(await scansOf(d.t1.id)).toHaveLength(1);
  });

  it('tells the event door devices, and only them, that the ticket changed', async () => {
    const d = await door();
    const hints: ChangeHint[] = [];
    const off = s.app.bus.subscribe(HINTS_CHANNEL, (m) => hints.push(m as ChangeHint));
    try {
      await upload(d.staff.token, [scan(d.t1.code, 'door-a', '2030-06-05T08:00:00Z', { event_id: d.eventId, result: 'admitted' })]);
      await new Promise((r) => setTimeout(r, 20));
    } finally {
      off();
    }
    const hint = hints.find((h) => h.collections.includes('door_tickets'));
    expect(hint).toBeDefined();
    if (hint?.userIds) expect([...hint.userIds].sort()).toEqual([d.owner.id, d.staff.id].sort());
  });
});
