import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../contract/constants.ts';
import { bearer, login, ownDataDir } from '../fixtures/server.ts';
import { serverPerFile } from '../fixtures/suite.ts';
import { waitFor } from '../fixtures/wait.ts';
import { createEvent, createTicket, createUser, TEST_PASSWORD } from '../fixtures/factories.ts';
import sharp from 'sharp';
import { linkToken, mailsTo, waitForMail } from '../fixtures/mail.ts';
import { form, pngImage } from './chat-helpers.ts';
import type { Envelope } from '../fixtures/envelope.ts';

/**
 * Self-service accounts on the real server (issue 15): sign-up with a verified address, password
 * reset and change, email change and the devices list (the session handoff: accounts-handoff.test.ts), with the attacks each
 * invites: links used twice or late, addresses probed, limits pushed, bad input.
 */

const dataDir = ownDataDir('accounts');
const s = serverPerFile({ dataDir });

type Json = Record<string, unknown>;
/** An answer of the account calls as these tests read it: the envelope, its HTTP status and its cookies. */
type Answer = Envelope<{ retry_after: number; token: string; user_id: number }> & {
  http: number;
  cookies: { name: string; value: string; httpOnly?: boolean }[];
};
let seq = 0;
/** A fresh client address per call unless one is given, so the per-address budgets stay out of the way. */
const addr = () => `10.77.${Math.floor(++seq / 250)}.${(seq % 250) + 1}`;

