import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/seed/demo-data.ts';
import type { FoyerServer } from './fixtures/server.ts';
import type { TestBrowser } from './fixtures/browser.ts';
import { e2eSuite } from './fixtures/suite.ts';
import { apiLogin } from './fixtures/api.ts';
import { SyncStatusBar } from './pages/SyncStatusBar.ts';

/**
 * Referrals (issue 16): anna copies her own link to an event from the referrals page; a guest opens
 * it, the code leaves the address bar, and the guest's sign-up is counted on anna's page, which
 * still shows it with the server down.
 */

const SYNC_TIMEOUT_MS = 45_000;
const suite = e2eSuite({ browsers: { anna: 'en-US', guest: 'en-US' }, restartEachTest: true });
let server: FoyerServer;
let anna: TestBrowser;
let guest: TestBrowser;
let annaToken: string;

beforeAll(async () => {
  ({ server } = suite);
  anna = suite.browser('anna');
  guest = suite.browser('guest');
  annaToken = await apiLogin(server.url, DEMO_ACCOUNTS.anna, DEMO_PASSWORD);
});

async function signedUpThroughAnna(): Promise<number> {
  const res = await fetch(`${server.url}/api/referrals`, { headers: { authorization: `Bearer ${annaToken}` } });
  const data = ((await res.json()) as { data: { events: { signed_up: number }[] } }).data;
  return data.events.reduce((n, e) => n + e.signed_up, 0);
}

describe('referrals', () => {
  it('shares a link, counts the sign-up it brings, and shows the count offline', async () => {
    await suite.signIn(anna.page, DEMO_ACCOUNTS.anna, '/en/referrers', { waitForWorker: true });
    const status = new SyncStatusBar(anna.page);
    await suite.poll(() => status.isIdle(), Boolean, SYNC_TIMEOUT_MS, 'the first sync');
    const field = anna.page.getByLabel('Your link to this event');
    await field.waitFor({ timeout: SYNC_TIMEOUT_MS });
    const link = await field.inputValue();
    expect(link).toMatch(/\/en\/events\/\d+\?ref=[a-f0-9]{12}$/);
    const eventPath = new URL(link).pathname;

    // The guest opens the link: the code is kept on the device and leaves the address bar.
    await guest.page.goto(link);
    await guest.page.waitForURL((u) => u.pathname === eventPath && !u.search.includes('ref='));
    await guest.page.goto(`${server.url}/en/signup`);
    await guest.page.getByLabel('First name').fill('Iryna');
    await guest.page.getByLabel('Last name').fill('Referred');
    await guest.page.getByLabel('Email').fill(`iryna-${Date.now()}@demo.test`);
    await guest.page.getByLabel('Password').fill('a long pass phrase 42');
    await guest.page.getByRole('button', { name: 'Create account' }).click();
    await guest.page.waitForURL(`${server.url}/en`);
    await suite.poll(signedUpThroughAnna, (n) => n === 1, SYNC_TIMEOUT_MS, 'the sign-up counted');

    await anna.page.reload();
    const iryna = anna.page.getByRole('link', { name: 'Iryna Referred' });
    await iryna.waitFor({ timeout: SYNC_TIMEOUT_MS }).catch(async (e: Error) => {
      throw new Error(`${e.message}\n${await anna.page.getByRole('main').textContent()}\n${anna.errors.join('\n')}`);
    });
    await server.stop();
    await anna.page.reload();
    await anna.page.getByRole('heading', { name: 'Referrals', level: 1 }).waitFor();
    await iryna.waitFor();
    expect(await anna.page.getByText(/^As of/).count()).toBe(1);
    await server.start();
  });
});
