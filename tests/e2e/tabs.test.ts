import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_IN_PERSON_EVENT_NAME, DEMO_ONLINE_EVENT_NAME, DEMO_PASSWORD } from '../../server/db/seed/demo-data.ts';
import type { FoyerServer } from './fixtures/server.ts';
import { pollUntil, type TestBrowser } from './fixtures/browser.ts';
import { e2eSuite } from './fixtures/suite.ts';
import { apiLogin, favoriteRows, findEventByName, myEvent } from './fixtures/api.ts';
import { EventPage } from './pages/EventPage.ts';
import { SyncStatusBar } from './pages/SyncStatusBar.ts';

/**
 * Two tabs of one profile, signed in as the same person. The tabs share one IndexedDB, and only the
 * worker holding the Web Lock `foyer-sync-leader:<db>` replicates and sends the outbox. A favorite
 * made in the follower shows in both and is sent by the leader; changes queued while the server is
 * down and the leader tab is closed are sent by the other tab, which takes the lock, exactly once.
 */

const ANNA = DEMO_ACCOUNTS.anna;
const RESYNC_TIMEOUT_MS = 45_000;

const suite = e2eSuite({ browsers: { anna: 'en-GB' } });
const { context } = suite;
let server: FoyerServer;
let browser: TestBrowser;
let eventA: number;
let eventB: number;

beforeAll(async () => {
  ({ server } = suite);
  browser = suite.browser('anna');
  eventA = (await findEventByName(server.url, DEMO_IN_PERSON_EVENT_NAME)).event_id;
  eventB = (await findEventByName(server.url, DEMO_ONLINE_EVENT_NAME)).event_id;
});

/** The sync calls a tab's page and its workers make (Playwright reports a dedicated worker's requests on its page). */
function syncCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/sync/v1/')) calls.push(`${request.method()} ${pathname}`);
  });
  return calls;
}

/** The leader locks as the browser sees them: held by one worker, requested by the others. */
async function leaderLocks(page: Page): Promise<{ held: number; pending: number }> {
  return page.evaluate(async () => {
    const state = await navigator.locks.query();
    const ours = (list: LockInfo[] | undefined) => (list ?? []).filter((l) => l.name?.startsWith('foyer-sync-leader:')).length;
    return { held: ours(state.held), pending: ours(state.pending) };
  });
}

const favoriteCount = async (name: string) => (await findEventByName(server.url, name)).favorites_count;

