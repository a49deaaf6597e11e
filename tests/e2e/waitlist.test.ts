import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/seed/demo-data.ts';
import { apiLogin } from './fixtures/api.ts';
import type { TestBrowser } from './fixtures/browser.ts';
import type { FoyerServer } from './fixtures/server.ts';
import { createEvent, organiserCommand } from './fixtures/organiser.ts';
import { TICKET_TYPE_FIELDS } from './fixtures/sales.ts';
import { e2eSuite } from './fixtures/suite.ts';
import { Checkout } from './pages/Checkout.ts';
import { fitsPhone, PHONE } from './fixtures/phone.ts';

/**
 * The waitlist of a sold-out ticket type on a 360 × 640 phone (issue 30), in Chromium against the
 * built app: an attendee joins the line of the sold-out type on the checkout and sees their place;
 * when the organiser cancels the order that held the place, the offer reaches their device (My
 * tickets shows it with "Buy now"), and buying through it gets the ticket. In Ukrainian too.
 * Nothing scrolls sideways.
 */

const suite = e2eSuite();
const { poll } = suite;
let server: FoyerServer;
let buyer: TestBrowser;
let ownerToken: string;
let eventId: number;
let typeId: number;
let heldCode: string;

async function call(token: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Record<string, unknown>;
}

const command = (kind: string, payload: unknown) => organiserCommand(server.url, ownerToken, kind, payload);

beforeAll(async () => {
  ({ server } = suite);
  buyer = await suite.launch({ locale: 'en', viewport: PHONE });
  ownerToken = await apiLogin(server.url, DEMO_ACCOUNTS.owner, DEMO_PASSWORD);
  eventId = await createEvent(server.url, ownerToken, { name: 'Harbour Workshop Day', description: 'Hands-on sessions by the sea.' });
  const fields = { ...TICKET_TYPE_FIELDS, name: 'Workshop seat', price: 0, quota: 1, max_per_order: 1, max_per_person: 1 };
  expect((await command('ticket_type.save', { event_id: eventId, fields })).status).toBe('applied');
  const offer = await (await fetch(`${server.url}/api/events/${eventId}/ticket-types`)).json();
  typeId = (offer as { data: { types: { id: number }[] } }).data.types[0]!.id;
  // Bohdan takes the one seat.
  const bohdan = await apiLogin(server.url, DEMO_ACCOUNTS.bohdan, DEMO_PASSWORD);
  const placed = await call(bohdan, '/api/checkout/orders', {
    event_id: eventId,
    client_key: `e2e-${randomUUID()}`,
    method: 'free',
    lines: [{ type_id: typeId, name: '', company: '', position: '' }],
    expected_total: 0,
  });
  heldCode = (placed.data as { order: { code: string } }).order.code;
}, 180_000);

describe('the waitlist on a phone', () => {
  it('an attendee joins the line of the sold-out type on the checkout and sees the place', async () => {
    const { page } = buyer;
    const checkout = new Checkout(page);
    await suite.signIn(page, DEMO_ACCOUNTS.olena, `/en/events/${eventId}/checkout`);
    await checkout.button('Join the waitlist').waitFor({ timeout: 60_000 });
    expect(await checkout.text()).toContain('Sold out');
    await fitsPhone(page, 'the checkout of a sold-out type');
    await checkout.button('Join the waitlist').click();
    await checkout.root.getByText('You are number 1 in line').waitFor({ timeout: 60_000 });
    await checkout.button('Leave the waitlist').waitFor();
    await fitsPhone(page, 'the checkout with a place in line');
  });

  it('gets the offer on the device when the place frees up, and buys it', async () => {
    const { page } = buyer;
    // The organiser cancels the order that held the seat: the first in line gets it.
    const cancelled = await call(ownerToken, `/api/events/${eventId}/orders/${heldCode}/cancel`, { from: 'paid' });
    expect(cancelled.status_code).toBe(200);
    // The offer is a notice on the device, with Buy now.
    await page.goto(`${server.url}/en/profile/notification`);
    const notice = page.locator('.notice-row').filter({ hasText: 'A place is held for you' });
    await notice.getByRole('link', { name: 'Buy now' }).waitFor({ timeout: 60_000 });
    expect(((await notice.textContent()) ?? '').replace(/\s+/g, ' ')).toContain('Workshop seat');
    await fitsPhone(page, 'the offer among the notifications');
    await page.goto(`${server.url}/en/profile/mytickets`);
    const offer = page.locator('.waitlist-list .waitlist--offer');
    await poll(
      async () => ((await offer.textContent().catch(() => '')) ?? '').replace(/\s+/g, ' '),
      (text) => /A place is held for you until/.test(text) && text.includes('Harbour Workshop Day'),
      60_000,
      'the offer on My tickets',
    );
    await fitsPhone(page, 'My tickets with an offer');
    await offer.getByRole('link', { name: 'Buy now' }).click();
    const checkout = new Checkout(page);
    await checkout.root.getByText('This place is held for you until').waitFor({ timeout: 30_000 });
    await checkout.choose('Workshop seat', 1);
    await fitsPhone(page, 'the checkout through the offer');
    await checkout.next();
    await checkout.button('Get tickets').click();
    await checkout.root.getByText('Your tickets are ready.').waitFor({ timeout: 30_000 });
  });

  it('in Ukrainian, the sold-out type offers the waitlist and fits the phone', async () => {
    const { page } = buyer;
    await page.goto(`${server.url}/uk/events/${eventId}/checkout`);
    const root = page.locator('main .checkout-page');
    // Olena holds the seat now, so it is sold out again, and she is out of the line.
    await root.getByRole('button', { name: 'Стати в лист очікування' }).waitFor({ timeout: 60_000 });
    await fitsPhone(page, 'the Ukrainian checkout of a sold-out type');
  });

  it('the organiser sees the line on the phone and offers a place by hand', async () => {
    const anna = await apiLogin(server.url, DEMO_ACCOUNTS.anna, DEMO_PASSWORD);
    const joined = await call(anna, '/sync/v1/commands', {
      commands: [{ id: `e2e-${randomUUID()}`, kind: 'waitlist.join', payload: { event_id: eventId, type_id: typeId }, occurredAt: new Date().toISOString() }],
    });
    expect((joined.results as { status: string }[])[0]!.status).toBe('applied');
    const owner = await suite.launch({ locale: 'en', viewport: PHONE });
    const { page } = owner;
    await suite.signIn(page, DEMO_ACCOUNTS.owner, `/en/admin/events/${eventId}/tickets`);
    await page.getByRole('heading', { name: 'Waitlist', exact: true }).waitFor({ timeout: 60_000 });
    const entry = page.locator('.waitlist-admin__entry').filter({ hasText: 'anna@demo.test' });
    await entry.getByText('Waiting', { exact: true }).waitFor({ timeout: 30_000 });
    // Olena's entry shows as bought, with no actions left.
    const olena = page.locator('.waitlist-admin__entry').filter({ hasText: 'olena@demo.test' });
    await olena.getByText('Bought', { exact: true }).waitFor();
    expect(await olena.getByRole('button').count()).toBe(0);
    await fitsPhone(page, 'the organiser’s line');
    await entry.getByRole('button', { name: 'Offer a place' }).click();
    await entry.getByText('Offered', { exact: true }).waitFor({ timeout: 60_000 });
    await entry.getByText(/^Offered until/).waitFor();
    await fitsPhone(page, 'the organiser’s line with an offer');
  });
});