async function post(url: string, payload: unknown, opts: { token?: string; ip?: string } = {}): Promise<Answer> {
  const res = await s.app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(opts.token), remoteAddress: opts.ip ?? addr() });
  return { ...res.json(), http: res.statusCode, cookies: res.cookies };
}
const me = async (token: string) => (await s.app.inject({ url: '/api/auth/me', headers: bearer(token) })).json();
const meStatus = async (token: string) => (await s.app.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode;
const fresh = () => `new-${Date.now()}-${++seq}@accounts.test`;
const NEW_PASSWORD = 'violet-harbour-71';

async function signUp(email = fresh(), password = NEW_PASSWORD) {
  const res = await post('/api/auth/register', { email, password, first_name: 'Iryna', last_name: 'Koval', lang: 'en' });
  return { email, res };
}

describe('sign-up', () => {
  it('creates an unverified account that signs in, and verifies it by the mailed link once', async () => {
    const { email, res } = await signUp();
    expect(res).toMatchObject({ status_code: 200, data: { result: true } });
    const { token, userId } = await login(s.app, email, NEW_PASSWORD);
    expect(await me(token)).toMatchObject({ data: { user_id: userId, first_name: 'Iryna', email_verified: false } });

    const mail = await waitForMail(dataDir, email);
    expect(mail.subject).toBe('Confirm your email for Foyer');
    expect(mail.text).toContain('/en/account/verify#token=');
    const link = linkToken(mail);
    // The database keeps only the digest of the link.
    const stored = await s.app.db.selectFrom('account_tokens').select('token_hash').where('user_id', '=', userId).execute();
    expect(stored.every((r) => Buffer.from(r.token_hash).toString('base64url') !== link)).toBe(true);

    expect(await post('/api/auth/verify-email', { token: link })).toMatchObject({ status_code: 200, data: { user_id: userId } });
    expect((await me(token)).data.email_verified).toBe(true);
    // Used: a second opening is refused.
    expect(await post('/api/auth/verify-email', { token: link })).toMatchObject({ status_code: 400, error: 'link_invalid' });
  });

  it('answers a taken address exactly like a free one, creates nothing and mails the owner instead', async () => {
    const owner = await createUser(s.app.db, { first_name: 'Owner' });
    const free = await signUp();
    const taken = await signUp(owner.email.toUpperCase(), 'another-secret-77');
    const strip = (r: Answer) => ({ status_code: r.status_code, data: r.data, error: r.error, http: r.http, cookies: r.cookies });
    expect(strip(taken.res)).toEqual(strip(free.res));
    expect(taken.res.cookies).toEqual([]);
    const rows = await s.app.db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', owner.email.toLowerCase()))
      .execute();
    expect(rows).toHaveLength(1);
    // The owner's password still works, the prober's does not.
    await login(s.app, owner.email, TEST_PASSWORD);
    await expect(login(s.app, owner.email, 'another-secret-77')).rejects.toThrow();
    const mail = await waitForMail(dataDir, owner.email);
    expect(mail.subject).toBe('You already have a Foyer account');
    expect(mail.text).toContain('/en/account/reset');
    expect(mail.text).not.toMatch(/#token=/);
  });

  it('refuses bad input field by field and creates nothing', async () => {
    const email = fresh();
    const cases: [Json, string, string][] = [
      [{ email, password: 'short1', first_name: 'A' }, 'password_too_short', 'password'],
      [{ email, password: 'Password1', first_name: 'A' }, 'password_common', 'password'],
      [{ email, password: 'qwertyuiop', first_name: 'A' }, 'password_common', 'password'],
      [{ email: 'not-an-email', password: NEW_PASSWORD, first_name: 'A' }, 'invalid_email', 'email'],
      [{ email, password: NEW_PASSWORD, first_name: '\u200b ' }, 'invalid_name', 'first_name'],
      [{ email, password: 'x'.repeat(257), first_name: 'A' }, 'password_too_long', 'password'],
    ];
    for (const [body, code, field] of cases) {
      expect(await post('/api/auth/register', body)).toMatchObject({ status_code: 400, error: code, message: field });
    }
    expect(await post('/api/auth/register', { email, password: NEW_PASSWORD, first_name: 'A', role: 'admin' })).toMatchObject({
      status_code: 400,
      error: 'invalid_input',
    });
    const rows = await s.app.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(0);
    expect(mailsTo(dataDir, email)).toHaveLength(0);
  });

  it('limits sign-ups per address mailed, whether or not it has an account', async () => {
    const owner = await createUser(s.app.db);
    for (const email of [fresh(), owner.email]) {
      for (let i = 0; i < 3; i++) expect((await signUp(email, `lantern-${i}-river-9`)).res.status_code).toBe(200);
      const refused = (await signUp(email, 'lantern-9-river-9')).res;
      expect(refused).toMatchObject({ status_code: 429, error: 'rate_limited' });
      expect(refused.data.retry_after).toBeGreaterThan(0);
    }
  });

  it('resends the verification link to a signed-in unverified account, the old link dead', async () => {
    const { email } = await signUp();
    const { token } = await login(s.app, email, NEW_PASSWORD);
    const first = linkToken(await waitForMail(dataDir, email));
    expect(await post('/api/auth/resend-verification', {}, { token })).toMatchObject({ status_code: 200, data: { result: true } });
    const second = linkToken(await waitForMail(dataDir, email, 2));
    expect(second).not.toBe(first);
    expect(await post('/api/auth/verify-email', { token: first })).toMatchObject({ error: 'link_invalid' });
    expect(await post('/api/auth/verify-email', { token: second })).toMatchObject({ status_code: 200 });
    expect((await s.app.inject({ method: 'POST', url: '/api/auth/resend-verification', payload: {} })).statusCode).toBe(401);
  });
});

describe('forgotten password', () => {
  it('mails a single-use link; using it ends every session and signs this browser in', async () => {
    const u = await createUser(s.app.db);
    const a = await login(s.app, u.email);
    const b = await login(s.app, u.email);
    expect(await post('/api/auth/forgot-password', { email: u.email, lang: 'pl' })).toMatchObject({ status_code: 200, data: { result: true } });
    const mail = await waitForMail(dataDir, u.email);
    expect(mail.subject).toBe('Nowe hasło do Foyer');
    const link = linkToken(mail);

    expect(await post('/api/auth/reset-password', { token: link, password: '123456789' })).toMatchObject({ error: 'password_common', message: 'password' });
    const done = await post('/api/auth/reset-password', { token: link, password: NEW_PASSWORD });
    expect(done).toMatchObject({ status_code: 200, data: { user_id: u.id } });
    expect(done.cookies.find((c) => c.name === SESSION_COOKIE)?.httpOnly).toBe(true);
    expect(await meStatus(a.token)).toBe(401);
    expect(await meStatus(b.token)).toBe(401);
    expect(await meStatus(done.data.token)).toBe(200);
    await login(s.app, u.email, NEW_PASSWORD);
    await expect(login(s.app, u.email, TEST_PASSWORD)).rejects.toThrow();
    // Used once: the same link again, even with another password, changes nothing.
    expect(await post('/api/auth/reset-password', { token: link, password: 'another-pass-42' })).toMatchObject({ error: 'link_invalid' });
    await login(s.app, u.email, NEW_PASSWORD);
  });

  it('answers an unknown address like a known one and mails nobody', async () => {
    const u = await createUser(s.app.db);
    const nobody = fresh();
    const known = await post('/api/auth/forgot-password', { email: u.email });
    const unknown = await post('/api/auth/forgot-password', { email: nobody });
    expect({ ...unknown, cookies: 0 }).toEqual({ ...known, cookies: 0 });
    await waitForMail(dataDir, u.email);
    expect(mailsTo(dataDir, nobody)).toHaveLength(0);
    expect(await post('/api/auth/forgot-password', { email: 'nope' })).toMatchObject({ error: 'invalid_email', message: 'email' });
  });

  it('refuses an expired link, a forged one and one of another purpose', async () => {
    const u = await createUser(s.app.db);
    await post('/api/auth/forgot-password', { email: u.email });
    const link = linkToken(await waitForMail(dataDir, u.email));
    // A verification link is not a reset link.
    expect(await post('/api/auth/verify-email', { token: link })).toMatchObject({ error: 'link_invalid' });
    await s.app.db
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', u.id)
      .execute();
    expect(await post('/api/auth/reset-password', { token: link, password: NEW_PASSWORD })).toMatchObject({ error: 'link_invalid' });
    expect(await post('/api/auth/reset-password', { token: 'A'.repeat(43), password: NEW_PASSWORD })).toMatchObject({ error: 'link_invalid' });
    expect(await post('/api/auth/reset-password', { token: 'short', password: NEW_PASSWORD })).toMatchObject({ error: 'link_invalid' });
    await login(s.app, u.email, TEST_PASSWORD);
  });

  it('limits reset mails per address', async () => {
    const u = await createUser(s.app.db);
    for (let i = 0; i < 3; i++) expect((await post('/api/auth/forgot-password', { email: u.email })).status_code).toBe(200);
    expect(await post('/api/auth/forgot-password', { email: u.email })).toMatchObject({ status_code: 429, error: 'rate_limited' });
  });
});

describe('settings: password, email, devices', () => {
  it('changes the password with the current one and ends every other session', async () => {
    const u = await createUser(s.app.db);
    const here = await login(s.app, u.email);
    const there = await login(s.app, u.email);
    expect(await post('/api/account/password', { current_password: 'wrong-one-12', password: NEW_PASSWORD }, { token: here.token })).toMatchObject({
      error: 'invalid_credentials',
      message: 'current_password',
    });
    expect(await post('/api/account/password', { current_password: TEST_PASSWORD, password: 'iloveyou' }, { token: here.token })).toMatchObject({
      error: 'password_common',
    });
    expect(await meStatus(there.token)).toBe(200);
    expect(await post('/api/account/password', { current_password: TEST_PASSWORD, password: NEW_PASSWORD }, { token: here.token })).toMatchObject({
      status_code: 200,
    });
    expect(await meStatus(here.token)).toBe(200);
    expect(await meStatus(there.token)).toBe(401);
    await login(s.app, u.email, NEW_PASSWORD);
  });

  it('changes the email only through a link to the new address, telling the old one', async () => {
    const u = await createUser(s.app.db, { first_name: 'Mover' });
    const other = await createUser(s.app.db);
    const { token } = await login(s.app, u.email);
    const target = fresh();
    expect(await post('/api/account/email', { password: 'wrong-one-12', email: target }, { token })).toMatchObject({ error: 'invalid_credentials' });
    expect(await post('/api/account/email', { password: TEST_PASSWORD, email: 'bad@' }, { token })).toMatchObject({ error: 'invalid_email', message: 'email' });
    const toTaken = await post('/api/account/email', { password: TEST_PASSWORD, email: other.email, lang: 'en' }, { token });
    const toFree = await post('/api/account/email', { password: TEST_PASSWORD, email: target, lang: 'en' }, { token });
    expect(toTaken).toEqual(toFree);
    expect((await waitForMail(dataDir, other.email)).subject).toBe('You already have a Foyer account');
    expect((await me(token)).data.email).toBe(u.email);

    const link = linkToken(await waitForMail(dataDir, target));
    expect(await post('/api/auth/verify-email', { token: link })).toMatchObject({ status_code: 200 });
    expect((await me(token)).data).toMatchObject({ email: target, email_verified: true });
    await login(s.app, target);
    await expect(login(s.app, u.email)).rejects.toThrow();
    const notice = await waitForMail(dataDir, u.email);
    expect(notice.text).toContain(target);
  });

  it('lists the signed-in devices and signs out one or all others', async () => {
    const u = await createUser(s.app.db);
    const phone = await s.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email, password: TEST_PASSWORD },
      headers: { 'user-agent': 'FoyerPhone/1.0' },
    });
    const phoneToken = phone.json().data.token as string;
    const laptop = await login(s.app, u.email);
    const tablet = await login(s.app, u.email);
    const list = (await s.app.inject({ url: '/api/account/sessions', headers: bearer(laptop.token) })).json().data as Json[];
    expect(list).toHaveLength(3);
    expect(list.filter((x) => x.current)).toHaveLength(1);
    expect(JSON.stringify(list)).not.toMatch(/token/);
    const phoneRow = list.find((x) => x.user_agent === 'FoyerPhone/1.0')!;
    // Another user's session id is not this user's to end.
    const stranger = await login(s.app, (await createUser(s.app.db)).email);
    expect(await post('/api/account/sessions/end', { session_id: phoneRow.id }, { token: stranger.token })).toMatchObject({ data: { ended: 0 } });
    expect(await meStatus(phoneToken)).toBe(200);

    expect(await post('/api/account/sessions/end', { session_id: phoneRow.id }, { token: laptop.token })).toMatchObject({ data: { ended: 1 } });
    expect(await meStatus(phoneToken)).toBe(401);
    expect(await post('/api/account/sessions/end', { all_others: true }, { token: laptop.token })).toMatchObject({ data: { ended: 1 } });
    expect(await meStatus(tablet.token)).toBe(401);
    expect(await meStatus(laptop.token)).toBe(200);
    expect(await post('/api/account/sessions/end', {}, { token: laptop.token })).toMatchObject({ error: 'invalid_input' });
  });
});

