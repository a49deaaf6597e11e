import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/seed/demo-data.ts';
import { apiCall, apiLogin } from './fixtures/api.ts';
import type { TestBrowser } from './fixtures/browser.ts';
import type { FoyerServer } from './fixtures/server.ts';
import { createEvent, organiserApplies } from './fixtures/organiser.ts';
import { sellTickets } from './fixtures/sales.ts';
import { e2eSuite } from './fixtures/suite.ts';
import { fitsPhone, PHONE } from './fixtures/phone.ts';
import { DoorPage } from './pages/DoorPage.ts';

/**
 * A door that works one check-in list (issue 30) on a 360 × 640 phone: the organiser has a
 * "Business lounge" list for Business tickets; the person at the door chooses it, types Anna's
 * Community ticket and is told it is not admitted there, with the type and the list named.
 */

const suite = e2eSuite();
const { poll } = suite;
let server: FoyerServer;
let door: TestBrowser;
let eventId: number;
let annaCode: string;

const call = (token: string, method: string, path: string, body?: unknown) => apiCall(server.url, token, method, path, body);

beforeAll(async () => {
  ({ server } = suite);
  door = await suite.launch({ locale: 'en', viewport: PHONE });
  const ownerToken = await apiLogin(server.url, DEMO_ACCOUNTS.owner, DEMO_PASSWORD);
  const annaToken = await apiLogin(server.url, DEMO_ACCOUNTS.anna, DEMO_PASSWORD);
  eventId = await createEvent(server.url, ownerToken, { name: `Gates Meetup ${Date.now()}` }, { daysAhead: 7 });
  await sellTickets(server.url, ownerToken, eventId);
  const types = ((await call(annaToken, 'GET', `/api/events/${eventId}/ticket-types`)).data as { types: { id: number; name: string }[] }).types;
  const id = (name: string) => types.find((t) => t.name === name)!.id;
  const order = await call(annaToken, 'POST', '/api/checkout/orders', {
    event_id: eventId,
    client_key: `e2e-${randomUUID()}`,
    method: 'free',
    lines: [{ type_id: id('Community'), name: 'Anna', company: '', position: '' }],
    expected_total: 0,
  });
  expect(order.status_code).toBe(200);
  const mine = (await call(annaToken, 'GET', '/api/tickets?is_my=1')).data as { tickets: { event_id: number; code: string }[] };
  annaCode = mine.tickets.find((t) => t.event_id === eventId)!.code;
  await organiserApplies(server.url, ownerToken, 'checkin_list.save', {
    event_id: eventId,
    fields: { name: 'Business lounge', type_ids: [id('Business')], day: '', reentry: false },
  });
}, 180_000);

describe('a door working one check-in list on a phone', () => {
  it('chooses the list and refuses a ticket of another type with the reason', async () => {
    const { page } = door;
    const doorPage = new DoorPage(page, server.url);
    await suite.signIn(page, DEMO_ACCOUNTS.owner, `/en/events/${eventId}/checkin`, { waitForWorker: true });
    await poll(
      () => doorPage.headCount(),
      (c) => c !== null && c.tickets > 0,
      60_000,
      'the tickets on the door',
    );
    const picker = page.getByLabel('Check-in list');
    await picker.locator('option', { hasText: 'Business lounge' }).waitFor({ state: 'attached', timeout: 60_000 });
    // Until a list is chosen the door does not scan: it would not know what to admit.
    expect(await doorPage.codeField.count()).toBe(0);
    await picker.selectOption({ label: 'Business lounge' });
    await page.getByText('0 inside of 0').waitFor();
    await doorPage.enter(annaCode);
    await page.locator('.door-result[data-result="not_on_list"]').waitFor();
    expect(await doorPage.result.textContent()).toContain('Tickets of this type (Community) do not get in on “Business lounge”.');
    await fitsPhone(page, 'the door with a list');
  });
});
