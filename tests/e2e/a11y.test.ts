import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccount } from '../../server/db/seed/demo-data.ts';
import type { FoyerServer } from './fixtures/server.ts';
import type { TestBrowser } from './fixtures/browser.ts';
import { e2eSuite } from './fixtures/suite.ts';
import { apiLogin, demoIds } from './fixtures/api.ts';
import { sellTickets } from './fixtures/sales.ts';
import { SyncStatusBar } from './pages/SyncStatusBar.ts';
import { axeViolations, formatViolations, settle } from './pages/axe.ts';

/**
 * axe-core over every screen of the app, in Ukrainian and English, each as the person who can see it
 * (a guest, a visitor with tickets, a signed-in visitor without a ticket, the organiser), plus the
 * dialogs: the appointment modal, the guest's login dialog and the "you need a ticket" dialog of the
 * live page. WCAG 2.1 A and AA rules; any violation fails with its rule, impact and elements.
 * One server and one Chromium for the file; each person is a context of that browser.
 */

const require = createRequire(import.meta.url);
const LOCALES = ['uk', 'en'] as const;
type Who = 'guest' | Extract<DemoAccount, 'anna' | 'olena' | 'owner'>;

const suite = e2eSuite({ browsers: { guest: undefined, anna: undefined, olena: undefined, owner: undefined } satisfies Record<Who, undefined>, shared: true });
let server: FoyerServer;
const people = new Map<Who, TestBrowser>();
let axeSource: string;
let eventId: number;
let onlineEventId: number;
let bohdanId: number;
let standId: number;

