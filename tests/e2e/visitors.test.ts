import { beforeAll, describe, expect, it } from 'vitest';
import { SYNC_PULL_MAX_LIMIT } from '../../contract/constants.ts';
import type { RelationDoc, VisitorDoc } from '../../contract/visitors.ts';
import { DEMO_ACCOUNTS, DEMO_IN_PERSON_EVENT_NAME, DEMO_PASSWORD } from '../../server/db/seed/demo-data.ts';
import { openDatabase } from '../../server/db/index.ts';
import type { FoyerServer } from './fixtures/server.ts';
import type { TestBrowser } from './fixtures/browser.ts';
import { e2eSuite } from './fixtures/suite.ts';
import { apiLogin, findEventByName, pullAll } from './fixtures/api.ts';
import { SyncStatusBar } from './pages/SyncStatusBar.ts';
import { VisitorsPage } from './pages/VisitorsPage.ts';

/**
 * The visitors page end to end: a participant's device filters and searches the event's visitors
 * with the server stopped, likes one of them offline, and the like reaches the server exactly once
 * when it comes back. A guest browses the same page online and is asked to log in for friends.
 */

const ANNA = DEMO_ACCOUNTS.anna;
const RESYNC_TIMEOUT_MS = 45_000;

const suite = e2eSuite({ browsers: { anna: 'en-GB' }, restartEachTest: true });
const { poll, until } = suite;
let server: FoyerServer;
let browser: TestBrowser;
let eventId: number;

beforeAll(async () => {
  ({ server } = suite);
  browser = suite.browser('anna');
  eventId = (await findEventByName(server.url, DEMO_IN_PERSON_EVENT_NAME)).event_id;
});

