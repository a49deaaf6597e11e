import { describe, expect, it } from 'vitest';
import type { TestProxy } from '../fixtures/proxy.ts';
import { serverPerFile } from '../fixtures/suite.ts';
import { createEvent, createTicket } from '../fixtures/factories.ts';
import { devicesPerTest, type LocalDevice } from '../fixtures/local-device.ts';
import { signInNewUser, type DeviceAuth } from '../fixtures/sign-in.ts';
import { acceptInvitation } from '../fixtures/invitations.ts';
import { ownDataDir } from '../fixtures/server.ts';
import { importTicketPublicKey } from '../../contract/checkin.ts';
import type { DoorTicketDoc, TicketDoc } from '../../contract/tickets.ts';
import { legacyGet } from '../../sync/store/caches.ts';
import { requestJson } from '../../sync/engine/http.ts';
import { enqueue } from '../../sync/engine/outbox.ts';
import { readScopes, requestScope } from '../../sync/engine/scoped.ts';
import { doorHeadCount, ensureDeviceId, pendingScansOf, recordDoorScan, storeDoorKey, toDoorConflicts, toDoorKey } from '../../sync/views/checkin/checkin.ts';
import { waitFor } from '../fixtures/wait.ts';

/**
 * Door devices on the real sync layer (RxDB on fake-indexeddb, the engine, a real server behind a
 * proxy each device can lose alone): the event's tickets replicate per event to its door devices,
 * scans judged offline travel through the outbox, and two devices that admitted one person while
 * offline both keep their record once they reconnect, in either order.
 */

const dataDir = ownDataDir('sync-door');
const server = serverPerFile({ listen: true, dataDir });
const devices = devicesPerTest();

interface Door extends LocalDevice {
  net: TestProxy;
  auth: DeviceAuth;
  deviceId: string;
  key: CryptoKey;
  scan(raw: string, at: string): ReturnType<typeof recordDoorScan>;
}

const signIn = () => signInNewUser(server.app.db, server.url);

/** A door device: its own database and network; it checks the event's tickets as the app's door screen does. */
async function openDoor(auth: DeviceAuth, eventId: number): Promise<Door> {
  // Two devices of every collection would pass the realm's 13 (sync/engine/database.ts): a door needs these.
  const device = await devices.openDevice({ name: 'foyer-door', baseUrl: server.url, auth, collections: ['my_events', 'door_tickets'], ownNetwork: true });
  const { db, net } = device;
  const deviceId = await ensureDeviceId(db);
  await requestScope(db, 'door_tickets', eventId);
  const keyAnswer = toDoorKey(
    await legacyGet({ baseUrl: net.url, headers: { authorization: `Bearer ${auth.token}` } }, `/api/checkin/key?event_id=${eventId}`),
  );
  await storeDoorKey(db, eventId, keyAnswer);
  const key = await importTicketPublicKey(keyAnswer.public_key);
  return { ...device, auth, deviceId, key, scan: (raw, at) => recordDoorScan(db, { eventId, raw, deviceId, publicKey: key, now: new Date(at) }) };
}

const doorTicket = async (d: Door, ticketId: number) => (await d.db.door_tickets.findOne(String(ticketId)).exec())?.toJSON() as DoorTicketDoc | undefined;
const eventTickets = async (d: Door, eventId: number) =>
  (await d.db.door_tickets.find({ selector: { event_id: eventId } }).exec()).map((t) => t.toJSON() as DoorTicketDoc);
const outboxSize = async (d: Door) => (await d.db.outbox.find().exec()).length;

async function offline(d: Door) {
  d.net.setOnline(false);
  await waitFor('offline', () => d.engine.status.state === 'offline');
}

/** The holder's own QR payload, as their tickets feed gives it to their phone. */
async function qrOf(holder: DeviceAuth, ticketId: number): Promise<string> {
  const body = (await requestJson(
    { baseUrl: server.url, headers: { authorization: `Bearer ${holder.token}` } },
    '/sync/v1/tickets/pull?checkpoint=0&limit=500',
  )) as { documents: TicketDoc[] };
  const doc = body.documents.find((d) => d.ticket_id === ticketId);
  if (!doc) throw new Error('the holder has no such ticket');
  return doc.qr;
}

