import { beforeAll, describe, expect, it } from 'vitest';
import { linkToken, waitForMail } from '../fixtures/mail.ts';
import type { FoyerServer } from './fixtures/server.ts';
import { waitForServiceWorkerControl, type TestBrowser } from './fixtures/browser.ts';
import { e2eSuite } from './fixtures/suite.ts';
import { apiLogin } from './fixtures/api.ts';
import { SyncStatusBar } from './pages/SyncStatusBar.ts';
import type { Envelope } from '../fixtures/envelope.ts';

/**
 * A new person's way in (issue 15), in Chromium against the built app: sign up from the login
 * screen, confirm the address with the link from the mail file the server wrote, edit settings
 * while the server is down and see them applied once it is back, then reset a forgotten password.
 * "Offline" is the server stopped, as elsewhere: browser emulation reaches no worker.
 */

const suite = e2eSuite({ browsers: { newcomer: 'en' }, restartEachTest: true });
const { poll, until } = suite;
let server: FoyerServer;
let browser: TestBrowser;
const EMAIL = `newcomer-${Date.now()}@accounts.test`;
const PASSWORD = 'marigold-ferry-52';
const NEW_PASSWORD = 'copper-lantern-83';

beforeAll(() => {
  ({ server } = suite);
  browser = suite.browser('newcomer');
});

/** The user's own profile, as far as this test reads it. */
type OwnProfile = { locale: string; notify_email?: { new_message: boolean } };

async function ownProfile(token: string): Promise<OwnProfile> {
  const res = await fetch(`${server.url}/api/profile/lite`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as Envelope<OwnProfile>).data;
}

describe('accounts in the browser', () => {
  it('signs up, verifies by the mailed link, edits settings offline and resets a forgotten password', async () => {
    const { page } = browser;

    // Sign up from the login screen; a refused field answers next to itself and changes nothing.
    await page.goto(`${server.url}/en/login`);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('First name').fill('Marta');
    await page.getByLabel('Last name').fill('Nowak');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill('password1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.getByText('This password is among the most common ones').isVisible(), { timeout: 30_000 }).toBe(true);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${server.url}/en`);
    const notice = page.getByRole('region', { name: 'Email not confirmed' });
    await expect.poll(() => notice.isVisible(), { timeout: 30_000 }).toBe(true);

    // The link from the .eml file confirms the address; the token leaves the address bar.
    const mail = await waitForMail(server.dataDir, EMAIL);
    const link = mail.text.match(/https?:\/\/\S+#token=[A-Za-z0-9_-]{43}/)?.[0];
    expect(link).toBeDefined();
    expect(link!.startsWith(`${server.url}/en/account/verify#token=`)).toBe(true);
    await page.goto(link!);
    await expect.poll(() => page.getByText('Your email address is confirmed').isVisible(), { timeout: 30_000 }).toBe(true);
    expect(page.url()).not.toContain('token');
    await expect.poll(() => notice.count(), { timeout: 30_000 }).toBe(0);

    // Settings, reached from the user menu, edited while the server is down.
    await page.getByRole('button', { name: /Marta Nowak/ }).click();
    await page
      .getByRole('menuitem', { name: 'Settings' })
      .or(page.getByRole('link', { name: 'Settings' }))
      .first()
      .click();
    await page.waitForURL(`${server.url}/en/profile/settings`);
    await waitForServiceWorkerControl(page, 90_000);
    const company = page.getByLabel('Company');
    await expect.poll(() => company.isVisible(), { timeout: 30_000 }).toBe(true);
    const status = new SyncStatusBar(page);
    await poll(() => status.isIdle(), Boolean, 30_000, 'the first sync to finish');

    await server.stop();
    await company.fill('Nowak Studio');
    await page.getByLabel('Position').fill('Designer');
    await page.getByLabel('Technology').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Saved. It is sent to the server').isVisible(), { timeout: 10_000 }).toBe(true);
    // The email switches; the push switches below have the same labels.
    await page.getByRole('group', { name: 'Email notifications' }).getByLabel('A new message').uncheck();
    await page.getByLabel('Interface language').selectOption('pl');
    await poll(
      () => status.pending(),
      (n) => n >= 1,
      10_000,
      'the edits to wait in the outbox',
    );
    await server.start();

    const token = await apiLogin(server.url, EMAIL, PASSWORD);
    const saved = await poll(
      () => ownProfile(token),
      (p) => p.locale === 'pl' && p.notify_email?.new_message === false,
      60_000,
      'the offline settings to reach the server',
    );
    expect(saved).toMatchObject({ company: 'Nowak Studio', position: 'Designer', hobby: '4', email_verified: true });
    await until(() => status.pending(), 0, 30_000, 'the outbox to empty');

    // Forgotten password, from a browser that is signed out.
    const other = await suite.launch({ locale: 'en' });
    await other.page.goto(`${server.url}/en/login`);
    await other.page.getByRole('link', { name: 'Forgot your password?' }).click();
    // The login form stays on screen until the forgot page's code has loaded: fill the right one.
    await other.page.getByRole('heading', { name: 'Forgot your password?' }).waitFor({ timeout: 30_000 });
    await other.page.getByLabel('Email').fill(EMAIL);
    await other.page.getByRole('button', { name: 'Send the link' }).click();
    await expect.poll(() => other.page.getByText(`If ${EMAIL} belongs to an account`).isVisible(), { timeout: 30_000 }).toBe(true);
    const reset = await waitForMail(server.dataDir, EMAIL, 2);
    // The account chose Polish in settings: its mails are in Polish now.
    expect(reset.subject).toBe('Nowe hasło do Foyer');
    await other.page.goto(`${server.url}/en/account/reset#token=${linkToken(reset)}`);
    await other.page.getByLabel('New password').fill(NEW_PASSWORD);
    await other.page.getByRole('button', { name: 'Save the new password' }).click();
    await other.page.waitForURL(`${server.url}/en/profile/settings?reset=1`);
    await expect.poll(() => other.page.getByText('Your new password is saved').isVisible(), { timeout: 30_000 }).toBe(true);
    await apiLogin(server.url, EMAIL, NEW_PASSWORD);
    await expect(apiLogin(server.url, EMAIL, PASSWORD)).rejects.toThrow();
    // The first browser's session ended with the reset.
    const me = await page.evaluate(async () => (await fetch('/api/auth/me')).status);
    expect(me).toBe(401);
  });
});
