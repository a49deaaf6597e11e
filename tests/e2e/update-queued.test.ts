import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_IN_PERSON_EVENT_NAME, DEMO_ONLINE_EVENT_NAME, DEMO_PASSWORD } from '../../server/db/seed/demo-data.ts';
import type { FoyerServer, ReleasableDist } from './fixtures/server.ts';
import { pollUntil, waitForServiceWorkerControl, type TestBrowser } from './fixtures/browser.ts';
import { e2eSuite } from './fixtures/suite.ts';
import { apiLogin, favoriteRows, findEventByName, myEvent } from './fixtures/api.ts';
import { EventPage } from './pages/EventPage.ts';
import { SyncStatusBar } from './pages/SyncStatusBar.ts';
import { UpdatePromptBar } from './pages/UpdatePromptBar.ts';

/**
 * A new release lands while changes wait in the outbox with no network. The prompt's Reload is
 * withheld while anything is queued (update-gate.ts), so the user takes the new version the other way
 * a browser allows: closing the app and opening it again, which lets the waiting service worker take
 * over. The new version must find the queued changes on the device and send each exactly once when
 * the server is back.
 */

const ANNA = DEMO_ACCOUNTS.anna;
const RESYNC_TIMEOUT_MS = 45_000;

const suite = e2eSuite({ releasable: true, browsers: { anna: 'en-GB' } });
const { context } = suite;
let server: FoyerServer;
let dist: ReleasableDist;
let browser: TestBrowser;
let eventA: number;
let eventB: number;

beforeAll(async () => {
  ({ server, dist } = suite);
  browser = suite.browser('anna');
  eventA = (await findEventByName(server.url, DEMO_IN_PERSON_EVENT_NAME)).event_id;
  eventB = (await findEventByName(server.url, DEMO_ONLINE_EVENT_NAME)).event_id;
});

/** Which release each running service worker of the profile carries (null: the original build). */
async function serviceWorkerReleases(ctx: BrowserContext): Promise<(string | null)[]> {
  const releases: (string | null)[] = [];
  for (const sw of ctx.serviceWorkers()) {
    const tag = await sw.evaluate(() => (self as unknown as { __foyerRelease?: string }).__foyerRelease ?? null).catch(() => 'gone');
    if (tag !== 'gone') releases.push(tag);
  }
  return releases;
}

async function registrationState(page: Page): Promise<{ waiting: boolean; active: boolean; controlled: boolean }> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return { waiting: Boolean(registration?.waiting), active: Boolean(registration?.active), controlled: Boolean(navigator.serviceWorker.controller) };
  });
}

