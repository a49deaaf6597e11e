import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/seed/demo-data.ts';
import type { EventDoc } from '../../contract/entities.ts';
import type { FoyerServer } from './fixtures/server.ts';
import type { TestBrowser } from './fixtures/browser.ts';
import { e2eSuite } from './fixtures/suite.ts';
import { apiLogin, pullAll } from './fixtures/api.ts';
import { command } from './fixtures/meetings.ts';

/**
 * The organiser's admin area end to end (issue 14, the roles and events slices): somebody who
 * organises nothing creates an event through the user menu's link, finds the draft in their list,
 * names a chat moderator, is warned before overwriting a description another device changed,
 * publishes it; an attendee in another browser, who could not see the
 * draft, finds it in the category list and opens it, the description's web address a link; the
 * organiser cancels it and the attendee's open page says so. Somebody else gets no editor.
 */

const TIMEOUT_MS = 60_000;
const suite = e2eSuite({ browsers: { organiser: 'en-GB', attendee: 'en-GB' } });
const { poll } = suite;
let server: FoyerServer;
let organiser: TestBrowser;
let attendee: TestBrowser;
const NAME = `Harbour Code Camp ${Date.now() % 100000}`;

beforeAll(() => {
  ({ server } = suite);
  organiser = suite.browser('organiser');
  attendee = suite.browser('attendee');
});

const main = (page: Page) => page.getByRole('main');

async function eventDocAs(email: string, eventId: number): Promise<(EventDoc & { deleted: boolean }) | undefined> {
  const token = await apiLogin(server.url, email, DEMO_PASSWORD);
  return (await pullAll<EventDoc>(server.url, 'events', token)).find((d) => d.event_id === eventId);
}

