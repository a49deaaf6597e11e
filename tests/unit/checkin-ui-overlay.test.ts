import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { addRxPlugin, type RxStorage } from 'rxdb';
import { RxDBDevModePlugin, disableWarnings } from 'rxdb/plugins/dev-mode';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { formatTicketPayload, importTicketPublicKey, ticketSigningMessage, toBase64Url, validateScan } from '../../contract/checkin.ts';
import type { DoorTicketDoc } from '../../contract/tickets.ts';
import { openDatabase, type FoyerDatabase, type OutboxDoc } from '../../sync/engine/database.ts';
import {
  doorHeadCount,
  doorTicketView,
  ensureDeviceId,
  outboxScans,
  pendingScansOf,
  readDoorEvent,
  recordDoorScan,
  searchDoorTickets,
} from '../../sync/views/checkin/checkin.ts';
import { doorTicket } from '../fixtures/door-ticket.ts';

/**
 * The door's overlay: this device's scans read back from the outbox until the server returns them
 * inside the door tickets. An admission made offline must make the next scan of the same ticket
 * "already used" on this device before anything has been uploaded.
 */

addRxPlugin(RxDBDevModePlugin);
disableWarnings();

const EVENT = 41;
let keys: CryptoKeyPair;
let publicKey: CryptoKey;

async function signed(ticketId: number, code: string, eventId = EVENT, pair = keys): Promise<string> {
  const sig = await crypto.subtle.sign({ name: 'Ed25519' }, pair.privateKey, ticketSigningMessage(eventId, ticketId, code) as BufferSource);
  return formatTicketPayload(eventId, ticketId, code, new Uint8Array(sig));
}

beforeAll(async () => {
  keys = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  publicKey = await importTicketPublicKey(toBase64Url(new Uint8Array(await crypto.subtle.exportKey('raw', keys.publicKey))));
});

const ticket = (over: Partial<DoorTicketDoc> = {}) => doorTicket(EVENT, { type: 'VIP', ...over });

function scanEntry(
  id: string,
  payload: Record<string, unknown>,
  status: OutboxDoc['status'] = 'pending',
): Pick<OutboxDoc, 'id' | 'kind' | 'payload' | 'status'> {
  return { id, kind: 'ticket.scan', status, payload: { device_id: 'door-here', scanned_at: '2026-05-12T10:00:00.000Z', event_id: EVENT, ...payload } };
}

describe('scans read back from the outbox', () => {
  it('turn an admission queued offline into "already used" for the next scan, with when and where', async () => {
    const own = ticket();
    const code = await signed(7, own.code);
    const pending = outboxScans([scanEntry('scan-a', { code, result: 'admitted' })], EVENT, () => null);
    expect(pending).toEqual([
      expect.objectContaining({
        id: 'scan-a',
        ticket_id: 7,
        device_id: 'door-here',
        result: 'admitted',
        scanned_at_ms: Date.parse('2026-05-12T10:00:00.000Z'),
      }),
    ]);

    const lookup = () => own;
    const without = await validateScan({ raw: code, eventId: EVENT, publicKey, lookup });
    expect(without.result).toBe('admitted');
    const next = await validateScan({ raw: code, eventId: EVENT, publicKey, lookup, scans: pending });
    expect(next.result).toBe('already_used');
    expect(next.usedBy).toEqual({ scan_id: 'scan-a', device_id: 'door-here', scanned_at_ms: Date.parse('2026-05-12T10:00:00.000Z') });
  });

  it('find the ticket of a typed code, keep scans the server refused, and ignore other events and refusals', async () => {
    const byCode = (c: string) => (c === 'FY-ABCDEFGHJK' ? 7 : null);
    const entries = [
      scanEntry('typed', { code: 'FY-ABCDEFGHJK', result: 'admitted' }, 'rejected'),
      scanEntry('other-event', { code: 'FY-ABCDEFGHJK', result: 'admitted', event_id: EVENT + 1 }),
      scanEntry('refused', { code: 'FY-NOPE', result: 'unknown' }),
      { id: 'not-a-scan', kind: 'event.favorite' as const, status: 'pending' as const, payload: { event_id: EVENT, favorite: true } },
    ];
    const pending = outboxScans(entries, EVENT, byCode);
    expect(pending.map((s) => [s.id, s.ticket_id, s.result])).toEqual([
      ['typed', 7, 'admitted'],
      ['refused', null, 'unknown'],
    ]);
    // A person let in here stays let in, even if the upload was refused (lost door access, say).
    const verdict = await validateScan({ raw: 'FY-ABCDEFGHJK', eventId: EVENT, publicKey, lookup: () => ticket(), scans: pending });
    expect(verdict.result).toBe('already_used');
  });

  it('count a person once in the head count, whether the admission is pending, returned, or both', () => {
    const returned = ticket({ scans: [{ id: 'scan-a', device_id: 'door-here', scanned_at_ms: 1, received_at_ms: 2, result: 'admitted', duplicate_of: '' }] });
    const pending = [{ id: 'scan-a', ticket_id: 7, device_id: 'door-here', scanned_at_ms: 1, result: 'admitted' as const }];
    expect(doorHeadCount([returned], pending)).toEqual({ admitted: 1, conflicts: 0, tickets: 1 });
    expect(doorHeadCount([ticket()], pending)).toEqual({ admitted: 1, conflicts: 0, tickets: 1 });
    expect(doorHeadCount([ticket()], [])).toEqual({ admitted: 0, conflicts: 0, tickets: 1 });
    // Another device's admission synced in, plus this device's own still pending: one person, one conflict.
    const other = ticket({ scans: [{ id: 'scan-b', device_id: 'door-there', scanned_at_ms: 0, received_at_ms: 3, result: 'admitted', duplicate_of: '' }] });
    expect(doorHeadCount([other], pending)).toEqual({ admitted: 1, conflicts: 1, tickets: 1 });
    expect(doorTicketView(other, pending)).toMatchObject({ state: 'used', conflict: true, used: { scan_id: 'scan-b', device_id: 'door-there' } });
    expect(doorTicketView(ticket({ status: 'cancelled' }), [])).toMatchObject({ state: 'cancelled', used: null });
  });

  it('search by name in any order and accents aside, or by code', () => {
    const list = [ticket(), ticket({ id: '8', ticket_id: 8, code: 'FY-ZZZ', holder_name: 'José Álvarez' })];
    expect(searchDoorTickets(list, 'коваль ірина').map((t) => t.ticket_id)).toEqual([7]);
    expect(searchDoorTickets(list, 'jose alvarez').map((t) => t.ticket_id)).toEqual([8]);
    expect(searchDoorTickets(list, 'fy-zzz').map((t) => t.ticket_id)).toEqual([8]);
    expect(searchDoorTickets(list, 'FY-').map((t) => t.ticket_id)).toEqual([8, 7]);
    expect(searchDoorTickets(list, '   ')).toEqual([]);
  });
});