describe('settings through profile.update', () => {
  it('keeps the interface language and email notices, merged, and refuses unknown values', async () => {
    const u = await createUser(s.app.db);
    const { token } = await login(s.app, u.email);
    const send = async (id: string, payload: unknown) =>
      (
        await s.app.inject({
          method: 'POST',
          url: '/sync/v1/commands',
          headers: bearer(token),
          payload: { commands: [{ id, kind: 'profile.update', payload, occurredAt: new Date().toISOString() }] },
        })
      ).json().results[0];
    expect(await send(`acc-${u.id}-00000001`, { locale: 'pl', notify_email: { new_message: false } })).toMatchObject({ status: 'applied' });
    expect(await send(`acc-${u.id}-00000002`, { notify_email: { meeting_request: false } })).toMatchObject({ status: 'applied' });
    expect(await send(`acc-${u.id}-00000003`, { locale: 'de' })).toMatchObject({ status: 'rejected', code: 'invalid_input' });
    expect(await send(`acc-${u.id}-00000004`, { notify_email: { spam: true } })).toMatchObject({ status: 'rejected', code: 'invalid_input' });
    const own = (await s.app.inject({ url: '/api/profile/lite', headers: bearer(token) })).json().data;
    expect(own).toMatchObject({ locale: 'pl', notify_email: { new_message: false, meeting_request: false }, email_verified: true });
  });
});

