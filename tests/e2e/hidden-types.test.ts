import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo-data.ts';
import { saleOnPhones } from './fixtures/sales.ts';
import { e2eSuite } from './fixtures/suite.ts';
import { Checkout } from './pages/Checkout.ts';
import { SyncStatusBar } from './pages/SyncStatusBar.ts';
import { organiserCommand, SPEAKER_PASS } from './fixtures/organiser.ts';
import { fitsPhone } from './fixtures/phone.ts';

/**
 * A hidden ticket type reached by its private link (issue 30) on a 360 × 640 phone, in Chromium
 * against the built app: the organiser finds the speakers' link in the ticket types list and makes a
 * new one; a speaker who opens the event's checkout sees no such ticket, the old link is refused with
 * the reason, and the new one offers the speakers' ticket beside the public ones and gets it. In
 * Ukrainian too. Neither screen scrolls sideways.
 */

const suite = e2eSuite();
const { poll } = suite;
// "Community" (free) and "Business" (4 500 UAH) are public; the speakers' ticket is hidden.
const at = saleOnPhones(suite, { name: 'Harbour Speakers Day', description: 'Talks by the sea.' }, async () => {
  expect((await command('ticket_type.save', { event_id: at.eventId, fields: SPEAKER_PASS })).status).toBe('applied');
});
const command = (kind: string, payload: unknown) => organiserCommand(at.server.url, at.ownerToken, kind, payload);

let oldLink = '';
let newLink = '';

describe('a hidden ticket type on a phone', () => {
  it('the organiser sees the private link of the hidden type and makes a new one', async () => {
    const { page } = at.owner;
    await suite.signIn(page, DEMO_ACCOUNTS.owner, `/en/admin/events/${at.eventId}/tickets`);
    const card = page.locator('.admin__card').filter({ hasText: 'Speaker pass' });
    const field = card.getByLabel('Private link');
    await field.waitFor({ timeout: 60_000 });
    oldLink = await field.inputValue();
    expect(oldLink).toMatch(new RegExp(`^${at.server.url}/en/events/${at.eventId}/checkout\\?access=[0-9a-f]{64}$`));
    // Only the hidden type has a link.
    expect(await page.locator('.admin__card').filter({ hasText: 'Business' }).getByLabel('Private link').count()).toBe(0);
    await fitsPhone(page, 'the ticket types with a private link');

    await card.getByRole('button', { name: 'New link' }).click();
    await card.getByText('Make a new link? The current one stops working').waitFor();
    await fitsPhone(page, 'the question before a new link');
    await card.getByRole('group').getByRole('button', { name: 'New link' }).click();
    const status = new SyncStatusBar(page);
    await poll(() => status.isIdle(), Boolean, 60_000, 'the new link to reach the server');
    newLink = await poll(
      () => field.inputValue(),
      (v) => v !== oldLink && /access=[0-9a-f]{64}$/.test(v),
      60_000,
      'the new link in the list',
    );
  });

  it('a speaker sees no hidden ticket without the link, is refused the old link and buys with the new one', async () => {
    const { page } = at.buyer;
    const checkout = new Checkout(page);
    await suite.signIn(page, DEMO_ACCOUNTS.olena, `/en/events/${at.eventId}/checkout`);
    await checkout.root.getByLabel('How many: Business').waitFor({ timeout: 60_000 });
    expect(await checkout.text()).not.toContain('Speaker pass');

    await page.goto(oldLink);
    await checkout.root.getByRole('alert').getByText('This private link does not work').waitFor({ timeout: 30_000 });
    expect(await checkout.text()).not.toContain('Speaker pass');

    await page.goto(newLink);
    await checkout.root.getByLabel('How many: Speaker pass').waitFor({ timeout: 30_000 });
    expect(await checkout.text()).toContain('By private link');
    expect(await checkout.text()).toContain('Community');
    await fitsPhone(page, 'the checkout with the hidden type');
    await checkout.choose('Speaker pass', 1);
    await checkout.next();
    await checkout.button('Get tickets').click();
    await checkout.root.getByText('Your tickets are ready.').waitFor({ timeout: 30_000 });
    await fitsPhone(page, 'the placed order');
  });

  it('in Ukrainian, the default language, the private link offers its ticket and fits the phone', async () => {
    const { page } = at.buyer;
    await page.goto(newLink.replace('/en/', '/uk/'));
    const root = page.locator('main .checkout-page');
    await root.getByLabel('Скільки: Speaker pass').waitFor({ timeout: 30_000 });
    expect(await root.textContent()).toContain('За приватним посиланням');
    await fitsPhone(page, 'the Ukrainian checkout with the hidden type');
  });

  it('the organiser puts two public types in a shared quota on the phone, and its figures show', async () => {
    const { page } = at.owner;
    await page.goto(`${at.server.url}/en/admin/events/${at.eventId}/tickets`);
    await page.getByRole('heading', { name: 'Shared quotas', exact: true }).waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Add a shared quota' }).click();
    const form = page.locator('form.admin-form').filter({ has: page.getByLabel('Places in all') });
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    // The same rules as the server's, named at their fields before anything is queued.
    await form.getByText('Choose at least one ticket type.').waitFor();
    await form.getByLabel('Name', { exact: true }).fill('Hall');
    await form.getByLabel('Places in all').fill('40');
    await form.getByLabel('Community').check();
    await form.getByLabel('Business').check();
    await fitsPhone(page, 'the shared quota form');
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    const status = new SyncStatusBar(page);
    await poll(() => status.isIdle(), Boolean, 60_000, 'the quota to reach the server');
    const row = page.locator('[data-quota="Hall"]');
    await poll(
      async () => ((await row.textContent().catch(() => '')) ?? '').replace(/\s+/g, ' '),
      (text) => /for: Community, Business/.test(text),
      60_000,
      'the quota with its types in the organiser’s list',
    );
    await page.reload();
    await poll(
      async () => ((await row.textContent().catch(() => '')) ?? '').replace(/\s+/g, ' '),
      (text) => /taken 0 of 40/.test(text),
      60_000,
      'the quota’s figures',
    );
    await fitsPhone(page, 'the ticket types with a shared quota');
  });
});