/** An event with an owner, one door staff member they named, and one ticket holder. */
async function setUp() {
  const event = await createEvent(server.app.db, { is_free: false });
  const [owner, staff, holder] = await Promise.all([signIn(), signIn(), signIn()]);
  await server.app.db.insertInto('user_events').values({ event_id: event.id, user_id: owner.user.id, is_owner: true, role: 'organizer' }).execute();
  const added = (
    await server.app.inject({
      method: 'POST',
      url: '/api/checkin/staff',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { event_id: event.id, email: staff.user.email },
    })
  ).json();
  expect(added).toMatchObject({ status_code: 200 });
  await acceptInvitation(server.app, dataDir, { email: staff.user.email, token: staff.token });
  const ticket = await createTicket(server.app.db, event.id, holder.user.id);
  return { eventId: event.id, owner, staff, holder, ticket };
}

const serverScans = (ticketId: number) =>
  server.app.db
    .selectFrom('checkins')
    .select(['id', 'device_id', 'result', 'duplicate_of', 'scanned_at'])
    .where('ticket_id', '=', ticketId)
    .orderBy('scanned_at')
    .execute();

async function doorCall<T>(d: Door, path: string): Promise<T> {
  return (await legacyGet({ baseUrl: server.url, headers: { authorization: `Bearer ${d.auth.token}` } }, path)) as T;
}