beforeAll(async () => {
  ({ server } = suite);
  axeSource = (await import('node:fs')).readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  ({ eventId, onlineEventId, bohdanId, standId } = await demoIds(server.url));
  // A comment of anna's that the organiser rates: a notice for each of them (the notifications screens).
  const annaToken = await apiLogin(server.url, DEMO_ACCOUNTS.anna, DEMO_PASSWORD);
  const ownerToken = await apiLogin(server.url, DEMO_ACCOUNTS.owner, DEMO_PASSWORD);
  const added = await fetch(`${server.url}/api/events/add-comment`, {
    method: 'POST',
    headers: { authorization: `Bearer ${annaToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ event_id: eventId, comment: 'Where are the slides of the keynote?' }),
  });
  const commentId = ((await added.json()) as { data: { comment: { id: number } } }).data.comment.id;
  await fetch(`${server.url}/api/events/set-like-comment`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ownerToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ commentId, like_type: 1 }),
  });
  people.set('guest', suite.browser('guest'));
  for (const who of ['anna', 'olena', 'owner'] as const) {
    const person = suite.browser(who);
    await suite.signIn(person.page, DEMO_ACCOUNTS[who], '/uk/profile');
    people.set(who, person);
  }
  // The first sync fills the device; screens checked before it would only show spinners.
  for (const who of ['anna', 'olena', 'owner'] as const) {
    const status = new SyncStatusBar(people.get(who)!.page);
    await suite.poll(() => status.isIdle(), Boolean, 60_000, `${who}'s first sync`);
  }
  // The demo event sells a free and a paid ticket (issue 15), so the checkout and sales screens have
  // something to show. Put on sale after the sign-ins: devices that browsed as a guest first keep
  // their event documents' checkpoint, and only a change after it reaches them in the organiser's shape.
  await sellTickets(server.url, await apiLogin(server.url, DEMO_ACCOUNTS.owner, DEMO_PASSWORD), eventId);
});

interface Screen {
  name: string;
  who: Who;
  path: (locale: string) => string;
  /** What shows once the screen has its data (or its dialog is open). */
  ready?: (page: Page) => Promise<void>;
  /** Loaded afresh: a dialog opened from the address must not linger into the next screen. */
  reload?: boolean;
}

/**
 * Moves between screens the way the app does, through the router (history plus popstate), which
 * skips a full reload of the app and its database per screen. The first screen of each person, a
 * dialog screen and the one after it load afresh.
 */
const needsReload = new Map<Who, boolean>();
async function open(page: Page, who: Who, screen: Screen, url: string): Promise<void> {
  if (screen.reload || needsReload.get(who) !== false) {
    await page.goto(url);
  } else {
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, url);
  }
  needsReload.set(who, Boolean(screen.reload));
}

const visible = (page: Page, selector: string) => page.locator(selector).first().waitFor({ state: 'visible', timeout: 30_000 });

const screens = (): Screen[] => [
  { name: 'home', who: 'guest', path: (l) => `/${l}/`, ready: (p) => visible(p, 'main a[href*="/events/"]') },
  { name: 'events by city', who: 'guest', path: (l) => `/${l}/events`, ready: (p) => visible(p, 'main a[href*="/events/"]') },
  { name: 'events by category', who: 'guest', path: (l) => `/${l}/events/list`, ready: (p) => visible(p, 'main a[href*="/events/"]') },
  { name: 'event page', who: 'guest', path: (l) => `/${l}/events/${eventId}`, ready: (p) => visible(p, 'main h1') },
  { name: 'visitors (guest)', who: 'guest', path: (l) => `/${l}/events/${eventId}/visitors`, ready: (p) => visible(p, 'main article') },
  {
    name: 'login dialog',
    who: 'guest',
    path: (l) => `/${l}/events/${eventId}/visitors?tab=FAVORITES`,
    ready: (p) => visible(p, 'dialog[open]'),
    reload: true,
  },
  { name: 'companies', who: 'guest', path: (l) => `/${l}/events/${eventId}/companies`, ready: (p) => visible(p, 'main article') },
  { name: 'company page', who: 'guest', path: (l) => `/${l}/events/${eventId}/companies-detail/${standId}`, ready: (p) => visible(p, 'main h1') },
  { name: 'twitterwall', who: 'guest', path: (l) => `/${l}/events/twitterwall/${eventId}` },
  { name: 'login', who: 'guest', path: (l) => `/${l}/login`, ready: (p) => visible(p, 'input[type="password"]') },
  { name: 'sign up', who: 'guest', path: (l) => `/${l}/signup`, ready: (p) => visible(p, 'input[autocomplete="new-password"]') },
  { name: 'forgotten password', who: 'guest', path: (l) => `/${l}/account/forgot`, ready: (p) => visible(p, 'input[type="email"]') },
  { name: 'not found', who: 'guest', path: (l) => `/${l}/no-such-screen`, ready: (p) => visible(p, 'main h1') },
  { name: 'favorites', who: 'anna', path: (l) => `/${l}/events/favorites` },
  { name: 'visitors', who: 'anna', path: (l) => `/${l}/events/${eventId}/visitors`, ready: (p) => visible(p, 'main article') },
  {
    name: 'appointment modal',
    who: 'anna',
    path: (l) => `/${l}/events/${eventId}?meeting_user_id=${bohdanId}`,
    // The slots once loaded, or the note that the day has none (late in the evening it may not).
    ready: (p) => visible(p, 'dialog[open] [role="radio"], dialog[open] .appointment-modal__note'),
    reload: true,
  },
  { name: 'live stage', who: 'anna', path: (l) => `/${l}/events/${onlineEventId}/live-translation/stage`, ready: (p) => visible(p, '.live-nav') },
  {
    name: 'live chat',
    who: 'anna',
    path: (l) => `/${l}/events/${eventId}/live-translation/chat`,
    ready: (p) => visible(p, 'main textarea, main input[type="text"]'),
  },
  { name: 'live visitors', who: 'anna', path: (l) => `/${l}/events/${eventId}/live-translation/visitors`, ready: (p) => visible(p, 'main article') },
  { name: 'live expo', who: 'anna', path: (l) => `/${l}/events/${eventId}/live-translation/companies`, ready: (p) => visible(p, 'main article') },
  { name: 'ticket dialog', who: 'olena', path: (l) => `/${l}/events/${eventId}/live-translation/stage`, ready: (p) => visible(p, 'main [role="dialog"]') },
  { name: 'people', who: 'anna', path: (l) => `/${l}/people` },
  { name: 'my events', who: 'anna', path: (l) => `/${l}/profile/myevents` },
  { name: 'my tickets', who: 'anna', path: (l) => `/${l}/profile/mytickets`, ready: (p) => visible(p, 'main article') },
  { name: 'my profile', who: 'anna', path: (l) => `/${l}/profile`, ready: (p) => visible(p, 'main h1') },
  { name: 'settings', who: 'anna', path: (l) => `/${l}/profile/settings`, ready: (p) => visible(p, 'main textarea') },
  { name: "a user's profile", who: 'anna', path: (l) => `/${l}/profiles/${bohdanId}`, ready: (p) => visible(p, 'main h1') },
  { name: "a user's events", who: 'anna', path: (l) => `/${l}/user/${bohdanId}/events` },
  { name: 'messages', who: 'anna', path: (l) => `/${l}/profile/mymessages?user_id=${bohdanId}` },
  { name: 'my appointments', who: 'anna', path: (l) => `/${l}/profile/mymeeting?event_id=${eventId}`, ready: (p) => visible(p, 'main article') },
  { name: 'referrals', who: 'anna', path: (l) => `/${l}/referrers`, ready: (p) => visible(p, 'main select') },
  { name: 'trip plan', who: 'anna', path: (l) => `/${l}/events/${eventId}/trip`, ready: (p) => visible(p, 'main form textarea') },
  { name: 'calendar', who: 'anna', path: (l) => `/${l}/profile/calendar`, ready: (p) => visible(p, 'main .cal-feed') },
  { name: 'calendar agenda', who: 'anna', path: (l) => `/${l}/profile/calendar?view=agenda`, ready: (p) => visible(p, 'main .cal-feed') },
  { name: 'notifications', who: 'anna', path: (l) => `/${l}/profile/notification`, ready: (p) => visible(p, 'main .notice-row') },
  {
    name: 'notifications panel',
    who: 'owner',
    path: (l) => `/${l}/profile`,
    ready: async (p) => {
      await p.getByRole('banner').locator('.notifications-menu .menu__button').click();
      await visible(p, '.notifications-panel .notice-row');
    },
    reload: true,
  },
  { name: 'door events', who: 'owner', path: (l) => `/${l}/checkin` },
  { name: 'door check-in', who: 'owner', path: (l) => `/${l}/events/${eventId}/checkin`, ready: (p) => visible(p, '[data-testid="door-admitted"]') },
  { name: 'ticket design', who: 'owner', path: (l) => `/${l}/events/${eventId}/ticket-design`, ready: (p) => visible(p, 'main form, main fieldset') },
  { name: 'live chat (moderator)', who: 'owner', path: (l) => `/${l}/events/${eventId}/live-translation/chat` },
  { name: 'admin: my organised events', who: 'owner', path: (l) => `/${l}/admin/events`, ready: (p) => visible(p, 'main .admin__list a') },
  { name: 'admin: edit an event', who: 'owner', path: (l) => `/${l}/admin/events/${eventId}`, ready: (p) => visible(p, 'main form.admin-form') },
  { name: 'admin: new event', who: 'olena', path: (l) => `/${l}/admin/events/new`, ready: (p) => visible(p, 'main form.admin-form') },
  { name: 'admin: not an organiser', who: 'olena', path: (l) => `/${l}/admin/events/${eventId}`, ready: (p) => visible(p, 'main h1') },
  { name: 'admin: schedule', who: 'owner', path: (l) => `/${l}/admin/events/${eventId}/schedule`, ready: (p) => visible(p, 'main .schedule-speech') },
  {
    name: 'admin: speech form',
    who: 'owner',
    path: (l) => `/${l}/admin/events/${eventId}/schedule`,
    ready: async (p) => {
      await visible(p, 'main .schedule-speech');
      await p.locator('main .schedule-speech button').first().click();
      await visible(p, 'dialog[open] form.admin-form');
    },
  },
  { name: 'admin: meetings', who: 'owner', path: (l) => `/${l}/admin/events/${eventId}/meetings`, ready: (p) => visible(p, 'main .meeting-row') },
  { name: 'admin: stands', who: 'owner', path: (l) => `/${l}/admin/events/${eventId}/stands`, ready: (p) => visible(p, 'main .stand-card a') },
  { name: 'admin: stand', who: 'owner', path: (l) => `/${l}/admin/events/${eventId}/stands/s${standId}`, ready: (p) => visible(p, 'main .stand-member') },
  { name: 'admin: people', who: 'owner', path: (l) => `/${l}/admin/events/${eventId}/people`, ready: (p) => visible(p, 'main .person-row') },
  { name: 'admin: overview', who: 'owner', path: (l) => `/${l}/admin/events/${eventId}/overview`, ready: (p) => visible(p, 'main .bar-chart') },
  { name: 'open stand', who: 'owner', path: (l) => `/${l}/events/${eventId}/companies-detail/${standId}/edit`, ready: (p) => visible(p, 'main .stand-member') },
  // Ticket sales (issue 15): the checkout as a dialog and as a page, the organiser's types and orders.
  {
    name: 'checkout dialog',
    who: 'olena',
    path: (l) => `/${l}/events/${eventId}?buy=1`,
    ready: (p) => visible(p, 'dialog[open] .checkout select'),
    reload: true,
  },
  { name: 'checkout page', who: 'olena', path: (l) => `/${l}/events/${eventId}/checkout`, ready: (p) => visible(p, 'main .checkout select'), reload: true },
  {
    name: 'admin: ticket types',
    who: 'owner',
    path: (l) => `/${l}/admin/events/${eventId}/tickets`,
    ready: (p) => visible(p, 'main .admin__list .admin__card'),
  },
  { name: 'admin: orders', who: 'owner', path: (l) => `/${l}/admin/events/${eventId}/orders`, ready: (p) => visible(p, 'main .sales__figures') },
];

describe.each(LOCALES)('accessibility (axe-core, WCAG 2.1 A/AA) in %s', (locale) => {
  for (const screen of screens()) {
    it(`${screen.name} (${screen.who})`, async () => {
      const { page, errors } = people.get(screen.who)!;
      // A new locale is a new language bundle and document language: load it afresh.
      if (!page.url().includes(`/${locale}/`)) needsReload.set(screen.who, true);
      await open(page, screen.who, screen, `${server.url}${screen.path(locale)}`);
      await page.waitForURL((u) => u.pathname === new URL(screen.path(locale), server.url).pathname);
      try {
        await screen.ready?.(page);
      } catch (error) {
        const shown =
          (await page
            .locator('dialog[open], main')
            .first()
            .textContent()
            .catch(() => '')) ?? '';
        throw new Error(
          `${screen.name} never became ready: ${(error as Error).message}\n--- on screen ---\n${shown.slice(0, 800)}\n${errors.slice(-5).join('\n')}`,
        );
      }
      await settle(page);
      const violations = await axeViolations(page, axeSource);
      expect(
        violations.map((v) => v.id),
        `${page.url()}\n${formatViolations(violations)}`,
      ).toEqual([]);
    });
  }
});
