/**
 * Phone screenshots of Foyer's screens, for reviewers to look at instead of read (docs/screens/).
 *
 *   node --import tsx scripts/screens.ts --tag before [--locales uk,en] [--only home,event] [--dist ./dist] [--out docs/screens]
 *
 * Starts the built app on a fresh demo database (tests/e2e/fixtures/server.ts), opens each screen in
 * Debian's Chromium at 360×640 as the person the screen is for, waits for it to settle and saves
 * `<out>/<screen>-<locale>-<tag>.png`. It prints, per shot, whether anything is wider than the screen
 * and which controls lie under the tab bar, the two things a phone layout most often gets wrong.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Locator, Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { DEMO_ACCOUNTS, DEMO_IN_PERSON_EVENT_NAME, DEMO_PASSWORD } from '../server/db/seed/demo-data.ts';
import { apiLogin, findEventByName } from '../tests/e2e/fixtures/api.ts';
import { userIdOf } from '../tests/e2e/fixtures/meetings.ts';
import { launchBrowser, type TestBrowser } from '../tests/e2e/fixtures/browser.ts';
import { sellTickets } from '../tests/e2e/fixtures/sales.ts';
import { startFoyerServer } from '../tests/e2e/fixtures/server.ts';
import { LoginPage } from '../tests/e2e/pages/LoginPage.ts';

const { values } = parseArgs({
  options: {
    tag: { type: 'string', default: 'now' },
    locales: { type: 'string', default: 'uk,en' },
    only: { type: 'string' },
    dist: { type: 'string' },
    out: { type: 'string', default: 'docs/screens' },
  },
});

export const PHONE = { width: 360, height: 640 };
type Who = 'guest' | keyof typeof DEMO_ACCOUNTS;

interface Screen {
  name: string;
  who: Who;
  path: (ids: { eventId: number; ownerId: number }) => string;
  /** Something to do once the screen is there (open a menu, say). */
  prepare?: (page: Page) => Promise<void>;
  /** The screen shows ticket sales: the demo event gets types and orders first (salesOnDemo). */
  sales?: boolean;
}

