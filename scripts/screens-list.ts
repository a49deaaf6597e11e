import type { Page } from 'playwright-core';
import type { DEMO_ACCOUNTS } from '../server/db/seed/demo-data.ts';
import { appears, contactCodeOf, ticketDialog } from './screens-helpers.ts';
import { LEAD_SCREENS } from './screens-leads.ts';

/** The screens scripts/screens.ts photographs: who sees each, where, and what to do first. */

export type Who = 'guest' | keyof typeof DEMO_ACCOUNTS;

export interface Screen {
  name: string;
  who: Who;
  path: (ids: { eventId: number; ownerId: number; standId: number }) => string;
  /** Something to do once the screen is there (open a menu, say). */
  prepare?: (page: Page) => Promise<void>;
  /** The screen shows ticket sales: the demo event gets types and orders first (salesOnDemo). */
  sales?: boolean;
  /** The screen shows contacts met by QR: Anna meets Bohdan and the stand manager first (contactsOnDemo). */
  contacts?: boolean;
  /** The screen shows a stand's leads: the stand manager scans Bohdan and Anna first (leadsOnDemo). */
  leads?: boolean;
  /** The screen shows "while you were offline": the phone loses the server first (digestOnDemo). */
  digest?: boolean;
}

export const SCREENS: Screen[] = [
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
  // People to meet (issue 31): on a phone, a button beside the title; then the dialog it opens.
  { name: 'visitors-to-meet', who: 'anna', path: ({ eventId }) => `/events/${eventId}/visitors` },
  {
    name: 'visitors-suggestions',
    who: 'anna',
    path: ({ eventId }) => `/events/${eventId}/visitors`,
    prepare: async (page) => {
      // On a phone, a button in the filters' row opens them: the shot shows the dialog a tap opens.
      const open = page.locator('.suggestions__open');
      if (!(await appears(open, 15_000))) return;
      await open.click();
      await page.waitForTimeout(400);
    },
  },
  // Meet by QR (issue 31): the visitors' title with its button, the own code, a scanned code's
  // result, and the contacts list.
  { name: 'visitors-meet-by-qr', who: 'anna', path: ({ eventId }) => `/events/${eventId}/visitors` },
  { name: 'meet-code', who: 'anna', path: ({ eventId }) => `/events/${eventId}/meet`, contacts: true },
  {
    name: 'meet-scanned',
    who: 'anna',
    path: ({ eventId }) => `/events/${eventId}/meet`,
    contacts: true,
    prepare: async (page) => {
      const input = page.locator('.meet-paste input');
      if (!(await appears(input, 15_000))) return;
      // Somebody's code as their phone shows it, fetched as them and pasted as Anna; each language
      // scans somebody new (one server serves both runs), so each shot shows a contact added.
      const url = new URL(page.url());
      const code = await contactCodeOf(url.origin, url.pathname.startsWith('/uk/') ? 'olena' : 'owner');
      await input.fill(code);
      await page.locator('.meet-paste button[type=submit]').click();
      const result = page.locator('.meet-result');
      await result.waitFor();
      await page.locator('.meet-scan').evaluate((el) => {
        el.scrollIntoView({ block: 'start' });
        window.scrollBy(0, -70);
      });
      await page.waitForTimeout(300);
    },
  },
  { name: 'contacts-list', who: 'anna', path: () => '/contacts', contacts: true },
  ...LEAD_SCREENS,
  { name: 'tickets', who: 'anna', path: () => '/profile/mytickets' },
  // A ticket's holder gives it to somebody else, or gives a free one back (issue 30): each dialog open.
  { name: 'ticket-transfer', who: 'anna', path: () => '/profile/mytickets', prepare: ticketDialog(/^(Transfer|Передати)$/) },
  { name: 'ticket-edit', who: 'anna', path: () => '/profile/mytickets', prepare: ticketDialog(/^(Edit details|Змінити дані)$/) },
  {
    // The card's own actions, Transfer among them (the demo's tickets are paid, so no Cancel ticket).
    name: 'ticket-actions',
    who: 'anna',
    path: () => '/profile/mytickets',
    prepare: async (page) => {
      const actions = page.locator('main article .ticket-card__actions').first();
      if (!(await appears(actions, 15_000))) return;
      await actions.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 300));
      await page.waitForTimeout(300);
    },
  },
  { name: 'appointments', who: 'anna', path: () => '/profile/mymeeting' },
  { name: 'messages', who: 'anna', path: () => '/profile/mymessages' },
  { name: 'offline-digest', who: 'anna', path: () => '/', digest: true },
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
  // The payment settings with the deadline for attendees' edits of their tickets (issue 30).
  {
    name: 'admin-sales-settings',
    who: 'owner',
    path: ({ eventId }) => `/admin/events/${eventId}/tickets`,
    sales: true,
    prepare: async (page) => {
      const card = page.locator('.admin-form input[type="checkbox"]').last();
      if (!(await appears(card, 15_000))) return;
      await card.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 200));
      await page.waitForTimeout(300);
    },
  },
  // Hidden types by private link and quotas shared by types (issue 30), on the same page.
  {
    name: 'admin-links-quotas',
    who: 'owner',
    path: ({ eventId }) => `/admin/events/${eventId}/tickets`,
    sales: true,
    prepare: async (page) => {
      const link = page.locator('.sales__link').first();
      if (!(await appears(link, 15_000))) return;
      await link.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 200));
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
  // The waitlist of a sold-out type (issue 30): the place in line at checkout, an offer on My
  // tickets, and the organiser's line.
  {
    name: 'checkout-waitlist',
    who: 'olena',
    path: ({ eventId }) => `/events/${eventId}/checkout`,
    sales: true,
    prepare: async (page) => {
      const row = page.locator('main .checkout-page li.checkout__type').filter({ hasText: 'Workshop seat' });
      if (!(await appears(row, 30_000))) return;
      await page
        .locator('main .checkout-page .waitlist')
        .first()
        .waitFor({ timeout: 15_000 })
        .catch(() => undefined);
      await row.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 200));
      await page.waitForTimeout(300);
    },
  },
  {
    name: 'tickets-waitlist',
    who: 'anna',
    path: () => '/profile/mytickets',
    sales: true,
    prepare: async (page) => {
      await appears(page.locator('.waitlist-list'), 30_000);
    },
  },
  {
    name: 'admin-waitlist',
    who: 'owner',
    path: ({ eventId }) => `/admin/events/${eventId}/tickets`,
    sales: true,
    prepare: async (page) => {
      const panel = page.locator('.waitlist-admin__type').first();
      if (!(await appears(panel, 30_000))) return;
      await panel.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 120));
      await page.waitForTimeout(300);
    },
  },
  // Check-in lists (issue 30): the organisers' panel with live counts, and a door that works the
  // main hall, where people may leave and come back.
  {
    name: 'admin-checkin-lists',
    who: 'owner',
    path: ({ eventId }) => `/admin/events/${eventId}/tickets`,
    sales: true,
    prepare: async (page) => {
      await page.locator('#sales-gates-h').scrollIntoViewIfNeeded();
      await page.locator('.checkin-lists [data-list]').first().waitFor({ timeout: 30_000 });
      await page.locator('#sales-gates-h').evaluate((h) => h.scrollIntoView({ block: 'start' }));
    },
  },
  {
    name: 'door-list',
    who: 'owner',
    path: ({ eventId }) => `/events/${eventId}/checkin`,
    sales: true,
    prepare: async (page) => {
      const picker = page.locator('.door-list__select');
      await picker.locator('option', { hasText: 'Main hall' }).waitFor({ state: 'attached', timeout: 30_000 });
      await picker.selectOption({ label: 'Main hall' });
      await page.locator('.door-list__direction').waitFor();
      // Below the sticky header: the list's name, its count and the two buttons in one view.
      await page.locator('.door-list').evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 90));
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
  // Notifications when Foyer is closed (Web Push, issue 31): this browser's switch and the kinds.
  {
    name: 'settings-push',
    who: 'anna',
    path: () => '/profile/settings',
    prepare: async (page) => {
      const lead = page.locator('#settings-push-lead');
      await lead.waitFor();
      await lead.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 110));
      await page.locator('input[name="push-new_message"]').waitFor();
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
