import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_IN_PERSON_EVENT_NAME } from '../../server/db/seed/demo-data.ts';
import { findEventByName } from './fixtures/api.ts';
import type { TestBrowser } from './fixtures/browser.ts';
import type { FoyerServer } from './fixtures/server.ts';
import { fitsPhone, PHONE } from './fixtures/phone.ts';
import { e2eSuite } from './fixtures/suite.ts';
import { SyncStatusBar } from './pages/SyncStatusBar.ts';

/**
 * "People you should meet" (issue 31) on a 360 × 640 phone: Anna, who looks for product people,
 * sees who answers that at the demo event and why, still sees them with the server stopped (they
 * are computed on her device), and one tap opens the meeting request.
 */

const suite = e2eSuite();
let server: FoyerServer;
let anna: TestBrowser;
let eventId: number;

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
    // On a phone: a button in the filters' row, so the visitor cards still start on the first screen.
    const open = page.getByRole('main').getByRole('button', { name: /^\d+ to meet$/ });
    await open.waitFor({ timeout: 30_000 });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'People you should meet' });
    await dialog.waitFor();
    const before = await names(page);
    expect(before.length).toBeGreaterThan(0);
    expect(before.length).toBeLessThanOrEqual(2);
    // Anna looks for "Product people …": the reason names her word as the other person wrote it.
    const reason = (await dialog.locator('.suggestions__reason').first().textContent()) ?? '';
    expect(reason).toMatch(/^(You are looking for “[^”]+” — that is them|Looking for “[^”]+” — that is you|Shared interests: .+)$/);
    await fitsPhone(page, 'the suggestions on a phone');

    await server.stop();
    try {
      await page.reload();
      await open.click({ timeout: 30_000 });
      await dialog.waitFor();
      expect(await names(page)).toEqual(before);
    } finally {
      await server.start();
    }
  });

  it('opens the meeting request from a suggestion, and reads in Ukrainian', async () => {
    const { page } = anna;
    await page.goto(`${server.url}/en/events/${eventId}/visitors`);
    await page
      .getByRole('main')
      .getByRole('button', { name: /^\d+ to meet$/ })
      .click({ timeout: 30_000 });
    await page.getByRole('dialog', { name: 'People you should meet' }).getByRole('button', { name: 'Ask to meet' }).first().click();
    await page.getByRole('dialog', { name: /create appointment/i }).waitFor({ timeout: 30_000 });
    await page.keyboard.press('Escape');

    await page.goto(`${server.url}/uk/events/${eventId}/visitors`);
    await page
      .getByRole('main')
      .getByRole('button', { name: /^Варто зустріти: \d+$/ })
      .click({ timeout: 30_000 });
    const uk = page.getByRole('dialog', { name: 'Люди, з якими варто зустрітися' });
    await uk.waitFor();
    expect(await uk.getByRole('button', { name: 'Запросити на зустріч' }).count()).toBeGreaterThan(0);
    await fitsPhone(page, 'the Ukrainian suggestions');
  });

  it('is a card above the visitors on a wide screen', async () => {
    const { page } = anna;
    await page.setViewportSize({ width: 1280, height: 900 });
    try {
      await page.goto(`${server.url}/en/events/${eventId}/visitors`);
      const card = page.getByRole('region', { name: 'People you should meet' });
      await card.waitFor({ timeout: 30_000 });
      expect(await card.getByRole('button', { name: 'Ask to meet' }).count()).toBeGreaterThan(0);
    } finally {
      await page.setViewportSize(PHONE);
    }
  });
});
