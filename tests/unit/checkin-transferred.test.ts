import { beforeAll, describe, expect, it } from 'vitest';
import { formatTicketPayload, importTicketPublicKey, ticketSigningMessage, toBase64Url, validateScan, type TicketKey } from '../../contract/checkin.ts';
import type { DoorTicketDoc } from '../../contract/tickets.ts';
import { doorHeadCount, doorTicketView, localConflicts } from '../../sync/views/checkin/checkin.ts';
import { doorTicket } from '../fixtures/door-ticket.ts';

/**
 * The door's offline rules for a ticket its holder gave away (issue 30): a device that has pulled
 * the transfer refuses the old code and says why; one that has not admits it, as it must with no
 * network, and once its scan is back from the server the ticket stands among the conflicts.
 */

const EVENT = 41;
let keys: CryptoKeyPair;
let publicKey: TicketKey;

beforeAll(async () => {
  keys = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  publicKey = await importTicketPublicKey(toBase64Url(new Uint8Array(await crypto.subtle.exportKey('raw', keys.publicKey))));
});

async function sign(ticketId: number, code: string): Promise<string> {
  const sig = await crypto.subtle.sign({ name: 'Ed25519' }, keys.privateKey, ticketSigningMessage(EVENT, ticketId, code) as BufferSource);
  return formatTicketPayload(EVENT, ticketId, code, new Uint8Array(sig));
}

const ticket = (over: Partial<DoorTicketDoc> = {}) => doorTicket(EVENT, { code: 'FY-OLDCODE01', ...over });

const transferred = (over: Partial<DoorTicketDoc> = {}) => ticket({ status: 'cancelled', revoked: 'transferred', rev: 2, ...over });
const successor = ticket({ id: '8', ticket_id: 8, code: 'FY-NEWCODE02', holder_name: 'Ольга Петренко', rev: 2 });

function device(...tickets: DoorTicketDoc[]) {
  return (q: { ticketId: number } | { code: string }) => tickets.find((t) => ('ticketId' in q ? t.ticket_id === q.ticketId : t.code === q.code));
}

describe('a transferred ticket at the door', () => {
  it('is refused on a synced device with the reason, by its QR code and by its typed code', async () => {
    const lookup = device(transferred(), successor);
    const byQr = await validateScan({ raw: await sign(7, 'FY-OLDCODE01'), eventId: EVENT, publicKey, lookup });
    expect(byQr).toMatchObject({ result: 'transferred', admitted: false, ticketId: 7 });
    const typed = await validateScan({ raw: 'FY-OLDCODE01', eventId: EVENT, publicKey, lookup });
    expect(typed).toMatchObject({ result: 'transferred', admitted: false });
  });

  it('admits the new holder on a synced device', async () => {
    const v = await validateScan({ raw: await sign(8, 'FY-NEWCODE02'), eventId: EVENT, publicKey, lookup: device(transferred(), successor) });
    expect(v).toMatchObject({ result: 'admitted', admitted: true, unlisted: false, ticketId: 8 });
  });

  it('is admitted on a device that has not pulled the transfer (it cannot know offline)', async () => {
    const v = await validateScan({ raw: await sign(7, 'FY-OLDCODE01'), eventId: EVENT, publicKey, lookup: device(ticket()) });
    expect(v).toMatchObject({ result: 'admitted', admitted: true });
  });

  it('is cancelled, not transferred, when its order was cancelled', async () => {
    const v = await validateScan({ raw: 'FY-OLDCODE01', eventId: EVENT, publicKey, lookup: device(ticket({ status: 'cancelled' })) });
    expect(v.result).toBe('cancelled');
  });

  it('stands among the conflicts once an admission of it is back from the server, and a single admission of a kept ticket does not', () => {
    const scan = { id: 's1', device_id: 'door-b', scanned_at_ms: 1_000, received_at_ms: 2_000, result: 'admitted' as const, duplicate_of: '' };
    const list = [transferred({ scans: [scan] }), ticket({ id: '9', ticket_id: 9, code: 'FY-KEPT0003', scans: [{ ...scan, id: 's2' }] }), successor];
    const conflicts = localConflicts(list);
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatchObject({ reason: 'transferred', ticket_id: 7, devices: ['door-b'] });
    expect(localConflicts([ticket({ scans: [scan, { ...scan, id: 's3', duplicate_of: 's1' }] })])[0]?.reason).toBe('duplicate');
  });

  it('shows as transferred in the door search and is not a valid ticket of the head count', () => {
    expect(doorTicketView(transferred(), []).state).toBe('transferred');
    expect(doorTicketView(ticket({ status: 'cancelled' }), []).state).toBe('cancelled');
    expect(doorHeadCount([transferred(), successor], [])).toEqual({ admitted: 0, conflicts: 0, tickets: 1 });
  });
});