const SCREENS: Screen[] = [
  { name: 'home-guest', who: 'guest', path: () => '/' },
  { name: 'home', who: 'anna', path: () => '/' },
  { name: 'events', who: 'anna', path: () => '/events/list' },
  {
    // The events list's search, with a word typed and the list following it (issue 27).
    name: 'events-search',
    who: 'anna',
    path: () => '/events/list',
    prepare: async (page) => {
      // A build without the search (the "before" of issue 27) shows the list as it is.
      const input = page.locator('.events-search input');
      if ((await input.count()) === 0) return;
      await input.fill('Kyiv');
      await page.waitForTimeout(1200);
      // The box at the top and the cards it found, with their prices, below it.
      await input.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 70));
      await page.waitForTimeout(300);
    },
  },
  // Another user's events (the demo organiser's), read from the server while online (issue 27).
  { name: 'user-events', who: 'anna', path: ({ ownerId }) => `/user/${ownerId}/events` },
  { name: 'event', who: 'anna', path: ({ eventId }) => `/events/${eventId}` },
  { name: 'live', who: 'anna', path: ({ eventId }) => `/events/${eventId}/live-translation` },
  {
    // The poster block, brought to the top of the screen below the header.
    name: 'event-poster',
    who: 'anna',
    path: ({ eventId }) => `/events/${eventId}`,
    prepare: async (page) => {
      await page.locator('.event-page__media').evaluate((el) => {
        el.scrollIntoView({ block: 'start' });
        window.scrollBy(0, -140);
      });
      await page.waitForTimeout(300);
    },
  },
  {
    // Home below its greeting: the user's events on now, the next meeting, the ticket.
    name: 'home-mine',
    who: 'anna',
    path: () => '/',
    prepare: async (page) => {
      await page.locator('.page__intro').evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await page.waitForTimeout(300);
    },
  },
  {
    // The stage's programme: "Now", the days and the track filter.
    name: 'live-programme',
    who: 'anna',
    path: ({ eventId }) => `/events/${eventId}/live-translation/stage`,
    prepare: async (page) => {
      await page.locator('.live-stage__schedule').evaluate((el) => {
        el.scrollIntoView({ block: 'start' });
        window.scrollBy(0, -140);
      });
      await page.waitForTimeout(300);
    },
  },
  { name: 'live-chat', who: 'anna', path: ({ eventId }) => `/events/${eventId}/live-translation/chat` },
  { name: 'visitors', who: 'anna', path: ({ eventId }) => `/events/${eventId}/visitors` },
  { name: 'tickets', who: 'anna', path: () => '/profile/mytickets' },
  { name: 'appointments', who: 'anna', path: () => '/profile/mymeeting' },
  { name: 'messages', who: 'anna', path: () => '/profile/mymessages' },
  { name: 'settings', who: 'anna', path: () => '/profile/settings' },
  {
    name: 'account-menu',
    who: 'anna',
    path: () => '/',
    prepare: async (page) => {
      await page.locator('.user-menu .menu__button').click();
      await page.waitForTimeout(300);
    },
  },
  { name: 'door', who: 'owner', path: ({ eventId }) => `/events/${eventId}/checkin` },
  // The organisers' ticket sales on the overview, and the orders list with its export (issue 30).
  {
    name: 'admin-overview-sales',
    who: 'owner',
    path: ({ eventId }) => `/admin/events/${eventId}/overview`,
    sales: true,
    prepare: async (page) => {
      const sales = page.locator('.overview-sales');
      if ((await sales.count()) === 0) return;
      await sales.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 60));
      await page.waitForTimeout(300);
    },
  },
  {
    name: 'admin-orders',
    who: 'owner',
    path: ({ eventId }) => `/admin/events/${eventId}/orders`,
    sales: true,
    prepare: async (page) => {
      // The figures, the export and the first orders, below the event's header and tabs.
      const figures = page.locator('.sales__figures');
      if ((await figures.count()) === 0) return;
      await figures.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 60));
      await page.waitForTimeout(300);
    },
  },
  // Promo codes (issue 30): the organiser's list under the ticket types, and a code applied at checkout.
  {
    name: 'admin-promo-codes',
    who: 'owner',
    path: ({ eventId }) => `/admin/events/${eventId}/tickets`,
    sales: true,
    prepare: async (page) => {
      const row = page.locator('[data-promo]').first();
      if (!(await appears(row, 15_000))) return;
      await row.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 200));
      await page.waitForTimeout(300);
    },
  },
  {
    name: 'checkout-promo',
    who: 'olena',
    path: ({ eventId }) => `/events/${eventId}/checkout`,
    sales: true,
    prepare: async (page) => {
      const root = page.locator('main .checkout-page');
      const business = root.getByLabel(/^(How many|Скільки): Business$/);
      await business.waitFor({ timeout: 30_000 });
      await business.selectOption('1');
      const next = root.getByRole('button', { name: /^(Continue|Далі)$/ });
      await next.click();
      await next.click();
      const code = root.locator('.checkout__promo input');
      if (!(await appears(code, 10_000))) return;
      await code.fill('early20');
      await root.locator('.checkout__promo button').first().click();
      // Applied, the field gives way to the code's line, with the discounted total below it.
      const applied = root.locator('.checkout__promo-applied');
      await applied.waitFor({ timeout: 15_000 });
      await applied.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 160));
      await page.waitForTimeout(300);
    },
  },
  {
    name: 'door-verdict',
    who: 'owner',
    path: ({ eventId }) => `/events/${eventId}/checkin`,
    prepare: async (page) => {
      await page.locator('.door-manual input[name="code"]').fill('FY-NOT-A-TICKET');
      await page.locator('.door-manual input[name="code"]').press('Enter');
      await page.locator('.door-result').waitFor({ state: 'visible' });
    },
  },
  {
    name: 'appointments-list',
    who: 'anna',
    path: () => '/profile/mymeeting',
    prepare: async (page) => {
      await page.locator('.event-picker__item').first().click();
      await page.locator('article.appointment').first().scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
    },
  },
  {
    // An agreed meeting opened for editing, switched to any time: the form shows that meeting (issue 27).
    name: 'any-time-existing',
    who: 'anna',
    path: () => '/profile/mymeeting',
    prepare: async (page) => {
      await page.locator('.event-picker__item').first().click();
      await page
        .locator('article.appointment button')
        .filter({ hasText: /^\s*(Змінити|Edit)\s*$/ })
        .first()
        .click();
      const dialog = page.locator('dialog[open]');
      await dialog.waitFor({ state: 'visible' });
      await dialog.getByRole('radio', { name: /Будь-який час|Any time/ }).check();
      await page.waitForTimeout(500);
    },
  },
  {
    name: 'visitor-cards',
    who: 'anna',
    path: ({ eventId }) => `/events/${eventId}/visitors`,
    prepare: async (page) => {
      await page
        .locator('main article')
        .first()
        .evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 70));
      await page.waitForTimeout(300);
    },
  },
  // The form kit (src/ui/form, issue 29 step 7): a refused form and an admin form with hints.
  {
    name: 'settings-password-errors',
    who: 'anna',
    path: () => '/profile/settings',
    prepare: async (page) => {
      const form = page.locator('form[aria-labelledby="settings-password"]');
      await form.locator('button[type="submit"]').click();
      await form.locator('.field__error').first().waitFor();
      await form.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 60));
      await page.waitForTimeout(300);
    },
  },
  {
    name: 'admin-event-form',
    who: 'owner',
    path: ({ eventId }) => `/admin/events/${eventId}`,
    prepare: async (page) => {
      const hint = page.locator('.field__hint, .field .muted').first();
      await hint.waitFor();
      await hint.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 200));
      await page.waitForTimeout(300);
    },
  },
  {
    name: 'settings-photo',
    who: 'anna',
    path: () => '/profile/settings',
    prepare: async (page) => {
      await page.locator('.settings-avatar').scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
    },
  },
  {
    name: 'message-modal',
    who: 'anna',
    path: ({ eventId }) => `/events/${eventId}/visitors`,
    prepare: async (page) => {
      await page.locator('main article').first().waitFor();
      // Only people one may write to have the button (an agreed meeting or a dialog); the shot shows the page otherwise.
      const write = page.locator('main article button, main article a').filter({ hasText: /^\s*(Повідомлення|Message|Сообщение|Wiadomość)\s*$/ });
      if ((await write.count()) === 0) return;
      await write.first().click();
      await page.locator('dialog[open]').waitFor({ state: 'visible' });
      await page.waitForTimeout(500);
    },
  },
];