describe('recording scans on the device', () => {
  let db: FoyerDatabase | null = null;
  afterEach(async () => {
    await db?.remove();
    db = null;
  });

  async function device(): Promise<FoyerDatabase> {
    const storage = wrappedValidateAjvStorage({ storage: getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange }) });
    db = await openDatabase({
      name: `door-unit-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      storage: storage as RxStorage<unknown, unknown>,
      multiInstance: false,
      collections: ['door_tickets'],
    });
    return db;
  }

  it('admits once, then answers "already used" from its own queued scan, and queues both for upload', async () => {
    const d = await device();
    await d.door_tickets.insert(ticket());
    const deviceId = await ensureDeviceId(d);
    expect(await ensureDeviceId(d)).toBe(deviceId);
    expect(deviceId).toMatch(/^door-[A-Za-z0-9]{10}$/);
    const code = await signed(7, 'FY-ABCDEFGHJK');
    const first = await recordDoorScan(d, { eventId: EVENT, raw: ` ${code} `, deviceId, publicKey, now: new Date('2026-05-12T10:00:00Z') });
    expect(first.verdict.result).toBe('admitted');
    const second = await recordDoorScan(d, { eventId: EVENT, raw: 'FY-ABCDEFGHJK', deviceId, publicKey, now: new Date('2026-05-12T10:00:05Z') });
    expect(second.verdict.result).toBe('already_used');
    expect(second.verdict.usedBy).toEqual({ scan_id: first.scanId, device_id: deviceId, scanned_at_ms: Date.parse('2026-05-12T10:00:00Z') });

    const outbox = (await d.outbox.find({ sort: [{ seq: 'asc' }] }).exec()).map((e) => e.toJSON() as OutboxDoc);
    expect(outbox.map((e) => [e.id, e.kind, e.status])).toEqual([
      [first.scanId, 'ticket.scan', 'pending'],
      [second.scanId, 'ticket.scan', 'pending'],
    ]);
    expect(outbox[0]!.payload).toEqual({ code, device_id: deviceId, scanned_at: '2026-05-12T10:00:00.000Z', event_id: EVENT, result: 'admitted' });
    expect(outbox[1]!.payload).toMatchObject({ code: 'FY-ABCDEFGHJK', result: 'already_used' });
    expect((await pendingScansOf(d, EVENT)).map((s) => [s.ticket_id, s.result])).toEqual([
      [7, 'admitted'],
      [7, 'already_used'],
    ]);
    const doc = await readDoorEvent(d, EVENT);
    expect(doc.recent.map((r) => [r.id, r.result, r.holder_name])).toEqual([
      [second.scanId, 'already_used', 'Ірина Коваль'],
      [first.scanId, 'admitted', 'Ірина Коваль'],
    ]);
  });

  it('records refusals too, lets a genuine unlisted ticket in once, and records nothing for an empty scan', async () => {
    const d = await device();
    const deviceId = await ensureDeviceId(d);
    const forgedPair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
    const forged = await recordDoorScan(d, { eventId: EVENT, raw: await signed(9, 'FY-FORGED', EVENT, forgedPair), deviceId, publicKey });
    expect(forged.verdict.result).toBe('forged');
    const unlisted = await signed(12, 'FY-BOUGHT-TODAY');
    const first = await recordDoorScan(d, { eventId: EVENT, raw: unlisted, deviceId, publicKey });
    expect(first.verdict).toMatchObject({ result: 'admitted', unlisted: true, ticketId: 12 });
    expect((await recordDoorScan(d, { eventId: EVENT, raw: unlisted, deviceId, publicKey })).verdict.result).toBe('already_used');
    // Without the event's key a signed code the list does not hold cannot be judged: not a refusal,
    // and nothing recorded; the door asks the server or waits for the key.
    const noKey = await recordDoorScan(d, { eventId: EVENT, raw: await signed(13, 'FY-OTHER'), deviceId, publicKey: null });
    expect(noKey).toMatchObject({ undecided: 'no_key', scanId: null });
    const empty = await recordDoorScan(d, { eventId: EVENT, raw: '   ', deviceId, publicKey });
    expect(empty).toMatchObject({ scanId: null, undecided: null });
    expect(await d.outbox.count().exec()).toBe(3);
  });

  it("does not judge a typed code while the list is downloading, and judges it with the server's answer", async () => {
    const d = await device();
    const deviceId = await ensureDeviceId(d);
    await d.door_tickets.insert(ticket());
    // Not on the device yet: a genuine ticket still on its way, not an unknown code.
    const early = await recordDoorScan(d, { eventId: EVENT, raw: 'FY-LATE-ONE', deviceId, publicKey, listComplete: false });
    expect(early).toMatchObject({ undecided: 'downloading', scanId: null });
    // A code it does hold is judged as ever, download or not.
    expect((await recordDoorScan(d, { eventId: EVENT, raw: 'FY-ABCDEFGHJK', deviceId, publicKey, listComplete: false })).verdict.result).toBe('admitted');
    expect(await d.outbox.count().exec()).toBe(1);

    // The server's copy of the ticket decides, and the scan is recorded like any other.
    const late = ticket({ id: '21', ticket_id: 21, code: 'FY-LATE-ONE', holder_name: 'Олег Бондар' });
    const checked = await recordDoorScan(d, { eventId: EVENT, raw: 'FY-LATE-ONE', deviceId, publicKey, online: { ticket: late, signature: null } });
    expect(checked).toMatchObject({ undecided: null, verdict: { result: 'admitted', ticketId: 21, ticket: { holder_name: 'Олег Бондар' } } });
    expect(checked.scanId).not.toBeNull();
    // Asked again before the ticket arrives: this device's own admission, still in the outbox, counts.
    const again = await recordDoorScan(d, { eventId: EVENT, raw: 'FY-LATE-ONE', deviceId, publicKey, online: { ticket: late, signature: null } });
    expect(again.verdict.result).toBe('already_used');
    // The server knows no such ticket: now it is unknown indeed.
    const none = await recordDoorScan(d, { eventId: EVENT, raw: 'FY-NOBODY', deviceId, publicKey, online: { ticket: null, signature: null } });
    expect(none).toMatchObject({ undecided: null, verdict: { result: 'unknown' } });
    // Once the list is complete an unknown typed code is refused as before.
    expect((await recordDoorScan(d, { eventId: EVENT, raw: 'FY-NOBODY-2', deviceId, publicKey, listComplete: true })).verdict.result).toBe('unknown');
    // A signed code the server says is forged is refused although this device has no key.
    const forgedCheck = await recordDoorScan(d, {
      eventId: EVENT,
      raw: await signed(30, 'FY-X'),
      deviceId,
      publicKey: null,
      online: { ticket: null, signature: false },
    });
    expect(forgedCheck.verdict.result).toBe('forged');
  });

  it('judges quick scans of one ticket one after another, so only one of them admits', async () => {
    const d = await device();
    await d.door_tickets.insert(ticket());
    const deviceId = await ensureDeviceId(d);
    const code = await signed(7, 'FY-ABCDEFGHJK');
    const results = await Promise.all([1, 2, 3].map(() => recordDoorScan(d, { eventId: EVENT, raw: code, deviceId, publicKey })));
    expect(results.map((r) => r.verdict.result).sort()).toEqual(['admitted', 'already_used', 'already_used']);
  });
});
