import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_IN_PERSON_EVENT_NAME } from '../../server/db/seed/demo-data.ts';
import { findEventByName } from './fixtures/api.ts';
import type { TestBrowser } from './fixtures/browser.ts';
import type { FoyerServer } from './fixtures/server.ts';
import { e2eSuite } from './fixtures/suite.ts';
import { SyncStatusBar } from './pages/SyncStatusBar.ts';

/**
 * "People you should meet" (issue 31) on a 360 × 640 phone: Anna, who looks for product people,
 * sees who answers that at the demo event and why, still sees them with the server stopped (they
 * are computed on her device), and one tap opens the meeting request.
 */

const suite = e2eSuite();
const PHONE = { width: 360, height: 640 };
let server: FoyerServer;
let anna: TestBrowser;
let eventId: number;

async function fitsPhone(page: Page, what: string): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll, `${what} scrolls sideways`).toBeLessThanOrEqual(client);
}

const names = (page: Page) => page.locator('.suggestions__name').allTextContents();

beforeAll(async () => {
  ({ server } = suite);
  eventId = (await findEventByName(server.url, DEMO_IN_PERSON_EVENT_NAME)).event_id;
  anna = await suite.launch({ locale: 'en-GB', viewport: PHONE });
  await suite.signIn(anna.page, DEMO_ACCOUNTS.anna, `/en/events/${eventId}/visitors`, { waitForWorker: true });
  const status = new SyncStatusBar(anna.page);
  await suite.poll(() => status.isIdle(), Boolean, 60_000, "anna's first sync");
}, 180_000);

describe('people to meet', () => {
  it('shows who answers what Anna looks for, with the reason, offline too', async () => {
    const { page } = anna;
    const card = page.getByRole('region', { name: 'People you should meet' });
    await card.waitFor({ timeout: 30_000 });
    const before = await names(page);
    expect(before.length).toBeGreaterThan(0);
    expect(before.length).toBeLessThanOrEqual(2);
    // Anna looks for "Product people …": the first reason names her word as the other person wrote it.
    const reason = (await card.locator('.suggestions__reason').first().textContent()) ?? '';
    expect(reason).toMatch(/^(You are looking for “[^”]+” — that is them|Looking for “[^”]+” — that is you|Shared interests: .+)$/);
    await fitsPhone(page, 'the visitors page with suggestions');

    await server.stop();
    try {
      await page.reload();
      await card.waitFor({ timeout: 30_000 });
      expect(await names(page)).toEqual(before);
    } finally {
      await server.start();
    }
  });

  it('opens the meeting request from a suggestion, and reads in Ukrainian', async () => {
    const { page } = anna;
    await page.goto(`${server.url}/en/events/${eventId}/visitors`);
    const card = page.getByRole('region', { name: 'People you should meet' });
    await card.getByRole('button', { name: 'Ask to meet' }).first().click();
    await page.getByRole('dialog', { name: /create appointment/i }).waitFor({ timeout: 30_000 });
    await page.keyboard.press('Escape');

    await page.goto(`${server.url}/uk/events/${eventId}/visitors`);
    const uk = page.getByRole('region', { name: 'Люди, з якими варто зустрітися' });
    await uk.waitFor({ timeout: 30_000 });
    expect(await uk.getByRole('button', { name: 'Запросити на зустріч' }).count()).toBeGreaterThan(0);
    await fitsPhone(page, 'the Ukrainian suggestions');
  });
});
