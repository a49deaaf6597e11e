import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownDataDir, startTestServer, type TestServer } from '../fixtures/server.ts';
import { acceptInvitation, joinByInvitation } from '../fixtures/invitations.ts';
import { adminKit, uploadPicture, type Person } from './admin-helpers.ts';

/**
 * Stands through the command path (server/domain/companies/admin.ts): organisers make, edit and
 * remove them, with uploaded logos and pictures; a stand manager edits that stand and its members
 * and nothing else; members who hide from visitor lists are shown to the stand's editors only and
 * never dropped by an edit; the companies feed and the specs' stand calls show every change at once.
 */

let s: TestServer;
const dataDir = ownDataDir('admin-stands');
beforeAll(async () => {
  s = await startTestServer({ dataDir });
});
afterAll(async () => s?.close());
const { person, send, batch, pull, newEvent, legacy } = adminKit(() => s);

const fields = (over: Record<string, unknown> = {}) => ({
  name: 'Vistula Data',
  location: 'Stand A4',
  link: 'https://vistula.example',
  description: 'Data platforms for growing companies.',
  phone: '+48 22 123 45 67',
  email: 'hello@vistula.example',
  logo: '',
  picture: '',
  ...over,
});

async function setup() {
  const owner = await person();
  const eventId = await newEvent(owner, {}, true);
  const made = await send(owner, 'stand.set', { event_id: eventId, fields: fields() });
  expect(made).toMatchObject({ status: 'applied' });
  return { owner, eventId, stand: { id: Number(made.ids![0]) } };
}

const standDoc = async (who: Person | null, eventId: number, standId: number) =>
  (await pull(who, 'companies', eventId)).documents.find((d) => d.stand_id === standId)!;

