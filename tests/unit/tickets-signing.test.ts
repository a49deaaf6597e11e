import { generateKeyPairSync } from 'node:crypto';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { importTicketPublicKey, parseTicketPayload, validateScan, verifyTicketSignature } from '../../contract/checkin.ts';
import { checkDesignRoles, defaultTicketDesign, numberDesignRoles, type TicketDesignSettings } from '../../contract/tickets.ts';
import { parseTicketSigningKey } from '../../server/config.ts';
import { eventKey, signTicket } from '../../server/domain/signing/keys.ts';
import { eventDateTime, formatPrice, qrMatrix } from '../../server/domain/tickets/pdf.ts';

const SECRET = new Uint8Array(32).map((_, i) => i * 7 + 1);

describe('server ticket signing', () => {
  it('signs codes that the door verifier accepts with that event key only', async () => {
    const k5 = eventKey(SECRET, 5);
    const payload = signTicket(k5, 12, 'FY-QWERTYUIOP');
    const parsed = parseTicketPayload(payload);
    expect(parsed).toMatchObject({ kind: 'signed', eventId: 5, ticketId: 12, code: 'FY-QWERTYUIOP' });
    if (parsed.kind !== 'signed') throw new Error('not signed');
    expect(await verifyTicketSignature(await importTicketPublicKey(k5.publicKey), parsed)).toBe(true);
    expect(await verifyTicketSignature(await importTicketPublicKey(eventKey(SECRET, 6).publicKey), parsed)).toBe(false);
    const otherSecret = SECRET.map((b) => b ^ 1);
    expect(await verifyTicketSignature(await importTicketPublicKey(eventKey(otherSecret, 5).publicKey), parsed)).toBe(false);
  });

  it('derives one stable key per event', () => {
    expect(eventKey(SECRET, 5).publicKey).toBe(eventKey(new Uint8Array(SECRET), 5).publicKey);
    expect(eventKey(SECRET, 5).publicKey).not.toBe(eventKey(SECRET, 6).publicKey);
    expect(eventKey(SECRET, 5).publicKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('a code signed for one event is refused at another event door', async () => {
    const payload = signTicket(eventKey(SECRET, 5), 12, 'FY-QWERTYUIOP');
    const key6 = await importTicketPublicKey(eventKey(SECRET, 6).publicKey);
    const v = await validateScan({ raw: payload, eventId: 6, publicKey: key6, lookup: () => undefined });
    expect(v.result).toBe('wrong_event');
  });

  it('reads TICKET_SIGNING_KEY as hex, base64, base64url or an Ed25519 PEM', () => {
    const hex = Buffer.from(SECRET).toString('hex');
    expect(parseTicketSigningKey(hex)).toEqual(SECRET);
    expect(parseTicketSigningKey(Buffer.from(SECRET).toString('base64'))).toEqual(SECRET);
    expect(parseTicketSigningKey(Buffer.from(SECRET).toString('base64url'))).toEqual(SECRET);
    const { privateKey } = generateKeyPairSync('ed25519');
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const seed = Buffer.from(String(privateKey.export({ format: 'jwk' }).d), 'base64url');
    expect(parseTicketSigningKey(pem)).toEqual(new Uint8Array(seed));
    expect(() => parseTicketSigningKey('abc')).toThrow(/TICKET_SIGNING_KEY/);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(() => parseTicketSigningKey(rsa)).toThrow(/Ed25519/);
  });
});

describe('ticket QR code', () => {
  it('draws a matrix that a QR reader decodes back to the signed payload', () => {
    const payload = signTicket(eventKey(SECRET, 5), 12, 'FY-QWERTYUIOP');
    const m = qrMatrix(payload);
    const scale = 6;
    const quiet = 4;
    const size = (m.length + 2 * quiet) * scale;
    const rgba = new Uint8ClampedArray(size * size * 4).fill(255);
    m.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (!dark) return;
        for (let dy = 0; dy < scale; dy++)
          for (let dx = 0; dx < scale; dx++) {
            const i = (((y + quiet) * scale + dy) * size + (x + quiet) * scale + dx) * 4;
            rgba.fill(0, i, i + 3);
          }
      });
    });
    expect(jsQR(rgba, size, size)?.data).toBe(payload);
  });

  it('prints dates in the event timezone and prices with their currency', () => {
    const d = new Date('2030-01-31T22:30:00Z');
    expect(eventDateTime(d, 'Europe/Kyiv')).toEqual({ date: '01.02.2030', time: '00:30' });
    expect(eventDateTime(d, 'America/New_York')).toEqual({ date: '31.01.2030', time: '17:30' });
    expect(eventDateTime(d, 'Not/A_Zone')).toEqual({ date: '31.01.2030', time: '22:30' });
    expect(formatPrice(500, 'UAH', 'en')).toBe('UAH\u00a0500');
    expect(formatPrice(4500, 'UAH', 'uk')).toBe('4\u00a0500\u00a0₴');
    expect(formatPrice(12.5, 'USD', 'en')).toBe('$12.50');
    expect(formatPrice(0, 'UAH', 'uk')).toBe('Безкоштовно');
  });
});