describe('delete my account', () => {
  it('exports the data first, then removes the account, anonymised where others need it, and tells their devices', async () => {
    const u = await createUser(s.app.db, { first_name: 'Leaving' });
    const other = await createUser(s.app.db);
    const event = await createEvent(s.app.db);
    for (const id of [u.id, other.id]) await s.app.db.insertInto('user_events').values({ event_id: event.id, user_id: id, checked_in: true }).execute();
    await createTicket(s.app.db, event.id, u.id);
    const mine = await login(s.app, u.email);
    const theirs = await login(s.app, other.email);

    const exported = await s.app.inject({ url: '/api/account/export', headers: bearer(mine.token) });
    expect(exported.headers['content-disposition']).toContain('attachment');
    const data = exported.json().data;
    expect(data).toMatchObject({ format: 'foyer-account-export', account: { id: u.id, email: u.email, first_name: 'Leaving' } });
    expect(data.tickets).toHaveLength(1);
    expect(data.events.map((e: Json) => e.event_id)).toEqual([event.id]);
    expect(JSON.stringify(data)).not.toContain('argon2');

    const pull = async (checkpoint: number) =>
      (await s.app.inject({ url: `/sync/v1/visitors/pull?checkpoint=${checkpoint}&event_id=${event.id}`, headers: bearer(theirs.token) })).json();
    const before = await pull(0);
    expect(before.documents.find((d: Json) => d.user_id === u.id)).toMatchObject({ first_name: 'Leaving' });

    expect(await post('/api/account/delete', { password: 'wrong-one-12' }, { token: mine.token })).toMatchObject({
      error: 'invalid_credentials',
      message: 'current_password',
    });
    expect(await meStatus(mine.token)).toBe(200);
    const done = await post('/api/account/delete', { password: TEST_PASSWORD }, { token: mine.token });
    expect(done).toMatchObject({ status_code: 200, data: { result: true } });
    expect(await meStatus(mine.token)).toBe(401);
    await expect(login(s.app, u.email)).rejects.toThrow();

    const after = await pull(before.checkpoint?.rev ?? before.checkpoint ?? 0);
    const gone = after.documents.find((d: Json) => d.user_id === u.id || String(d.id).endsWith(`:${u.id}`));
    expect(gone).toMatchObject({ deleted: true });
    expect(JSON.stringify(after)).not.toContain('Leaving');
    const row = await s.app.db.selectFrom('users').select(['email', 'first_name', 'phone', 'deleted']).where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ email: `deleted-${u.id}@deleted.invalid`, first_name: '', phone: '', deleted: true });
    // The address is free again.
    await signUp(u.email);
    await login(s.app, u.email, NEW_PASSWORD);
  });
});

