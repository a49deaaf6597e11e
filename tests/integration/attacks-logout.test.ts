import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../contract/constants.ts';
import { createSession } from '../../server/domain/auth/sessions.ts';
import { startTestServer, type TestServer } from '../fixtures/server.ts';
import { person } from './attacks-helpers.ts';

/**
 * Logout by a cross-site link. The specs' logout URL is a GET, so a link, an image or a redirect on
 * another site could end the user's session, whose cookie a top-level navigation carries. It ends
 * the session at once only for the app's own navigations and typed URLs; anything else gets a page
 * that asks, whose button posts back to the same URL, and a post from another origin is refused.
 */

let s: TestServer & { url: string };
let host: string;

beforeAll(async () => {
  s = await startTestServer({ listen: true });
  host = new URL(s.url).host;
});
afterAll(async () => s?.close());

/** A browser with the user's session cookie, as a foreign page's link would make it send. */
async function browserSession() {
  const u = await person(s.app.db);
  const token = await createSession(s.app.db, u.id);
  return { ...u, cookie: `${SESSION_COOKIE}=${token}`, sessionToken: token };
}

const signedIn = async (cookie: string) => (await s.app.inject({ url: '/api/auth/me', headers: { cookie } })).statusCode === 200;

const visit = (url: string, cookie: string, site: string | undefined, method: 'GET' | 'HEAD' = 'GET') =>
  s.app.inject({ method, url, headers: { cookie, ...(site ? { 'sec-fetch-site': site } : {}), 'sec-fetch-mode': 'navigate', host } });

describe('the logout URL', () => {
  it('keeps the session of a cross-site, same-site or unlabelled navigation and asks instead', async () => {
    const b = await browserSession();
    for (const [url, site] of [
      ['/en/oauth/logout', 'cross-site'],
      ['/oauth/logout', 'cross-site'],
      ['/pl/oauth/logout', 'same-site'],
      ['/uk/oauth/logout', undefined],
    ] as const) {
      const res = await visit(url, b.cookie, site);
      expect(res.statusCode, `${url} ${site}`).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['set-cookie'], 'the cookie is not cleared').toBeUndefined();
      // A form that posts back to the same logout URL, which no other page may frame.
      expect(res.body).toContain(`<form method="post" action="${url}">`);
      expect(res.headers['content-security-policy']).toContain("form-action 'self'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(await signedIn(b.cookie), `${url} ${site}`).toBe(true);
    }
    expect((await visit('/en/oauth/logout', b.cookie, 'cross-site', 'HEAD')).statusCode).toBe(200);
    expect(await signedIn(b.cookie)).toBe(true);
  });

  it('asks in the language of the URL', async () => {
    const b = await browserSession();
    expect((await visit('/en/oauth/logout', b.cookie, 'cross-site')).body).toContain('Log out of Foyer?');
    expect((await visit('/uk/oauth/logout', b.cookie, 'cross-site')).body).toContain('Вийти з Foyer?');
    expect((await visit('/ru/oauth/logout', b.cookie, 'cross-site')).body).toContain('<html lang="ru">');
    expect((await visit('/oauth/logout', b.cookie, 'cross-site')).body).toContain('<html lang="uk">');
  });

  it("ends the session for the app's own link and for a typed URL, as the specs' URL always did", async () => {
    for (const site of ['same-origin', 'none']) {
      const b = await browserSession();
      const res = await visit('/pl/oauth/logout', b.cookie, site);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/pl/?logged_out=1');
      expect(String(res.headers['set-cookie'])).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
      expect(await signedIn(b.cookie), site).toBe(false);
    }
  });

  it('ends the session when the confirm page is submitted from this site, and refuses a post from another', async () => {
    const b = await browserSession();
    const foreign = await s.app.inject({
      method: 'POST',
      url: '/en/oauth/logout',
      headers: { cookie: b.cookie, origin: 'https://evil.example', host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(foreign.statusCode).toBe(403);
    expect(await signedIn(b.cookie)).toBe(true);

    const res = await s.app.inject({
      method: 'POST',
      url: '/en/oauth/logout',
      headers: { cookie: b.cookie, origin: `http://${host}`, host, 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/en/?logged_out=1');
    expect(await signedIn(b.cookie)).toBe(false);
  });

  it('ends a Bearer session at once, which no foreign page can send, and lets a guest through', async () => {
    const b = await browserSession();
    const res = await s.app.inject({ url: '/en/oauth/logout', headers: { authorization: `Bearer ${b.sessionToken}`, 'sec-fetch-site': 'cross-site' } });
    expect(res.statusCode).toBe(302);
    expect(await signedIn(b.cookie)).toBe(false);
    const guest = await s.app.inject({ url: '/oauth/logout', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(guest.statusCode).toBe(302);
    expect(guest.headers.location).toBe('/uk/?logged_out=1');
  });
});
