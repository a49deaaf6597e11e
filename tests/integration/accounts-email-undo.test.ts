import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SESSION_COOKIE } from '../../contract/constants.ts';
import { bearer, login, ownDataDir } from '../fixtures/server.ts';
import { serverPerFile } from '../fixtures/suite.ts';
import { createUser, TEST_PASSWORD } from '../fixtures/factories.ts';
import { linkToken, mailsTo, waitForMail } from '../fixtures/mail.ts';
import type { Envelope } from '../fixtures/envelope.ts';
import { waitFor } from '../fixtures/wait.ts';

/**
 * An email change ends the account's other sessions and can be undone from the old address for a
 * week (issue 26, finding 11): the undo link gives the address back, ends every session and lets
 * the owner choose a new password; it outlives a second change, and keeps the address for its owner.
 */

const dataDir = ownDataDir('accounts-email-undo');
const s = serverPerFile({ dataDir });
let seq = 0;
const fresh = (what = 'moved') => `${what}-${Date.now()}-${++seq}@undo.test`;
const addr = () => `10.78.${Math.floor(++seq / 250)}.${(seq % 250) + 1}`;

type Answer = Envelope<{ user_id: number; email: string; reset_token: string; token: string }> & { cookie: string | undefined };

async function post(url: string, payload: object, opts: { token?: string; cookie?: string } = {}): Promise<Answer> {
  const res = await s.app.inject({
    method: 'POST',
    url,
    payload,
    headers: bearer(opts.token),
    cookies: opts.cookie ? { [SESSION_COOKIE]: opts.cookie } : {},
    remoteAddress: addr(),
  });
  return { ...res.json(), cookie: res.cookies.find((c) => c.name === SESSION_COOKIE)?.value };
}
const meOf = async (token: string) => {
  const res = await s.app.inject({ url: '/api/auth/me', headers: bearer(token) });
  return res.statusCode === 200 ? (res.json().data as { user_id: number; email: string }) : null;
};