/** The event's visitors as the server serves them to a participant. */
async function eventVisitors(token: string): Promise<VisitorDoc[]> {
  const res = await fetch(`${server.url}/sync/v1/visitors/pull?event_id=${eventId}&checkpoint=0&limit=${SYNC_PULL_MAX_LIMIT}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`visitors pull: HTTP ${res.status}`);
  return ((await res.json()) as { documents: (VisitorDoc & { deleted: boolean })[] }).documents.filter((d) => !d.deleted);
}

/** The like commands anna's devices sent, read from the stopped server's own tables. */
async function likeCommands(dataDir: string, userId: number) {
  const database = await openDatabase({ dataDir });
  try {
    return await database.db.selectFrom('commands').select(['status']).where('user_id', '=', userId).where('kind', '=', 'visitor.like').execute();
  } finally {
    await database.close();
  }
}

describe('visitors page', () => {
  it('filters and searches offline, likes a visitor offline and applies the like once after reconnect', async () => {
    const { page } = browser;
    const visitors = new VisitorsPage(page, server.url);
    const status = new SyncStatusBar(page);
    const token = await apiLogin(server.url, ANNA, DEMO_PASSWORD);
    const people = await eventVisitors(token);
    const relations = await pullAll<RelationDoc>(server.url, 'relations', token);
    const annaId = people.find((p) => p.email === ANNA)!.user_id;
    const liked = new Set(relations.filter((r) => !r.deleted && r.like_status >= 2).map((r) => r.user_id));
    // Somebody anna does not like yet, with a name nobody else at the event shares.
    const names = new Map<string, number>();
    for (const p of people) names.set(`${p.first_name} ${p.last_name}`, (names.get(`${p.first_name} ${p.last_name}`) ?? 0) + 1);
    const target = people.find(
      (p) => p.user_id !== annaId && !liked.has(p.user_id) && names.get(`${p.first_name} ${p.last_name}`) === 1 && p.last_name.length > 3,
    )!;
    const targetName = `${target.first_name} ${target.last_name}`;

    await suite.signIn(page, ANNA, `/en/events/${eventId}/visitors`, { waitForWorker: true });
    await poll(
      () => visitors.counts(),
      (c) => c?.total === people.length,
      60_000,
      'every visitor of the event on the device',
    );
    await poll(() => status.isIdle(), Boolean, 30_000, 'the first sync to finish');

    // Offline: the server is gone; the reload is served by the service worker, the list by RxDB.
    await server.stop();
    await page.reload();
    await poll(
      () => visitors.counts(),
      (c) => c?.total === people.length,
      30_000,
      'the list rendered offline',
    );
    await poll(() => status.isOffline(), Boolean, 30_000, 'the status to say offline');

    // Search: the list follows the text after the debounce, with no network to ask.
    await visitors.search.fill(target.last_name.slice(0, 4));
    await poll(
      () => visitors.counts(),
      (c) => c !== null && c.total < people.length,
      5_000,
      'the search to narrow the list',
    );
    await visitors.search.fill(targetName);
    await poll(
      () => visitors.names(),
      (n) => n.length === 1 && n[0] === targetName,
      5_000,
      'only the searched visitor',
    );
    expect(page.url()).toContain(`q=${encodeURIComponent(targetName).replace(/%20/g, '+')}`);

    // Sorting by name changes the order, still offline; clearing the search brings everyone back.
    await visitors.search.fill('');
    await poll(
      () => visitors.counts(),
      (c) => c?.total === people.length,
      5_000,
      'the whole list again',
    );
    await visitors.sort.selectOption('name:asc');
    const sorted = [...people].map((p) => `${p.first_name} ${p.last_name}`.trim()).sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));
    await poll(
      () => visitors.names(),
      (n) => n[0] === sorted[0],
      5_000,
      'the list sorted by name',
    );

    // Like while offline: shown at once, queued as one change.
    await visitors.search.fill(targetName);
    await poll(
      () => visitors.names(),
      (n) => n.length === 1,
      5_000,
      'the target alone',
    );
    const like = visitors.likeButton(targetName);
    expect(await like.getAttribute('aria-pressed')).toBe('false');
    await like.click();
    await until(() => like.getAttribute('aria-pressed'), 'true', 2_000, 'the like shown at once');
    await until(() => status.pending(), 1, 5_000, 'one pending change');

    // Back online: sent once, the server's relation says liked, the button stays pressed throughout.
    await server.start();
    await until(() => status.pending(), 0, RESYNC_TIMEOUT_MS, 'the like to be sent');
    await poll(() => status.isIdle(), Boolean, RESYNC_TIMEOUT_MS, 'the status to return to idle');
    expect(await like.getAttribute('aria-pressed')).toBe('true');
    const after = await pullAll<RelationDoc>(server.url, 'relations', token);
    expect(after.find((r) => r.user_id === target.user_id && !r.deleted)?.like_status).toBeGreaterThanOrEqual(2);
    await server.stop();
    const commands = await likeCommands(server.dataDir, annaId);
    await server.start();
    expect(commands.map((c) => c.status)).toEqual(['applied']);
  });

  it('lets a guest browse the list online and asks them to log in for the friends tab', async () => {
    const guest = await suite.launch({ locale: 'en-GB' });
    try {
      const visitors = new VisitorsPage(guest.page, server.url);
      await visitors.goto(eventId);
      await poll(
        () => visitors.counts(),
        (c) => c !== null && c.total > 0,
        30_000,
        'the server list for a guest',
      );
      await expect.poll(() => visitors.note(/browsing this list online/i).isVisible()).toBe(true);
      // Guests never get like, favorite or message, and have no appointments to wait for.
      expect(await visitors.main.getByRole('button', { name: /^Like / }).count()).toBe(0);
      expect(await visitors.main.getByText(/Checking your appointments/i).count()).toBe(0);

      await visitors.tab('Friends').click();
      await expect.poll(() => visitors.dialog.isVisible()).toBe(true);
      expect(await visitors.dialog.getByRole('link', { name: 'Log in' }).isVisible()).toBe(true);
      expect(await visitors.tab('All visitors').getAttribute('aria-selected')).toBe('true');
      await guest.page.keyboard.press('Escape');
      await expect.poll(() => visitors.dialog.isVisible()).toBe(false);
    } finally {
      await guest.close();
    }
  });
});
