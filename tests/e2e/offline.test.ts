import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_IN_PERSON_EVENT_NAME, DEMO_PASSWORD } from '../../server/db/seed/demo-data.ts';
import type { FoyerServer } from './fixtures/server.ts';
import { installabilityErrors, waitForServiceWorkerControl, type TestBrowser } from './fixtures/browser.ts';
import { e2eSuite } from './fixtures/suite.ts';
import { apiLogin, favoriteRows, findEventByName, myEvent } from './fixtures/api.ts';
import { EventPage } from './pages/EventPage.ts';
import { SyncStatusBar } from './pages/SyncStatusBar.ts';

/**
 * The offline promise of the PWA, end to end in Chromium against the built app and the real server.
 * "Offline" means the server process is stopped: browser offline emulation would not reach the sync
 * worker or its open stream, so it would test nothing the user meets in a venue with no signal.
 */

const ANNA = DEMO_ACCOUNTS.anna;
/** Covers the worker's retry backoff after the server comes back (capped at SYNC_RETRY_MAX_MS = 30 s). */
const RESYNC_TIMEOUT_MS = 45_000;

const suite = e2eSuite({ browsers: { anna: undefined }, restartEachTest: true });
const { poll, until } = suite;
let server: FoyerServer;
let browser: TestBrowser;
let eventId: number;
let eventName: string;
let posterUrl: string;

beforeAll(async () => {
  ({ server } = suite);
  browser = suite.browser('anna');
  const event = await findEventByName(server.url, DEMO_IN_PERSON_EVENT_NAME);
  eventId = event.event_id;
  eventName = event.name;
  posterUrl = event.poster_big;
});

describe('offline-first PWA', () => {
  it('has a manifest Chromium considers installable', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/uk/`);
    await waitForServiceWorkerControl(page);
    const manifest = (await (await fetch(`${server.url}/manifest.webmanifest`)).json()) as { icons: { src: string }[] };
    for (const icon of manifest.icons) {
      const res = await fetch(new URL(icon.src, server.url));
      expect(res.status, icon.src).toBe(200);
      expect(res.headers.get('content-type'), icon.src).toMatch(/image\/png/);
    }
    expect(await installabilityErrors(page)).toEqual([]);
  });

  it('keeps a visited event readable offline and applies an offline favorite exactly once after reconnect', async () => {
    const { page } = browser;
    const eventPage = new EventPage(page, server.url);
    const status = new SyncStatusBar(page);

    // Online: log in through the screen and land on the in-person event.
    await suite.signIn(page, ANNA, `/uk/events/${eventId}`);
    await expect.poll(() => eventPage.title.textContent(), { timeout: 30_000 }).toBe(eventName);
    await waitForServiceWorkerControl(page);

    // "Up to date" may still be the guest sync from before the login, so wait for anna's own data:
    // the star must show what the server holds for her.
    const token = await apiLogin(server.url, ANNA, DEMO_PASSWORD);
    const seededFavorite = (await myEvent(server.url, token, eventId))?.is_favorite ?? false;
    await until(() => eventPage.isFavorite(), seededFavorite, 30_000, "anna's relations to reach the page");
    await poll(() => status.isIdle(), Boolean, 30_000, 'the first sync to finish');

    // The seed may already have starred this event for anna; start from "not a favorite" so the
    // offline tap below is the one that makes it a favorite.
    let clicks = 0;
    if (seededFavorite) {
      await eventPage.favoriteToggle.click();
      clicks += 1;
      await until(() => status.pending(), 0, RESYNC_TIMEOUT_MS, 'the un-favorite to be sent');
      await poll(
        async () => (await myEvent(server.url, token, eventId))?.is_favorite,
        (v) => v === false,
        10_000,
        'the server to apply the un-favorite',
      );
    }
    expect(await eventPage.isFavorite()).toBe(false);
    const countBefore = (await findEventByName(server.url, DEMO_IN_PERSON_EVENT_NAME)).favorites_count;
    // The page shows the poster as a background image; showing it once online is what caches it.
    await poll(() => eventPage.isCached(posterUrl), Boolean, 10_000, 'the poster in the runtime cache');

    // Offline: the server is gone; a reload is served by the service worker and renders from RxDB.
    await server.stop();
    await page.reload();
    await expect.poll(() => eventPage.title.textContent(), { timeout: 30_000 }).toBe(eventName);
    expect(await eventPage.fetchStatus(posterUrl), 'poster from the runtime cache').toBe(200);
    await poll(() => status.isOffline(), Boolean, 30_000, 'the status to say offline');

    // Favorite while offline: shown at once, queued as one pending change.
    await eventPage.favoriteToggle.click();
    clicks += 1;
    await poll(() => eventPage.isFavorite(), Boolean, 2_000, 'the star to show as favorited at once');
    await until(() => status.pending(), 1, 5_000, 'one pending change');

    // Back online: the outbox drains and the status settles.
    await server.start();
    await until(() => status.pending(), 0, RESYNC_TIMEOUT_MS, 'the pending change to be sent');
    await poll(() => status.isIdle(), Boolean, RESYNC_TIMEOUT_MS, 'the status to return to idle');
    expect(await eventPage.isFavorite()).toBe(true);

    // Sessions live in the database, so the token from before the outage is still good.
    expect((await myEvent(server.url, token, eventId))?.is_favorite).toBe(true);
    expect((await findEventByName(server.url, DEMO_IN_PERSON_EVENT_NAME)).favorites_count).toBe(countBefore + 1);

    // Exactly once, in the server's own tables: one relation row marked favorite, and one applied
    // favorite command per tap the user made (no duplicate from resends after the outage).
    await server.stop();
    const rows = await favoriteRows(server.dataDir, ANNA, eventId);
    await server.start();
    expect(rows.relations).toEqual([{ is_favorite: true, deleted: false }]);
    expect(rows.commands.map((c) => c.status)).toEqual(Array(clicks).fill('applied'));
  });

  it('opens a deep link to a visited screen offline', async () => {
    const { page } = browser;
    const eventPage = new EventPage(page, server.url);
    // Visit the event list online so the screen and its data are on the device.
    await page.goto(`${server.url}/uk/events/favorites`);
    await waitForServiceWorkerControl(page);
    await server.stop();
    try {
      await page.goto(eventPage.url(eventId));
      await expect.poll(() => eventPage.title.textContent(), { timeout: 30_000 }).toBe(eventName);
      await page.goto(`${server.url}/uk/events/favorites`);
      await expect.poll(() => page.getByRole('main').getByText(eventName).first().isVisible(), { timeout: 30_000 }).toBe(true);
    } finally {
      await server.start();
    }
  });
});
