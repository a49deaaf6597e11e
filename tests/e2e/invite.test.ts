import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_IN_PERSON_EVENT_NAME } from '../../server/db/seed/demo-data.ts';
import type { FoyerServer } from './fixtures/server.ts';
import { DESKTOP_VIEWPORT } from './fixtures/browser.ts';
import { e2eSuite } from './fixtures/suite.ts';
import { findEventByName } from './fixtures/api.ts';
import { SyncStatusBar } from './pages/SyncStatusBar.ts';

/**
 * The invite modal (networking.md §2): from an agreed appointment in My appointments, a visitor of
 * the event is searched for, chosen (a chip that can take them off again) and invited, and the
 * modal turns into the invitation links to hand out.
 */

const suite = e2eSuite();
const { poll } = suite;
let server: FoyerServer;
let eventId: number;

beforeAll(async () => {
  ({ server } = suite);
  eventId = (await findEventByName(server.url, DEMO_IN_PERSON_EVENT_NAME)).event_id;
});

describe('inviting others to an appointment', () => {
  it('searches the visitors, chooses one, takes them off and on again, and gets a link for them', async () => {
    const { page } = await suite.launch({ locale: 'en-GB', viewport: DESKTOP_VIEWPORT });
    await suite.signIn(page, DEMO_ACCOUNTS.anna, `/en/profile/mymeeting?event_id=${eventId}`);
    await poll(() => new SyncStatusBar(page).isIdle(), Boolean, 60_000, "anna's first sync");
    const main = page.getByRole('main');
    const open = main.getByRole('button', { name: 'Invite to the call' }).first();
    await open.waitFor({ timeout: 30_000 });
    await open.click();

    const dialog = page.getByRole('dialog', { name: 'Invite to the appointment' });
    await dialog.waitFor();
    const candidates = dialog.getByRole('group', { name: 'Invite to the appointment' }).getByRole('checkbox');
    await candidates.first().waitFor({ timeout: 30_000 });
    // The first candidate's name, then a search for it that narrows the list to them.
    const label = ((await dialog.locator('.invite-candidates .choice').first().textContent()) ?? '').split(' · ')[0]!.trim();
    const lastName = label.split(' ').at(-1)!;
    await dialog.getByRole('searchbox', { name: 'Search visitors' }).fill(lastName);
    await poll(
      async () => (await dialog.locator('.invite-candidates .choice').allTextContents()).every((text) => text.includes(lastName)),
      Boolean,
      15_000,
      'the list narrowed to the search',
    );
    const invite = dialog.getByRole('button', { name: 'Invite', exact: true });
    expect(await invite.isDisabled()).toBe(true);

    const person = dialog.getByRole('checkbox', { name: new RegExp(`^${label}`) });
    await person.check();
    const chip = dialog.getByRole('button', { name: `Remove ${label}` });
    await chip.waitFor();
    await chip.click();
    await chip.waitFor({ state: 'detached' });
    expect(await person.isChecked()).toBe(false);
    await person.check();
    expect(await invite.isDisabled()).toBe(false);
    await invite.click();

    const links = page.getByRole('dialog', { name: 'Invitation links' });
    await links.waitFor({ timeout: 30_000 });
    const link = links.getByRole('textbox', { name: `Invitation link for ${label}` });
    expect(await link.inputValue()).toMatch(/^https?:\/\//);
    await page.getByText('Invited', { exact: true }).waitFor({ timeout: 10_000 });
    await links.getByRole('button', { name: 'Done' }).click();
    await links.waitFor({ state: 'detached' });
  });
});
