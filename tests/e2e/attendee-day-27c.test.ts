import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventDoc } from '../../contract/entities.ts';
import { DEMO_ACCOUNTS, DEMO_IN_PERSON_EVENT_NAME, DEMO_PASSWORD } from '../../server/db/seed/demo-data.ts';
import { apiLogin, findEventByName, pullAll } from './fixtures/api.ts';
import { userIdOf } from './fixtures/meetings.ts';
import { BANK_TRANSFER_SETTINGS, TICKET_TYPE_FIELDS } from './fixtures/sales.ts';
import type { FoyerServer } from './fixtures/server.ts';
import { e2eSuite } from './fixtures/suite.ts';
import { Checkout } from './pages/Checkout.ts';
import { SyncStatusBar } from './pages/SyncStatusBar.ts';
import { createEvent, organiserCommand } from './fixtures/organiser.ts';

/**
 * The last items of issue 27, on a 360×640 phone: event cards priced by their ticket types, the
 * events list's search (offline too), another user's events read from the server, the specs'
 * /events/{id}/companies/{id}, the publish pre-flight that refuses an unpayable paid type, and the
 * "ticket required" dialog whose "Buy a ticket" opens the checkout.
 */

const PHONE = { width: 360, height: 640 };
const TIMEOUT_MS = 45_000;
const suite = e2eSuite({ restartEachTest: true });
const { poll } = suite;
let server: FoyerServer;
let ownerToken: string;
let ownerId: number;
let marketId: number;
let draftId: number;
const MARKET = `Lantern Market ${Date.now() % 100_000}`;
const DRAFT = `Lantern Draft ${Date.now() % 100_000}`;

const command = (kind: string, payload: unknown) => organiserCommand(server.url, ownerToken, kind, payload);

function paidEvent(name: string): Promise<number> {
  const place = { description: 'Lanterns by the river.', place_name: 'Pier 7', address: 'Naberezhna 3' };
  return createEvent(server.url, ownerToken, { name, ...place }, { hours: 24, publish: false });
}

function typeFields(name: string, price: number) {
  return { name, price, ...TICKET_TYPE_FIELDS };
}

/** What a phone user trips over: anything wider than the screen. */
async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width + 1) out.push(`page ${document.documentElement.scrollWidth}px wide`);
    for (const el of document.querySelectorAll<HTMLElement>('main a, main button, main input')) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.right > width + 1) out.push(`${el.tagName} "${(el.textContent ?? '').trim().slice(0, 30)}" ends at ${Math.round(r.right)}px`);
    }
    return out;
  });
}

beforeAll(async () => {
  ({ server } = suite);
  ownerToken = await apiLogin(server.url, DEMO_ACCOUNTS.owner, DEMO_PASSWORD);
  ownerId = await userIdOf(server.url, ownerToken);
  // On sale: bank transfer and one paid type, priced only by that type.
  marketId = await paidEvent(MARKET);
  expect(
    (
      await command('ticket_sales.settings', {
        event_id: marketId,
        fields: BANK_TRANSFER_SETTINGS,
      })
    ).status,
  ).toBe('applied');
  expect((await command('ticket_type.save', { event_id: marketId, fields: typeFields('Standard', 350) })).status).toBe('applied');
  expect((await command('event.status', { event_id: marketId, status: 'published' })).status).toBe('applied');
  // A draft with a paid type nobody can pay for: transfer off, no card.
  draftId = await paidEvent(DRAFT);
  expect(
    (
      await command('ticket_sales.settings', {
        event_id: draftId,
        fields: { currency: 'UAH', transfer_enabled: false, transfer_instructions: '', transfer_hours: 48, card_enabled: false },
      })
    ).status,
  ).toBe('applied');
  expect((await command('ticket_type.save', { event_id: draftId, fields: typeFields('VIP', 900) })).status).toBe('applied');
}, 180_000);

describe('the events list on a phone', () => {
  it('prices a type-priced event from its types and finds events by name, city or venue, offline too', async () => {
    const { page } = await suite.launch({ locale: 'en-GB', viewport: PHONE });
    await suite.signIn(page, DEMO_ACCOUNTS.anna, '/en/events/list', { waitForWorker: true });
    const status = new SyncStatusBar(page);
    await poll(() => status.isIdle(), Boolean, 60_000, "anna's first sync");
    const search = page.getByRole('searchbox', { name: 'Search events' });
    await search.fill(MARKET);
    const cards = page.locator('main article.event-card');
    await poll(
      () => cards.allTextContents(),
      (texts) => texts.length === 1 && texts[0]!.includes(MARKET),
      TIMEOUT_MS,
      'the one event the search names',
    );
    expect(page.url()).toContain(`q=${encodeURIComponent(MARKET).replace(/%20/g, '+')}`);
    expect((await cards.first().locator('.event-card__price').textContent())?.replace(/\s+/g, ' ')).toMatch(/from UAH 350/);
    expect(await overflow(page)).toEqual([]);

    // Offline, from the device: the venue finds it.
    await server.stop();
    await poll(() => status.isOffline(), Boolean, 30_000, 'offline');
    await search.fill('Pier 7');
    await poll(
      () => cards.allTextContents(),
      (texts) => texts.length >= 1 && texts.every((t) => t.includes('Lantern')),
      TIMEOUT_MS,
      'the venue search offline',
    );
    await search.fill('no such event anywhere');
    await page.getByText('Nothing matches “no such event anywhere”', { exact: false }).waitFor({ timeout: TIMEOUT_MS });
  });

  it('in Ukrainian: the search box and the price fit the screen', async () => {
    const { page } = await suite.launch({ locale: 'uk-UA', viewport: PHONE });
    await suite.signIn(page, DEMO_ACCOUNTS.anna, `/uk/events/list?q=${encodeURIComponent(MARKET)}`);
    const card = page.locator('main article.event-card').filter({ hasText: MARKET });
    await card.waitFor({ timeout: TIMEOUT_MS });
    expect((await card.locator('.event-card__price').textContent())?.replace(/\s+/g, ' ')).toMatch(/від 350 (₴|грн)/);
    expect(await page.getByRole('searchbox', { name: 'Пошук подій' }).inputValue()).toBe(MARKET);
    expect(await overflow(page)).toEqual([]);
  });
});

