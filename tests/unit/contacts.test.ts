import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CARD_TEXT_MAX, parseContactCode, sharedCard, type CardSource } from '../../contract/contacts.ts';
import type { OutboxDoc } from '../../sync/engine/database.ts';
import { contactKey, signContactCard, verifiedCard } from '../../server/domain/contacts/signing.ts';
import { contactsOnDevice, judgeContactScan, searchContacts, type ContactView } from '../../sync/views/contacts/contacts.ts';
import { foldLine, toCsv, toVCard } from '../../sync/views/contacts/export.ts';

/** Meet by QR (issue 31): signing and checking contact codes, the device's list, and the vCard and CSV export. */

const key = contactKey(new Uint8Array(randomBytes(32)));
const olena: CardSource = {
  id: 42,
  first_name: 'Олена',
  last_name: 'Ґалаґан-Їжак',
  company: 'Зерно, ТОВ "Поле"',
  position: 'CTO; founder',
  email: 'olena@example.test',
  phone: '+380 44 123 45 67',
  show_email: false,
  hide_phone: false,
};

describe('contact codes', () => {
  it('carry what the person shares, after their privacy switches', () => {
    expect(sharedCard(olena)).toMatchObject({ email: '', phone: '+380 44 123 45 67' });
    expect(sharedCard({ ...olena, show_email: true, hide_phone: true })).toMatchObject({ email: 'olena@example.test', phone: '' });
  });

  it('verify on the server and on the device when genuine, with non-ASCII names intact', async () => {
    const code = signContactCard(key, sharedCard(olena));
    expect(code.startsWith('FYC1.')).toBe(true);
    expect(verifiedCard(key, code)?.card).toEqual(sharedCard(olena));
    const verdict = await judgeContactScan(code, key.publicKey, 7, new Set());
    expect(verdict).toEqual({ kind: 'added', card: sharedCard(olena) });
    expect(await judgeContactScan(code, key.publicKey, 7, new Set([42]))).toMatchObject({ kind: 'known' });
    expect(await judgeContactScan(code, key.publicKey, 42, new Set())).toEqual({ kind: 'refused', reason: 'contact_self' });
  });

  it('refuse a changed card, a changed signature, another key and anything that is not a contact code', async () => {
    const code = signContactCard(key, sharedCard(olena));
    const [prefix, card, sig] = code.split('.') as [string, string, string];
    const other = parseContactCode(signContactCard(key, sharedCard({ ...olena, id: 43 })))!;
    const forged = [
      `${prefix}.${other.signed}.${sig}`,
      `${prefix}.${card}.${(sig[0] === 'A' ? 'B' : 'A') + sig.slice(1)}`,
      signContactCard(contactKey(new Uint8Array(randomBytes(32))), sharedCard(olena)),
    ];
    for (const bad of forged) {
      expect(verifiedCard(key, bad)).toBeNull();
      expect(await judgeContactScan(bad, key.publicKey, 7, new Set())).toEqual({ kind: 'refused', reason: 'contact_code_invalid' });
    }
    for (const junk of ['', 'hello', 'FYT1.1.2.AAAA.CODE', 'FYC1.e30.AAAA', `FYC1.${card}`, `FYC1.${card}.${sig}.x`, 'FYC1.!!!.???']) {
      expect(parseContactCode(junk)).toBeNull();
    }
    // No key on the device yet: it cannot tell, and says so rather than calling it forged.
    expect(await judgeContactScan(code, null, 7, new Set())).toEqual({ kind: 'refused', reason: 'no_key' });
  });

  it('stay small enough to scan from a phone screen, however long the profile', () => {
    const long = { ...olena, first_name: 'Ї'.repeat(100), last_name: 'Ж'.repeat(100), company: 'К'.repeat(200), position: 'П'.repeat(200), show_email: true };
    const code = signContactCard(key, sharedCard(long));
    expect(code.length).toBeLessThan(1100);
    expect(parseContactCode(code)!.card.company).toBe('К'.repeat(CARD_TEXT_MAX));
    expect(verifiedCard(key, code)).not.toBeNull();
  });
});

const view = (over: Partial<ContactView> = {}): ContactView => ({
  user_id: 42,
  first_name: 'Олена',
  last_name: 'Ґалаґан',
  company: 'Зерно, ТОВ "Поле"',
  position: 'CTO; founder',
  email: 'olena@example.test',
  phone: '+380 44 123 45 67',
  event_id: 5,
  event_name: 'Kyiv Tech Day',
  met_at: '2026-05-14T09:30:00.000Z',
  note: 'Line one\nline, two',
  unsent: false,
  ...over,
});

