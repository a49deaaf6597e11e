import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/seed/demo-data.ts';
import { apiCall, apiLogin, ticketsAt } from './fixtures/api.ts';
import type { TestBrowser } from './fixtures/browser.ts';
import type { FoyerServer } from './fixtures/server.ts';
import { sellTickets } from './fixtures/sales.ts';
import { e2eSuite } from './fixtures/suite.ts';
import { fitsPhone, PHONE } from './fixtures/phone.ts';

/**
 * Asking to cancel a paid ticket (issue 30) on a 360 × 640 phone, in Chromium against the built
 * app: the organiser takes requests; Anna holds a paid Business ticket, opens Cancel ticket on its
 * card, is told the organisers decide and the money comes back after they approve, asks, and her
 * card says the request waits while the ticket stays valid; once the organiser approves, the card
 * says Refunded (the order held only that ticket). Nothing scrolls sideways.
 */

const suite = e2eSuite();
const { poll } = suite;
let server: FoyerServer;
let anna: TestBrowser;
let eventId: number;
let ownerToken: string;
let annaToken: string;
const EVENT_NAME = `Harbour Forum ${Date.now()}`;

const call = (token: string, method: string, path: string, body?: unknown) => apiCall(server.url, token, method, path, body);

const ticketsOf = (token: string) => ticketsAt(server.url, token, eventId);

beforeAll(async () => {
  ({ server } = suite);
  anna = await suite.launch({ locale: 'en', viewport: PHONE });
  ownerToken = await apiLogin(server.url, DEMO_ACCOUNTS.owner, DEMO_PASSWORD);
  annaToken = await apiLogin(server.url, DEMO_ACCOUNTS.anna, DEMO_PASSWORD);
  const start = Math.floor(Date.now() / 1000) + 14 * 86_400;
  const command = (kind: string, payload: unknown) =>
    call(ownerToken, 'POST', '/sync/v1/commands', { commands: [{ id: `e2e-${randomUUID()}`, kind, payload, occurredAt: new Date().toISOString() }] });
  const made = await command('event.create', {
    fields: {
      name: EVENT_NAME,
      category_id: 2,
      description: '',
      is_webinar: false,
      place_name: 'Old Lighthouse',
      address: 'Mayachna 3',
      city: 'Odesa',
      map_point: null,
      timezone: 'Europe/Kyiv',
      starts_at: start,
      ends_at: start + 4 * 3600,
      stream_url: '',
      video_type: 0,
      broadcast_background: '',
      is_free: false,
    },
  });
  eventId = Number(made.results![0]!.ids![0]);
  expect((await command('event.status', { event_id: eventId, status: 'published' })).results![0]!.status).toBe('applied');
  await sellTickets(server.url, ownerToken, eventId);
  const offer = (await call(annaToken, 'GET', `/api/events/${eventId}/ticket-types`)).data as { types: { id: number; name: string }[] };
  const businessId = offer.types.find((t) => t.name === 'Business')!.id;
  const settings = {
    currency: 'UAH',
    transfer_enabled: true,
    transfer_instructions: 'IBAN UA21 3052',
    transfer_hours: 48,
    card_enabled: false,
    paid_cancel: 'request',
  };
  expect((await command('ticket_sales.settings', { event_id: eventId, fields: settings })).results![0]!.status).toBe('applied');
  const order = await call(annaToken, 'POST', '/api/checkout/orders', {
    event_id: eventId,
    client_key: `e2e-${randomUUID()}`,
    method: 'transfer',
    lines: [{ type_id: businessId, name: 'Anna', company: '', position: '' }],
    expected_total: 4500,
  });
  expect(order.status_code).toBe(200);
  const code = (order.data as { order: { code: string } }).order.code;
  expect((await call(ownerToken, 'POST', `/api/events/${eventId}/orders/${code}/mark-paid`, {})).status_code).toBe(200);
}, 180_000);

describe('asking to cancel a paid ticket on a phone', () => {
  it('says the organisers decide, shows the request waiting, and the ticket cancelled once they approve (refunded)', async () => {
    const { page } = anna;
    await suite.signIn(page, DEMO_ACCOUNTS.anna, '/en/profile/mytickets');
    const card = page.locator('main article').filter({ hasText: EVENT_NAME }).filter({ hasText: 'Business' });
    await card.getByRole('button', { name: 'Cancel ticket' }).click({ timeout: 60_000 });
    const dialog = page.getByRole('dialog', { name: 'Cancel this ticket?' });
    await dialog.getByText('the money comes back to you', { exact: false }).waitFor();
    await fitsPhone(page, 'the cancel dialog of a paid ticket');
    const ask = await dialog.getByRole('button', { name: 'Ask to cancel' }).boundingBox();
    expect(ask, 'the ask button is on the screen').not.toBeNull();
    expect(ask!.y + ask!.height).toBeLessThanOrEqual(PHONE.height);
    await dialog.getByRole('button', { name: 'Ask to cancel' }).click();
    await card.getByText('Cancellation requested', { exact: false }).waitFor({ timeout: 60_000 });
    expect(await card.getByRole('button', { name: 'Cancel ticket' }).count()).toBe(0);
    await fitsPhone(page, 'My tickets with the request waiting');
    expect((await ticketsOf(annaToken))[0]!.status).toBe('valid');

    const requests = await poll(
      async () => ((await call(ownerToken, 'GET', `/api/events/${eventId}/cancel-requests`)).data as { items: { id: number }[] }).items,
      (items) => items.length === 1,
      30_000,
      'the request on the organisers list',
    );
    expect((await call(ownerToken, 'POST', `/api/events/${eventId}/cancel-requests/${requests[0]!.id}/approve`, {})).data).toEqual({ state: 'approved' });
    // Her order held only this ticket, so it ends as refunded, and the card says so.
    await card.getByText('Refunded', { exact: true }).waitFor({ timeout: 60_000 });
    expect((await ticketsOf(annaToken))[0]!.status).toBe('cancelled');
  });
});
