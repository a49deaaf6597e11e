import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RelationDoc } from '../../contract/visitors.ts';
import { parseContactCode } from '../../contract/contacts.ts';
import { createEvent, TEST_PASSWORD } from '../fixtures/factories.ts';
import { bearer, ownDataDir, startTestServer, type TestServer } from '../fixtures/server.ts';
import { contactKit, type Person } from './contacts-helpers.ts';

/**
 * Meet by QR (issue 31) on the database the suite runs on (PGlite by default, PostgreSQL with
 * FOYER_TEST_DB=postgres): the own code, a scan applied once however often it is sent, both people
 * getting the contact on their next pull, forged and foreign codes refused at the code's field,
 * the scanned person's privacy switches holding on the server, notes, removal, and bad input that
 * is refused and never answered 500.
 */

let s: TestServer;
const dataDir = ownDataDir('contacts');
beforeAll(async () => {
  s = await startTestServer({ dataDir });
});
afterAll(async () => s?.close());

const { person, send, codeOf } = contactKit(() => s);
async function contactsOf(who: Person): Promise<(RelationDoc & { deleted: boolean })[]> {
  const res = await s.app.inject({ method: 'GET', url: '/sync/v1/relations/pull?checkpoint=0&limit=1000', headers: bearer(who.token) });
  expect(res.statusCode).toBe(200);
  return (res.json().documents as (RelationDoc & { deleted: boolean })[]).filter((d) => d.contact);
}

/** Two people who both take part in one free event. */
async function pairAtEvent(a: Record<string, unknown> = {}, b: Record<string, unknown> = {}) {
  const event = await createEvent(s.app.db, { name: 'Kyiv Tech Day' });
  const one = await person(a);
  const two = await person(b);
  for (const p of [one, two]) expect(await send(p, 'event.checkin', { event_id: event.id })).toMatchObject({ status: 'applied' });
  return { eventId: event.id, one, two };
}