describe('the contacts list on the device', () => {
  const entry = (kind: string, payload: Record<string, unknown>, seq: number, status: OutboxDoc['status'] = 'pending'): OutboxDoc =>
    ({ id: `c${seq}`, kind, payload, occurredAt: `2026-05-14T10:0${seq}:00.000Z`, seq, status, attempts: 0 }) as OutboxDoc;

  it('shows a queued scan at once from its code, once, and lets the server copy replace it', () => {
    const code = signContactCard(key, sharedCard(olena));
    const outbox = [entry('contact.scan', { code, event_id: 5, context: 'meet' }, 1), entry('contact.scan', { code, event_id: 5, context: 'meet' }, 2)];
    const local = contactsOnDevice([], outbox, new Map([[5, 'Kyiv Tech Day']]));
    expect(local).toHaveLength(1);
    expect(local[0]).toMatchObject({ user_id: 42, first_name: 'Олена', event_name: 'Kyiv Tech Day', unsent: true });
    const { user_id: _u, unsent: _s, ...contact } = view({ note: '' });
    const synced = contactsOnDevice([{ id: '42', user_id: 42, like_status: 0, favorite: false, rev: 9, contact }], outbox, new Map());
    expect(synced).toHaveLength(1);
    expect(synced[0]!.unsent).toBe(false);
    // A queued removal hides it; a refused scan shows nothing.
    expect(contactsOnDevice([], [...outbox, entry('contact.remove', { user_id: 42 }, 3)], new Map())).toHaveLength(0);
    expect(contactsOnDevice([], [entry('contact.scan', { code, event_id: 5, context: 'meet' }, 1, 'rejected')], new Map())).toHaveLength(0);
  });

  it('finds people by any part of their card, whatever the case and accents', () => {
    const list = [view(), view({ user_id: 43, first_name: 'Marek', last_name: 'Żurek', company: 'Acme', note: '' })];
    expect(searchContacts(list, 'олена').map((c) => c.user_id)).toEqual([42]);
    expect(searchContacts(list, 'zurek acme').map((c) => c.user_id)).toEqual([43]);
    expect(searchContacts(list, 'kyiv')).toHaveLength(2);
    expect(searchContacts(list, '  ')).toHaveLength(2);
  });
});

describe('export', () => {
  const labels = { metAt: (c: ContactView) => `Met at ${c.event_name}` };

  it('writes a vCard with escaped commas, semicolons and line breaks, folded by octets', () => {
    const text = toVCard([view()], labels);
    expect(text).toContain('BEGIN:VCARD\r\nVERSION:3.0\r\n');
    expect(text).toContain('N:Ґалаґан;Олена;;;\r\n');
    expect(text).toContain('FN:Олена Ґалаґан\r\n');
    expect(text).toContain('ORG:Зерно\\, ТОВ "Поле"\r\n');
    expect(text).toContain('TITLE:CTO\\; founder\r\n');
    expect(text).toContain('NOTE:Line one\\nline\\, two\\nMet at Kyiv Tech Day');
    expect(text.endsWith('END:VCARD\r\n')).toBe(true);
    for (const line of text.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    // Folding never splits a Cyrillic letter's two bytes, and unfolding gives the text back.
    const long = `NOTE:${'Ж'.repeat(80)}`;
    expect(foldLine(long).replace(/\r\n /g, '')).toBe(long);
    expect(toVCard([], labels)).toBe('');
  });

  it('leaves out what the person did not share', () => {
    const text = toVCard([view({ email: '', phone: '', company: '', note: '' })], labels);
    expect(text).not.toContain('EMAIL');
    expect(text).not.toContain('TEL');
    expect(text).not.toContain('ORG');
  });

  it('writes CSV with quotes doubled, commas and line breaks quoted, a BOM for Cyrillic, and no formulas', () => {
    const header = {
      first_name: "Ім'я",
      last_name: 'Прізвище',
      company: 'Компанія',
      position: 'Посада',
      email: 'Email',
      phone: 'Телефон',
      event_name: 'Подія',
      met_at: 'Коли',
      note: 'Нотатка',
    };
    const csv = toCsv([view(), view({ user_id: 43, first_name: '=HYPERLINK("x")', note: '' })], header, (iso) => iso.slice(0, 10));
    expect(csv.startsWith("\uFEFFІм'я,Прізвище,")).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[1]).toBe(
      'Олена,Ґалаґан,"Зерно, ТОВ ""Поле""",CTO; founder,olena@example.test,+380 44 123 45 67,Kyiv Tech Day,2026-05-14,"Line one\nline, two"',
    );
    expect(lines[2]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv.endsWith('\r\n')).toBe(true);
  });
});
