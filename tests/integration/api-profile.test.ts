import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Updateable } from 'kysely';
import type { UsersTable } from '../../server/db/types.ts';
import { startTestServer, login, type TestServer } from '../fixtures/server.ts';
import { createEvent, createUser, ensureGeo, ensureGermany } from '../fixtures/factories.ts';
import { recountPeople } from '../../server/domain/events/repository.ts';
import { writeTx } from '../../server/db/tx.ts';
import type { CommandResult } from '../../contract/commands.ts';
import type { Envelope } from '../fixtures/envelope.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  await ensureGeo(s.app.db);
  await ensureGermany(s.app.db);
});
afterAll(async () => s?.close());

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
/** The data of the answers these tests read; each call answers some of these fields. */
interface Answer {
  id: number;
  is_me: boolean;
  social: unknown;
  results: { id: number }[];
  visitorsCities: { id: number; count_users_from: number }[];
}

async function get<T = Answer>(url: string, token?: string | null) {
  const res = await s.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });
  return { http: res.statusCode, body: res.json() as Envelope<T>, text: res.body };
}
async function save(payload: unknown, token?: string | null, headers: Record<string, string> = {}) {
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/profile/save',
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    headers: { 'content-type': 'application/json', ...(token ? auth(token) : {}), ...headers },
  });
  return { http: res.statusCode, body: res.json() as Envelope<Answer>, text: res.body };
}
type UserPatch = Updateable<UsersTable>;
async function newUser(patch?: UserPatch, over: Parameters<typeof createUser>[1] = {}) {
  const u = await createUser(s.app.db, over);
  if (patch && Object.keys(patch).length) await s.app.db.updateTable('users').set(patch).where('id', '=', u.id).execute();
  const { token } = await login(s.app, u.email);
  return { id: u.id, email: u.email, token };
}
const row = (id: number) => s.app.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
async function participate(eventId: number, userId: number) {
  await s.app.db.insertInto('user_events').values({ event_id: eventId, user_id: userId, checked_in: true }).execute();
  // The event's people counts are kept by the services that check people in; a row made here is counted as they count it.
  await writeTx(s.app.db, (trx) => recountPeople(trx, [eventId]));
}

const FULL = { position: 'CTO', company: 'Acme', status: 'I build things', help: 'Investors', show_status: 1 };

describe('GET /api/profile/lite', () => {
  it('gives the user their own profile with the fields only they see', async () => {
    const me = await newUser({ phone: '+48 600 000 000', hide_phone: true, birth_year: 1990, show_email: false });
    const res = await get('/api/profile/lite', me.token);
    expect(res.body.status_code).toBe(200);
    expect(res.body.data).toMatchObject({
      id: me.id,
      user_id: me.id,
      is_me: true,
      email: me.email,
      phone: '+48 600 000 000',
      birth_year: 1990,
      show_email: false,
      hide_phone: true,
      hide_trip_plan: false,
      hide_from_visitors: false,
      avatar: `/files/avatars/${me.id}.svg`,
    });
    expect((await get(`/api/profile/lite?user_id=${me.id}`, me.token)).body.data.is_me).toBe(true);
    expect((await get('/api/profile/lite')).body).toMatchObject({ status_code: 403, error: 'auth_required' });
    expect((await get('/api/profile/lite', 'C'.repeat(43))).http).toBe(401);
  });

  it('shows somebody else only what they share, and nobody who hides from the viewer', async () => {
    const viewer = await newUser();
    const other = await newUser({ phone: '+380 50 123 45 67', hide_phone: true, show_email: true, position: 'Designer' });
    const seen = await get(`/api/profile/lite?user_id=${other.id}`, viewer.token);
    expect(seen.body.data).toMatchObject({ id: other.id, is_me: false, position: 'Designer', phone: '', email: other.email });
    expect(seen.body.data).not.toHaveProperty('hide_phone');
    expect(seen.body.data).not.toHaveProperty('birth_year');
    expect(seen.text).not.toContain('123 45 67');
    const guest = await get(`/api/profile/lite?id=${other.id}`);
    expect(guest.body.data).toMatchObject({ id: other.id, phone: '', email: '' });

    await s.app.db.updateTable('users').set({ hide_from_visitors: true }).where('id', '=', other.id).execute();
    expect((await get(`/api/profile/lite?user_id=${other.id}`, viewer.token)).body).toMatchObject({ status_code: 404, error: 'not_found' });
    expect((await get(`/api/profile/lite?user_id=${other.id}`)).body).toMatchObject({ status_code: 404, error: 'not_found' });
    expect((await get(`/api/profile/lite?user_id=${other.id}`, other.token)).body.data.id).toBe(other.id);

    // show_status 2: only people who share an event with them.
    const shy = await newUser({ show_status: 2 });
    expect((await get(`/api/profile/lite?user_id=${shy.id}`, viewer.token)).body.error).toBe('not_found');
    const ev = await createEvent(s.app.db);
    await participate(ev.id, shy.id);
    await participate(ev.id, viewer.id);
    expect((await get(`/api/profile/lite?user_id=${shy.id}`, viewer.token)).body.data.id).toBe(shy.id);
    expect((await get(`/api/profile/lite?user_id=${shy.id}`)).body.error).toBe('not_found');

    expect((await get('/api/profile/lite?user_id=999999', viewer.token)).body).toMatchObject({ status_code: 404, error: 'not_found' });
    expect((await get('/api/profile/lite?user_id=abc', viewer.token)).body).toMatchObject({ status_code: 400, error: 'invalid_input' });
  });
});

