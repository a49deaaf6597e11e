import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/seed/demo-data.ts';
import type { TestBrowser } from './fixtures/browser.ts';
import { e2eSuite } from './fixtures/suite.ts';
import { apiLogin } from './fixtures/api.ts';
import { command, userIdOf } from './fixtures/meetings.ts';
import { fitsPhone, PHONE } from './fixtures/phone.ts';
import { SyncStatusBar } from './pages/SyncStatusBar.ts';

/**
 * "While you were offline" (issue 31) on a 360 × 640 phone: Anna's phone loses the server, Bohdan
 * writes to her as it comes back, and the pull after the cut shows one line in the digest that
 * leads to the conversation. The digest comes from the ordinary pulls, with no feed of its own.
 */

/** Covers the worker's retry backoff after the server comes back (capped at SYNC_RETRY_MAX_MS = 30 s). */
const RESYNC_TIMEOUT_MS = 45_000;

const suite = e2eSuite({ restartEachTest: true });
let anna: TestBrowser;

beforeAll(async () => {
  anna = await suite.launch({ locale: 'en-GB', viewport: PHONE });
});

describe('the offline digest', () => {
  it('shows a message that came while the phone was offline, as a link to the conversation', async () => {
    const { server } = suite;
    const { page } = anna;
    const status = new SyncStatusBar(page);
    const bohdanToken = await apiLogin(server.url, DEMO_ACCOUNTS.bohdan, DEMO_PASSWORD);
    const annaId = await userIdOf(server.url, await apiLogin(server.url, DEMO_ACCOUNTS.anna, DEMO_PASSWORD));
    const bohdanId = await userIdOf(server.url, bohdanToken);

    await suite.signIn(page, DEMO_ACCOUNTS.anna, '/en/', { waitForWorker: true });
    await suite.poll(() => status.isIdle(), Boolean, 30_000, 'the first sync to finish');
    const digest = page.getByTestId('offline-digest');
    expect(await digest.count(), 'the first sync is no news').toBe(0);

    await server.stop();
    await suite.poll(() => status.isOffline(), Boolean, 30_000, 'the phone to say offline');
    await server.start();
    expect((await command(server.url, bohdanToken, 'message.send', { recipient_id: annaId, text: 'Are you at the stand?' })).status).toBe('applied');

    const line = digest.locator(`a[href*="user_id=${bohdanId}"]`);
    await line.waitFor({ timeout: RESYNC_TIMEOUT_MS });
    expect(await line.textContent()).toMatch(/new message/i);
    await fitsPhone(page, 'the digest');

    await line.click();
    await page.waitForURL(/\/en\/profile\/mymessages\?user_id=/);
    await digest.waitFor({ state: 'detached' });
  });
});