async function signIn(browser: TestBrowser, baseUrl: string, locale: string, who: Who): Promise<void> {
  if (who === 'guest') return;
  await new LoginPage(browser.page, baseUrl, locale).signInTo(`/${locale}`, DEMO_ACCOUNTS[who], DEMO_PASSWORD);
}

/** What a phone user would trip over: the page wider than the screen, controls under the tab bar. */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width + 1) problems.push(`page ${document.documentElement.scrollWidth}px wide on a ${width}px screen`);
    const bar = document.querySelector('nav.tabbar');
    const top = bar ? bar.getBoundingClientRect().top : window.innerHeight;
    for (const el of document.querySelectorAll<HTMLElement>('main a, main button, main input, main select, .menu__panel a, .menu__panel button')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.right > width + 1) problems.push(`${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}" ends at ${Math.round(r.right)}px`);
      // Controls scrolled into the tab bar's strip on the first screen, which nobody can reach without scrolling past it.
      // A menu's own scrolling panel clips its items: only the part left showing can be under the bar.
      const panel = el.closest('.menu__panel')?.getBoundingClientRect();
      if (bar && panel && Math.min(r.bottom, panel.bottom) > top) problems.push(`menu item "${(el.textContent ?? '').trim().slice(0, 30)}" under the tab bar`);
    }
    return problems.slice(0, 12);
  });
}

/**
 * Ticket sales on the demo event, through the same calls an organiser's and a buyer's devices make:
 * the e2e files' types (tests/e2e/fixtures/sales.ts), then a paid order, a free one and one waiting
 * for a bank transfer. The demo seed sells nothing, so without this the sales screens would be empty.
 */
