import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo-data.ts';
import { waitForMail } from '../fixtures/mail.ts';
import { apiLogin, pullAll } from './fixtures/api.ts';
import { waitForServiceWorkerControl, type TestBrowser } from './fixtures/browser.ts';
import type { FoyerServer } from './fixtures/server.ts';
import { e2eSuite } from './fixtures/suite.ts';
import { axeViolations, formatViolations, settle } from './pages/axe.ts';
import { Checkout } from './pages/Checkout.ts';
import { SyncStatusBar } from './pages/SyncStatusBar.ts';
import { createEvent } from './fixtures/organiser.ts';

/**
 * Buying tickets, as issue 15's "done when" says, in Chromium against the built app: the organiser
 * sets up an event's ticket types and payment in the admin area; a new person signs up on the way
 * through the checkout, confirms the address from the mail file, gets a free ticket, then orders a
 * bank-transfer ticket (offline first: the dialog says so and keeps the choice), which the
 * organiser marks paid in another browser; both tickets are in My tickets and on the door device.
 * The ticket widget works from a page of another origin under that page's own strict CSP. axe
 * checks the new screens. "Offline" is the server stopped, as elsewhere.
 */

const suite = e2eSuite({ browsers: { owner: 'en', buyer: 'en', door: 'en' } });
const { poll } = suite;
const require = createRequire(import.meta.url);
let server: FoyerServer;
let owner: TestBrowser;
let buyer: TestBrowser;
let door: TestBrowser;
let ownerToken: string;
let eventId: number;
let axeSource: string;
let site: http.Server;
let siteUrl: string;

const EMAIL = `buyer-${Date.now()}@tickets.test`;
const PASSWORD = 'harbour-ferry-57';
const INSTRUCTIONS = 'IBAN UA21 3052 9900 0002 6007 0000 0000 1, Harbour Fair LLC';

async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  await settle(page);
  const violations = await axeViolations(page, axeSource);
  expect(violations, `${what}:\n${formatViolations(violations)}`).toEqual([]);
}

