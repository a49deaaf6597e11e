import type { Screen } from './screen.ts';
import { appears, contactCodeOf, ticketDialog } from './screens-helpers.ts';
import { LEAD_SCREENS } from './screens-leads.ts';
import { SALES_SCREENS } from './screens-sales.ts';

/** The screens scripts/screens.ts photographs: who sees each, where, and what to do first. */

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
  ...SALES_SCREENS,
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