describe('meet by QR', () => {
  it('gives each person a signed code that carries what they share', async () => {
    const me = await person({ show_email: false, hide_phone: false });
    const { code, public_key } = await codeOf(me);
    expect(public_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const parsed = parseContactCode(code)!;
    expect(parsed.card).toMatchObject({ user_id: me.id, first_name: 'Олена', company: 'Зерно, ТОВ', email: '', phone: '+380 44 123 45 67' });
    expect(code.length).toBeLessThan(400);
  });

  it('applies a scan once even when it is sent twice, and both people get the contact on their pull', async () => {
    const { eventId, one, two } = await pairAtEvent();
    const { code } = await codeOf(two);
    const id = `scan-${randomUUID()}`;
    expect(await send(one, 'contact.scan', { code, event_id: eventId, context: 'meet' }, id)).toMatchObject({ status: 'applied' });
    expect(await send(one, 'contact.scan', { code, event_id: eventId, context: 'meet' }, id)).toMatchObject({ status: 'applied' });
    // The other person scans back: they are contacts already, nothing is added twice.
    expect(await send(two, 'contact.scan', { code: (await codeOf(one)).code, event_id: eventId, context: 'meet' })).toMatchObject({ status: 'applied' });

    const mine = await contactsOf(one);
    const theirs = await contactsOf(two);
    expect(mine).toHaveLength(1);
    expect(theirs).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      user_id: two.id,
      contact: { company: 'Зерно, ТОВ', position: 'CTO', event_id: eventId, event_name: 'Kyiv Tech Day', note: '' },
    });
    expect(theirs[0]).toMatchObject({ user_id: one.id, contact: { event_id: eventId } });
    expect(mine[0]!.contact!.met_at).toBe(theirs[0]!.contact!.met_at);
  });

  it('refuses a forged code, a code that is not a contact code and the own code at the code field, and records nothing', async () => {
    const { eventId, one, two } = await pairAtEvent();
    const { code } = await codeOf(two);
    const [prefix, card, sig] = code.split('.') as [string, string, string];
    const forgedSig = `${prefix}.${card}.${(sig[0] === 'A' ? 'B' : 'A') + sig.slice(1)}`;
    // Another person's card under this code's signature: somebody trying to pass as someone else.
    const other = parseContactCode((await codeOf(one)).code)!;
    const swapped = `${prefix}.${other.signed}.${sig}`;
    for (const bad of [forgedSig, swapped, 'FYT1.1.1.AAAA.CODE', 'hello']) {
      expect(await send(one, 'contact.scan', { code: bad, event_id: eventId, context: 'meet' })).toMatchObject({
        status: 'rejected',
        code: 'contact_code_invalid',
      });
    }
    expect(await send(one, 'contact.scan', { code: (await codeOf(one)).code, event_id: eventId, context: 'meet' })).toMatchObject({
      status: 'rejected',
      code: 'contact_self',
    });
    expect(await contactsOf(one)).toHaveLength(0);
    expect(await contactsOf(two)).toHaveLength(0);
  });

  it('stores for the scanner only what the scanned person shares now, whatever the code carried', async () => {
    const { eventId, one, two } = await pairAtEvent({ show_email: true }, { show_email: true, hide_phone: false });
    const { code } = await codeOf(two);
    expect(parseContactCode(code)!.card.phone).not.toBe('');
    // The scanned person turns both off after showing their code.
    expect(await send(two, 'profile.update', { show_email: false, hide_phone: true })).toMatchObject({ status: 'applied' });
    expect(await send(one, 'contact.scan', { code, event_id: eventId, context: 'meet' })).toMatchObject({ status: 'applied' });
    const [mine] = await contactsOf(one);
    expect(mine!.contact).toMatchObject({ email: '', phone: '' });
    // The scanner shows their email: the scanned person gets it.
    const [theirs] = await contactsOf(two);
    expect(theirs!.contact!.email).toMatch(/@test\.local$/);
  });

  it('keeps a note, removes a contact from one list only, and a scan made before the removal does not bring it back', async () => {
    const { eventId, one, two } = await pairAtEvent();
    const { code } = await codeOf(two);
    const before = new Date(Date.now() - 60_000).toISOString();
    expect(await send(one, 'contact.scan', { code, event_id: eventId, context: 'meet' })).toMatchObject({ status: 'applied' });
    expect(await send(one, 'contact.note', { user_id: two.id, note: '  Обговорили "стенд", каву  ' })).toMatchObject({ status: 'applied' });
    expect((await contactsOf(one))[0]!.contact!.note).toBe('Обговорили "стенд", каву');

    expect(await send(one, 'contact.remove', { user_id: two.id })).toMatchObject({ status: 'applied' });
    expect(await send(one, 'contact.remove', { user_id: two.id })).toMatchObject({ status: 'applied' });
    expect(await contactsOf(one)).toHaveLength(0);
    expect(await contactsOf(two)).toHaveLength(1);
    // The removed contact's document is still sent, without the contact, so devices drop it.
    const res = await s.app.inject({ method: 'GET', url: '/sync/v1/relations/pull?checkpoint=0&limit=1000', headers: bearer(one.token) });
    expect((res.json().documents as RelationDoc[]).find((d) => d.user_id === two.id)).not.toHaveProperty('contact');

    // An offline scan queued before the removal, uploaded after it.
    const late = await s.app.inject({
      method: 'POST',
      url: '/sync/v1/commands',
      headers: bearer(one.token),
      payload: { commands: [{ id: `cmd-${randomUUID()}`, kind: 'contact.scan', payload: { code, event_id: eventId, context: 'meet' }, occurredAt: before }] },
    });
    expect(late.json().results[0]).toMatchObject({ status: 'applied' });
    expect(await contactsOf(one)).toHaveLength(0);
    expect(await send(one, 'contact.note', { user_id: two.id, note: 'x' })).toMatchObject({ status: 'rejected', code: 'contact_not_found' });

    // Meeting again now adds it again.
    expect(await send(one, 'contact.scan', { code, event_id: eventId, context: 'meet' })).toMatchObject({ status: 'applied' });
    expect(await contactsOf(one)).toHaveLength(1);
  });

  it('takes a deleted account out of the lists of the people who met it', async () => {
    const { eventId, one, two } = await pairAtEvent();
    expect(await send(one, 'contact.scan', { code: (await codeOf(two)).code, event_id: eventId, context: 'meet' })).toMatchObject({ status: 'applied' });
    const { code } = await codeOf(two);
    const gone = await s.app.inject({ method: 'POST', url: '/api/account/delete', payload: { password: TEST_PASSWORD }, headers: bearer(two.token) });
    expect(gone.json().status_code).toBe(200);
    expect(await contactsOf(one)).toHaveLength(0);
    // Its code, kept on some phone, meets nobody any more.
    expect(await send(one, 'contact.scan', { code, event_id: eventId, context: 'meet' })).toMatchObject({ status: 'rejected', code: 'contact_code_invalid' });
  });

  it('refuses bad input with a code and never answers 500', async () => {
    const { eventId, one, two } = await pairAtEvent();
    const { code } = await codeOf(two);
    const outsider = await person();
    const cases: [string, unknown, string][] = [
      ['contact.scan', { code, event_id: eventId }, 'invalid_input'],
      ['contact.scan', { code, event_id: eventId, context: 'stand' }, 'invalid_input'],
      ['contact.scan', { code: '', event_id: eventId, context: 'meet' }, 'invalid_input'],
      ['contact.scan', { code: 'x'.repeat(5000), event_id: eventId, context: 'meet' }, 'invalid_input'],
      ['contact.scan', { code: 'FYC1.\u0000.x', event_id: eventId, context: 'meet' }, 'invalid_input'],
      ['contact.scan', { code: 'FYC1.e30.AAAA', event_id: eventId, context: 'meet' }, 'contact_code_invalid'],
      ['contact.scan', { code, event_id: 2147483647, context: 'meet' }, 'event_not_found'],
      ['contact.note', { user_id: two.id, note: 'n'.repeat(2001) }, 'invalid_input'],
      ['contact.note', { user_id: 'two', note: '' }, 'invalid_input'],
      ['contact.remove', { user_id: one.id }, 'invalid_input'],
      ['contact.remove', { user_id: -1 }, 'invalid_input'],
    ];
    for (const [kind, payload, expected] of cases)
      expect(await send(one, kind, payload), `${kind} ${JSON.stringify(payload).slice(0, 60)}`).toMatchObject({ status: 'rejected', code: expected });
    // Somebody who does not take part in the event cannot say they met there.
    expect(await send(outsider, 'contact.scan', { code, event_id: eventId, context: 'meet' })).toMatchObject({
      status: 'rejected',
      code: 'participation_required',
    });
    expect(await contactsOf(one)).toHaveLength(0);
    const guest = await s.app.inject({ method: 'GET', url: '/api/contacts/code' });
    expect(guest.statusCode).toBeLessThan(500);
    expect(guest.json().status_code).not.toBe(200);
  });
});
