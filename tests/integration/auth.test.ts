import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, login, type TestServer } from '../fixtures/server.ts';
import { createUser, TEST_PASSWORD } from '../fixtures/factories.ts';
import { SESSION_COOKIE } from '../../contract/constants.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

const tryLogin = (email: string, password: string, ip = '10.9.9.9') =>
  s.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

describe('auth', () => {
  it('logs in with JSON, sets an HttpOnly cookie and accepts Bearer and cookie alike', async () => {
    const u = await createUser(s.app.db);
    const res = await tryLogin(u.email.toUpperCase(), TEST_PASSWORD);
    const body = res.json();
    expect(body).toMatchObject({ status_code: 200, data: { user_id: u.id } });
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    const viaBearer = await s.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${body.data.token}` } });
    expect(viaBearer.json().data.user_id).toBe(u.id);
    const viaCookie = await s.app.inject({ url: '/api/auth/me', cookies: { [SESSION_COOKIE]: cookie.value } });
    expect(viaCookie.json().data.user_id).toBe(u.id);
    // Only a hash of the token is stored.
    const rows = await s.app.db.selectFrom('sessions').select('token_hash').where('user_id', '=', u.id).execute();
    expect(rows.every((r) => Buffer.from(r.token_hash).toString('base64url') !== body.data.token)).toBe(true);
  });

  it('answers a wrong password and an unknown email the same way', async () => {
    const u = await createUser(s.app.db);
    const wrong = await tryLogin(u.email, 'not-the-password', '10.0.0.1');
    const unknown = await tryLogin('nobody-here@test.local', 'whatever', '10.0.0.2');
    expect(wrong.statusCode).toBe(unknown.statusCode);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({ status_code: 403, error: 'invalid_credentials' });
  });

  it('gives 401 without a valid session and after logout', async () => {
    const u = await createUser(s.app.db);
    const { token } = await login(s.app, u.email);
    expect((await s.app.inject({ url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await s.app.inject({ url: '/api/auth/me', headers: { authorization: 'Bearer forged' } })).statusCode).toBe(401);
    await s.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } });
    expect((await s.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
  });

  it('ends the session of a disabled account', async () => {
    const u = await createUser(s.app.db);
    const { token } = await login(s.app, u.email);
    await s.app.db.updateTable('users').set({ disabled: true }).where('id', '=', u.id).execute();
    expect((await s.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
  });

  it('refuses malformed login bodies and cross-origin posts', async () => {
    const bad = await s.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 5 } });
    expect(bad.json()).toMatchObject({ status_code: 400, error: 'invalid_input' });
    const cross = await s.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.c', password: 'x' },
      headers: { origin: 'https://evil.example' },
    });
    expect(cross.statusCode).toBe(403);
  });

  it('sends the login broadcast to the login screen, or straight back when signed in, never off-site', async () => {
    const u = await createUser(s.app.db);
    const { token } = await login(s.app, u.email);
    const guest = await s.app.inject({ url: '/oauth/broadcast?return_url=%2Fen%2Fevents%2F3' });
    expect(guest.statusCode).toBe(302);
    expect(guest.headers.location).toBe('/en/login?return_url=%2Fen%2Fevents%2F3');
    const member = await s.app.inject({ url: '/oauth/broadcast?return_url=/en/events/3', headers: { authorization: `Bearer ${token}` } });
    expect(member.headers.location).toBe('/en/events/3');
    const evil = await s.app.inject({ url: '/oauth/broadcast?return_url=//evil.example/x' });
    expect(evil.headers.location).toBe('/uk/login?return_url=%2Fuk');
    const out = await s.app.inject({ url: '/pl/oauth/logout', headers: { authorization: `Bearer ${token}` } });
    expect(out.headers.location).toBe('/pl/?logged_out=1');
    expect((await s.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
  });

  it('reports health with the database kind', async () => {
    const res = await s.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json().database).toBe(s.database.kind);
  });
});