describe('door devices', () => {
  for (const order of ['the earlier scanner first', 'the later scanner first'] as const) {
    it(`keep both offline admissions of one ticket after reconnecting (${order}); the later is flagged, the person counted once`, async () => {
      const { eventId, owner, staff, holder, ticket } = await setUp();
      const qr = await qrOf(holder, ticket.id);
      const a = await openDoor(owner, eventId);
      const b = await openDoor(staff, eventId);
      await waitFor('the tickets on both doors', async () => (await doorTicket(a, ticket.id)) && (await doorTicket(b, ticket.id)));
      expect(a.deviceId).not.toBe(b.deviceId);

      await offline(a);
      await offline(b);
      // The owner's device scans the QR code; the staff's device gets the code typed, five seconds later.
      const atA = await a.scan(qr, '2026-05-12T10:00:00.000Z');
      const atB = await b.scan(ticket.code, '2026-05-12T10:00:05.000Z');
      expect(atA.verdict.result).toBe('admitted');
      expect(atB.verdict.result).toBe('admitted');
      // On each device the person is in, and a second try is refused with when and where.
      const again = await a.scan(qr, '2026-05-12T10:01:00.000Z');
      expect(again.verdict).toMatchObject({ result: 'already_used', usedBy: { scan_id: atA.scanId, device_id: a.deviceId } });
      expect(doorHeadCount(await eventTickets(a, eventId), await pendingScansOf(a.db, eventId)).admitted).toBe(1);

      const [first, second] = order === 'the earlier scanner first' ? [a, b] : [b, a];
      first.net.setOnline(true);
      await waitFor('the first door uploaded', async () => (await outboxSize(first)) === 0);
      second.net.setOnline(true);
      await waitFor('the second door uploaded', async () => (await outboxSize(second)) === 0);

      const rows = await serverScans(ticket.id);
      expect(rows.map((r) => [r.id, r.device_id, r.result])).toEqual([
        [atA.scanId, a.deviceId, 'admitted'],
        [atB.scanId, b.deviceId, 'admitted'],
        [again.scanId, a.deviceId, 'already_used'],
      ]);
      expect(rows.map((r) => r.duplicate_of)).toEqual([null, atA.scanId, null]);

      for (const d of [a, b]) {
        const synced = await waitFor('both admissions on the device', async () => {
          const t = await doorTicket(d, ticket.id);
          return t && t.scans.filter((s) => s.result === 'admitted').length === 2 ? t : null;
        });
        expect(synced.scans.find((s) => s.id === atB.scanId)).toMatchObject({ device_id: b.deviceId, duplicate_of: atA.scanId });
        expect(synced.scans.find((s) => s.id === atA.scanId)).toMatchObject({ device_id: a.deviceId, duplicate_of: '' });
        expect(synced.scans.every((s) => s.received_at_ms >= s.scanned_at_ms)).toBe(true);
        expect(doorHeadCount(await eventTickets(d, eventId), await pendingScansOf(d.db, eventId))).toEqual({ admitted: 1, conflicts: 1, tickets: 1 });
      }
      const stats = await doorCall<{ admitted: number; duplicates: number }>(a, `/api/checkin/stats?event_id=${eventId}`);
      expect(stats).toMatchObject({ admitted: 1, duplicates: 1 });
      const conflicts = toDoorConflicts(await doorCall(a, `/api/checkin/conflicts?event_id=${eventId}`));
      expect(conflicts).toHaveLength(1);
      expect(conflicts[0]).toMatchObject({ ticket_id: ticket.id, code: ticket.code });
      expect([...conflicts[0]!.devices].sort()).toEqual([a.deviceId, b.deviceId].sort());
    });
  }

  /**
   * The door flow of the security review: a visitor's QR code decoded to EVIL\u0000QR between two
   * genuine tickets wedged the door for good (the batch answered 500 and was resent forever), so
   * its later admissions never reached the other doors and their head count stayed stale.
   */
  async function twoTicketsAndADoorEach() {
    const setup = await setUp();
    const second = await createTicket(server.app.db, setup.eventId, setup.holder.user.id);
    const a = await openDoor(setup.owner, setup.eventId);
    const b = await openDoor(setup.staff, setup.eventId);
    await waitFor(
      'both tickets on both doors',
      async () => (await eventTickets(a, setup.eventId)).length === 2 && (await eventTickets(b, setup.eventId)).length === 2,
    );
    return { ...setup, second, a, b, qr: await qrOf(setup.holder, setup.ticket.id) };
  }

  async function expectBothAdmissionsEverywhere(d: { eventId: number; ticket: { id: number }; second: { id: number }; b: Door }, scanIds: [string, string]) {
    expect((await serverScans(d.ticket.id)).map((r) => [r.id, r.result])).toEqual([[scanIds[0], 'admitted']]);
    expect((await serverScans(d.second.id)).map((r) => [r.id, r.result])).toEqual([[scanIds[1], 'admitted']]);
    // The organiser's other door hears of both and counts both people in.
    d.b.engine.resync(['door_tickets']);
    await waitFor('both admissions on the other door', async () => {
      const [t1, t2] = [await doorTicket(d.b, d.ticket.id), await doorTicket(d.b, d.second.id)];
      return t1?.scans.some((s) => s.id === scanIds[0]) && t2?.scans.some((s) => s.id === scanIds[1]);
    });
    expect(doorHeadCount(await eventTickets(d.b, d.eventId), await pendingScansOf(d.b.db, d.eventId)).admitted).toBe(2);
  }

  it('uploads the admissions on both sides of a scanned code with a NUL in it, and records that code as unknown', async () => {
    const d = await twoTicketsAndADoorEach();
    const { a, eventId } = d;
    await offline(a);
    const first = await a.scan(d.qr, '2026-05-12T10:00:00.000Z');
    const evil = await a.scan('EVIL\u0000QR', '2026-05-12T10:00:10.000Z');
    const second = await a.scan(d.second.code, '2026-05-12T10:00:20.000Z');
    expect([first.verdict.result, evil.verdict.result, second.verdict.result]).toEqual(['admitted', 'unknown', 'admitted']);

    a.net.setOnline(true);
    await waitFor('the door uploaded everything', async () => (await outboxSize(a)) === 0);
    await expectBothAdmissionsEverywhere(d, [first.scanId!, second.scanId!]);
    // The forged code is kept for the organisers' list, as what it is: a code matching no ticket.
    const unmatched = await server.app.db
      .selectFrom('checkins')
      .select(['id', 'code', 'result'])
      .where('event_id', '=', eventId)
      .where('ticket_id', 'is', null)
      .execute();
    expect(unmatched).toEqual([{ id: evil.scanId, code: 'EVIL\uFFFDQR', result: 'unknown' }]);
  });

  it('refuses alone a poisoned scan an older app queued as it was read, and uploads the scans behind it', async () => {
    const d = await twoTicketsAndADoorEach();
    const { a } = d;
    await offline(a);
    const first = await a.scan(d.qr, '2026-05-12T10:00:00.000Z');
    // Queued before the door cleaned codes (an app version that sent the camera's text as it was).
    const raw = await enqueue(a.db, 'ticket.scan', {
      code: 'EVIL\u0000QR',
      device_id: a.deviceId,
      scanned_at: '2026-05-12T10:00:10.000Z',
      event_id: d.eventId,
      result: 'unknown',
    });
    const second = await a.scan(d.second.code, '2026-05-12T10:00:20.000Z');

    a.net.setOnline(true);
    const refused = await waitFor('the poisoned scan refused and the rest uploaded', async () => {
      const left = (await a.db.outbox.find().exec()).map((e) => e.toJSON());
      return left.length === 1 && left[0]!.status === 'rejected' ? left[0] : null;
    });
    expect(refused).toMatchObject({ id: raw.id, code: 'invalid_input' });
    await expectBothAdmissionsEverywhere(d, [first.scanId!, second.scanId!]);
  });

  it('records a scan once although its upload was answered too late and sent again', async () => {
    const { eventId, owner, holder, ticket } = await setUp();
    const qr = await qrOf(holder, ticket.id);
    const a = await openDoor(owner, eventId);
    await waitFor('the ticket', () => doorTicket(a, ticket.id));
    a.net.loseAnswers((req) => req.path.startsWith('/sync/v1/commands'), 1);
    const scan = await a.scan(qr, new Date().toISOString());
    expect(scan.verdict.result).toBe('admitted');
    await waitFor('uploaded and settled', async () => (await outboxSize(a)) === 0);
    const sent = a.net.log.filter((r) => r.path.startsWith('/sync/v1/commands') && r.body.includes(scan.scanId!));
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect((await serverScans(ticket.id)).map((r) => r.id)).toEqual([scan.scanId]);
    const t = await waitFor('the scan back on the device', async () =>
      (await doorTicket(a, ticket.id))?.scans.length === 1 ? doorTicket(a, ticket.id) : null,
    );
    expect(t.scans[0]).toMatchObject({ id: scan.scanId, device_id: a.deviceId, result: 'admitted' });
  });

  it("forgets an event's tickets when the organiser takes door access away, and keeps them for the door that still has it", async () => {
    const { eventId, owner, staff, ticket } = await setUp();
    const a = await openDoor(owner, eventId);
    const b = await openDoor(staff, eventId);
    await waitFor('the tickets on both doors', async () => (await doorTicket(a, ticket.id)) && (await doorTicket(b, ticket.id)));
    await waitFor('the door scope synced', async () => (await readScopes(b.db)).synced?.[`door_tickets@${eventId}`]);

    const removed = (
      await server.app.inject({
        method: 'POST',
        url: '/api/checkin/staff/remove',
        headers: { authorization: `Bearer ${owner.token}` },
        payload: { event_id: eventId, user_id: staff.user.id },
      })
    ).json();
    expect(removed).toMatchObject({ status_code: 200 });
    b.engine.resync(['door_tickets']);
    await waitFor("the staff's door emptied", async () => (await eventTickets(b, eventId)).length === 0);
    // purgeScope deletes the documents first and then lets go of the scope: wait for the second write.
    await waitFor('the scope let go', async () => !(await readScopes(b.db)).held.includes(`door_tickets@${eventId}`));
    a.engine.resync(['door_tickets']);
    await a.engine.awaitInSync();
    expect(await eventTickets(a, eventId)).toHaveLength(1);
  });
});