/** Asks for the change from `token` and opens the new address's link (from `opener`'s browser, if given); answers the undo link. */
async function changeEmail(token: string, from: string, to: string, opener?: string): Promise<string> {
  expect(await post('/api/account/email', { password: TEST_PASSWORD, email: to, lang: 'en' }, { token })).toMatchObject({ status_code: 200 });
  const link = linkToken(await waitForMail(dataDir, to));
  const notices = () => mailsTo(dataDir, from).filter((m) => m.text.includes('/account/undo-email#token='));
  const before = notices().length;
  expect(await post('/api/auth/verify-email', { token: link }, { cookie: opener })).toMatchObject({ status_code: 200 });
  const notice = (await waitFor('the old address to be told', () => (notices().length > before ? notices() : null))).at(-1)!;
  expect(notice.text).toContain(to);
  // In the account's language (Ukrainian, the default, for these accounts), with the new address in it.
  expect(notice.text).toMatch(/\/uk\/account\/undo-email#token=[A-Za-z0-9_-]{43}/);
  expect(notice.subject).toBe('Пошту вашого облікового запису Foyer змінено');
  return linkToken(notice);
}

describe('an email change', () => {
  it('ends every other session, keeping the one that asked and the browser that opened the link', async () => {
    const u = await createUser(s.app.db);
    const asking = (await login(s.app, u.email)).token;
    const phone = (await login(s.app, u.email)).token;
    const laptop = (await login(s.app, u.email)).token;
    const stranger = (await login(s.app, (await createUser(s.app.db)).email)).token;
    const target = fresh();
    await changeEmail(asking, u.email, target, laptop);
    expect((await meOf(asking))?.email).toBe(target);
    expect(await meOf(laptop)).not.toBeNull();
    expect(await meOf(phone)).toBeNull();
    expect(await meOf(stranger)).not.toBeNull();
  });

  it('sends the old address an undo link that gives it back, signs out everywhere and lets the owner choose a new password', async () => {
    const u = await createUser(s.app.db);
    const asking = (await login(s.app, u.email)).token;
    const target = fresh();
    const undo = await changeEmail(asking, u.email, target);
    // Whoever changed it also asked for a reset at the new address: undoing voids that link too.
    expect(await post('/api/auth/forgot-password', { email: target, lang: 'en' })).toMatchObject({ status_code: 200 });
    const hijackReset = linkToken(await waitForMail(dataDir, target, 2));

    const undone = await post('/api/auth/undo-email', { token: undo }, { cookie: asking });
    expect(undone).toMatchObject({
      status_code: 200,
      data: { user_id: u.id, email: u.email.toLowerCase(), reset_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
    });
    expect(undone.cookie).toBe('');
    expect(await meOf(asking)).toBeNull();
    await expect(login(s.app, target)).rejects.toThrow();
    expect(await post('/api/auth/reset-password', { token: hijackReset, password: 'taken-over-77' })).toMatchObject({ error: 'link_invalid' });
    expect(await post('/api/auth/undo-email', { token: undo })).toMatchObject({ status_code: 400, error: 'link_invalid' });

    const reset = await post('/api/auth/reset-password', { token: undone.data.reset_token, password: 'amber-kettle-58' });
    expect(reset).toMatchObject({ status_code: 200, data: { user_id: u.id } });
    expect((await meOf(reset.data.token))?.email).toBe(u.email.toLowerCase());
    await login(s.app, u.email, 'amber-kettle-58');
    await expect(login(s.app, u.email, TEST_PASSWORD)).rejects.toThrow();
  });

  it('keeps the old address for its owner while the undo link lives', async () => {
    const u = await createUser(s.app.db);
    const token = (await login(s.app, u.email)).token;
    await changeEmail(token, u.email, fresh());
    // A sign-up with the freed address makes no account, and nobody else may move to it.
    expect(await post('/api/auth/register', { email: u.email, password: 'squatter-pass-91', first_name: 'Squatter', lang: 'en' })).toMatchObject({
      status_code: 200,
    });
    await expect(login(s.app, u.email, 'squatter-pass-91')).rejects.toThrow();
    const other = await createUser(s.app.db);
    const otherToken = (await login(s.app, other.email)).token;
    const mailed = mailsTo(dataDir, u.email).length;
    expect(await post('/api/account/email', { password: TEST_PASSWORD, email: u.email, lang: 'en' }, { token: otherToken })).toMatchObject({
      status_code: 200,
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(dataDir, u.email)).toHaveLength(mailed);
    // Once the week is over, the address is free like any other.
    await sql`UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE user_id = ${u.id} AND purpose = 'email_undo'`.execute(s.app.db);
    expect(await post('/api/auth/register', { email: u.email, password: 'latecomer-pass-64', first_name: 'Late', lang: 'en' })).toMatchObject({
      status_code: 200,
    });
    await login(s.app, u.email, 'latecomer-pass-64');
  });

  it('lets the first address’s undo link win over a second change, and refuses a late one', async () => {
    const u = await createUser(s.app.db);
    const token = (await login(s.app, u.email)).token;
    const second = fresh('second');
    const third = fresh('third');
    const undoFirst = await changeEmail(token, u.email, second);
    const undoSecond = await changeEmail(token, second, third);
    // The hijacker's own undo link (to the second address) first: the first one still works after it.
    expect(await post('/api/auth/undo-email', { token: undoSecond })).toMatchObject({ data: { email: second } });
    expect(await post('/api/auth/undo-email', { token: undoFirst })).toMatchObject({ data: { email: u.email.toLowerCase() } });
    expect((await s.app.db.selectFrom('users').select('email').where('id', '=', u.id).executeTakeFirstOrThrow()).email).toBe(u.email.toLowerCase());

    // The other way round, the first link voids the second.
    const v = await createUser(s.app.db);
    const vToken = (await login(s.app, v.email)).token;
    const a = await changeEmail(vToken, v.email, fresh('a'));
    const vToken2 = (await login(s.app, (await s.app.db.selectFrom('users').select('email').where('id', '=', v.id).executeTakeFirstOrThrow()).email)).token;
    const b = await changeEmail(
      vToken2,
      (await s.app.db.selectFrom('users').select('email').where('id', '=', v.id).executeTakeFirstOrThrow()).email,
      fresh('b'),
    );
    expect(await post('/api/auth/undo-email', { token: a })).toMatchObject({ status_code: 200 });
    expect(await post('/api/auth/undo-email', { token: b })).toMatchObject({ error: 'link_invalid' });

    // A week later the link is dead.
    const w = await createUser(s.app.db);
    const late = await changeEmail((await login(s.app, w.email)).token, w.email, fresh('late'));
    await sql`UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE user_id = ${w.id} AND purpose = 'email_undo'`.execute(s.app.db);
    expect(await post('/api/auth/undo-email', { token: late })).toMatchObject({ error: 'link_invalid' });
  });
});
