import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/seed/demo-data.ts';
import { apiCall, apiLogin, ticketsAt } from './fixtures/api.ts';
import type { TestBrowser } from './fixtures/browser.ts';
import type { FoyerServer } from './fixtures/server.ts';
import { sellTickets } from './fixtures/sales.ts';
import { createEvent } from './fixtures/organiser.ts';
import { e2eSuite } from './fixtures/suite.ts';
import { fitsPhone, PHONE } from './fixtures/phone.ts';

/**
 * Giving a ticket to somebody else (issue 30) on a 360 × 640 phone, in Chromium against the built
 * app: Anna holds a free ticket, opens Transfer on its card in My tickets, is told under the field
 * that her own address is no one to give it to, gives it to Bohdan, and her card then says
 * "Transferred" without a QR code; Bohdan holds a new ticket with another code. Nothing scrolls
 * sideways and the dialog's buttons stay on the screen.
 */

const suite = e2eSuite();
const { poll } = suite;
let server: FoyerServer;
let anna: TestBrowser;
let eventId: number;
let communityId: number;
let annaToken: string;
let bohdanToken: string;
const EVENT_NAME = `Lighthouse Meetup ${Date.now()}`;

const call = (token: string, method: string, path: string, body?: unknown) => apiCall(server.url, token, method, path, body);

const ticketsOf = (token: string) => ticketsAt(server.url, token, eventId);

beforeAll(async () => {
  ({ server } = suite);
  anna = await suite.launch({ locale: 'en', viewport: PHONE });
  const ownerToken = await apiLogin(server.url, DEMO_ACCOUNTS.owner, DEMO_PASSWORD);
  annaToken = await apiLogin(server.url, DEMO_ACCOUNTS.anna, DEMO_PASSWORD);
  bohdanToken = await apiLogin(server.url, DEMO_ACCOUNTS.bohdan, DEMO_PASSWORD);
  const place = { category_id: 2, place_name: 'Old Lighthouse', address: 'Mayachna 3' };
  eventId = await createEvent(server.url, ownerToken, { name: EVENT_NAME, ...place }, { daysAhead: 14 });
  await sellTickets(server.url, ownerToken, eventId);
  const offer = (await call(annaToken, 'GET', `/api/events/${eventId}/ticket-types`)).data as { types: { id: number; name: string }[] };
  communityId = offer.types.find((t) => t.name === 'Community')!.id;
  await buyFree();
}, 180_000);

/** Anna takes one free Community ticket. */
async function buyFree(): Promise<void> {
  const order = await call(annaToken, 'POST', '/api/checkout/orders', {
    event_id: eventId,
    client_key: `e2e-${randomUUID()}`,
    method: 'free',
    lines: [{ type_id: communityId, name: 'Anna', company: '', position: '' }],
    expected_total: 0,
  });
  expect(order.status_code).toBe(200);
}

describe('transferring a ticket on a phone', () => {
  it('refuses her own address under the field, then gives the ticket to Bohdan, whose new ticket has another code', async () => {
    const { page } = anna;
    const before = await ticketsOf(annaToken);
    expect(before).toHaveLength(1);
    await suite.signIn(page, DEMO_ACCOUNTS.anna, '/en/profile/mytickets');
    const card = page.locator('main article').filter({ hasText: EVENT_NAME });
    await card.getByRole('button', { name: 'Transfer' }).click({ timeout: 60_000 });
    const dialog = page.getByRole('dialog', { name: 'Give this ticket to somebody else' });
    await dialog.getByLabel('Their email').fill(DEMO_ACCOUNTS.anna);
    await dialog.getByLabel('Name on the ticket').fill('Bohdan Melnyk');
    await dialog.getByRole('button', { name: 'Transfer the ticket' }).click();
    await dialog.getByText('This is your own address.', { exact: false }).waitFor();
    await fitsPhone(page, 'the transfer dialog');
    const submit = await dialog.getByRole('button', { name: 'Transfer the ticket' }).boundingBox();
    expect(submit, 'the submit button is on the screen').not.toBeNull();
    expect(submit!.y + submit!.height).toBeLessThanOrEqual(PHONE.height);
    expect(submit!.x + submit!.width).toBeLessThanOrEqual(PHONE.width);

    await dialog.getByLabel('Their email').fill(DEMO_ACCOUNTS.bohdan);
    await dialog.getByRole('button', { name: 'Transfer the ticket' }).click();
    await card.getByText('Transferred', { exact: true }).waitFor({ timeout: 60_000 });
    expect(await card.getByRole('img', { name: /QR code/ }).count()).toBe(0);
    expect(await card.getByRole('button', { name: 'Transfer' }).count()).toBe(0);
    await fitsPhone(page, 'My tickets after the transfer');

    const given = await poll(
      () => ticketsOf(bohdanToken),
      (t) => t.length === 1,
      30_000,
      'the ticket in the new holder’s list',
    );
    expect(given[0]!.status).toBe('valid');
    expect(given[0]!.code).not.toBe(before[0]!.code);
    expect((await ticketsOf(annaToken))[0]!.status).toBe('transferred');
  });

  it('cancels a free ticket after a confirm step that says no money is involved', async () => {
    const { page } = anna;
    await buyFree();
    await page.reload();
    const card = page
      .locator('main article')
      .filter({ hasText: EVENT_NAME })
      .filter({ has: page.getByRole('button', { name: 'Cancel ticket' }) });
    await card.getByRole('button', { name: 'Cancel ticket' }).click({ timeout: 60_000 });
    const dialog = page.getByRole('dialog', { name: 'Cancel this ticket?' });
    await dialog.getByText('there is no money to give back', { exact: false }).waitFor();
    await fitsPhone(page, 'the cancel dialog');
    await dialog.getByRole('button', { name: 'Cancel the ticket' }).click();
    await poll(
      () => ticketsOf(annaToken),
      (t) => t.filter((x) => x.status === 'cancelled').length === 1,
      30_000,
      'the cancelled ticket on the server',
    );
    await page.locator('main article').filter({ hasText: EVENT_NAME }).getByText('Cancelled', { exact: true }).waitFor({ timeout: 60_000 });
    await fitsPhone(page, 'My tickets after the cancellation');
  });
});
