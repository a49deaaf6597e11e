import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_ADDRESS_WINDOW_MS, LOGIN_DEVICE_COOKIE } from '../../contract/constants.ts';
import { createUser, TEST_PASSWORD } from '../fixtures/factories.ts';
import { startTestServer, type TestServer } from '../fixtures/server.ts';

/**
 * The second review's finding 9 (docs/QUALITY.md): one person could lock a venue out. A venue puts
 * thousands of people behind one address; 60 sign-ups and 60 reset requests from it (16 s) blocked
 * every sign-up and reset there for an hour, and 300 failed logins blocked logins from every device
 * that had not signed in there before. The per-address budgets are now sized for a venue and
 * counted in short windows, and a device that has signed in before is familiar to its account
 * wherever it is (the device cookie), like a familiar address.
 */

let s: TestServer;
beforeAll(async () => {
  // The login's address ceiling lowered so the test reaches it quickly; its window is the real one.
  s = await startTestServer({ limits: { login: { addressMaxFailures: 15 } } });
});
afterAll(async () => s?.close());

let nextNet = 1;
/** An address of its own for each scenario: a venue's shared Wi-Fi. */
const venue = () => `198.51.${nextNet++}.7`;
const fresh = (name: string) => `${name}-${randomBytes(4).toString('hex')}@venue.test`;

async function post(url: string, payload: unknown, ip: string, cookies: Record<string, string> = {}) {
  const res = await s.app.inject({ method: 'POST', url, payload: payload as never, remoteAddress: ip, cookies });
  return { body: res.json() as { status_code: number; error?: string; data: { retry_after?: number; token?: string } | null }, res };
}

describe('a venue behind one address (finding 9)', () => {
  it('keeps signing people up and sending resets after a burst of sixty of each from there', async () => {
    const ip = venue();
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        post('/api/auth/register', { email: fresh(`burst${i}`), password: 'a long pass phrase 42', first_name: 'Burst', lang: 'en' }, ip),
      ),
    );
    expect(burst.every((r) => r.body.status_code === 200)).toBe(true);
    for (let i = 0; i < 60; i++) expect((await post('/api/auth/forgot-password', { email: fresh(`reset${i}`), lang: 'en' }, ip)).body.status_code).toBe(200);
    // The next person at the venue is not held back.
    expect(
      (await post('/api/auth/register', { email: fresh('next'), password: 'a long pass phrase 42', first_name: 'Next', lang: 'en' }, ip)).body,
    ).toMatchObject({
      status_code: 200,
    });
    expect((await post('/api/auth/forgot-password', { email: fresh('next-reset'), lang: 'en' }, ip)).body).toMatchObject({ status_code: 200 });
  });

  it('lets a device that signed in before sign in at a flooded address, and holds a new one for minutes, not an hour', async () => {
    const ip = venue();
    const regular = await createUser(s.app.db);
    // Her phone signed in last week at home: it got its device cookie then.
    const home = await post('/api/auth/login', { email: regular.email, password: TEST_PASSWORD }, '192.0.2.10');
    expect(home.body.status_code).toBe(200);
    const device = home.res.cookies.find((c) => c.name === LOGIN_DEVICE_COOKIE);
    expect(device?.value).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(device).toMatchObject({ httpOnly: true, path: '/api/auth' });

    // Somebody at the venue sprays wrong passwords until the address's budget is spent.
    for (let i = 0; i < 15; i++)
      expect((await post('/api/auth/login', { email: fresh(`spray${i}`), password: 'Summer2026!' }, ip)).body.error).toBe('invalid_credentials');
    const newcomer = await createUser(s.app.db);
    const held = await post('/api/auth/login', { email: newcomer.email, password: TEST_PASSWORD }, ip);
    expect(held.body).toMatchObject({ status_code: 429, error: 'rate_limited' });
    expect(held.body.data?.retry_after).toBeLessThanOrEqual(LOGIN_ADDRESS_WINDOW_MS / 1000);
    expect(LOGIN_ADDRESS_WINDOW_MS).toBeLessThanOrEqual(5 * 60_000);

    // Her phone at the venue is not held back: the device is familiar to her account.
    const atVenue = await post('/api/auth/login', { email: regular.email, password: TEST_PASSWORD }, ip, { [LOGIN_DEVICE_COOKIE]: device!.value });
    expect(atVenue.body).toMatchObject({ status_code: 200 });
    // A device cookie of another account, or a made-up one, is no pass.
    const borrowed = await post('/api/auth/login', { email: newcomer.email, password: TEST_PASSWORD }, ip, { [LOGIN_DEVICE_COOKIE]: device!.value });
    expect(borrowed.body).toMatchObject({ status_code: 429 });
    const madeUp = await post('/api/auth/login', { email: newcomer.email, password: TEST_PASSWORD }, ip, { [LOGIN_DEVICE_COOKIE]: 'A'.repeat(22) });
    expect(madeUp.body).toMatchObject({ status_code: 429 });
  });
});