describe('an update while changes are queued offline', () => {
  it('keeps the queued changes across the new version and applies each exactly once', async () => {
    const token = await apiLogin(server.url, ANNA, DEMO_PASSWORD);
    const seededA = (await myEvent(server.url, token, eventA))?.is_favorite ?? false;
    const seededB = (await myEvent(server.url, token, eventB))?.is_favorite ?? false;
    const countA = (await findEventByName(server.url, DEMO_IN_PERSON_EVENT_NAME)).favorites_count;
    const countB = (await findEventByName(server.url, DEMO_ONLINE_EVENT_NAME)).favorites_count;

    let page = browser.page;
    await suite.signIn(page, ANNA, `/en/events/${eventA}`, { waitForWorker: true });
    let eventPage = new EventPage(page, server.url, 'en');
    let status = new SyncStatusBar(page);
    await pollUntil(
      () => eventPage.isFavorite(),
      (v) => v === seededA,
      30_000,
      "anna's relations on the page",
      context,
    );
    await pollUntil(() => status.isIdle(), Boolean, 30_000, 'the first sync', context);
    expect(await serviceWorkerReleases(browser.context)).toEqual([null]);

    // Release 2 while online: the tab finds it and offers it.
    dist.release('r2');
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    await pollUntil(
      () => registrationState(page),
      (s) => s.waiting,
      30_000,
      'the new service worker to wait',
      context,
    );
    const prompt = new UpdatePromptBar(page);
    await pollUntil(() => prompt.bar.isVisible(), Boolean, 10_000, 'the update prompt', context);

    // The network goes; two changes are queued (a favorite on this event and on another one).
    await server.stop();
    await pollUntil(() => status.isOffline(), Boolean, 30_000, 'the status to say offline', context);
    await eventPage.favoriteToggle.click();
    await pollUntil(
      () => status.pending(),
      (n) => n === 1,
      5_000,
      'the first change queued',
      context,
    );
    await eventPage.goto(eventB);
    await pollUntil(
      () => eventPage.isFavorite(),
      (v) => v === seededB,
      30_000,
      'event B from the device',
      context,
    );
    await eventPage.favoriteToggle.click();
    await pollUntil(
      () => status.pending(),
      (n) => n === 2,
      5_000,
      'two changes queued',
      context,
    );
    expect(await prompt.bar.isVisible(), 'no Reload offered over queued changes').toBe(false);

    // Close the app and open it again, still offline: the waiting version takes over once no page is
    // left under the old one. A page opened in that same instant can still start under the old
    // version (as an app reopened at once would), so reopen until the new version runs.
    const reopenUntil = Date.now() + 60_000;
    for (let reopened = 1; ; reopened++) {
      await page.close();
      page = await browser.context.newPage();
      page.on('pageerror', (error) => browser.errors.push(`reopened: ${error.message}`));
      eventPage = new EventPage(page, server.url, 'en');
      status = new SyncStatusBar(page);
      await eventPage.goto(eventA);
      await waitForServiceWorkerControl(page);
      const state = await pollUntil(
        () => registrationState(page),
        (s) => s.active && s.controlled,
        30_000,
        'a controlled page',
        context,
      );
      if (!state.waiting) break;
      if (Date.now() > reopenUntil) throw new Error(`the new version never took over after ${reopened} reopenings${context()}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    await pollUntil(
      () => serviceWorkerReleases(browser.context),
      (r) => r.length > 0 && r.every((tag) => tag === 'r2'),
      15_000,
      'only release 2 running',
      context,
    );

    // The new version shows the queued work from the device, and the state it will lead to.
    await pollUntil(
      () => status.pending(),
      (n) => n === 2,
      30_000,
      'the two queued changes after the update',
      context,
    );
    await pollUntil(
      () => eventPage.isFavorite(),
      (v) => v === !seededA,
      30_000,
      'the queued favorite still shown',
      context,
    );

    await server.start();
    await pollUntil(
      () => status.pending(),
      (n) => n === 0,
      RESYNC_TIMEOUT_MS,
      'the queued changes to be sent',
      context,
    );
    await pollUntil(() => status.isIdle(), Boolean, RESYNC_TIMEOUT_MS, 'the status to settle', context);
    expect(await eventPage.isFavorite()).toBe(!seededA);

    await server.stop();
    const rowsA = await favoriteRows(server.dataDir, ANNA, eventA);
    const rowsB = await favoriteRows(server.dataDir, ANNA, eventB);
    await server.start();
    // Two favorite commands in all (the user's, across events), each stored and applied once.
    expect(rowsA.commands.map((c) => c.status)).toEqual(['applied', 'applied']);
    expect(new Set(rowsA.commands.map((c) => c.id)).size).toBe(2);
    const favorite = (rows: typeof rowsA) => rows.relations.some((r) => !r.deleted && r.is_favorite);
    expect(favorite(rowsA)).toBe(!seededA);
    expect(favorite(rowsB)).toBe(!seededB);
    expect(rowsA.favoritesCount).toBe(countA + (seededA ? -1 : 1));
    expect(rowsB.favoritesCount).toBe(countB + (seededB ? -1 : 1));
  });
});
