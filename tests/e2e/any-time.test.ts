import { beforeAll, describe, expect, it } from 'vitest';
import type { VisitorDoc } from '../../contract/visitors.ts';
import { DEMO_ACCOUNTS, DEMO_IN_PERSON_EVENT_NAME, DEMO_PASSWORD } from '../../server/db/seed/demo-data.ts';
import type { FoyerServer } from './fixtures/server.ts';
import { DESKTOP_VIEWPORT } from './fixtures/browser.ts';
import { e2eSuite } from './fixtures/suite.ts';
import { apiLogin, findEventByName } from './fixtures/api.ts';
import { requestSentOnceBack, strangersAt } from './fixtures/meetings.ts';
import { AppointmentModal } from './pages/AppointmentModal.ts';
import { SyncStatusBar } from './pages/SyncStatusBar.ts';
import { VisitorsPage } from './pages/VisitorsPage.ts';

/**
 * Any-time appointments (issue 16): the specs' quick request (any time and a comment) from a
 * visitor card, made offline, reaches the server once as an any-time request; the modal's switch
 * clears a chosen time.
 */

const RESYNC_TIMEOUT_MS = 45_000;
const suite = e2eSuite({ restartEachTest: true });
const { poll, until } = suite;
let server: FoyerServer;
let eventId: number;
let annaToken: string;
let stranger: VisitorDoc;

beforeAll(async () => {
  ({ server } = suite);
  eventId = (await findEventByName(server.url, DEMO_IN_PERSON_EVENT_NAME)).event_id;
  annaToken = await apiLogin(server.url, DEMO_ACCOUNTS.anna, DEMO_PASSWORD);
  // The last of them, so booking.test.ts's strangers (the first ones) stay untouched if both run on one server.
  stranger = (await strangersAt(server.url, annaToken, eventId, [])).strangers.at(-1)!;
  expect(stranger).toBeDefined();
});

describe('any-time appointments', () => {
  it('sends a quick request (any time, a comment) made offline, once, as an any-time request', async () => {
    const { page } = await suite.launch({ locale: 'en-GB', viewport: DESKTOP_VIEWPORT });
    const visitors = new VisitorsPage(page, server.url);
    await suite.signIn(page, DEMO_ACCOUNTS.anna, `/en/events/${eventId}/visitors`, { waitForWorker: true });
    const status = new SyncStatusBar(page);
    await poll(() => status.isIdle(), Boolean, 60_000, "anna's first sync");
    await visitors.search.fill(stranger.last_name);
    const card = visitors.card(`${stranger.first_name} ${stranger.last_name}`);
    await until(() => card.count(), 1, 30_000, 'the card');

    await server.stop();
    await poll(() => status.isOffline(), Boolean, 30_000, 'offline');
    await card.getByRole('button', { name: 'Quick request' }).click();
    const modal = new AppointmentModal(page);
    await modal.dialog.waitFor({ timeout: 10_000 });
    const anyTime = modal.dialog.getByRole('radio', { name: 'Any time' });
    expect(await anyTime.isChecked()).toBe(true);
    // Picking a time switches to select-time; any time again clears it.
    const free = modal.freeSlots.first();
    if (await free.count()) {
      await free.click();
      expect(await anyTime.isChecked()).toBe(false);
      await anyTime.check();
      expect(await modal.freeSlots.count()).toBe(0);
    }
    const comment = `Coffee whenever suits you ${Date.now()}`;
    await modal.dialog.getByRole('textbox').fill(comment);
    await modal.submit.click();
    await modal.dialog.waitFor({ state: 'hidden' });
    const made = await requestSentOnceBack(suite, status, annaToken, eventId, stranger.user_id, RESYNC_TIMEOUT_MS);
    expect(made[0]).toMatchObject({ any_time: true, comment });
  });
});
