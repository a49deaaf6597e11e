import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { HANDOFF_TTL_MS, type HandoffPreview } from '../../contract/accounts.ts';
import { SESSION_COOKIE } from '../../contract/constants.ts';
import { bearer, login } from '../fixtures/server.ts';
import { serverPerFile } from '../fixtures/suite.ts';
import { createUser } from '../fixtures/factories.ts';
import type { Envelope } from '../fixtures/envelope.ts';

/**
 * The session handoff (issue 26, finding 4): `?token=&user_id=` is exchanged once, shortly after the
 * app's session began, for a browser session of its own; a browser signed in as somebody else is
 * asked first and keeps its session until it says yes.
 */

const s = serverPerFile();

type Answer = Envelope<{ user_id: number; switched: boolean; token: string } & HandoffPreview> & {
  http: number;
  cookie: string | undefined;
};

/** A POST as a browser: the session cookie when it has one, never a Bearer token. */
async function post(url: string, payload: object, browserCookie?: string): Promise<Answer> {
  const res = await s.app.inject({ method: 'POST', url, payload, cookies: browserCookie ? { [SESSION_COOKIE]: browserCookie } : {} });
  return { ...res.json(), http: res.statusCode, cookie: res.cookies.find((c) => c.name === SESSION_COOKIE)?.value };
}
const meAs = async (token: string) => {
  const res = await s.app.inject({ url: '/api/auth/me', headers: bearer(token) });
  return res.statusCode === 200 ? (res.json().data.user_id as number) : null;
};
const handoff = (token: string, userId: number, cookie?: string, confirm?: boolean) =>
  post('/api/auth/handoff', { token, user_id: userId, ...(confirm === undefined ? {} : { confirm }) }, cookie);
/** An app's session that began `ms` ago. */
async function appSession(email: string, agoMs = 0) {
  const { token, userId } = await login(s.app, email);
  if (agoMs > 0) {
    await sql`UPDATE sessions SET created_at = now() - make_interval(secs => ${agoMs / 1000}) WHERE user_id = ${userId}`.execute(s.app.db);
  }
  return token;
}