describe('ticket design role rules', () => {
  const base = defaultTicketDesign();
  const withRoles = (roles: TicketDesignSettings['roles']): TicketDesignSettings => ({ ...base, roles });

  it('lets a default role be disabled but never removed or un-defaulted', () => {
    const visitor = base.roles[0]!;
    expect(checkDesignRoles(base.roles, withRoles(base.roles.map((r) => (r.id === visitor.id ? { ...r, enabled: false } : r))))).toBeNull();
    expect(checkDesignRoles(base.roles, withRoles(base.roles.filter((r) => r.id !== visitor.id)))).toBe('design_role_default');
    expect(checkDesignRoles(base.roles, withRoles(base.roles.map((r) => (r.id === visitor.id ? { ...r, is_default: false } : r))))).toBe('design_role_default');
  });

  it('keeps blocked roles and lets deletable ones go', () => {
    const speaker = base.roles.find((r) => r.name === 'speaker')!;
    const sponsor = base.roles.find((r) => r.name === 'sponsor')!;
    expect(checkDesignRoles(base.roles, withRoles(base.roles.filter((r) => r.id !== speaker.id)))).toBe('design_role_blocked');
    expect(checkDesignRoles(base.roles, withRoles(base.roles.map((r) => (r.id === speaker.id ? { ...r, canDelete: true } : r))))).toBe('design_role_blocked');
    expect(checkDesignRoles(base.roles, withRoles(base.roles.filter((r) => r.id !== sponsor.id)))).toBeNull();
  });

  it('adds new roles as deletable non-default ones with fresh ids', () => {
    const added = [...base.roles, { name: 'press', color: '#000', canDelete: true, is_default: false, enabled: true }];
    expect(checkDesignRoles(base.roles, withRoles(added))).toBeNull();
    expect(numberDesignRoles(added).at(-1)!.id).toBe(6);
    // Removing volunteer (5) and adding a role must not hand out 5 again.
    const withoutVolunteer = added.filter((r) => r.name !== 'volunteer');
    expect(numberDesignRoles(withoutVolunteer, base.roles).at(-1)!.id).toBe(6);
    expect(checkDesignRoles(base.roles, withRoles([...base.roles, { name: 'x', color: '', canDelete: false, is_default: false, enabled: true }]))).toBe(
      'invalid_input',
    );
    expect(checkDesignRoles(base.roles, withRoles([...base.roles, { ...base.roles[0]!, name: 'dup' }]))).toBe('invalid_input');
  });

  it('refuses a sponsor pointing at a role that does not exist', () => {
    const sponsor = { name: 'Acme', description: '', image: '', image_thumb: '', link: '', role_id: 77 };
    expect(checkDesignRoles(base.roles, { ...base, sponsors: { ...base.sponsors, items: [sponsor] } })).toBe('invalid_input');
    expect(checkDesignRoles(base.roles, { ...base, sponsors: { ...base.sponsors, items: [{ ...sponsor, role_id: 4 }] } })).toBeNull();
  });
});