describe('two tabs', () => {
  it('replicate through one leader, see each other’s writes, and hand queued work over when the leader closes', async () => {
    const tab1 = browser.page;
    const tab1Calls = syncCalls(tab1);
    const token = await apiLogin(server.url, ANNA, DEMO_PASSWORD);
    const seededA = (await myEvent(server.url, token, eventA))?.is_favorite ?? false;
    const seededB = (await myEvent(server.url, token, eventB))?.is_favorite ?? false;
    const countA = await favoriteCount(DEMO_IN_PERSON_EVENT_NAME);
    const countB = await favoriteCount(DEMO_ONLINE_EVENT_NAME);

    await suite.signIn(tab1, ANNA, `/en/events/${eventA}`, { waitForWorker: true });
    const page1 = new EventPage(tab1, server.url, 'en');
    const status1 = new SyncStatusBar(tab1);
    await pollUntil(
      () => page1.isFavorite(),
      (v) => v === seededA,
      30_000,
      "anna's relations in tab 1",
      context,
    );
    await pollUntil(() => status1.isIdle(), Boolean, 30_000, 'the first sync', context);

    const tab2 = await browser.context.newPage();
    tab2.on('pageerror', (error) => browser.errors.push(`tab 2: ${error.message}`));
    const tab2Calls = syncCalls(tab2);
    const page2 = new EventPage(tab2, server.url, 'en');
    const status2 = new SyncStatusBar(tab2);
    await page2.goto(eventA);
    await pollUntil(
      () => page2.isFavorite(),
      (v) => v === seededA,
      30_000,
      'the same data in tab 2',
      context,
    );
    await pollUntil(() => status2.isIdle(), Boolean, 30_000, "tab 2's status to follow the leader's", context);

    // One worker holds the lock, the other waits for it; the first tab's is the one that replicates.
    expect(await leaderLocks(tab2)).toEqual({ held: 1, pending: 1 });
    expect(
      tab1Calls.some((c) => c.startsWith('GET /sync/v1/')),
      `tab 1 calls: ${tab1Calls.join(', ')}`,
    ).toBe(true);
    expect(tab2Calls, 'the follower tab never talks to the sync endpoints').toEqual([]);

    // A favorite in the follower: both tabs show it at once, the leader sends it.
    tab1Calls.length = 0;
    await page2.favoriteToggle.click();
    await pollUntil(
      () => page2.isFavorite(),
      (v) => v === !seededA,
      5_000,
      'the star in tab 2',
      context,
    );
    await pollUntil(
      () => page1.isFavorite(),
      (v) => v === !seededA,
      5_000,
      "tab 2's favorite shown in tab 1",
      context,
    );
    await pollUntil(
      async () => (await myEvent(server.url, token, eventA))?.is_favorite,
      (v) => v === !seededA,
      RESYNC_TIMEOUT_MS,
      'the favorite on the server',
      context,
    );
    expect(tab1Calls).toContain('POST /sync/v1/commands');
    expect(tab2Calls).toEqual([]);

    // Offline: the leader tab queues two changes (back on A, and on B), and tab 2 sees them queued.
    await server.stop();
    await pollUntil(() => status1.isOffline(), Boolean, 30_000, 'tab 1 to say offline', context);
    await page1.favoriteToggle.click();
    await pollUntil(
      () => page2.isFavorite(),
      (v) => v === seededA,
      5_000,
      "tab 1's offline change shown in tab 2",
      context,
    );
    await page1.goto(eventB);
    await pollUntil(
      () => page1.isFavorite(),
      (v) => v === seededB,
      30_000,
      'event B from the device',
      context,
    );
    await page1.favoriteToggle.click();
    await pollUntil(
      () => status1.pending(),
      (n) => n === 2,
      5_000,
      'two queued changes in tab 1',
      context,
    );
    await pollUntil(
      () => status2.pending(),
      (n) => n === 2,
      5_000,
      'two queued changes in tab 2',
      context,
    );

    // The leader's tab goes away with the work still queued; tab 2's worker takes the lock.
    await tab1.close();
    await pollUntil(
      () => leaderLocks(tab2),
      (l) => l.held === 1 && l.pending === 0,
      15_000,
      'tab 2 to take the lock',
      context,
    );
    expect(await status2.pending()).toBe(2);

    await server.start();
    await pollUntil(
      () => status2.pending(),
      (n) => n === 0,
      RESYNC_TIMEOUT_MS,
      'tab 2 to send the queued changes',
      context,
    );
    await pollUntil(() => status2.isIdle(), Boolean, RESYNC_TIMEOUT_MS, 'tab 2 idle', context);
    expect(tab2Calls).toContain('POST /sync/v1/commands');
    expect(await page2.isFavorite()).toBe(seededA);

    // Exactly once, in the server's own tables: three favorite commands (one online, two handed over).
    await server.stop();
    const rowsA = await favoriteRows(server.dataDir, ANNA, eventA);
    const rowsB = await favoriteRows(server.dataDir, ANNA, eventB);
    await server.start();
    expect(rowsA.commands.map((c) => c.status)).toEqual(['applied', 'applied', 'applied']);
    expect(new Set(rowsA.commands.map((c) => c.id)).size).toBe(3);
    const favorite = (rows: typeof rowsA) => rows.relations.some((r) => !r.deleted && r.is_favorite);
    expect(rowsA.relations.filter((r) => !r.deleted).length).toBeLessThanOrEqual(1);
    expect(favorite(rowsA)).toBe(seededA);
    expect(favorite(rowsB)).toBe(!seededB);
    expect(rowsA.favoritesCount).toBe(countA);
    expect(rowsB.favoritesCount).toBe(countB + (seededB ? -1 : 1));
  });
});
