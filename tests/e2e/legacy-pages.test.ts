import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_IN_PERSON_EVENT_NAME, DEMO_PASSWORD } from '../../server/db/seed/demo-data.ts';
import type { FoyerServer } from './fixtures/server.ts';
import type { TestBrowser } from './fixtures/browser.ts';
import { e2eSuite } from './fixtures/suite.ts';
import { apiLogin, findEventByName } from './fixtures/api.ts';
import { ChatPage } from './pages/ChatPage.ts';
import { SyncStatusBar } from './pages/SyncStatusBar.ts';
import { VisitorsPage } from './pages/VisitorsPage.ts';

/**
 * Pages the specs link to that led nowhere (issue 16): the event page's "Discussions" (the event
 * chat on its own page, with the comment filter), online and offline from the device, and the
 * specs' /{locale}/user/{id}; a visitor's own category at an event, set offline on their card.
 */

const RESYNC_TIMEOUT_MS = 45_000;
const suite = e2eSuite({ browsers: { anna: 'en-US' }, restartEachTest: true });
const { poll, until } = suite;
let server: FoyerServer;
let anna: TestBrowser;
let eventId: number;

beforeAll(async () => {
  ({ server } = suite);
  anna = suite.browser('anna');
  eventId = (await findEventByName(server.url, DEMO_IN_PERSON_EVENT_NAME)).event_id;
});

describe('Discussions', () => {
  it('opens the event chat from the event page, filters it, and opens offline', async () => {
    const token = await apiLogin(server.url, DEMO_ACCOUNTS.anna, DEMO_PASSWORD);
    const mine = `my own remark ${Date.now()}`;
    const res = await fetch(`${server.url}/api/events/add-comment`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ event_id: eventId, comment: mine }),
    });
    expect(((await res.json()) as { status_code: number }).status_code).toBe(200);

    await suite.signIn(anna.page, DEMO_ACCOUNTS.anna, `/en/events/${eventId}`, { waitForWorker: true });
    const status = new SyncStatusBar(anna.page);
    await anna.page.getByRole('link', { name: 'Discussions', exact: true }).click();
    await anna.page.waitForURL(`**/en/events/${eventId}/discussions`);
    await anna.page.getByRole('heading', { name: 'Discussions', level: 1 }).waitFor();
    const chat = new ChatPage(anna.page, server.url);
    await until(() => chat.messagesWithText(mine).count(), 1, RESYNC_TIMEOUT_MS, 'her comment in the discussion');
    await poll(
      () => chat.count(),
      (n) => n >= 2,
      RESYNC_TIMEOUT_MS,
      "the seed's comments beside hers",
    );
    await poll(() => status.isIdle(), Boolean, RESYNC_TIMEOUT_MS, 'the first sync');
    const all = await chat.count();

    // Mine: only what anna wrote, her new remark among it.
    await chat.root.getByRole('button', { name: 'Mine', exact: true }).click();
    await poll(
      () => chat.count(),
      (n) => n >= 1 && n < all,
      5_000,
      'only her comments',
    );
    expect(await chat.messagesWithText(mine).count()).toBe(1);
    // With images: none of the text-only remark.
    await chat.root.getByRole('button', { name: 'With images', exact: true }).click();
    await until(() => chat.messagesWithText(mine).count(), 0, 5_000, 'the text-only remark to leave');
    await chat.root.getByRole('button', { name: 'All', exact: true }).click();
    await until(() => chat.count(), all, 5_000, 'every comment again');

    // Offline: the page comes from the service worker and the comments from the device.
    await server.stop();
    await anna.page.reload();
    await anna.page.getByRole('heading', { name: 'Discussions', level: 1 }).waitFor({ timeout: 30_000 });
    await until(() => chat.messagesWithText(mine).count(), 1, 30_000, 'the discussion offline');
  });

  it("sends the specs' /user/{id} and the old hash-mode links to their pages; a first English visit opens in English, where a guest sees a profile from the server", async () => {
    const token = await apiLogin(server.url, DEMO_ACCOUNTS.bohdan, DEMO_PASSWORD);
    const me = (await (await fetch(`${server.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      data: { id?: number; user_id?: number };
    };
    const id = me.data.user_id ?? me.data.id;
    await anna.page.goto(`${server.url}/en/user/${id}`);
    await anna.page.waitForURL(`**/en/profiles/${id}`);
    await anna.page.goto(`${server.url}/#/myprofile/messages`);
    await anna.page.waitForURL('**/en/profile/mymessages');
    await anna.page.goto(`${server.url}/myprofile`);
    await anna.page.waitForURL(/\/en\/profile$/);

    // A browser that never chose a language, asking for English, and nobody signed in.
    const { page } = await suite.launch({ locale: 'en-GB' });
    await page.goto(`${server.url}/`);
    await page.waitForURL(/\/en$/);
    await page.goto(`${server.url}/en/profiles/${id}`);
    await page.getByRole('heading', { name: 'Bohdan Shevchenko', level: 1 }).waitFor({ timeout: 30_000 });
    expect(await page.getByText('This profile is not on this device').count()).toBe(0);
  });

  it('lets a visitor set their own category on their card offline; the server gets it once back online', async () => {
    const token = await apiLogin(server.url, DEMO_ACCOUNTS.anna, DEMO_PASSWORD);
    const me = (
      (await (await fetch(`${server.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
        data: { user_id: number; first_name: string; last_name: string };
      }
    ).data;
    const { page } = await suite.launch({ locale: 'en-GB' });
    await suite.signIn(page, DEMO_ACCOUNTS.anna, `/en/events/${eventId}/visitors`, { waitForWorker: true });
    const status = new SyncStatusBar(page);
    await poll(() => status.isIdle(), Boolean, 60_000, "anna's sync");
    const visitors = new VisitorsPage(page, server.url);
    await visitors.search.fill(me.last_name);
    const card = visitors.card(`${me.first_name} ${me.last_name}`);
    await until(() => card.count(), 1, 30_000, 'her own card');
    const select = card.getByLabel('My category at this event');
    await select.waitFor({ timeout: 30_000 });
    const options = await select.locator('option').allTextContents();
    expect(options.length).toBeGreaterThan(2);
    const current = await select.inputValue();
    const wanted = (await select.locator('option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value))).find(
      (v) => v !== '0' && v !== current,
    )!;

    await server.stop();
    await poll(() => status.isOffline(), Boolean, 30_000, 'offline');
    await select.selectOption(wanted);
    await card.getByText('Waiting to sync').waitFor({ timeout: 5_000 });
    await page.reload();
    await visitors.search.fill(me.last_name);
    await until(() => card.getByLabel('My category at this event').inputValue(), wanted, 30_000, 'the choice after an offline reload');

    await server.start();
    await until(() => status.pending(), 0, RESYNC_TIMEOUT_MS, 'the choice sent');
    const res = await fetch(`${server.url}/sync/v1/visitors/pull?event_id=${eventId}&checkpoint=0&limit=2000`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const mine = ((await res.json()) as { documents: { user_id: number; menu_id: number }[] }).documents.find((d) => d.user_id === me.user_id);
    expect(String(mine?.menu_id)).toBe(wanted);
  });
});
