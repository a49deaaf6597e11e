import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, login, ownDataDir, type TestServer } from '../fixtures/server.ts';
import { acceptInvitation } from '../fixtures/invitations.ts';
import { createEvent, createTicket, createUser } from '../fixtures/factories.ts';
import { importTicketPublicKey, validateScan } from '../../contract/checkin.ts';
import type { DoorTicketDoc } from '../../contract/tickets.ts';
import { doorTicketsFeed } from '../../server/domain/checkin/feed.ts';
import type { FeedPage } from '../../server/domain/sync/feed.ts';
import type { CommandResult } from '../../contract/commands.ts';
import type { Envelope } from '../fixtures/envelope.ts';
import { HINTS_CHANNEL, type ChangeHint } from '../../server/domain/effects.ts';

/**
 * Door check-in against the real server: the ticket.scan command (replays, two offline devices in
 * both upload orders), the door feed and its permissions, the door calls, and the legacy
 * events/checkin catalogue that must not change.
 */

let s: TestServer;
const dataDir = ownDataDir('checkin-scans');
beforeAll(async () => {
  s = await startTestServer({ dataDir });
});
afterAll(async () => s?.close());

/** A scan or a door person as the door's calls list them, as far as these tests read it. */
interface Item {
  user_id: number;
  received_at_ms: number;
  scans: { device_id: string; scanned_at_ms: number; duplicate_of: string | null }[];
}
/** The data of the answers these tests read; each call answers some of these fields. */
interface Answer {
  qr: string;
  public_key: string;
  role: string;
  count: number;
  items: Item[];
  signature: string | null;
  ticket: DoorTicketDoc;
}
type Body = Envelope<Answer>;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
async function get(url: string, token?: string) {
  const res = await s.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });
  return { http: res.statusCode, body: res.json() as Body };
}
async function post(url: string, payload: unknown, token?: string) {
  const res = await s.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? auth(token) : {} });
  return { http: res.statusCode, body: res.json() as Body };
}

interface Person {
  id: number;
  email: string;
  token: string;
}
async function person(): Promise<Person> {
  const u = await createUser(s.app.db);
  return { id: u.id, email: u.email, token: (await login(s.app, u.email)).token };
}

/** An event with an owner, a door staff member, an outsider and two ticket holders. */
async function door() {
  const event = await createEvent(s.app.db, { is_free: false });
  const [owner, staff, outsider, anna, bohdan] = await Promise.all([person(), person(), person(), person(), person()]);
  await s.app.db.insertInto('user_events').values({ event_id: event.id, user_id: owner.id, is_owner: true, role: 'organizer' }).execute();
  // By email the worker is invited, and works the door once they accept the mailed link.
  const added = await post('/api/checkin/staff', { event_id: event.id, email: staff.email.toUpperCase() }, owner.token);
  expect(added.body).toMatchObject({ status_code: 200, data: { result: true, invited: true } });
  await acceptInvitation(s.app, dataDir, staff);
  const t1 = await createTicket(s.app.db, event.id, anna.id);
  const t2 = await createTicket(s.app.db, event.id, bohdan.id);
  return { eventId: event.id, owner, staff, outsider, anna, bohdan, t1, t2 };
}

async function qrOf(ticketId: number, token: string): Promise<string> {
  const r = await get(`/api/tickets/${ticketId}`, token);
  expect(r.body.status_code).toBe(200);
  return r.body.data.qr;
}

let seq = 0;
function scan(code: string, deviceId: string, at: string, extra: Record<string, unknown> = {}) {
  return {
    id: `scan-${++seq}-${Math.random().toString(36).slice(2, 10)}`,
    kind: 'ticket.scan',
    payload: { code, device_id: deviceId, scanned_at: at, ...extra },
    occurredAt: at,
  };
}
async function upload(token: string, commands: ReturnType<typeof scan>[]) {
  const res = await s.app.inject({ method: 'POST', url: '/sync/v1/commands', headers: auth(token), payload: { commands } });
  expect(res.statusCode).toBe(200);
  return res.json().results as CommandResult[];
}
async function scansOf(ticketId: number) {
  return s.app.db.selectFrom('checkins').selectAll().where('ticket_id', '=', ticketId).orderBy('scanned_at').execute();
}
async function pullDoor(eventId: number, userId: number | null, checkpoint = 0, limit = 500) {
  return doorTicketsFeed(s.app.db, { userId, checkpoint, limit, scope: { event_id: String(eventId) } });
}

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

