import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/seed/demo-data.ts';
import { linkToken, mailsTo, waitForMail } from '../fixtures/mail.ts';
import type { Envelope } from '../fixtures/envelope.ts';
import type { FoyerServer } from './fixtures/server.ts';
import type { TestBrowser } from './fixtures/browser.ts';
import { e2eSuite } from './fixtures/suite.ts';
import { apiLogin } from './fixtures/api.ts';
import { SyncStatusBar } from './pages/SyncStatusBar.ts';

/**
 * Links that act on an account (issue 26), in Chromium against the built app. A handoff link
 * (`?token=&user_id=`) opened by somebody already signed in asks first: declining keeps their
 * session and the change they queued offline, accepting switches once that change has been sent.
 * The undo link mailed to the old address after an email change gives it back and asks for a new
 * password. "Offline" is the server stopped, as elsewhere.
 */

const suite = e2eSuite({ browsers: { anna: 'en' }, restartEachTest: true });
const { poll, until } = suite;
let server: FoyerServer;
let browser: TestBrowser;

beforeAll(() => {
  ({ server } = suite);
  browser = suite.browser('anna');
});

async function api<T>(path: string, token: string, body?: unknown): Promise<Envelope<T>> {
  const res = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await res.json()) as Envelope<T>;
}

/** The mobile app's side: a fresh login, and the page address it opens with its session. */
async function appLink(email: string, path: string): Promise<{ url: string; token: string; userId: number }> {
  const token = await apiLogin(server.url, email, DEMO_PASSWORD);
  const userId = (await api<{ user_id: number }>('/api/auth/me', token)).data.user_id;
  return { url: `${server.url}${path}?token=${token}&user_id=${userId}`, token, userId };
}

describe('a handoff link opened by somebody signed in', () => {
  it('asks; declining keeps the session and the queued change, accepting switches once it is sent', async () => {
    const { page } = browser;
    const status = new SyncStatusBar(page);
    await suite.signIn(page, DEMO_ACCOUNTS.anna, '/en/profile/settings', { waitForWorker: true });
    const company = page.getByLabel('Company');
    await expect.poll(() => company.isVisible(), { timeout: 30_000 }).toBe(true);
    await poll(() => status.isIdle(), Boolean, 30_000, 'the first sync to finish');
    const bohdan = await appLink(DEMO_ACCOUNTS.bohdan, '/en/events');

    // Offline, Anna changes her company: it waits in the outbox.
    await server.stop();
    const companyName = `Lumen Labs ${Date.now()}`;
    await company.fill(companyName);
    await page.getByRole('button', { name: 'Save' }).click();
    await poll(
      () => status.pending(),
      (n) => n >= 1,
      10_000,
      'the edit to wait in the outbox',
    );

    // Bohdan's app link, opened in Anna's browser: a question, never a silent switch.
    await page.goto(bohdan.url);
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('You are signed in as Anna Kovalenko').isVisible(), { timeout: 30_000 }).toBe(true);
    expect(page.url()).not.toContain('token=');
    await expect.poll(() => dialog.getByText('have not reached the server yet').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Sign in', exact: true }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Stay signed in as Anna Kovalenko' }).click();
    await expect.poll(() => dialog.count(), { timeout: 10_000 }).toBe(0);
    expect(await status.pending()).toBeGreaterThanOrEqual(1);

    // Back online, the change goes out as Anna's; she is still signed in.
    await server.start();
    await until(() => status.pending(), 0, 60_000, 'the queued change to be sent');
    const annaToken = await apiLogin(server.url, DEMO_ACCOUNTS.anna, DEMO_PASSWORD);
    expect((await api<{ company: string }>('/api/profile/lite', annaToken)).data.company).toBe(companyName);
    await expect.poll(() => page.getByRole('button', { name: 'Account menu, Anna Kovalenko' }).isVisible(), { timeout: 30_000 }).toBe(true);

    // A new link, with nothing left to send: the question names both, and yes switches.
    const again = await appLink(DEMO_ACCOUNTS.bohdan, '/en/events');
    await page.goto(again.url);
    await expect.poll(() => dialog.getByRole('heading', { name: 'Sign in as Bohdan Shevchenko?' }).isVisible(), { timeout: 30_000 }).toBe(true);
    await dialog.getByRole('button', { name: 'Sign in as Bohdan Shevchenko' }).click();
    await expect.poll(() => dialog.count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'Account menu, Bohdan Shevchenko' }).isVisible(), { timeout: 30_000 }).toBe(true);
    const me = await page.evaluate(async () => ((await (await fetch('/api/auth/me')).json()) as { data: { user_id: number } }).data.user_id);
    expect(me).toBe(again.userId);
    // The browser has a session of its own, not the app's token.
    const cookies = await browser.context.cookies(server.url);
    expect(cookies.map((c) => c.value)).not.toContain(again.token);
    // The app keeps its own session.
    expect((await api<{ user_id: number }>('/api/auth/me', again.token)).data.user_id).toBe(again.userId);
  });
});

describe('the undo link of an email change', () => {
  it('gives the old address back and asks for a new password', async () => {
    const email = DEMO_ACCOUNTS.olena;
    const token = await apiLogin(server.url, email, DEMO_PASSWORD);
    const moved = `olena-${Date.now()}@elsewhere.test`;
    expect((await api('/api/account/email', token, { password: DEMO_PASSWORD, email: moved, lang: 'en' })).status_code).toBe(200);
    const verify = linkToken(await waitForMail(server.dataDir, moved));
    expect((await api('/api/auth/verify-email', token, { token: verify })).status_code).toBe(200);
    const notice = await poll(
      async () => mailsTo(server.dataDir, email).find((m) => m.text.includes('/account/undo-email#token=')),
      Boolean,
      15_000,
      'the undo link to reach the old address',
    );

    const other = await suite.launch({ locale: 'en' });
    await other.page.goto(`${server.url}/en/account/undo-email#token=${linkToken(notice!)}`);
    await expect.poll(() => other.page.getByText(`Your account signs in with ${email} again`).isVisible(), { timeout: 30_000 }).toBe(true);
    expect(other.page.url()).not.toContain('token');
    await other.page.getByLabel('New password').fill('harbour-lantern-46');
    await other.page.getByRole('button', { name: 'Save the new password' }).click();
    await other.page.waitForURL(`${server.url}/en/profile/settings?reset=1`);
    await apiLogin(server.url, email, 'harbour-lantern-46');
    await expect(apiLogin(server.url, moved, DEMO_PASSWORD)).rejects.toThrow();
    // The session that made the change ended with the undo.
    expect((await fetch(`${server.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
  });
});