describe('pages the specs link to', () => {
  it("another user's events come from the server while online", async () => {
    const { page } = await suite.launch({ locale: 'en-GB', viewport: PHONE });
    await suite.signIn(page, DEMO_ACCOUNTS.anna, `/en/user/${ownerId}/events`);
    await page.locator('main article.event-card').filter({ hasText: MARKET }).waitFor({ timeout: TIMEOUT_MS });
    expect(await page.getByText("This person's events are not on this device.").count()).toBe(0);
    // Their favorites are theirs: no such tab on someone else's page.
    expect(await page.getByRole('tab', { name: /Favorites/ }).count()).toBe(0);
    expect(await overflow(page)).toEqual([]);
  });

  it('/events/{id}/companies/{companyId} opens the stand page', async () => {
    const eventId = (await findEventByName(server.url, DEMO_IN_PERSON_EVENT_NAME)).event_id;
    const res = await fetch(`${server.url}/api/events/get-stands?event_id=${eventId}&limit=1`);
    const stand = ((await res.json()) as { data: { results: { stand_id: number; name: string }[] } }).data.results[0]!;
    expect(stand).toBeDefined();
    const { page } = await suite.launch({ locale: 'en-GB', viewport: PHONE });
    for (const path of [`/en/events/${eventId}/companies/${stand.stand_id}`, `/events/${eventId}/companies/${stand.stand_id}`]) {
      await page.goto(`${server.url}${path}`);
      await page.getByRole('heading', { level: 1, name: stand.name }).waitFor({ timeout: TIMEOUT_MS });
    }
  });
});

describe('the any-time form', () => {
  it('shows the meeting already agreed with that person on the day, in place of the note', async () => {
    const { page } = await suite.launch({ locale: 'en-GB', viewport: PHONE });
    await suite.signIn(page, DEMO_ACCOUNTS.anna, '/en/profile/mymeeting');
    await page.locator('.event-picker__item').first().click();
    const agreed = page
      .locator('article.appointment')
      .filter({ has: page.locator('.badge--appointed') })
      .first();
    await agreed.waitFor({ timeout: TIMEOUT_MS });
    const when = ((await agreed.locator('time').first().textContent()) ?? '').trim();
    await agreed.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /Edit appointment/ });
    await dialog.waitFor({ timeout: TIMEOUT_MS });
    await dialog.getByRole('radio', { name: 'Any time' }).check();
    const meeting = dialog.getByTestId('existing-meeting');
    await meeting.waitFor({ timeout: TIMEOUT_MS });
    expect(await meeting.textContent()).toContain('This meeting as it stands');
    expect(await meeting.textContent()).toContain(when);
    expect(await meeting.locator('.badge--appointed').textContent()).toBe('Agreed');
    expect(await dialog.getByText('you agree on the time between you').count()).toBe(0);
    expect(await overflow(page)).toEqual([]);
  });
});

describe('paid tickets', () => {
  it('the publish pre-flight lists an unpayable paid type and does not publish', async () => {
    const { page } = await suite.launch({ locale: 'en-GB' });
    await suite.signIn(page, DEMO_ACCOUNTS.owner, `/en/admin/events/${draftId}`);
    const list = page.locator('.admin__preflight--blocked');
    await list.waitFor({ timeout: TIMEOUT_MS });
    expect(await list.locator('li[data-problem="unpayable_types"]').textContent()).toContain('VIP');
    const publish = page.getByRole('main').getByRole('button', { name: 'Publish', exact: true });
    expect(await publish.isDisabled()).toBe(true);
    // The server refuses it too, whatever a client sends.
    expect(await command('event.status', { event_id: draftId, status: 'published' })).toMatchObject({ code: 'publish_blocked' });
    const doc = (await pullAll<EventDoc>(server.url, 'events', ownerToken)).find((d) => d.event_id === draftId);
    expect(doc?.status).toBe('draft');
  });

  it('"A ticket is required": Buy a ticket opens the checkout with the event’s types', async () => {
    const { page } = await suite.launch({ locale: 'en-GB', viewport: PHONE });
    await suite.signIn(page, DEMO_ACCOUNTS.bohdan, `/en/events/${marketId}`);
    await page.goto(`${server.url}/en/events/${marketId}?meeting_user_id=${ownerId}`);
    const dialog = page.getByRole('dialog', { name: 'A ticket is required' });
    await dialog.waitFor({ timeout: TIMEOUT_MS });
    await dialog
      .getByRole('button', { name: 'Buy a ticket' })
      .or(dialog.getByRole('link', { name: 'Buy a ticket' }))
      .click();
    const checkout = new Checkout(page);
    await checkout.root.getByText('Standard').first().waitFor({ timeout: TIMEOUT_MS });
    await dialog.waitFor({ state: 'hidden' });
  });
});