describe('stands', () => {
  it('are made and edited by organisers with uploaded logos and pictures, and shown at once by the feed and the legacy calls', async () => {
    const { owner, eventId, stand } = await setup();
    const logo = await uploadPicture(s.app, owner, eventId, 'logo', 300, 300);
    const picture = await uploadPicture(s.app, owner, eventId, 'picture', 1200, 600);
    expect(
      await send(owner, 'stand.set', {
        event_id: eventId,
        stand,
        fields: fields({ name: 'Vistula Data Labs', logo: logo.data.url, picture: picture.data.url }),
      }),
    ).toMatchObject({ status: 'applied' });
    expect(await standDoc(null, eventId, stand.id)).toMatchObject({
      name: 'Vistula Data Labs',
      location: 'Stand A4',
      link: 'https://vistula.example',
      image: picture.data.url,
      image_thumb: `${logo.data.url}?size=small`,
      logo: `${logo.data.url}?size=small`,
    });
    const legacyList = await legacy<{ results: { name: string }[] }>(null, `/api/events/get-stands?event_id=${eventId}&with_users=true`);
    expect(legacyList.status_code).toBe(200);
    expect(legacyList.data.results.map((r) => r.name)).toEqual(['Vistula Data Labs']);
    const one = await legacy(null, `/api/events/get-stand?eventId=${eventId}&standId=${stand.id}`);
    expect(one.data).toMatchObject({ name: 'Vistula Data Labs', image: picture.data.url });

    const bad: [ReturnType<typeof fields>, string][] = [
      [fields({ name: ' ' }), 'invalid_input'],
      [fields({ link: 'javascript:alert(1)' }), 'invalid_url'],
      [fields({ email: 'not an email' }), 'invalid_input'],
      [fields({ logo: 'https://elsewhere.example/logo.png' }), 'invalid_image'],
      [fields({ name: 'x'.repeat(201) }), 'invalid_input'],
    ];
    for (const [f, code] of bad)
      expect(await send(owner, 'stand.set', { event_id: eventId, stand, fields: f }), JSON.stringify(f)).toMatchObject({ status: 'rejected', code });
    // Saving again with the pictures it already shows keeps them.
    expect(
      await send(owner, 'stand.set', { event_id: eventId, stand, fields: fields({ name: 'Vistula', logo: logo.data.url, picture: picture.data.url }) }),
    ).toMatchObject({ status: 'applied' });
    expect(await standDoc(null, eventId, stand.id)).toMatchObject({ name: 'Vistula', image: picture.data.url });

    expect(await send(owner, 'stand.remove', { event_id: eventId, stand })).toMatchObject({ status: 'applied' });
    expect(await standDoc(null, eventId, stand.id)).toMatchObject({ deleted: true });
    expect((await legacy<{ results: unknown[] }>(null, `/api/events/get-stands?event_id=${eventId}`)).data.results).toEqual([]);
  });

  it("let a stand's manager edit that stand and its members, and nothing else", async () => {
    const { owner, eventId, stand } = await setup();
    const other = { id: Number((await send(owner, 'stand.set', { event_id: eventId, fields: fields({ name: 'Other Co' }) })).ids![0]) };
    const manager = await person();
    const member = await person();
    // Named by email, the manager joins once they accept the mailed invitation.
    await joinByInvitation(s.app, dataDir, manager, async () =>
      expect(
        await send(owner, 'stand.member.set', { event_id: eventId, stand, who: { email: manager.email }, position: 'Lead', is_manager: true }),
      ).toMatchObject({ status: 'applied' }),
    );
    const doc = await standDoc(manager, eventId, stand.id);
    expect(doc.members).toEqual([expect.objectContaining({ user_id: manager.id, position: 'Lead', is_manager: true, hidden: false })]);
    const legacyOne = await legacy<{ isManager: boolean }>(manager, `/api/events/get-stand?eventId=${eventId}&standId=${stand.id}`);
    expect(legacyOne.data.isManager).toBe(true);

    // The manager edits the stand and its members…
    expect(await send(manager, 'stand.set', { event_id: eventId, stand, fields: fields({ description: 'Edited by the manager' }) })).toMatchObject({
      status: 'applied',
    });
    // By id, only somebody among the event's people: the member has registered for it.
    expect(await send(member, 'event.checkin', { event_id: eventId })).toMatchObject({ status: 'applied' });
    expect(
      await send(manager, 'stand.member.set', { event_id: eventId, stand, who: { user_id: member.id }, position: 'Sales', is_manager: false }),
    ).toMatchObject({
      status: 'applied',
    });
    expect((await standDoc(null, eventId, stand.id)).description).toBe('Edited by the manager');
    // …and nothing else: not another stand, not a new one, not a removal, not the event.
    const refused: [string, Record<string, unknown>][] = [
      ['stand.set', { event_id: eventId, stand: other, fields: fields({ name: 'Hijacked' }) }],
      ['stand.set', { event_id: eventId, fields: fields({ name: 'New' }) }],
      ['stand.remove', { event_id: eventId, stand }],
      ['stand.member.set', { event_id: eventId, stand: other, who: { user_id: manager.id }, position: '', is_manager: true }],
      ['stand.member.remove', { event_id: eventId, stand: other, user_id: owner.id }],
      ['event.update', { event_id: eventId, fields: { name: 'Mine now' } }],
    ];
    for (const [kind, payload] of refused) expect(await send(manager, kind, payload), kind).toMatchObject({ status: 'rejected', code: 'organiser_required' });
    // A plain member is no manager.
    expect(await send(member, 'stand.set', { event_id: eventId, stand, fields: fields({ name: 'Member edit' }) })).toMatchObject({
      status: 'rejected',
      code: 'organiser_required',
    });
    expect(await send(manager, 'stand.member.remove', { event_id: eventId, stand, user_id: member.id })).toMatchObject({ status: 'applied' });
    expect((await standDoc(null, eventId, stand.id)).members.map((m) => m.user_id)).toEqual([manager.id]);
  });

  it('show members who hide from visitor lists to the stand’s editors only, and keep them through edits', async () => {
    const { owner, eventId, stand } = await setup();
    const manager = await person();
    const shy = await person();
    for (const p of [manager, shy]) expect(await send(p, 'event.checkin', { event_id: eventId })).toMatchObject({ status: 'applied' });
    await send(owner, 'stand.member.set', { event_id: eventId, stand, who: { user_id: manager.id }, position: '', is_manager: true });
    await send(owner, 'stand.member.set', { event_id: eventId, stand, who: { user_id: shy.id }, position: 'Engineer', is_manager: false });
    await s.app.db.updateTable('users').set({ hide_from_visitors: true }).where('id', '=', shy.id).execute();
    const visitor = await person();
    expect((await standDoc(visitor, eventId, stand.id)).members.map((m) => m.user_id)).toEqual([manager.id]);
    for (const editor of [owner, manager]) {
      expect((await standDoc(editor, eventId, stand.id)).members).toEqual([
        expect.objectContaining({ user_id: manager.id, hidden: false }),
        expect.objectContaining({ user_id: shy.id, hidden: true }),
      ]);
    }
    await send(manager, 'stand.member.set', { event_id: eventId, stand, who: { user_id: manager.id }, position: 'Head of sales', is_manager: true });
    expect((await standDoc(owner, eventId, stand.id)).members.map((m) => m.user_id)).toEqual([manager.id, shy.id]);
  });

  it('take members queued offline right after the stand, naming it by the command that made it', async () => {
    const owner = await person();
    const eventId = await newEvent(owner, {}, true);
    const member = await person();
    const made = `stand-${Date.now()}-offline`;
    const results = await batch(owner, [
      { id: made, kind: 'stand.set', payload: { event_id: eventId, fields: fields({ name: 'Made offline' }) } },
      { kind: 'stand.member.set', payload: { event_id: eventId, stand: { client_id: made }, who: { email: member.email }, position: 'CEO', is_manager: true } },
    ]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied']);
    await acceptInvitation(s.app, dataDir, member);
    const docs = (await pull(owner, 'companies', eventId)).documents;
    expect(docs).toEqual([expect.objectContaining({ name: 'Made offline', members: [expect.objectContaining({ user_id: member.id, is_manager: true })] })]);
  });

  it("keep a draft's stands from everybody but its organisers", async () => {
    const owner = await person();
    const eventId = await newEvent(owner);
    await send(owner, 'stand.set', { event_id: eventId, fields: fields({ name: 'Secret stand' }) });
    const visitor = await person();
    expect((await pull(visitor, 'companies', eventId)).status).toBe(404);
    expect((await pull(null, 'companies', eventId)).status).toBe(404);
    expect(await legacy(visitor, `/api/events/get-stands?event_id=${eventId}`)).toMatchObject({ error: 'event_not_found' });
    expect((await pull(owner, 'companies', eventId)).documents).toEqual([expect.objectContaining({ name: 'Secret stand' })]);
  });
});
