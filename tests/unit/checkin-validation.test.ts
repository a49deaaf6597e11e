import { beforeAll, describe, expect, it } from 'vitest';
import {
  firstAdmission,
  formatTicketPayload,
  fromBase64Url,
  headCount,
  importTicketPublicKey,
  judgeScan,
  parseTicketPayload,
  ticketSigningMessage,
  toBase64Url,
  validateScan,
  verifyTicketSignature,
  type KnownScan,
} from '../../contract/checkin.ts';
import type { DoorTicketDoc } from '../../contract/tickets.ts';
import { doorTicket } from '../fixtures/door-ticket.ts';

/**
 * The door's offline rules, with keys made here by WebCrypto (the server's own signer is checked
 * against the same verifier in tickets-signing.test.ts).
 */

const EVENT = 41;
const OTHER_EVENT = 42;
let eventKeys: CryptoKeyPair;
let otherKeys: CryptoKeyPair;
let publicKey: CryptoKey;
let otherPublicKey: CryptoKey;

async function sign(keys: CryptoKeyPair, eventId: number, ticketId: number, code: string): Promise<string> {
  const sig = await crypto.subtle.sign({ name: 'Ed25519' }, keys.privateKey, ticketSigningMessage(eventId, ticketId, code) as BufferSource);
  return formatTicketPayload(eventId, ticketId, code, new Uint8Array(sig));
}

async function rawPublic(keys: CryptoKeyPair): Promise<string> {
  return toBase64Url(new Uint8Array(await crypto.subtle.exportKey('raw', keys.publicKey)));
}

beforeAll(async () => {
  eventKeys = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  otherKeys = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  publicKey = await importTicketPublicKey(await rawPublic(eventKeys));
  otherPublicKey = await importTicketPublicKey(await rawPublic(otherKeys));
});

const ticket = (over: Partial<DoorTicketDoc> = {}) => doorTicket(EVENT, { ...over });

/** A door device's list: lookups by id (signed payloads) and by code (typed codes). */
function deviceWith(...tickets: DoorTicketDoc[]) {
  return (q: { ticketId: number } | { code: string }) => tickets.find((t) => ('ticketId' in q ? t.ticket_id === q.ticketId : t.code === q.code));
}

describe('base64url', () => {
  it('round-trips every length and refuses padding, foreign characters and stray bits', () => {
    for (let n = 0; n < 70; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 37 + n) & 255);
      const text = toBase64Url(bytes);
      expect(text).not.toMatch(/[+/=]/);
      expect(fromBase64Url(text)).toEqual(bytes);
      expect(Buffer.from(bytes).toString('base64url')).toBe(text);
    }
    expect(fromBase64Url('AA==')).toBeNull();
    expect(fromBase64Url('A+B/')).toBeNull();
    expect(fromBase64Url('AB')).toBeNull(); // 'B' leaves non-zero trailing bits: not canonical
    expect(fromBase64Url('A')).toBeNull();
  });
});

describe('parseTicketPayload', () => {
  it('reads a signed payload, keeping dots inside the code', async () => {
    const raw = await sign(eventKeys, EVENT, 7, 'FY.with.dots');
    const p = parseTicketPayload(`  ${raw}\n`);
    expect(p).toMatchObject({ kind: 'signed', eventId: EVENT, ticketId: 7, code: 'FY.with.dots' });
    if (p.kind === 'signed') expect(p.signature).toHaveLength(64);
  });

  it('takes anything else as a plain code, and nothing as empty', () => {
    expect(parseTicketPayload('FY-ABCDEFGHJK')).toEqual({ kind: 'plain', code: 'FY-ABCDEFGHJK' });
    expect(parseTicketPayload('FYT1.41.7.short.FY-X')).toEqual({ kind: 'plain', code: 'FYT1.41.7.short.FY-X' });
    expect(parseTicketPayload(`FYT1.041.7.${'A'.repeat(86)}.FY-X`).kind).toBe('plain');
    expect(parseTicketPayload('   ')).toEqual({ kind: 'empty' });
  });
});