describe('door feed and door calls', () => {
  it('gives the event tickets to owners and staff only', async () => {
    const d = await door();
    const page = await pullDoor(d.eventId, d.owner.id);
    expect(page.documents.map((x) => x.id).sort()).toEqual([String(d.t1.id), String(d.t2.id)].sort());
    const doc = page.documents.find((x) => x.id === String(d.t1.id))!;
    expect(doc).toMatchObject({ ticket_id: d.t1.id, event_id: d.eventId, code: d.t1.code, status: 'valid', invalid: false, scans: [], deleted: false });
    expect(typeof doc.holder_name).toBe('string');
    expect((await pullDoor(d.eventId, d.staff.id)).documents).toHaveLength(2);
    await expect(pullDoor(d.eventId, d.outsider.id)).rejects.toMatchObject({ statusCode: 403 });
    await expect(pullDoor(d.eventId, d.anna.id)).rejects.toMatchObject({ statusCode: 403 });
    await expect(pullDoor(d.eventId, null)).rejects.toMatchObject({ statusCode: 401 });
    await expect(pullDoor(999999, d.owner.id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(doorTicketsFeed(s.app.db, { userId: d.owner.id, checkpoint: 0, limit: 10, scope: {} })).rejects.toMatchObject({ statusCode: 400 });
  });

  it('pages in rev order without losing tickets that share a rev, and keeps removed tickets as cancelled', async () => {
    const d = await door();
    // Three more tickets for one holder; then a profile change gives all of that holder's tickets one rev.
    for (let i = 0; i < 3; i++) await createTicket(s.app.db, d.eventId, d.bohdan.id);
    await s.app.db.updateTable('users').set({ first_name: 'Богдан' }).where('id', '=', d.bohdan.id).execute();
    const seen = new Map<string, FeedPage['documents'][number]>();
    let checkpoint = 0;
    for (let i = 0; i < 10; i++) {
      const page = await pullDoor(d.eventId, d.owner.id, checkpoint, 2);
      for (const doc of page.documents) seen.set(String(doc.id), doc);
      if (page.documents.length < 2) break;
      checkpoint = page.documents.at(-1)!.rev;
    }
    expect(seen.size).toBe(5);
    await s.app.db.updateTable('tickets').set({ deleted: true }).where('id', '=', d.t1.id).execute();
    const after = await pullDoor(d.eventId, d.owner.id, checkpoint);
    expect(after.documents.map((x) => [x.id, x.status, x.deleted])).toEqual([[String(d.t1.id), 'cancelled', false]]);
  });

  it('answers a door that cannot judge a code yet: the ticket by code or signed payload, nothing recorded', async () => {
    const d = await door();
    const other = await door();
    const qr = await qrOf(d.t1.id, d.anna.token);
    await upload(d.owner.token, [scan(d.t2.code, 'door-a', '2030-06-05T08:00:00Z', { event_id: d.eventId, result: 'admitted' })]);
    const ask = (code: string, token = d.staff.token, eventId = d.eventId) =>
      get(`/api/checkin/ticket?event_id=${eventId}&code=${encodeURIComponent(code)}`, token);

    const byCode = (await ask(d.t2.code)).body.data;
    expect(byCode.signature).toBeNull();
    expect(byCode.ticket).toMatchObject({ ticket_id: d.t2.id, event_id: d.eventId, code: d.t2.code, status: 'valid', invalid: false });
    expect(byCode.ticket.scans).toEqual([expect.objectContaining({ device_id: 'door-a', result: 'admitted' })]);
    expect(byCode.ticket).not.toHaveProperty('deleted');
    // The same answer the door feed gives for that ticket, so the door judges it by the same rules.
    const fed = (await pullDoor(d.eventId, d.owner.id)).documents.find((x) => x.ticket_id === d.t2.id)!;
    const { deleted: _deleted, ...fedDoc } = fed as typeof fed & { deleted: boolean };
    expect(byCode.ticket).toEqual(fedDoc);

    expect((await ask(qr)).body.data).toMatchObject({ signature: true, ticket: { ticket_id: d.t1.id, code: d.t1.code } });
    const parts = qr.split('.');
    parts[3] = (parts[3]![0] === 'A' ? 'B' : 'A') + parts[3]!.slice(1);
    expect((await ask(parts.join('.'))).body.data).toEqual({ ticket: null, signature: false });
    // Unknown codes and another event's tickets name no ticket here.
    expect((await ask('NO-SUCH-CODE')).body.data).toEqual({ ticket: null, signature: null });
    expect((await ask(other.t1.code)).body.data).toEqual({ ticket: null, signature: null });
    expect((await ask(await qrOf(other.t1.id, other.anna.token))).body.data).toEqual({ ticket: null, signature: null });
    // Nothing recorded by asking.
    expect(await scansOf(d.t1.id)).toHaveLength(0);
    // Door people only; a code longer than any scan is refused as bad input.
    expect((await ask(d.t2.code, d.outsider.token)).body.error).toBe('forbidden');
    expect((await ask(d.t2.code, d.anna.token)).body.error).toBe('forbidden');
    expect((await ask('x'.repeat(600))).body.status_code).toBe(400);

    // The download's size: every ticket of the event, cancelled ones too.
    await s.app.db.updateTable('tickets').set({ status: 'cancelled' }).where('id', '=', d.t1.id).execute();
    expect((await get(`/api/checkin/stats?event_id=${d.eventId}`, d.staff.token)).body.data).toMatchObject({ listed: 2, tickets: 1 });
  });

  it('serves the event public key to the door and nobody else, and lists staff to owners only', async () => {
    const d = await door();
    const key = await get(`/api/checkin/key?event_id=${d.eventId}`, d.staff.token);
    expect(key.body.data).toMatchObject({ event_id: d.eventId, algorithm: 'Ed25519', payload_prefix: 'FYT1', role: 'staff' });
    expect(key.body.data.public_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await get(`/api/checkin/key?event_id=${d.eventId}`, d.owner.token)).body.data.role).toBe('owner');
    expect((await get(`/api/checkin/key?event_id=${d.eventId}`, d.outsider.token)).body).toMatchObject({ status_code: 403, error: 'forbidden' });
    expect((await get(`/api/checkin/key?event_id=${d.eventId}`)).body).toMatchObject({ status_code: 403, error: 'auth_required' });
    expect((await get(`/api/checkin/conflicts?event_id=${d.eventId}`, d.anna.token)).body.error).toBe('forbidden');
    expect((await get(`/api/checkin/scans?event_id=${d.eventId}`, d.outsider.token)).body.error).toBe('forbidden');

    const staff = await get(`/api/checkin/staff?event_id=${d.eventId}`, d.owner.token);
    expect(staff.body.data.items.map((x) => x.user_id)).toEqual([d.staff.id]);
    expect((await get(`/api/checkin/staff?event_id=${d.eventId}`, d.staff.token)).body.error).toBe('forbidden');
    expect((await post('/api/checkin/staff', { event_id: d.eventId, user_id: d.outsider.id }, d.staff.token)).body.error).toBe('forbidden');
    // Any address is invited alike (attacks-invitations.test.ts); an id must be one of the event's people.
    expect((await post('/api/checkin/staff', { event_id: d.eventId, email: 'nobody@nowhere.test' }, d.owner.token)).body).toMatchObject({
      status_code: 200,
      data: { result: true, invited: true },
    });
    expect((await post('/api/checkin/staff', { event_id: d.eventId, user_id: d.outsider.id }, d.owner.token)).body.error).toBe('person_not_in_event');

    const events = await get('/api/checkin/events', d.staff.token);
    expect(events.body.data.items).toEqual([expect.objectContaining({ event_id: d.eventId, role: 'staff' })]);

    expect((await post('/api/checkin/staff/remove', { event_id: d.eventId, user_id: d.staff.id }, d.owner.token)).body.status_code).toBe(200);
    await expect(pullDoor(d.eventId, d.staff.id)).rejects.toMatchObject({ statusCode: 403 });
    expect((await get(`/api/checkin/key?event_id=${d.eventId}`, d.staff.token)).body.error).toBe('forbidden');
  });

  it('lists scans newest first to the door', async () => {
    const d = await door();
    await upload(d.staff.token, [
      scan(d.t1.code, 'door-a', '2030-06-06T08:00:00Z', { event_id: d.eventId, result: 'admitted' }),
      scan(d.t2.code, 'door-a', '2030-06-06T08:01:00Z', { event_id: d.eventId, result: 'admitted' }),
    ]);
    const r = await get(`/api/checkin/scans?event_id=${d.eventId}&limit=1`, d.owner.token);
    expect(r.body.data.count).toBe(2);
    expect(r.body.data.items).toEqual([
      expect.objectContaining({ ticket_id: d.t2.id, device_id: 'door-a', result: 'admitted', scanned_at_ms: Date.parse('2030-06-06T08:01:00Z') }),
    ]);
  });

  it('lists the scans that match no ticket on their own, which no door ticket carries', async () => {
    const d = await door();
    await upload(d.staff.token, [
      scan(d.t1.code, 'door-a', '2030-06-06T08:00:00Z', { event_id: d.eventId, result: 'admitted' }),
      scan('FY-NOSUCHCODE', 'door-b', '2030-06-06T08:02:00Z', { event_id: d.eventId, result: 'unknown' }),
    ]);
    const r = await get(`/api/checkin/scans?event_id=${d.eventId}&unmatched=1`, d.owner.token);
    expect(r.body.data.count).toBe(1);
    expect(r.body.data.items).toEqual([expect.objectContaining({ ticket_id: null, code: 'FY-NOSUCHCODE', device_id: 'door-b', result: 'unknown' })]);
    expect(r.body.data.items[0]!.received_at_ms).toBeGreaterThan(0);
    const pulled = await pullDoor(d.eventId, d.owner.id);
    expect(pulled.documents.flatMap((t) => (t.scans as DoorTicketDoc['scans']).map((x) => x.device_id))).toEqual(['door-a']);
  });
});

describe('legacy events/checkin and events/uncheckin keep their catalogue', () => {
  it('still check the user in and out, and answer 400, 403 and 404 as before', async () => {
    const d = await door();
    const ok = await post('/api/events/checkin', { event_id: d.eventId }, d.anna.token);
    expect(ok.body).toMatchObject({ status_code: 200, data: { result: true, checked_in: true, checkin_status: true } });
    const out = await post('/api/events/uncheckin', { event_id: d.eventId }, d.anna.token);
    expect(out.body).toMatchObject({ status_code: 200, data: { checked_in: false } });
    expect((await post('/api/events/checkin', { event_id: 'x' }, d.anna.token)).body).toMatchObject({ status_code: 400, error: 'invalid_input' });
    expect((await post('/api/events/checkin', { event_id: d.eventId })).body).toMatchObject({ status_code: 403, error: 'auth_required' });
    expect((await post('/api/events/checkin', { event_id: d.eventId }, d.outsider.token)).body).toMatchObject({ status_code: 403, error: 'ticket_required' });
    expect((await post('/api/events/checkin', { event_id: 999999 }, d.anna.token)).body).toMatchObject({ status_code: 404, error: 'event_not_found' });
  });
});