describe('the admin area', () => {
  let eventId = 0;

  it('lets anybody create a draft event that only its organisers see', async () => {
    const page = organiser.page;
    await suite.signIn(page, DEMO_ACCOUNTS.olena, '/en/');
    await page
      .getByRole('button', { name: /user menu|olena/i })
      .first()
      .click();
    await page.getByRole('link', { name: 'Organise events' }).click();
    await page.waitForURL('**/en/admin/events');
    await main(page).getByRole('link', { name: 'Create an event' }).click();
    await page.waitForURL('**/en/admin/events/new');

    const form = main(page).locator('form.admin-form');
    // Bad input is refused next to its field, before anything is queued.
    await form.getByLabel('Name', { exact: true }).fill('   ');
    await form.getByRole('button', { name: 'Create the draft' }).click();
    await form.getByText('Fill this in.').waitFor({ timeout: TIMEOUT_MS });

    await form.getByLabel('Name', { exact: true }).fill(NAME);
    await form.getByLabel('Category').selectOption({ label: 'Education' });
    await form.getByLabel('Description').fill('Workshops on the pier. Details: https://harbour.example/camp.');
    await form.getByLabel('Venue name').fill('Pier 4');
    await form.getByLabel('City').fill('Odesa');
    await form.getByLabel('Time zone').fill('Europe/Kyiv');
    await form.getByLabel('Starts').fill('2031-06-10T10:00');
    await form.getByLabel('Ends').fill('2031-06-10T09:00');
    await form.getByRole('button', { name: 'Create the draft' }).click();
    await form.getByText('The end must be after the start.').waitFor({ timeout: TIMEOUT_MS });
    await form.getByLabel('Ends').fill('2031-06-11T18:00');
    await form.getByRole('button', { name: 'Create the draft' }).click();

    await page.waitForURL('**/en/admin/events');
    const link = main(page).getByRole('link', { name: NAME });
    await link.waitFor({ timeout: TIMEOUT_MS });
    await main(page)
      .getByRole('tab', { name: /Drafts/ })
      .click();
    await link.waitFor({ timeout: TIMEOUT_MS });
    const href = await link.getAttribute('href');
    eventId = Number(/\/admin\/events\/(\d+)/.exec(href ?? '')?.[1]);
    expect(eventId).toBeGreaterThan(0);

    // Nobody else's device is sent it.
    const theirs = await eventDocAs(DEMO_ACCOUNTS.bohdan, eventId);
    expect(theirs === undefined || (theirs.deleted && theirs.name === '')).toBe(true);
  });

  it('names a moderator and publishes; an attendee finds the event and its linked description', async () => {
    const page = organiser.page;
    await main(page).getByRole('link', { name: NAME }).click();
    await page.waitForURL(`**/en/admin/events/${eventId}`);

    // Another device changes the description while this form has its own edit of it: the form
    // names the field before overwriting, and can take the other version.
    const description = main(page).locator('form.admin-form').getByLabel('Description');
    await description.fill('Edited here');
    const token = await apiLogin(server.url, DEMO_ACCOUNTS.olena, DEMO_PASSWORD);
    expect(
      await command(server.url, token, 'event.update', { event_id: eventId, fields: { description: 'Edited elsewhere: https://harbour.example/camp' } }),
    ).toMatchObject({ status: 'applied' });
    await main(page).getByRole('alert').filter({ hasText: 'the description' }).waitFor({ timeout: TIMEOUT_MS });
    await main(page).getByRole('button', { name: 'Keep their version' }).click();
    expect(await description.inputValue()).toBe('Edited elsewhere: https://harbour.example/camp');
    await main(page).getByLabel('Email of the person').fill(DEMO_ACCOUNTS.anna);
    await main(page).getByLabel('Role', { exact: true }).selectOption('moderator');
    await main(page).getByRole('button', { name: 'Add to the team' }).click();
    await main(page).getByText(DEMO_ACCOUNTS.anna).waitFor({ timeout: TIMEOUT_MS });
    await main(page).getByRole('button', { name: 'Publish' }).click();
    await main(page).getByRole('button', { name: 'Back to draft' }).waitFor({ timeout: TIMEOUT_MS });
    await poll(
      async () => (await eventDocAs(DEMO_ACCOUNTS.bohdan, eventId))?.status,
      (s) => s === 'published',
      TIMEOUT_MS,
      'the published event on the server',
    );

    const other = attendee.page;
    await suite.signIn(other, DEMO_ACCOUNTS.bohdan, '/en/events/list?category=6');
    const found = main(other).getByRole('link', { name: NAME }).first();
    await found.waitFor({ timeout: TIMEOUT_MS });
    await found.click();
    await other.waitForURL(`**/en/events/${eventId}`);
    await main(other).getByRole('heading', { level: 1, name: NAME }).waitFor({ timeout: TIMEOUT_MS });
    const described = main(other).getByRole('link', { name: 'https://harbour.example/camp' });
    expect(await described.getAttribute('href')).toBe('https://harbour.example/camp');
    expect(await described.getAttribute('rel')).toContain('noopener');
  });

  it('tells an attendee whose page is open that the event was cancelled', async () => {
    const page = organiser.page;
    page.once('dialog', (d) => void d.accept());
    await main(page).getByRole('button', { name: 'Cancel the event' }).click();
    await main(organiser.page).getByText('Cancelled: the event stays visible').waitFor({ timeout: TIMEOUT_MS });
    await main(attendee.page).getByText('This event has been cancelled by its organisers.').waitFor({ timeout: TIMEOUT_MS });
  });

  it("gives somebody who does not organise the event no editor; the specs' path leads to the admin area", async () => {
    await attendee.page.goto(`${server.url}/en/admin/events/${eventId}`);
    await main(attendee.page).getByText('Not one of your events').waitFor({ timeout: TIMEOUT_MS });
    expect(await main(attendee.page).locator('form.admin-form').count()).toBe(0);
    await attendee.page.goto(`${server.url}/admin/events`);
    await attendee.page.waitForURL('**/en/admin/events');
    await main(attendee.page).getByRole('heading', { level: 1, name: 'My organised events' }).waitFor({ timeout: TIMEOUT_MS });
  });
});
