import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addDays, localDateOf, zonedToUnix, type AppointmentDoc } from '../../contract/appointments.ts';
import type { CompanyDoc } from '../../contract/companies.ts';
import type { EventDoc } from '../../contract/entities.ts';
import type { ScheduleDoc } from '../../contract/schedule.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/seed/demo-data.ts';
import { dateTab } from '../../src/ui/format/appointments.ts';
import type { FoyerServer } from './fixtures/server.ts';
import type { TestBrowser } from './fixtures/browser.ts';
import { e2eSuite } from './fixtures/suite.ts';
import { acceptMailedInvitation, apiLogin, pullAll } from './fixtures/api.ts';
import { waitForMail } from '../fixtures/mail.ts';
import { AppointmentModal } from './pages/AppointmentModal.ts';
import { SyncStatusBar } from './pages/SyncStatusBar.ts';
import { VisitorsPage } from './pages/VisitorsPage.ts';

/**
 * Issue 14's "done when", in three browsers. A new organiser signs up, creates an event, gives it a
 * day, a track and two speeches, meeting hours with two places and tables, and a stand with a
 * member and a manager, and publishes it. An attendee finds it in the lists, checks in, opens the
 * live stage's programme, books a meeting in the new slots and sees the stand. The stand's manager
 * edits it through Open Stand. (The axe check of every new screen is tests/e2e/a11y.test.ts.)
 */

const TIMEOUT_MS = 60_000;
const suite = e2eSuite({ browsers: { organiser: 'en-GB', attendee: 'en-GB', manager: 'en-GB' } });
const { poll } = suite;
let server: FoyerServer;
let organiser: TestBrowser;
let attendee: TestBrowser;
let manager: TestBrowser;

const STAMP = Date.now() % 100_000;
const NAME = `Riverside Robotics Meetup ${STAMP}`;
const EMAIL = `new.organiser.${STAMP}@test.local`;
const PASSWORD = 'riverside robots 2031';
const TZ = 'Europe/Kyiv';
// Two days ahead in the venue's time, 10:00–18:00: every meeting slot is still to come.
const DAY = addDays(localDateOf(Math.floor(Date.now() / 1000), TZ), 2);

beforeAll(() => {
  ({ server } = suite);
  organiser = suite.browser('organiser');
  attendee = suite.browser('attendee');
  manager = suite.browser('manager');
});

const main = (page: Page) => page.getByRole('main');
const adminNav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Event sections' }).getByRole('link', { name, exact: true });

let eventId = 0;
let organiserToken = '';

/**
 * Nothing the organiser queued waits any more: the sync status counts nothing waiting. (A step that
 * must see its change on the server polls the server for it.)
 */
async function allSent(page: Page): Promise<void> {
  const status = new SyncStatusBar(page);
  await poll(async () => (await status.pending()) === 0 && (await status.isIdle()), Boolean, TIMEOUT_MS, 'the organiser’s changes sent');
}