describe('places for the settings page', () => {
  it('lists countries, and the cities of the one asked for, to a signed-in user', async () => {
    const u = await createUser(s.app.db);
    const { token } = await login(s.app, u.email);
    const city = await s.app.db.selectFrom('cities').select(['id', 'name', 'country_code']).executeTakeFirstOrThrow();
    const res = (await s.app.inject({ url: `/api/account/places?country=${city.country_code.toLowerCase()}`, headers: bearer(token) })).json();
    expect(res.data.countries.map((c: Json) => c.code)).toContain(city.country_code);
    expect(res.data.cities).toContainEqual({ id: city.id, name: city.name });
    const none = (await s.app.inject({ url: `/api/account/places?country=' OR 1=1 --`, headers: bearer(token) })).json();
    expect(none.data.cities).toEqual([]);
    expect((await s.app.inject({ url: '/api/account/places' })).json()).toMatchObject({ status_code: 403, error: 'auth_required' });
  });
});

describe('avatar', () => {
  const upload = async (token: string, data: Buffer, type = 'image/png') => {
    const f = await form({}, { data, type });
    return (await s.app.inject({ method: 'POST', url: '/api/account/avatar', payload: f.payload, headers: { ...f.headers, ...bearer(token) } })).json();
  };

  it('stores an upload cropped square and re-encoded, shows it on the profile, and refuses what is not a picture', async () => {
    const u = await createUser(s.app.db);
    const { token } = await login(s.app, u.email);
    const res = await upload(token, await pngImage(900, 300));
    expect(res).toMatchObject({ status_code: 200, data: { avatar: expect.stringMatching(/^\/files\/uploads\/avatars\/[a-f0-9]{32}\.png$/) } });
    const file = await s.app.inject({ url: res.data.avatar });
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([512, 512]);
    expect((await s.app.inject({ url: '/api/profile/lite', headers: bearer(token) })).json().data.avatar).toBe(res.data.avatar);

    expect(await upload(token, Buffer.from('<html><script>alert(1)</script>'), 'image/png')).toMatchObject({ error: 'invalid_image' });
    const second = await upload(token, await pngImage(64, 64));
    // The replaced picture is gone.
    await waitFor('the old avatar to be removed', async () => (await s.app.inject({ url: res.data.avatar })).statusCode === 404);
    expect((await s.app.inject({ method: 'POST', url: '/api/account/avatar/remove', payload: {}, headers: bearer(token) })).json()).toMatchObject({
      data: { avatar: '' },
    });
    await waitFor('the removed avatar to be gone', async () => (await s.app.inject({ url: second.data.avatar })).statusCode === 404);
    expect((await s.app.inject({ method: 'POST', url: '/api/account/avatar/remove', payload: {} })).json()).toMatchObject({
      status_code: 403,
      error: 'auth_required',
    });
  });
});
