import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo-data.ts';
import { WS_PATHS } from '../../contract/ws.ts';
import { e2eSuite } from './fixtures/suite.ts';

/**
 * Each language is a chunk of its own (src/app/i18n.ts): the first route fetches the language its
 * URL names and no other; choosing one in the
 * language menu fetches it and switches the screen in place.
 */

const suite = e2eSuite({ browsers: { guest: 'uk-UA' } });
const { poll } = suite;

const chunkOf = (url: string) => /\/assets\/(uk|en|ru|pl)-[\w-]+\.js$/.exec(new URL(url).pathname)?.[1];

describe('languages', () => {
  it('loads only the URL’s language on the first route and another one when it is chosen', async () => {
    const { page } = suite.browser('guest');
    const fetched: string[] = [];
    page.on('request', (r) => {
      const l = chunkOf(r.url());
      if (l) fetched.push(l);
    });
    await page.goto(`${suite.server.url}/uk/`);
    const nav = page.getByRole('navigation').first();
    await poll(
      () => nav.textContent(),
      (t) => (t ?? '').includes('Події'),
      30_000,
      'the Ukrainian menu',
    );
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('uk');
    expect(fetched).toContain('uk');
    expect(fetched).not.toContain('en');
    expect(fetched).not.toContain('ru');
    expect(fetched).not.toContain('pl');

    await page.getByRole('button', { name: 'Мова: UK' }).click();
    await page.locator('a[hreflang="pl"]').click();
    await poll(
      () => nav.textContent(),
      (t) => (t ?? '').includes('Wydarzenia'),
      30_000,
      'the Polish menu',
    );
    expect(new URL(page.url()).pathname.startsWith('/pl')).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pl');
    expect(fetched).toContain('pl');
    expect(fetched).not.toContain('ru');
  });

  it('opens its sockets in the interface language, so what the server says on them comes in it', async () => {
    const { page } = suite.browser('guest');
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    await suite.signIn(page, DEMO_ACCOUNTS.anna, '/pl/');
    const notice = await poll(async () => sockets.find((u) => new URL(u).pathname === WS_PATHS.notice), Boolean, 30_000, 'the notice socket');
    expect(new URL(notice!).searchParams.get('lang')).toBe('pl');
  });
});