describe('signature checks', () => {
  it('accepts a genuine code', async () => {
    const p = parseTicketPayload(await sign(eventKeys, EVENT, 7, 'FY-ABCDEFGHJK'));
    expect(p.kind === 'signed' && (await verifyTicketSignature(publicKey, p))).toBe(true);
  });

  it('refuses a forged signature, a tampered code, a tampered ticket id and another event key', async () => {
    const genuine = await sign(eventKeys, EVENT, 7, 'FY-ABCDEFGHJK');
    const parts = genuine.split('.');
    const forgedSig = [...parts.slice(0, 3), toBase64Url(crypto.getRandomValues(new Uint8Array(64))), parts[4]].join('.');
    const tamperedCode = [...parts.slice(0, 4), 'FY-ABCDEFGHJL'].join('.');
    const tamperedId = [parts[0], parts[1], '8', parts[3], parts[4]].join('.');
    for (const raw of [forgedSig, tamperedCode, tamperedId]) {
      const p = parseTicketPayload(raw);
      expect(p.kind).toBe('signed');
      expect(p.kind === 'signed' && (await verifyTicketSignature(publicKey, p)), raw).toBe(false);
    }
    const p = parseTicketPayload(genuine);
    expect(p.kind === 'signed' && (await verifyTicketSignature(otherPublicKey, p))).toBe(false);
  });

  it('refuses a public key of the wrong size', async () => {
    await expect(importTicketPublicKey(toBase64Url(new Uint8Array(31)))).rejects.toThrow();
  });
});

