import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_IN_PERSON_EVENT_NAME } from '../../server/db/seed/demo-data.ts';
import type { FoyerServer, ReleasableDist } from './fixtures/server.ts';
import { waitForServiceWorkerControl, type TestBrowser } from './fixtures/browser.ts';
import { e2eSuite } from './fixtures/suite.ts';
import { findEventByName } from './fixtures/api.ts';
import { EventPage } from './pages/EventPage.ts';
import { SyncStatusBar } from './pages/SyncStatusBar.ts';
import { UpdatePromptBar } from './pages/UpdatePromptBar.ts';

/**
 * A new release while the app is open: the update prompt appears, hides while there is unsent work,
 * and its Reload button moves the tab onto the new service worker. The server serves a copy of the
 * build, so "releasing" is rewriting that copy's sw.js, which is all a browser compares.
 */

const RESYNC_TIMEOUT_MS = 45_000;

const suite = e2eSuite({ releasable: true, browsers: { anna: undefined }, restartEachTest: true });
let server: FoyerServer;
let browser: TestBrowser;
let dist: ReleasableDist;
let eventId: number;

beforeAll(async () => {
  ({ server, dist } = suite);
  browser = suite.browser('anna');
  eventId = (await findEventByName(server.url, DEMO_IN_PERSON_EVENT_NAME)).event_id;
});

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  await suite.poll(check, Boolean, timeoutMs, what);
}

describe('update prompt', () => {
  it('offers a new version only while nothing waits to sync, and reloads into it on request', async () => {
    const { page } = browser;
    const eventPage = new EventPage(page, server.url);
    const status = new SyncStatusBar(page);
    const prompt = new UpdatePromptBar(page);

    await suite.signIn(page, DEMO_ACCOUNTS.anna, `/uk/events/${eventId}`, { waitForWorker: true });
    await until(() => status.isIdle(), 30_000, 'the first sync');
    expect(await prompt.bar.count()).toBe(0);

    // Release: a byte-different sw.js. The tab checks for it now instead of waiting for its hourly check.
    dist.release(`r${Date.now()}`);
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    await until(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)), 30_000, 'the new service worker to wait');
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
