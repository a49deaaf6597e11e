import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_IN_PERSON_EVENT_NAME, DEMO_PASSWORD } from '../../server/db/seed/demo-data.ts';
import { DIST_DIR, assertBuilt, startFoyerServer, type FoyerServer } from './fixtures/server.ts';
import { launchBrowser, waitForServiceWorkerControl, type TestBrowser } from './fixtures/browser.ts';
import { findEventByName } from './fixtures/api.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { EventPage } from './pages/EventPage.ts';
import { SyncStatusBar } from './pages/SyncStatusBar.ts';
import { UpdatePromptBar } from './pages/UpdatePromptBar.ts';

/**
 * A new release while the app is open: the update prompt appears, hides while there is unsent work,
 * and its Reload button moves the tab onto the new service worker. The server serves a copy of the
 * build, so "releasing" is rewriting that copy's sw.js, which is all a browser compares.
 */

const RESYNC_TIMEOUT_MS = 45_000;

let server: FoyerServer;
let browser: TestBrowser;
let distCopy: string;
let eventId: number;

beforeAll(async () => {
  assertBuilt();
  distCopy = fs.mkdtempSync(path.join(os.tmpdir(), 'foyer-dist-'));
  fs.cpSync(DIST_DIR, distCopy, { recursive: true });
  server = await startFoyerServer({ seed: 'demo', distDir: distCopy });
  eventId = (await findEventByName(server.url, DEMO_IN_PERSON_EVENT_NAME)).event_id;
  browser = await launchBrowser();
});

beforeEach(async () => {
  await server.start();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  if (distCopy) fs.rmSync(distCopy, { recursive: true, force: true });
});

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}\n${browser.errors.join('\n')}\n${server.output(30)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('update prompt', () => {
  it('offers a new version only while nothing waits to sync, and reloads into it on request', async () => {
    const { page } = browser;
    const eventPage = new EventPage(page, server.url);
    const status = new SyncStatusBar(page);
    const prompt = new UpdatePromptBar(page);

    const login = new LoginPage(page, server.url);
    await login.goto(`/uk/events/${eventId}`);
    await login.login(DEMO_ACCOUNTS.anna, DEMO_PASSWORD);
    await page.waitForURL(`**/uk/events/${eventId}`);
    await waitForServiceWorkerControl(page);
    await until(() => status.isIdle(), 30_000, 'the first sync');
    expect(await prompt.bar.count()).toBe(0);

    // Release: a byte-different sw.js. The tab checks for it now instead of waiting for its hourly check.
    fs.appendFileSync(path.join(distCopy, 'sw.js'), `\n// release ${Date.now()}\n`);
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    await until(
      () => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)),
      30_000,
      'the new service worker to wait',
    );
    await until(() => prompt.bar.isVisible(), 10_000, 'the prompt while the sync is idle');

    // Offline with an empty outbox a reload loses nothing, so the prompt stays.
    await server.stop();
    await until(() => status.isOffline(), 30_000, 'the status to say offline');
    expect(await prompt.bar.isVisible()).toBe(true);

    // A change waiting to be sent hides it: reloading now would leave the user unsure it was kept.
    await eventPage.favoriteToggle.click();
    await until(async () => (await status.pending()) === 1, 5_000, 'one pending change');
    await until(async () => !(await prompt.bar.isVisible()), 5_000, 'the prompt to hide while a change is pending');

    await server.start();
    await until(async () => (await status.pending()) === 0 && (await status.isIdle()), RESYNC_TIMEOUT_MS, 'the outbox to drain');
    await until(() => prompt.bar.isVisible(), 10_000, 'the prompt to come back once the sync is idle');

    // Reload: the waiting worker takes over and this tab reloads into it.
    await page.evaluate(() => {
      (window as unknown as { beforeUpdate?: boolean }).beforeUpdate = true;
    });
    const reloaded = page.waitForEvent('load');
    await prompt.reload.click();
    await reloaded;
    await waitForServiceWorkerControl(page);
    expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate)).toBeUndefined();
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(false);
    await until(() => status.isIdle(), 30_000, 'the sync after the update');
    expect(await prompt.bar.isVisible()).toBe(false);
  });
});
