import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/seed/demo-data.ts';
import { menuLinks } from '../../src/app/layout/menu-links.ts';
import type { FoyerServer } from './fixtures/server.ts';
import type { TestBrowser } from './fixtures/browser.ts';
import { DESKTOP_VIEWPORT } from './fixtures/browser.ts';
import { e2eSuite } from './fixtures/suite.ts';
import { apiLogin } from './fixtures/api.ts';
import { SyncStatusBar } from './pages/SyncStatusBar.ts';

/**
 * Every link of the header and the user menu (events.md §2 header links and user menu: home,
 * profile, my events, tickets, referrers, messages, notifications, appointments, calendar, settings,
 * admin, add an event, logout), clicked as a person would, in uk, en, ru and pl, with the server up
 * and then with it stopped: each must open its page in that language, never "page not found" or
 * the error screen. The specs' paths written without a locale (/profile/settings, /admin/events)
 * land on their pages too, and logging out works with the server down.
 */

const LOCALES = ['uk', 'en', 'ru', 'pl'] as const;
type Locale = (typeof LOCALES)[number];
const SYNC_TIMEOUT_MS = 60_000;
const PAGE_TIMEOUT_MS = 20_000;

const words = Object.fromEntries(
  LOCALES.map((l) => [l, JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'locales', `${l}.json`), 'utf8'))]),
) as Record<Locale, { notFound: { title: string }; routeError: { title: string }; notifications: { all: string } }>;

const suite = e2eSuite({ browsers: { anna: 'en-US' }, restartEachTest: true });
let server: FoyerServer;
let anna: TestBrowser;
let annaId: number;

beforeAll(async () => {
  ({ server } = suite);
  anna = suite.browser('anna');
  await anna.page.setViewportSize(DESKTOP_VIEWPORT);
  const token = await apiLogin(server.url, DEMO_ACCOUNTS.anna, DEMO_PASSWORD);
  const me = await fetch(`${server.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
  annaId = ((await me.json()) as { data: { user_id: number } }).data.user_id;
});

const pathOf = (locale: Locale, path: string) => `/${locale}${path === '/' ? '' : path}`;

/** The page at the address is a real screen in that language: its heading, no "not found", no error screen. */
async function assertWorks(page: Page, locale: Locale, path: string, how: string): Promise<void> {
  const want = pathOf(locale, path);
  await page.waitForURL((u) => u.pathname === want, { timeout: PAGE_TIMEOUT_MS });
  const heading = page.locator('main h1').first();
  try {
    await heading.waitFor({ state: 'attached', timeout: PAGE_TIMEOUT_MS });
  } catch (err) {
    const shown =
      (await page
        .locator('main')
        .textContent()
        .catch(() => '')) ?? '';
    throw new Error(`${how} ${want}: no heading (${(err as Error).message})\n${shown.slice(0, 400)}`);
  }
  const text = ((await heading.textContent()) ?? '').trim();
  expect(text, `${how} ${want}`).not.toBe(words[locale].notFound.title);
  expect(text, `${how} ${want}`).not.toBe(words[locale].routeError.title);
  expect(await page.evaluate(() => document.documentElement.lang), `${how} ${want}`).toBe(locale);
}

async function walk(page: Page, locale: Locale, mode: string): Promise<string[]> {
  const opened: string[] = [];
  await page.goto(`${server.url}/${locale}`);
  await assertWorks(page, locale, '/', `${mode}: home`);
  const banner = page.getByRole('banner');

  // The header's own links (the logo and the main navigation), as they are drawn.
  const hrefs = await banner.locator('a.logo, nav.nav a').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs.length, `${mode} ${locale}: header links`).toBeGreaterThanOrEqual(6);
  for (const href of hrefs) {
    await banner.locator(`a[href="${href}"]`).first().click();
    await assertWorks(page, locale, href.slice(locale.length + 1) || '/', `${mode}: header link`);
    opened.push(href);
  }

  // The notifications panel leads to the page.
  await banner.locator('.notifications-menu .menu__button').click();
  await banner.getByRole('link', { name: words[locale].notifications.all }).click();
  await assertWorks(page, locale, '/profile/notification', `${mode}: notifications panel`);
  opened.push(pathOf(locale, '/profile/notification'));

  // Every link of the user menu, opened from the menu each time.
  for (const { path } of menuLinks()) {
    await banner.locator('.user-menu .menu__button').click();
    await banner.locator(`.user-menu a[href="${pathOf(locale, path)}"]`).click();
    await assertWorks(page, locale, path, `${mode}: user menu`);
    opened.push(pathOf(locale, path));
  }

  // The public page of one's events, no longer in the menu, is a link on My profile.
  await page.goto(`${server.url}${pathOf(locale, '/profile')}`);
  const publicPage = pathOf(locale, `/user/${annaId}/events`);
  await page.locator(`main a[href="${publicPage}"]`).click();
  await assertWorks(page, locale, `/user/${annaId}/events`, `${mode}: my profile`);
  opened.push(publicPage);
  return opened;
}

describe('the header and the user menu', () => {
  it('open working pages in every language, online and with the server stopped, and log out offline', async () => {
    const { page } = anna;
    await suite.signIn(page, DEMO_ACCOUNTS.anna, '/uk', { waitForWorker: true });
    const status = new SyncStatusBar(page);
    await suite.poll(() => status.isIdle(), Boolean, SYNC_TIMEOUT_MS, 'the first sync');

    const walked: string[] = [];
    for (const locale of LOCALES) walked.push(...(await walk(page, locale, 'online')));
    // The specs' paths without a locale land on their pages in the last language chosen.
    for (const path of ['/profile/settings', '/admin/events']) {
      await page.goto(`${server.url}${path}`);
      await assertWorks(page, 'pl', path, 'online: the specs’ path');
    }

    await server.stop();
    for (const locale of LOCALES) walked.push(...(await walk(page, locale, 'offline')));
    for (const path of ['/profile/settings', '/admin/events']) {
      await page.goto(`${server.url}${path}`);
      await assertWorks(page, 'pl', path, 'offline: the specs’ path');
    }
    // 4 languages × 2 modes, each with the header's links, the panel and the whole menu.
    expect(walked.length).toBeGreaterThanOrEqual(8 * (6 + 1 + menuLinks().length + 1));

    // Logging out needs no server: the device forgets the account and shows the guest's home.
    await page.goto(`${server.url}/en/profile`);
    await page.getByRole('banner').locator('.user-menu .menu__button').click();
    await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((u) => u.pathname === '/en', { timeout: 30_000 });
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).waitFor({ timeout: 30_000 });
    await server.start();
  });
});