describe('the handoff link', () => {
  it('is exchanged once for a browser session of its own; the app keeps its token and a replay is refused', async () => {
    const u = await createUser(s.app.db);
    const app = await appSession(u.email);
    const first = await handoff(app, u.id);
    expect(first).toMatchObject({ http: 200, status_code: 200, data: { user_id: u.id, switched: false } });
    // The browser's cookie is a new session, not the app's long-lived token.
    expect(first.cookie).toBeDefined();
    expect(first.cookie).not.toBe(app);
    expect(JSON.stringify(first)).not.toContain(app);
    expect(await meAs(first.cookie!)).toBe(u.id);
    expect(await meAs(app)).toBe(u.id);

    // The same URL again, from anywhere: refused, no cookie.
    const replay = await handoff(app, u.id);
    expect(replay).toMatchObject({ status_code: 400, error: 'link_invalid' });
    expect(replay.cookie).toBeUndefined();
    // Logging the browser out leaves the app signed in: they are two sessions.
    await s.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { [SESSION_COOKIE]: first.cookie! } });
    expect(await meAs(first.cookie!)).toBeNull();
    expect(await meAs(app)).toBe(u.id);
  });

  it('refuses the token of an app session older than the window, another user id and a forged token alike', async () => {
    const u = await createUser(s.app.db);
    const other = await createUser(s.app.db);
    const old = await appSession(u.email, HANDOFF_TTL_MS + 5000);
    const fresh = await appSession(other.email);
    for (const [token, userId] of [
      [old, u.id],
      [fresh, u.id],
      ['A'.repeat(43), u.id],
      ['not a token', u.id],
    ] as const) {
      const res = await handoff(token, userId);
      expect(res).toMatchObject({ status_code: 400, error: 'link_invalid' });
      expect(res.cookie).toBeUndefined();
    }
    // The refused attempt with another user id did not spend the right one.
    expect(await handoff(fresh, other.id)).toMatchObject({ status_code: 200 });
  });

  it('refuses the link of an account disabled or removed since the app signed in', async () => {
    const u = await createUser(s.app.db);
    const app = await appSession(u.email);
    await s.app.db.updateTable('users').set({ disabled: true }).where('id', '=', u.id).execute();
    expect(await handoff(app, u.id)).toMatchObject({ error: 'link_invalid' });
    const v = await createUser(s.app.db);
    const code = (await post('/api/auth/handoff-code', {}, await appSession(v.email))).data.token;
    await s.app.db.updateTable('users').set({ deleted: true }).where('id', '=', v.id).execute();
    expect(await handoff(code, v.id)).toMatchObject({ error: 'link_invalid' });
  });

  it('asks a browser signed in as somebody else, changes nothing until it says yes, then ends its old session', async () => {
    const alice = await createUser(s.app.db, { first_name: 'Alice', last_name: 'Moroz' });
    const bob = await createUser(s.app.db, { first_name: 'Bob', last_name: 'Hrytsenko' });
    const browser = (await login(s.app, alice.email)).token;
    const app = await appSession(bob.email);

    const asked = await handoff(app, bob.id, browser);
    expect(asked).toMatchObject({
      status_code: 409,
      error: 'handoff_confirm',
      data: { user_id: bob.id, name: 'Bob Hrytsenko', current: { user_id: alice.id, name: 'Alice Moroz' } },
    });
    expect(asked.cookie).toBeUndefined();
    expect(await meAs(browser)).toBe(alice.id);
    // Declining is not calling again: the check spends nothing either.
    expect(await post('/api/auth/handoff/check', { token: app, user_id: bob.id }, browser)).toMatchObject({
      data: { name: 'Bob Hrytsenko', current: { name: 'Alice Moroz' } },
    });
    expect(await handoff(app, bob.id, browser, false)).toMatchObject({ error: 'handoff_confirm' });

    const yes = await handoff(app, bob.id, browser, true);
    expect(yes).toMatchObject({ status_code: 200, data: { user_id: bob.id, switched: true } });
    expect(yes.cookie).not.toBe(app);
    expect(await meAs(yes.cookie!)).toBe(bob.id);
    expect(await meAs(browser)).toBeNull();
    expect(await handoff(app, bob.id, undefined, true)).toMatchObject({ error: 'link_invalid' });
  });

  it('keeps the session of a browser already signed in as the link’s user, and spends the link', async () => {
    const u = await createUser(s.app.db);
    const browser = (await login(s.app, u.email)).token;
    const app = await appSession(u.email);
    const res = await handoff(app, u.id, browser);
    expect(res).toMatchObject({ status_code: 200, data: { user_id: u.id, switched: false } });
    expect(res.cookie).toBeUndefined();
    expect(await meAs(browser)).toBe(u.id);
    expect(await handoff(app, u.id)).toMatchObject({ error: 'link_invalid' });
  });

  it('lets an app signed in long ago hand over with a one-time code that works once, for a few minutes', async () => {
    const u = await createUser(s.app.db);
    const app = await appSession(u.email, 30 * 24 * 3600_000);
    expect(await handoff(app, u.id)).toMatchObject({ error: 'link_invalid' });
    expect((await s.app.inject({ method: 'POST', url: '/api/auth/handoff-code', payload: {} })).statusCode).toBe(401);

    const issued = await s.app.inject({ method: 'POST', url: '/api/auth/handoff-code', payload: {}, headers: bearer(app) });
    const code = issued.json().data as { token: string; user_id: number; expires_in: number };
    expect(code).toMatchObject({ user_id: u.id, expires_in: HANDOFF_TTL_MS / 1000 });
    expect(code.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // A code is not a session.
    expect(await meAs(code.token)).toBeNull();
    const used = await handoff(code.token, u.id);
    expect(used).toMatchObject({ status_code: 200 });
    expect(await meAs(used.cookie!)).toBe(u.id);
    expect(await handoff(code.token, u.id)).toMatchObject({ error: 'link_invalid' });

    const late = (await s.app.inject({ method: 'POST', url: '/api/auth/handoff-code', payload: {}, headers: bearer(app) })).json().data.token as string;
    await sql`UPDATE session_handoffs SET expires_at = now() - interval '1 second' WHERE kind = 'code' AND used_at IS NULL AND user_id = ${u.id}`.execute(
      s.app.db,
    );
    expect(await handoff(late, u.id)).toMatchObject({ error: 'link_invalid' });
  });

  it('signs in once when the same link is posted twice at the same moment', async () => {
    const u = await createUser(s.app.db);
    const app = await appSession(u.email);
    const both = await Promise.all([handoff(app, u.id), handoff(app, u.id)]);
    expect(both.map((r) => r.status_code).sort()).toEqual([200, 400]);
    expect(both.filter((r) => r.cookie)).toHaveLength(1);
  });
});
