import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CompanyDoc } from '../../contract/companies.ts';
import { parseContactCode } from '../../contract/contacts.ts';
import { DEMO_ACCOUNTS, DEMO_IN_PERSON_EVENT_NAME, DEMO_PASSWORD } from '../../server/db/seed/demo-data.ts';
import { apiLogin, findEventByName, pullAll } from './fixtures/api.ts';
import type { TestBrowser } from './fixtures/browser.ts';
import type { FoyerServer } from './fixtures/server.ts';
import { e2eSuite } from './fixtures/suite.ts';
import { SyncStatusBar } from './pages/SyncStatusBar.ts';
import { fitsPhone, PHONE } from './fixtures/phone.ts';

/**
 * Leads at the stand (issue 31) on a 360 × 640 phone: the demo's stand manager opens the stand's
 * leads online once, the server stops, and they read Bohdan's contact code (typed in, as the meet
 * test does) and rate him; back online the lead arrives exactly once, rated, on the phone and on
 * the server, and the CSV export carries it.
 */

const suite = e2eSuite();
const SYNC_MS = 60_000;
let server: FoyerServer;
let phone: TestBrowser;
let eventId: number;
let standId: number;
let visitorCode: string;

const leadNames = (b: TestBrowser) => b.page.locator('.contacts-list .contact__name').allTextContents();

beforeAll(async () => {
  ({ server } = suite);
  eventId = (await findEventByName(server.url, DEMO_IN_PERSON_EVENT_NAME)).event_id;
  const token = await apiLogin(server.url, DEMO_ACCOUNTS.manager, DEMO_PASSWORD);
  standId = (await pullAll<CompanyDoc>(server.url, 'companies', token, eventId)).find((c) => c.name === 'Vistula Data')!.stand_id;
  const visitor = await apiLogin(server.url, DEMO_ACCOUNTS.bohdan, DEMO_PASSWORD);
  visitorCode = (
    (await (await fetch(`${server.url}/api/contacts/code`, { headers: { authorization: `Bearer ${visitor}` } })).json()) as { data: { code: string } }
  ).data.code;
  phone = await suite.launch({ locale: 'en-GB', viewport: PHONE });
  // The meet page fetches the key that checks codes; the leads page then has it offline.
  await suite.signIn(phone.page, DEMO_ACCOUNTS.manager, `/en/events/${eventId}/meet`, { waitForWorker: true });
  await phone.page.locator('.meet-code__qr[data-code]').waitFor({ timeout: SYNC_MS });
  await phone.page.goto(`${server.url}/en/events/${eventId}/companies/${standId}/leads`);
  await phone.page.getByRole('heading', { name: 'Scan a visitor' }).waitFor({ timeout: SYNC_MS });
  await suite.poll(() => new SyncStatusBar(phone.page).isIdle(), Boolean, SYNC_MS, 'the first sync');
}, 240_000);

describe('leads at the stand', () => {
  it("a stand member's offline lead arrives once, rated, and exports", async () => {
    const { page } = phone;
    const card = parseContactCode(visitorCode)!.card;
    const name = `${card.first_name} ${card.last_name}`;
    await fitsPhone(page, 'the leads page');

    await server.stop();
    try {
      await suite.poll(() => new SyncStatusBar(page).isOffline(), Boolean, 30_000, 'the phone to say offline');
      await page.getByLabel(/paste a code/i).fill(visitorCode);
      await page.locator('.meet-paste button[type=submit]').click();
      await expect.poll(() => page.locator('.meet-result[data-result=added] .meet-result__head').textContent()).toBe(`${name} is in the stand’s leads`);
      await expect.poll(() => leadNames(phone)).toEqual([name]);
      expect(await page.locator('.contact__unsent').textContent()).toBe('not synced yet');
      await page.getByRole('button', { name: '4 of 5' }).click();
      await expect.poll(() => page.getByRole('button', { name: '4 of 5' }).getAttribute('aria-pressed')).toBe('true');
      await fitsPhone(page, 'the leads page offline');
    } finally {
      await server.start();
    }

    await suite.poll(
      async () => ({ names: await leadNames(phone), unsent: await page.locator('.contact__unsent').count() }),
      (s) => s.unsent === 0 && s.names.length === 1,
      SYNC_MS,
      'the lead synced',
    );
    const token = await apiLogin(server.url, DEMO_ACCOUNTS.manager, DEMO_PASSWORD);
    const stand = (await pullAll<CompanyDoc>(server.url, 'companies', token, eventId)).find((c) => c.stand_id === standId)!;
    expect(stand.leads!.map((l) => [l.user_id, l.rating])).toEqual([[card.user_id, 4]]);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('\uFEFFFirst name,Last name,Company,Position,Email,Phone,Scanned,Rating,Note');
    expect(csv).toContain(`${card.first_name},${card.last_name},`);
  });
});