async function salesOnDemo(baseUrl: string, eventId: number): Promise<void> {
  const owner = await apiLogin(baseUrl, DEMO_ACCOUNTS.owner, DEMO_PASSWORD);
  await sellTickets(baseUrl, owner, eventId);
  const types = await offeredTypes(baseUrl, eventId);
  // A code for the business tickets (issue 30), which the orders below do not use: its list shows "used 0".
  const business = types.find((t) => t.name === 'Business');
  if (business) {
    const fields = { code: 'EARLY20', kind: 'percent', value: 20, type_ids: [business.id], max_uses: 50, valid_from: null, valid_until: null, active: true };
    const res = await fetch(`${baseUrl}/sync/v1/commands`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        commands: [{ id: `screens-${randomUUID()}`, kind: 'promo_code.save', payload: { event_id: eventId, fields }, occurredAt: new Date().toISOString() }],
      }),
    });
    // A build without codes refuses the command; its screens simply show none.
    await res.body?.cancel();
  }
  const orders: [keyof typeof DEMO_ACCOUNTS, string, number, 'transfer' | 'free', boolean][] = [
    ['anna', 'Business', 2, 'transfer', true],
    ['bohdan', 'Community', 1, 'free', false],
    ['olena', 'Business', 1, 'transfer', false],
  ];
  for (const [who, typeName, count, method, markPaid] of orders) {
    const type = types.find((t) => t.name === typeName);
    if (!type) throw new Error(`no ${typeName} type on sale`);
    const token = await apiLogin(baseUrl, DEMO_ACCOUNTS[who], DEMO_PASSWORD);
    const lines = Array.from({ length: count }, (_, i) => ({ type_id: type.id, name: `${who} ${i + 1}`, company: '', position: '' }));
    const placed = await postJson(baseUrl, token, '/api/checkout/orders', {
      event_id: eventId,
      method,
      client_key: `screens-${randomUUID()}`,
      expected_total: type.price * count,
      lines,
    });
    const code = (placed.data as { order?: { code?: string } } | undefined)?.order?.code;
    if (!code) throw new Error(`the ${who} order was not placed: ${JSON.stringify(placed)}`);
    if (markPaid) await postJson(baseUrl, owner, `/api/events/${eventId}/orders/${code}/mark-paid`, {});
  }
}

/** Whether the element shows within `ms`: a build from before a feature simply does not have it. */
function appears(locator: Locator, ms: number): Promise<boolean> {
  return locator.waitFor({ timeout: ms }).then(
    () => true,
    () => false,
  );
}

async function offeredTypes(baseUrl: string, eventId: number): Promise<{ id: number; name: string; price: number }[]> {
  const res = await fetch(`${baseUrl}/api/events/${eventId}/ticket-types`);
  return ((await res.json()) as { data: { types: { id: number; name: string; price: number }[] } }).data.types;
}

async function postJson(baseUrl: string, token: string, path: string, body: unknown): Promise<{ data?: unknown }> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { data?: unknown };
}

async function main() {
  const out = path.resolve(values.out ?? 'docs/screens');
  fs.mkdirSync(out, { recursive: true });
  const only = values.only?.split(',');
  const screens = SCREENS.filter((s) => !only || only.includes(s.name));
  const server = await startFoyerServer(values.dist ? { distDir: path.resolve(values.dist) } : {});
  try {
    const eventId = (await findEventByName(server.url, DEMO_IN_PERSON_EVENT_NAME)).event_id;
    const ownerId = await userIdOf(server.url, await apiLogin(server.url, DEMO_ACCOUNTS.owner, DEMO_PASSWORD));
    if (screens.some((s) => s.sales)) await salesOnDemo(server.url, eventId);
    for (const locale of (values.locales ?? 'uk,en').split(',')) {
      for (const who of [...new Set(screens.map((s) => s.who))]) {
        const browser = await launchBrowser({ locale: locale === 'uk' ? 'uk-UA' : `${locale}-GB`, viewport: PHONE, timezoneId: 'Europe/Kyiv' });
        try {
          await signIn(browser, server.url, locale, who);
          for (const screen of screens.filter((s) => s.who === who)) {
            const { page } = browser;
            await page.goto(`${server.url}/${locale}${screen.path({ eventId, ownerId }).replace(/^\/$/, '')}`);
            await page.waitForLoadState('networkidle').catch(() => undefined);
            await page.waitForTimeout(1500);
            if (screen.prepare) await screen.prepare(page);
            const file = path.join(out, `${screen.name}-${locale}-${values.tag}.png`);
            await page.screenshot({ path: file });
            const problems = await layoutProblems(page);
            console.log(`${path.relative(process.cwd(), file)}: ${problems.length ? problems.join('; ') : 'fits'}`);
          }
        } finally {
          await browser.close();
        }
      }
    }
  } finally {
    await server.dispose();
  }
}

await main();