/** An organiser's own site on another origin (localhost, not 127.0.0.1), with a strict policy of its own. */
function startSite(foyer: string): Promise<string> {
  site = http.createServer((req, res) => {
    if (req.url?.startsWith('/thanks')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><html lang="en"><head><title>Thanks</title></head><body><main><h1>Thanks</h1></main></body></html>');
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      // What an organiser's site needs to allow for the widget: Foyer's script and its fetch, nothing inline.
      'content-security-policy': `default-src 'self'; script-src ${foyer}; connect-src ${foyer}; style-src 'self'; img-src 'self'`,
    });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Harbour Fair</title></head>
<body><main><h1>Harbour Fair 2026</h1><p>Two days by the sea.</p>
<script src="${foyer}/js/widget-tickets.js" data-id="${eventId}" data-lang="en" data-redirect-url="${siteUrl}/thanks" async></script>
</main></body></html>`);
  });
  return new Promise((resolve) => site.listen(0, '127.0.0.1', () => resolve(`http://localhost:${(site.address() as AddressInfo).port}`)));
}

beforeAll(async () => {
  ({ server } = suite);
  owner = suite.browser('owner');
  buyer = suite.browser('buyer');
  door = suite.browser('door');
  axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  ownerToken = await apiLogin(server.url, DEMO_ACCOUNTS.owner, 'demo1234');
  eventId = await createEvent(server.url, ownerToken, { name: 'Harbour Fair 2026', description: 'Two days by the sea.' }, { daysAhead: 12, hours: 48 });
  siteUrl = await startSite(server.url);
}, 180_000);

afterAll(async () => {
  await new Promise((r) => site?.close(r));
});

describe('buying tickets', () => {
  it('the organiser sets up ticket types and payment in the admin area', async () => {
    const { page } = owner;
    await suite.signIn(page, DEMO_ACCOUNTS.owner, `/en/admin/events/${eventId}`);
    await page.getByRole('link', { name: 'Tickets and orders' }).click();
    await page.waitForURL(`${server.url}/en/admin/events/${eventId}/tickets`);
    await page.getByRole('heading', { name: 'Ticket types', exact: true }).first().waitFor();

    await page.getByLabel('Bank transfer or payment at the venue').check();
    await page.getByRole('button', { name: 'Save payment settings' }).click();
    await expect.poll(() => page.getByText('Fill this in.').isVisible()).toBe(true);
    await page.getByLabel('How to pay').fill(INSTRUCTIONS);
    await page.getByRole('button', { name: 'Save payment settings' }).click();

    await page.getByRole('button', { name: 'Add a ticket type' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Community pass');
    await page.getByLabel('Price, UAH').fill('0');
    // One free pass per person (issue 26): never fewer per person than one order may hold.
    await page.getByLabel('At most per person').fill('1');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('At least as many as one order may hold.').waitFor();
    await page.getByLabel('At most per order').fill('1');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Community pass').first().waitFor();

    await page.getByRole('button', { name: 'Add a ticket type' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Conference pass');
    await page.getByLabel('Price, UAH').fill('1500.5');
    await page.getByLabel('A limited number of tickets').check();
    await page.getByLabel('How many exist').fill('50');
    await page.getByRole('button', { name: 'Add', exact: true }).click();

    const status = new SyncStatusBar(page);
    await poll(() => status.isIdle(), Boolean, 60_000, 'the ticket types to reach the server');
    await poll(
      () => page.locator('.admin__card').filter({ hasText: 'Conference pass' }).textContent(),
      (text) => /Tickets: 50/.test(text ?? '') && !/waiting to be sent/.test(text ?? ''),
      60_000,
      'the organiser’s copy to come back from the server',
    );
    await expectNoAxeViolations(page, 'ticket types');

    // The door device: the organiser's phone at the entrance, downloading the event's tickets.
    await suite.signIn(door.page, DEMO_ACCOUNTS.owner, `/en/events/${eventId}/checkin`);
  });

  it('a new person signs up on the way, confirms the address from the mail file, and gets a free ticket', async () => {
    const { page } = buyer;
    const checkout = new Checkout(page);
    await page.goto(`${server.url}/en/events/${eventId}`);
    await page.getByRole('button', { name: 'Buy tickets' }).click();
    await checkout.choose('Community pass', 1);
    await expectNoAxeViolations(page, 'the checkout dialog');
    await checkout.next();
    await checkout.next();
    // A required field left empty is named next to itself.
    await checkout.root.getByText('Fill this in.').waitFor();
    await checkout.fillName(1, 'Marta Nowak');
    await checkout.next();
    await checkout.link('Create an account').click();

    await page.getByLabel('First name').fill('Marta');
    await page.getByLabel('Last name').fill('Nowak');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    // Back at the checkout, the choice kept on the device.
    await page.waitForURL(`${server.url}/en/events/${eventId}/checkout`);
    await checkout.button('Get tickets').waitFor({ timeout: 30_000 });

    const mail = await waitForMail(server.dataDir, EMAIL);
    const link = mail.text.match(/https?:\/\/\S+#token=[A-Za-z0-9_-]{43}/)![0];
    await page.goto(link);
    await expect.poll(() => page.getByText('Your email address is confirmed').isVisible(), { timeout: 30_000 }).toBe(true);

    await page.goto(`${server.url}/en/events/${eventId}/checkout`);
    await checkout.button('Get tickets').click();
    await checkout.root.getByText('Your tickets are ready.').waitFor({ timeout: 30_000 });
    await expectNoAxeViolations(page, 'the checkout page with its result');
  });

  it('a second free pass is refused with the reason: one per person, counting the earlier order', async () => {
    const { page } = buyer;
    const checkout = new Checkout(page);
    await page.goto(`${server.url}/en/events/${eventId}/checkout`);
    await checkout.choose('Community pass', 1);
    await checkout.next();
    await checkout.next();
    await checkout.button('Get tickets').click();
    await checkout.root
      .getByRole('alert')
      .getByText('“Community pass” tickets per person: at most 1, counting your earlier orders.')
      .waitFor({ timeout: 30_000 });
    // The choice goes back to nothing, as the buyer would leave it.
    await checkout.root.getByRole('button', { name: 'Back' }).click();
    await checkout.root.getByRole('button', { name: 'Back' }).click();
    await checkout.choose('Community pass', 0);
  });

  it('a bank-transfer order waits offline with the choice kept, is placed online, and shows how to pay', async () => {
    const { page } = buyer;
    const checkout = new Checkout(page);
    await page.goto(`${server.url}/en/events/${eventId}`);
    await waitForServiceWorkerControl(page, 90_000);
    const status = new SyncStatusBar(page);
    await poll(() => status.isIdle(), Boolean, 60_000, 'the buyer’s device to catch up');

    await server.stop();
    await poll(() => status.isOffline(), Boolean, 60_000, 'the device to notice it is offline');
    await page.getByRole('button', { name: 'Buy tickets' }).click();
    await checkout.choose('Conference pass', 1);
    await checkout.next();
    // The buyer's own name is already on the first ticket.
    expect(await checkout.ticket(1).getByLabel('Name on the ticket').inputValue()).toBe('Marta Nowak');
    await checkout.next();
    await checkout.method('Bank transfer or at the venue');
    await checkout.root.getByText('You are offline. Buying needs a connection').waitFor();
    expect(await checkout.button('Place order').isDisabled()).toBe(true);

    // A reload offline keeps the cart.
    await page.reload();
    await page.getByRole('button', { name: 'Buy tickets' }).click();
    await checkout.button('Place order').waitFor();
    expect(await checkout.text()).toContain('Conference pass');

    await server.start();
    await poll(() => checkout.button('Place order').isEnabled(), Boolean, 60_000, 'the checkout to see the network again');
    await checkout.button('Place order').click();
    await checkout.root.getByText(/Order FY[A-Z2-9]{6} is placed\./).waitFor({ timeout: 30_000 });
    expect(await checkout.text()).toContain(INSTRUCTIONS);
    expect(await checkout.text()).toMatch(/Pay UAH\s?1,500\.50 by/);
    await expectNoAxeViolations(page, 'a placed transfer order');

    const howToPay = await waitForMail(server.dataDir, EMAIL, 3);
    expect(howToPay.text).toContain(INSTRUCTIONS);
  });

  it('the organiser marks it paid in another browser; both tickets are in My tickets and at the door', async () => {
    const token = await apiLogin(server.url, EMAIL, PASSWORD);
    const orders = (await pullAll<{ kind: string; order: { code: string; state: string } }>(server.url, 'tickets', token)).filter((d) => d.kind === 'order');
    const pending = orders.find((o) => o.order.state === 'pending')!;

    const { page } = owner;
    await page.goto(`${server.url}/en/admin/events/${eventId}/orders`);
    await page.getByLabel('Search').fill(pending.order.code);
    const row = page.locator(`[data-order="${pending.order.code}"]`);
    await row.getByRole('button', { name: 'Mark paid' }).click();
    await poll(
      () => row.textContent(),
      (text) => /Paid/.test(text ?? ''),
      30_000,
      'the order to show as paid',
    );
    await page.getByLabel('Search').fill('');
    await expectNoAxeViolations(page, 'the orders screen');

    // The export: every ticket of every order, with its buyer, as the organiser's spreadsheet reads it.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('Harbour-Fair-2026-orders.csv');
    const csv = fs.readFileSync(await download.path(), 'utf8');
    expect(csv.split('\r\n')[0]).toContain('Order,State,Payment,Buyer');
    expect(csv.split('\r\n').filter((row) => row.startsWith(`${pending.order.code},Paid,`))).toHaveLength(1);

    // The overview counts the sale: revenue, and the conference pass sold.
    await page.goto(`${server.url}/en/admin/events/${eventId}/overview`);
    const sales = page.getByRole('region', { name: 'Ticket sales' });
    await sales.waitFor({ timeout: 30_000 });
    expect(await sales.textContent()).toMatch(/Revenue\s*UAH\s?\d/);
    expect(await sales.locator('.overview-types li', { hasText: 'Conference pass' }).textContent()).toMatch(/Sold: [1-9]/);
    await expectNoAxeViolations(page, 'the overview with ticket sales');

    const mine = new Checkout(buyer.page);
    await buyer.page.goto(`${server.url}/en/profile/mytickets`);
    await poll(
      async () => (await buyer.page.locator('.ticket-card').allTextContents()).join(' | '),
      (text) => text.includes('Community pass') && text.includes('Conference pass'),
      60_000,
      'both tickets in My tickets',
    );
    expect(await mine.page.locator('.ticket-card').count()).toBe(2);
    await expectNoAxeViolations(buyer.page, 'My tickets with orders');

    await door.page.getByLabel('Name or code').fill('Nowak');
    await poll(
      async () => (await door.page.locator('.door-search__item').allTextContents()).join(' | '),
      (text) => text.includes('Community pass') && text.includes('Conference pass'),
      60_000,
      'both tickets on the door device',
    );
  });

  it('the widget on another origin shows the tickets and opens the checkout', async () => {
    const page = await buyer.context.newPage();
    await page.goto(siteUrl);
    // The widget draws in its own shadow root; Playwright's CSS locators look inside it.
    const widget = page.locator('.foyer-tickets section');
    await poll(
      async () => ((await widget.textContent().catch(() => '')) ?? '').replace(/\s+/g, ' '),
      (text) => text.includes('Conference pass') && text.includes('Buy tickets'),
      30_000,
      'the widget to draw the tickets',
    );
    expect(((await widget.textContent()) ?? '').replace(/\s+/g, ' ')).toMatch(/Community pass.*Free.*Conference pass.*UAH\s?1,500\.50/);
    await expectNoAxeViolations(page, 'the organiser’s page with the widget');

    const [checkoutTab] = await Promise.all([buyer.context.waitForEvent('page'), widget.getByRole('link', { name: 'Buy tickets' }).click()]);
    await checkoutTab.waitForLoadState();
    expect(checkoutTab.url()).toBe(`${server.url}/en/events/${eventId}/checkout?from=widget&return=${encodeURIComponent(`${siteUrl}/thanks`)}`);
    const checkout = new Checkout(checkoutTab);
    await checkout.root.getByLabel('How many: Conference pass').waitFor({ timeout: 30_000 });
    await checkoutTab.close();
    await page.close();
  });
});
