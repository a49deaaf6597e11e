import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, login, type TestServer } from '../fixtures/server.ts';
import { createUser } from '../fixtures/factories.ts';
import { OFF_SITE_RETURN_URLS } from '../fixtures/return-urls.ts';

/**
 * The login broadcast of the specs (`/oauth/broadcast?return_url=`) as an open redirect: every
 * answer's Location, and the return target it hands to the login screen, must stay on this site
 * however the target is spelled. The site here is what inject calls it: http://localhost.
 */

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startTestServer();
  token = (await login(s.app, (await createUser(s.app.db)).email)).token;
});
afterAll(async () => s?.close());

const SITE = 'http://localhost';

/** The broadcast's answer to a raw query string, for a guest or a signed-in user. */
async function broadcast(rawQuery: string, signedIn: boolean) {
  const res = await s.app.inject({ url: `/oauth/broadcast?${rawQuery}`, headers: signedIn ? { authorization: `Bearer ${token}` } : {} });
  expect(res.statusCode).toBe(302);
  return String(res.headers.location);
}

/** Where a browser on any page of the site would go with this Location, and the path it carries. */
function followed(location: string): URL {
  // Browsers read a Location with controls or backslashes loosely; ours must carry none.
  expect([...location].filter((c) => c.charCodeAt(0) < 0x20 || c === '\u007f' || c === '\\')).toEqual([]);
  expect(location.startsWith('/') && !location.startsWith('//')).toBe(true);
  const url = new URL(location, `${SITE}/uk/events/5`);
  expect(url.origin).toBe(SITE);
  return url;
}

/** The signed-in user's target, or for a guest the return_url the login screen is given. */
async function target(rawQuery: string, signedIn: boolean): Promise<string> {
  const url = followed(await broadcast(rawQuery, signedIn));
  if (signedIn) return `${url.pathname}${url.search}${url.hash}`;
  expect(url.pathname).toMatch(/^\/(uk|en|ru|pl)\/login$/);
  const back = url.searchParams.get('return_url')!;
  followed(back);
  return back;
}

describe('/oauth/broadcast never sends anyone off the site', () => {
  it('sends a guest to the login screen and a signed-in user straight back', async () => {
    expect(await broadcast('return_url=%2Fen%2Fevents%2F3', false)).toBe('/en/login?return_url=%2Fen%2Fevents%2F3');
    expect(await broadcast('return_url=/en/events/3?tab=chat', true)).toBe('/en/events/3?tab=chat');
    // An absolute URL of this very site is reduced to its path.
    expect(await target(`return_url=${encodeURIComponent(`${SITE}/pl/tickets`)}`, true)).toBe('/pl/tickets');
    expect(await target(`return_url=${encodeURIComponent(`${SITE}/pl/tickets`)}`, false)).toBe('/pl/tickets');
  });

  for (const signedIn of [false, true]) {
    const who = signedIn ? 'a signed-in user' : 'a guest';

    it.each(OFF_SITE_RETURN_URLS)(`answers ${who} with the default page for %j`, async (value) => {
      if (value.includes('\u0000')) {
        // A NUL byte is refused at the door on every route (server/plugins/input.ts): no redirect at all.
        const res = await s.app.inject({
          url: `/oauth/broadcast?return_url=${encodeURIComponent(value)}`,
          headers: signedIn ? { authorization: `Bearer ${token}` } : {},
        });
        expect(res.statusCode).toBe(400);
        expect(res.headers.location).toBeUndefined();
        return;
      }
      expect(await target(`return_url=${encodeURIComponent(value)}`, signedIn)).toBe('/uk');
    });

    it(`keeps ${who} on the site for the review's raw and encoded spellings`, async () => {
      // The review's case: %09 decodes to a tab, which browsers drop, leaving //evil.example/x.
      expect(await target('return_url=/%09/evil.example/x', signedIn)).toBe('/uk');
      for (const raw of [
        '/%0a/evil.example/x',
        '/%0d/evil.example/x',
        '/%0d%0a/evil.example/x',
        '%09//evil.example/x',
        '/%5cevil.example/x',
        '%5c%5cevil.example/x',
        '//evil.example/x',
        '/%2e//evil.example/x',
        'https://localhost@evil.example/x',
        'https:%2f%2fevil.example/x',
        'javascript:alert(1)',
        'java%09script:alert(1)',
      ]) {
        expect(await target(`return_url=${raw}`, signedIn), raw).toBe('/uk');
      }
      // Double encoding reaches the server as literal percent signs: a path on this site, never a host.
      const doubled: [string, string][] = [
        ['/%2509/evil.example/x', '/%09/evil.example/x'],
        ['/%255cevil.example/x', '/%5cevil.example/x'],
        ['/%252f%252fevil.example/x', '/%2f%2fevil.example/x'],
      ];
      for (const [raw, path] of doubled) expect(await target(`return_url=${raw}`, signedIn), raw).toBe(path);
    });
  }

  it('ignores a repeated return_url rather than picking one', async () => {
    expect(await target('return_url=/en/events&return_url=//evil.example', true)).toBe('/uk');
  });
});