describe('validateScan', () => {
  const at = (iso: string) => Date.parse(iso);

  it('admits a valid listed ticket, by QR and by typed code', async () => {
    const lookup = deviceWith(ticket());
    const qr = await validateScan({ raw: await sign(eventKeys, EVENT, 7, 'FY-ABCDEFGHJK'), eventId: EVENT, publicKey, lookup });
    expect(qr).toMatchObject({ result: 'admitted', admitted: true, ticketId: 7, unlisted: false, code: 'FY-ABCDEFGHJK' });
    expect(qr.ticket?.holder_name).toBe('Ірина Коваль');
    const typed = await validateScan({ raw: 'FY-ABCDEFGHJK', eventId: EVENT, publicKey, lookup });
    expect(typed).toMatchObject({ result: 'admitted', ticketId: 7 });
  });

  it('refuses unknown codes and empty scans', async () => {
    const lookup = deviceWith(ticket());
    expect((await validateScan({ raw: 'FY-NOPE', eventId: EVENT, publicKey, lookup })).result).toBe('unknown');
    expect((await validateScan({ raw: '', eventId: EVENT, publicKey, lookup })).result).toBe('unknown');
  });

  it('refuses a forged code even when the code itself is one the device knows', async () => {
    const lookup = deviceWith(ticket());
    const forged = await sign(otherKeys, EVENT, 7, 'FY-ABCDEFGHJK');
    const v = await validateScan({ raw: forged, eventId: EVENT, publicKey, lookup });
    expect(v).toMatchObject({ result: 'forged', admitted: false, ticketId: null });
  });

  it('refuses a genuine ticket of another event', async () => {
    const lookup = deviceWith(ticket());
    const v = await validateScan({ raw: await sign(otherKeys, OTHER_EVENT, 7, 'FY-ABCDEFGHJK'), eventId: EVENT, publicKey, lookup });
    expect(v.result).toBe('wrong_event');
    expect(
      judgeScan({ eventId: EVENT, parsed: { kind: 'plain', code: 'FY-1' }, signatureValid: null, ticket: ticket({ code: 'FY-1', event_id: OTHER_EVENT }) })
        .result,
    ).toBe('wrong_event');
  });

  it('refuses cancelled and invalid tickets with the reason', async () => {
    const raw = await sign(eventKeys, EVENT, 7, 'FY-ABCDEFGHJK');
    expect((await validateScan({ raw, eventId: EVENT, publicKey, lookup: deviceWith(ticket({ status: 'cancelled' })) })).result).toBe('cancelled');
    expect((await validateScan({ raw, eventId: EVENT, publicKey, lookup: deviceWith(ticket({ invalid: true })) })).result).toBe('invalid');
    expect((await validateScan({ raw: 'FY-ABCDEFGHJK', eventId: EVENT, publicKey, lookup: deviceWith(ticket({ status: 'cancelled' })) })).result).toBe(
      'cancelled',
    );
  });

  it('refuses a genuinely signed code the ticket no longer has', async () => {
    const raw = await sign(eventKeys, EVENT, 7, 'FY-OLDCODE');
    expect((await validateScan({ raw, eventId: EVENT, publicKey, lookup: deviceWith(ticket()) })).result).toBe('invalid');
  });

  it('shows when and at which device a ticket was already used, from the server or from this device', async () => {
    const raw = await sign(eventKeys, EVENT, 7, 'FY-ABCDEFGHJK');
    const synced = ticket({
      scans: [
        {
          id: 'scan-b',
          device_id: 'door-2',
          scanned_at_ms: at('2030-05-01T09:05:00Z'),
          received_at_ms: at('2030-05-01T09:06:00Z'),
          result: 'admitted',
          duplicate_of: 'scan-a',
        },
        {
          id: 'scan-a',
          device_id: 'door-1',
          scanned_at_ms: at('2030-05-01T09:00:00Z'),
          received_at_ms: at('2030-05-01T09:10:00Z'),
          result: 'admitted',
          duplicate_of: '',
        },
        {
          id: 'scan-0',
          device_id: 'door-3',
          scanned_at_ms: at('2030-05-01T08:00:00Z'),
          received_at_ms: at('2030-05-01T08:00:01Z'),
          result: 'cancelled',
          duplicate_of: '',
        },
      ],
    });
    const v = await validateScan({ raw, eventId: EVENT, publicKey, lookup: deviceWith(synced) });
    expect(v).toMatchObject({
      result: 'already_used',
      admitted: false,
      usedBy: { scan_id: 'scan-a', device_id: 'door-1', scanned_at_ms: at('2030-05-01T09:00:00Z') },
    });

    const local: KnownScan[] = [{ id: 'mine-1', ticket_id: 7, device_id: 'door-9', scanned_at_ms: at('2030-05-01T10:00:00Z'), result: 'admitted' }];
    const again = await validateScan({ raw: 'FY-ABCDEFGHJK', eventId: EVENT, publicKey, lookup: deviceWith(ticket()), scans: local });
    expect(again).toMatchObject({ result: 'already_used', usedBy: { device_id: 'door-9' } });
    // Scans of other tickets and refused scans never use a ticket up.
    const unrelated: KnownScan[] = [
      { ...local[0]!, ticket_id: 8 },
      { ...local[0]!, id: 'mine-2', result: 'forged' },
    ];
    expect((await validateScan({ raw, eventId: EVENT, publicKey, lookup: deviceWith(ticket()), scans: unrelated })).result).toBe('admitted');
  });

  it('admits a genuine ticket sold after the last download, once', async () => {
    const raw = await sign(eventKeys, EVENT, 99, 'FY-NEWBUYER1');
    const empty = deviceWith();
    const v = await validateScan({ raw, eventId: EVENT, publicKey, lookup: empty });
    expect(v).toMatchObject({ result: 'admitted', admitted: true, unlisted: true, ticketId: 99, ticket: null });
    const local: KnownScan[] = [{ id: 's1', ticket_id: 99, device_id: 'door-1', scanned_at_ms: 1, result: 'admitted' }];
    expect((await validateScan({ raw, eventId: EVENT, publicKey, lookup: empty, scans: local })).result).toBe('already_used');
    // Typed by hand, the same unlisted code proves nothing.
    expect((await validateScan({ raw: 'FY-NEWBUYER1', eventId: EVENT, publicKey, lookup: empty })).result).toBe('unknown');
  });

  it('without the event key admits only tickets it knows', async () => {
    const known = await sign(eventKeys, EVENT, 7, 'FY-ABCDEFGHJK');
    const unknown = await sign(eventKeys, EVENT, 99, 'FY-NEWBUYER1');
    expect((await validateScan({ raw: known, eventId: EVENT, publicKey: null, lookup: deviceWith(ticket()) })).result).toBe('admitted');
    expect((await validateScan({ raw: unknown, eventId: EVENT, publicKey: null, lookup: deviceWith(ticket()) })).result).toBe('unknown');
  });
});

describe('admission order and head count', () => {
  it('picks the earliest admission by scan time, then by id, ignoring refusals', () => {
    const s = (id: string, t: number, result: KnownScan['result'] = 'admitted') => ({ id, scanned_at_ms: t, result });
    expect(firstAdmission([s('b', 5), s('a', 9), s('z', 1, 'forged')])?.id).toBe('b');
    expect(firstAdmission([s('b', 5), s('a', 5)])?.id).toBe('a');
    expect(firstAdmission([s('x', 1, 'unknown')])).toBeNull();
  });

  it('counts a person once however many devices admitted them', () => {
    const scan = (id: string, result: 'admitted' | 'forged') => ({ id, device_id: id, scanned_at_ms: 1, received_at_ms: 2, result, duplicate_of: '' });
    const docs = [
      { scans: [scan('a', 'admitted'), scan('b', 'admitted')] },
      { scans: [scan('c', 'admitted')] },
      { scans: [scan('d', 'forged')] },
      { scans: [] },
    ];
    expect(headCount(docs)).toEqual({ admitted: 2, conflicts: 1, duplicates: 1 });
  });
});