describe('POST /api/profile/save', () => {
  it('saves the visitor info form, trimmed, and answers the saved profile', async () => {
    const me = await newUser();
    const before = await row(me.id);
    const res = await save(
      {
        ...FULL,
        position: '  CTO  ',
        company: ' Acme ',
        hobby: [7, 2, 2],
        sex: 2,
        birth_year: 1985,
        trip_status: 3,
        social: { linkedin: 'me-in', facebook: ' fb ' },
        first_name: ' Ola ',
        last_name: 'Nowak',
        city_id: 2,
        lang: 'en',
      },
      me.token,
    );
    expect(res.body.status_code).toBe(200);
    expect(res.body.data).toMatchObject({
      position: 'CTO',
      company: 'Acme',
      status: 'I build things',
      help: 'Investors',
      hobby: '2,7',
      interests: [2, 7],
      sex: 2,
      trip_status: 3,
      first_name: 'Ola',
      name: 'Ola Nowak',
      city_id: 2,
      city: 'Warsaw',
      country_code: 'PL',
      social: { linkedin: 'me-in', facebook: 'fb' },
      is_me: true,
    });
    const after = await row(me.id);
    expect(after.rev).toBeGreaterThan(before.rev);
    expect(after.email).toBe(before.email);
    expect(after.password_hash).toBe(before.password_hash);

    // A field left out keeps its value; an empty social link removes that network only.
    const phoneOnly = await save({ phone: '+48 500 100 200', social: { facebook: '' } }, me.token);
    expect(phoneOnly.body.data).toMatchObject({ phone: '+48 500 100 200', position: 'CTO', social: { linkedin: 'me-in' } });
    expect(phoneOnly.body.data.social).not.toHaveProperty('facebook');
    // A country that contradicts the city clears the city; an empty show_status picks the first type.
    const moved = await save({ country_code: 'de', show_status: 0 }, me.token);
    expect(moved.body.data).toMatchObject({ country_code: 'DE', city_id: 0, show_status: 1 });
    // Old clients post forms.
    const form = await s.app.inject({
      method: 'POST',
      url: '/api/profile/save',
      payload: 'company=Form+Co&hide_phone=true&show_status=2',
      headers: { ...auth(me.token), 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.json().data).toMatchObject({ company: 'Form Co', hide_phone: true, show_status: 2 });
  });

  it('lets the contact form save only a phone on an empty profile', async () => {
    const me = await newUser();
    const res = await save({ phone: '+380 93 111 22 33' }, me.token);
    expect(res.body.status_code).toBe(200);
    expect((await row(me.id)).phone).toBe('+380 93 111 22 33');
  });

  it('refuses empty required fields, unknown fields and bad values, changing nothing', async () => {
    const me = await newUser({ ...FULL });
    const before = await row(me.id);
    const cases: [unknown, string | undefined][] = [
      [{ ...FULL, position: '   ' }, 'position'],
      [{ ...FULL, status: '' }, 'status'],
      [{ ...FULL, help: '\n' }, 'help'],
      [{ show_status: 5 }, undefined],
      [{ position: 'x'.repeat(201) }, undefined],
      [{ phone: 'call me maybe' }, undefined],
      [{ city_id: 999999 }, 'city_id'],
      [{ city_id: 1, country_code: 'PL' }, 'country_code'],
      [{ country_code: 'XX' }, 'country_code'],
      [{ hobby: [8] }, undefined],
      [{ social: { myspace: 'x' } }, undefined],
      [{ ...FULL, role: 'organizer' }, undefined],
      [{ ...FULL, email: 'new@x.test' }, undefined],
      [{ ...FULL, password: 'hunter2' }, undefined],
      [{ is_moderator: true }, undefined],
      [{ disabled: true }, undefined],
      ['{"position": "CTO", "__proto__": {"role": "organizer"}}', undefined],
      ['{"constructor": {"prototype": {"role": "organizer"}}}', undefined],
    ];
    for (const [payload, detail] of cases) {
      const res = await save(payload, me.token);
      expect(res.http, JSON.stringify(payload)).toBe(200);
      expect(res.body, JSON.stringify(payload)).toMatchObject({ status_code: 400, data: null, error: 'invalid_input' });
      if (detail) expect(res.body.message, JSON.stringify(payload)).toBe(detail);
    }
    // A name has its own code (contract/names.ts), with the field.
    expect((await save({ first_name: '' }, me.token)).body).toMatchObject({ status_code: 400, data: null, error: 'invalid_name', message: 'first_name' });
    expect(await row(me.id)).toEqual(before);
    expect((await save(FULL)).body).toMatchObject({ status_code: 403, error: 'auth_required' });
  });

  it('applies the privacy switches to what everybody else sees at once', async () => {
    const ev = await createEvent(s.app.db);
    const me = await newUser({ ...FULL, phone: '+380 66 777 88 99' });
    const viewer = await newUser();
    await participate(ev.id, me.id);
    await participate(ev.id, viewer.id);
    const mine = async () => (await get(`/api/events/get-event-people?event_id=${ev.id}`, viewer.token)).body.data.results.find((r) => r.id === me.id);
    expect(await mine()).toMatchObject({ phone: '+380 66 777 88 99', email: '' });
    await save({ hide_phone: true, show_email: true }, me.token);
    expect(await mine()).toMatchObject({ phone: '', email: me.email });
    const eventRev = async () => (await s.app.db.selectFrom('events').select('rev').where('id', '=', ev.id).executeTakeFirstOrThrow()).rev;
    const kyiv = async () => (await get(`/api/events/${ev.id}`)).body.data.visitorsCities.find((c) => c.id === 1)?.count_users_from ?? 0;
    const [revBefore, countBefore] = [await eventRev(), await kyiv()];
    await save({ hide_from_visitors: true }, me.token);
    expect(await mine()).toBeUndefined();
    // The event's own document counts visitors per city without hidden people: it changed, so its rev did.
    expect(await kyiv()).toBe(countBefore - 1);
    expect(await eventRev()).toBeGreaterThan(revBefore);
    const revHidden = await eventRev();
    await save({ company: 'Elsewhere' }, me.token);
    expect(await eventRev()).toBe(revHidden);
    const self = (await get(`/api/events/get-event-people?event_id=${ev.id}`, me.token)).body.data.results;
    expect(self.find((r) => r.id === me.id)).toMatchObject({ phone: '+380 66 777 88 99' });
    await save({ hide_from_visitors: false, show_status: 3 }, me.token);
    expect(await mine()).toBeUndefined();
    await save({ show_status: 1 }, me.token);
    expect(await mine()).toBeDefined();
  });
});

describe('GET /profile/getStatusTypes', () => {
  it('maps each show_status value to its label, in the requested language', async () => {
    expect((await get('/profile/getStatusTypes?lang=en')).body).toEqual({
      status_code: 200,
      data: { 1: 'Everyone', 2: 'Participants of my events', 3: 'Nobody' },
    });
    const uk = (await get<Record<string, string>>('/profile/getStatusTypes')).body.data;
    expect(Object.keys(uk)).toEqual(['1', '2', '3']);
    expect(uk[1]).toBe('Усі');
    for (const lang of ['xx', '__proto__', 'constructor', 'toString']) expect((await get(`/profile/getStatusTypes?lang=${lang}`)).body.data).toEqual(uk);
  });
});

describe('profile.update through POST /sync/v1/commands', () => {
  const send = (token: string, commands: unknown[]) => s.app.inject({ method: 'POST', url: '/sync/v1/commands', headers: auth(token), payload: { commands } });

  it('applies once however often it is replayed', async () => {
    const me = await newUser();
    const cmd = { id: `profile-${me.id}-0001`, kind: 'profile.update', payload: { ...FULL, hide_phone: true }, occurredAt: new Date().toISOString() };
    const first = (await send(me.token, [cmd])).json();
    expect(first.results[0]).toMatchObject({ id: cmd.id, status: 'applied' });
    const applied = await row(me.id);
    expect(applied).toMatchObject({ position: 'CTO', hide_phone: true });
    // Changed since through the legacy call; the replay must not put the old value back.
    await save({ position: 'CEO' }, me.token);
    const changed = await row(me.id);
    for (let i = 0; i < 2; i++) expect((await send(me.token, [cmd])).json()).toEqual(first);
    expect(await row(me.id)).toEqual(changed);
    expect(await s.app.db.selectFrom('commands').select('id').where('user_id', '=', me.id).execute()).toHaveLength(1);
  });

  it("rejects fields that are not the user's and empty required fields", async () => {
    const me = await newUser({ ...FULL });
    const before = await row(me.id);
    const at = new Date().toISOString();
    const res = (
      await send(me.token, [
        { id: 'profile-role-0001', kind: 'profile.update', payload: { position: 'Boss', role: 'organizer' }, occurredAt: at },
        { id: 'profile-mail-0001', kind: 'profile.update', payload: { email: 'x@y.z' }, occurredAt: at },
        { id: 'profile-empty-001', kind: 'profile.update', payload: { position: ' ' }, occurredAt: at },
        { id: 'profile-type-0001', kind: 'profile.update', payload: 'position=Boss', occurredAt: at },
      ])
    ).json();
    expect(res.results.map((r: CommandResult) => [r.status, r.code])).toEqual([
      ['rejected', 'invalid_input'],
      ['rejected', 'invalid_input'],
      ['rejected', 'invalid_input'],
      ['rejected', 'invalid_input'],
    ]);
    expect(await row(me.id)).toEqual(before);
  });
});