describe('an organiser runs an event from sign-up to a booked meeting', () => {
  it('signs up and creates the event', async () => {
    const page = organiser.page;
    await page.goto(`${server.url}/en/signup`);
    await main(page).getByLabel('First name').fill('Roksolana');
    await main(page).getByLabel('Last name').fill('Riverside');
    await main(page).getByLabel('Email').fill(EMAIL);
    await main(page).getByLabel('Password').fill(PASSWORD);
    await main(page).getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((u) => !u.pathname.includes('signup'), { timeout: TIMEOUT_MS });
    organiserToken = await apiLogin(server.url, EMAIL, PASSWORD);
    // Foyer mails invitations for an organiser only once their own address is confirmed.
    const verify = (await waitForMail(server.dataDir, EMAIL)).text.match(/https?:\/\/\S+#token=[A-Za-z0-9_-]{43}/)?.[0];
    expect(verify).toBeDefined();
    await page.goto(verify!);
    await main(page).getByText('Your email address is confirmed').waitFor({ timeout: TIMEOUT_MS });

    await page.goto(`${server.url}/en/admin/events/new`);
    const form = main(page).locator('form.admin-form');
    await form.getByLabel('Name', { exact: true }).fill(NAME);
    await form.getByLabel('Category').selectOption({ label: 'IT' });
    await form.getByLabel('Description').fill('Robots, talks and one-to-one meetings by the river.');
    await form.getByLabel('Venue name').fill('River Hall');
    await form.getByLabel('City').fill('Kyiv');
    await form.getByLabel('Time zone').fill(TZ);
    await form.getByLabel('Starts').fill(`${DAY}T10:00`);
    await form.getByLabel('Ends').fill(`${DAY}T18:00`);
    await form.getByRole('button', { name: 'Create the draft' }).click();
    await page.waitForURL('**/en/admin/events');
    const link = main(page).getByRole('link', { name: NAME });
    await link.waitFor({ timeout: TIMEOUT_MS });
    eventId = Number(/\/admin\/events\/(\d+)/.exec((await link.getAttribute('href')) ?? '')?.[1]);
    expect(eventId).toBeGreaterThan(0);
    await link.click();
    await page.waitForURL(`**/en/admin/events/${eventId}`);
  });

  // The stand comes first: a speaker linked by email must be among the event's people, and its
  // manager joins them by accepting his invitation.
  it('adds a stand with a member and a manager', async () => {
    const page = organiser.page;
    await adminNav(page, 'Stands').click();
    await page.waitForURL(`**/admin/events/${eventId}/stands`);
    await main(page).getByLabel('New stand’s name').fill('Acme River Robots');
    await main(page).getByRole('button', { name: 'Add the stand' }).click();
    await main(page).getByRole('link', { name: 'Acme River Robots' }).click();
    const form = main(page).locator('form.admin-form').first();
    await form.getByLabel('Where it stands (such as Hall A, B12)').fill('Hall B, 4');
    await form.getByLabel('Description').fill('Robots that clean rivers.');
    await form.getByRole('button', { name: 'Save the stand' }).click();
    const addPerson = async (email: string, position: string, isManager: boolean) => {
      const add = main(page).locator('form.stand-add-member');
      await add.getByLabel('Email of the person').fill(email);
      await add.getByLabel('Position').fill(position);
      if (isManager) await add.getByLabel('Manages the stand').check();
      await add.getByRole('button', { name: 'Add the person' }).click();
    };
    await addPerson(DEMO_ACCOUNTS.olena, 'Engineer', false);
    await addPerson(DEMO_ACCOUNTS.bohdan, 'Head of sales', true);
    await main(page).getByRole('status').filter({ hasText: DEMO_ACCOUNTS.bohdan }).waitFor({ timeout: TIMEOUT_MS });
    await allSent(page);
    // Named by email, each is invited and joins once they accept the mailed link.
    await acceptMailedInvitation(server.url, server.dataDir, DEMO_ACCOUNTS.olena, DEMO_PASSWORD);
    await acceptMailedInvitation(server.url, server.dataDir, DEMO_ACCOUNTS.bohdan, DEMO_PASSWORD);
    await poll(
      async () => {
        const res = await fetch(`${server.url}/sync/v1/companies/pull?event_id=${eventId}&checkpoint=0&limit=100`, {
          headers: { authorization: `Bearer ${organiserToken}` },
        });
        return ((await res.json()) as { documents: CompanyDoc[] }).documents[0]?.members.length ?? 0;
      },
      (n) => n === 2,
      TIMEOUT_MS,
      'the stand and its two people on the server',
    );
  });

  it('adds a day, a track and two speeches', async () => {
    const page = organiser.page;
    await adminNav(page, 'Schedule').click();
    await page.waitForURL(`**/admin/events/${eventId}/schedule`);
    await main(page)
      .getByLabel(/^Title of /)
      .fill('Robot day');
    await main(page).getByRole('button', { name: 'Save the day’s title' }).click();
    await main(page).getByLabel('New track').fill('River Hall stage');
    await main(page).getByRole('button', { name: 'Add the track' }).click();
    await main(page)
      .getByRole('heading', { level: 3, name: /River Hall stage/ })
      .waitFor({ timeout: TIMEOUT_MS });

    const speech = async (title: string, from: string, to: string, speaker: { email?: string; guest?: string }) => {
      await main(page).getByRole('button', { name: 'Add a speech to River Hall stage' }).click();
      const dialog = page.getByRole('dialog', { name: 'New speech' });
      await dialog.getByLabel('Title').fill(title);
      await dialog.getByLabel('Starts').fill(from);
      await dialog.getByLabel('Ends').fill(to);
      if (speaker.email) {
        await dialog.getByLabel('Email of a Foyer user').fill(speaker.email);
        await dialog.getByRole('button', { name: 'Add the user' }).click();
      }
      if (speaker.guest) {
        await dialog.getByLabel('Name of a guest speaker').fill(speaker.guest);
        await dialog.getByRole('button', { name: 'Add the guest' }).click();
      }
      await dialog.getByRole('button', { name: 'Save the speech' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await main(page).getByText(title, { exact: true }).waitFor({ timeout: TIMEOUT_MS });
    };
    await speech('Robots that climb stairs', '10:30', '11:15', { email: DEMO_ACCOUNTS.bohdan });
    // A second speech over the first is refused next to its time before anything is queued.
    await main(page).getByRole('button', { name: 'Add a speech to River Hall stage' }).click();
    const dialog = page.getByRole('dialog', { name: 'New speech' });
    await dialog.getByLabel('Title').fill('Overlapping talk');
    await dialog.getByLabel('Starts').fill('11:00');
    await dialog.getByLabel('Ends').fill('11:30');
    await dialog.getByRole('button', { name: 'Save the speech' }).click();
    await dialog.getByText('This overlaps another speech in the same track.').waitFor({ timeout: TIMEOUT_MS });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await speech('Swarms on the river', '11:30', '12:15', { guest: 'Ada Riverside' });
    await allSent(page);
  });

  it('sets meeting hours with tables and two places', async () => {
    const page = organiser.page;
    await adminNav(page, 'Meetings').click();
    await page.waitForURL(`**/admin/events/${eventId}/meetings`);
    const form = main(page).locator('form.admin-form').first();
    await form.getByLabel('Meeting length (minutes)').fill('15');
    await form.getByLabel('From').first().fill('12:00');
    await form.getByLabel('Until').first().fill('17:00');
    await form.getByLabel('Tables of the meeting area').fill('2');
    await form.getByRole('button', { name: 'Add a place' }).click();
    await form.getByLabel('Place', { exact: true }).last().fill('Hall B');
    await form.getByLabel('Tables there', { exact: true }).last().fill('3');
    await form.getByRole('button', { name: 'Add a place' }).click();
    await form.getByLabel('Place', { exact: true }).last().fill('Riverside terrace');
    await form.getByRole('button', { name: 'Save the meeting settings' }).click();
    const expected = {
      slot_minutes: 15,
      tables_count: 5,
      places: [
        { id: 1, label: 'Hall B', tables: 3 },
        { id: 2, label: 'Riverside terrace', tables: 0 },
      ],
      allowed_times: [{ day: DAY, from: '12:00', to: '17:00' }],
    };
    const meeting = await poll(
      async () => (await pullAll<EventDoc>(server.url, 'events', organiserToken)).find((d) => d.event_id === eventId)?.meeting,
      (m) => JSON.stringify(m?.places) === JSON.stringify(expected.places),
      TIMEOUT_MS,
      'the meeting settings on the server',
    );
    expect(meeting).toEqual(expected);
  });

  it('publishes it', async () => {
    const page = organiser.page;
    await adminNav(page, 'Details and team').click();
    await main(page).getByRole('button', { name: 'Publish' }).click();
    await main(page).getByRole('button', { name: 'Back to draft' }).waitFor({ timeout: TIMEOUT_MS });
    await poll(
      async () => (await pullAll<EventDoc>(server.url, 'events')).find((d) => d.event_id === eventId)?.status,
      (s) => s === 'published',
      TIMEOUT_MS,
      'the published event',
    );
    const schedule = await fetch(`${server.url}/sync/v1/schedule/pull?event_id=${eventId}&checkpoint=0&limit=100`);
    expect(((await schedule.json()) as { documents: ScheduleDoc[] }).documents.map((d) => d.title).sort()).toEqual([
      'Robots that climb stairs',
      'Swarms on the river',
    ]);
  });

  it('lets an attendee find it, check in, follow the programme, book a meeting in the new slots and see the stand', async () => {
    // The other side of the meeting takes part too (the stand's manager, checking in on his phone).
    await suite.signIn(manager.page, DEMO_ACCOUNTS.bohdan, `/en/events/${eventId}`);
    await main(manager.page).getByRole('button', { name: 'Register', exact: true }).click();
    await main(manager.page).getByText('You are registered').waitFor({ timeout: TIMEOUT_MS });

    const page = attendee.page;
    await suite.signIn(page, DEMO_ACCOUNTS.anna, '/en/events/list?category=1');
    const found = main(page).getByRole('link', { name: NAME }).first();
    await found.waitFor({ timeout: TIMEOUT_MS });
    await found.click();
    await page.waitForURL(`**/en/events/${eventId}`);
    await main(page).getByRole('button', { name: 'Register', exact: true }).click();
    await main(page).getByText('You are registered').waitFor({ timeout: TIMEOUT_MS });

    await page.goto(`${server.url}/en/events/${eventId}/live-translation/stage`);
    for (const title of ['Robots that climb stairs', 'Swarms on the river']) await page.getByText(title).first().waitFor({ timeout: TIMEOUT_MS });
    // The guest speaker is in the second speech's panel, closed while the first one is current.
    await page.getByText('Ada Riverside').first().waitFor({ state: 'attached', timeout: TIMEOUT_MS });

    const visitors = new VisitorsPage(page, server.url);
    await visitors.goto(eventId);
    await visitors.search.fill('Bohdan');
    const card = visitors.cards.filter({ hasText: 'Bohdan' }).first();
    await card.waitFor({ timeout: TIMEOUT_MS });
    await card.getByRole('button', { name: 'Make appointment' }).click();
    const modal = new AppointmentModal(page);
    await modal.dialog.waitFor({ timeout: TIMEOUT_MS });
    await modal.dayTab(dateTab(DAY, 'en').label).click();
    // The organiser's hours: 12:00–17:00 in 15-minute slots.
    await modal.slot('12:00').waitFor({ timeout: TIMEOUT_MS });
    expect(await modal.slot('11:45').count()).toBe(0);
    await modal.slot('12:00').click();
    await modal.submit.click();
    await modal.chooseTableIfAsked();
    await modal.dialog.waitFor({ state: 'hidden', timeout: TIMEOUT_MS });
    const annaToken = await apiLogin(server.url, DEMO_ACCOUNTS.anna, DEMO_PASSWORD);
    const booked = await poll(
      async () => (await pullAll<AppointmentDoc>(server.url, 'appointments', annaToken)).find((a) => a.event_id === eventId && !a.deleted),
      (a) => a !== undefined,
      TIMEOUT_MS,
      'the meeting on the server',
    );
    expect(booked!.time_start).toBe(zonedToUnix(DAY, '12:00', TZ));
    expect([1, 2, 3, 4, 5]).toContain(booked!.table_num);

    await page.goto(`${server.url}/en/events/${eventId}/companies`);
    await main(page).getByRole('link', { name: 'Acme River Robots' }).first().waitFor({ timeout: TIMEOUT_MS });
  });

  it("lets the stand's manager edit it through Open Stand", async () => {
    const page = manager.page;
    const standId = (
      (await (await fetch(`${server.url}/sync/v1/companies/pull?event_id=${eventId}&checkpoint=0&limit=100`)).json()) as { documents: CompanyDoc[] }
    ).documents[0]!.stand_id;
    await page.goto(`${server.url}/en/events/${eventId}/companies-detail/${standId}`);
    await main(page).getByRole('link', { name: 'Open Stand' }).click();
    await page.waitForURL(`**/companies-detail/${standId}/edit`);
    const form = main(page).locator('form.admin-form').first();
    await form.getByLabel('Description').fill('Robots that clean rivers, now with sonar.');
    await form.getByRole('button', { name: 'Save the stand' }).click();
    await poll(
      async () =>
        ((await (await fetch(`${server.url}/sync/v1/companies/pull?event_id=${eventId}&checkpoint=0&limit=100`)).json()) as { documents: CompanyDoc[] })
          .documents[0]?.description,
      (d) => d === 'Robots that clean rivers, now with sonar.',
      TIMEOUT_MS,
      'the manager’s edit on the server',
    );
    await attendee.page.goto(`${server.url}/en/events/${eventId}/companies-detail/${standId}`);
    await main(attendee.page).getByText('Robots that clean rivers, now with sonar.').waitFor({ timeout: TIMEOUT_MS });
    // The manager edits nothing else: the event's admin area is not his.
    await page.goto(`${server.url}/en/admin/events/${eventId}`);
    await main(page).getByText('Not one of your events').waitFor({ timeout: TIMEOUT_MS });
  });
});
