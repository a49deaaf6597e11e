import type { Page } from 'playwright-core';
import type { Screen } from './screen.ts';
import { appears } from './screens-helpers.ts';

/** Ticket sales (issue 30): the organisers' figures, orders, codes, links, waitlist and check-in lists, and the buyers' side. */

/**
 * Waits up to `ms` for the element (a build from before a feature does not have it), then brings it
 * `below` pixels under the top of the screen, clear of the header.
 */
function scrollUnderHeader(selector: string, below: number, ms: number, pick: 'first' | 'last' = 'first'): (page: Page) => Promise<void> {
  return async (page) => {
    const all = page.locator(selector);
    const target = pick === 'first' ? all.first() : all.last();
    if (!(await appears(target, ms))) return;
    await target.evaluate((el, px) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - px), below);
    await page.waitForTimeout(300);
  };
}

/** Opens the form behind the button, then brings its date-time window under the header. */
function openFormAtWindow(button: RegExp): (page: Page) => Promise<void> {
  return async (page) => {
    const open = page.getByRole('main').getByRole('button', { name: button }).first();
    if (!(await appears(open, 15_000))) return;
    await open.click();
    await scrollUnderHeader('main input[type="datetime-local"]', 200, 10_000)(page);
  };
}

export const SALES_SCREENS: Screen[] = [
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
    prepare: scrollUnderHeader('[data-promo]', 200, 15_000),
  },
  // The forms of a ticket type and of a promo code, opened, at their date-time window (one component
  // for both since stop 43).
  {
    name: 'admin-ticket-type-form',
    who: 'owner',
    path: ({ eventId }) => `/admin/events/${eventId}/tickets`,
    sales: true,
    prepare: openFormAtWindow(/^(Add a ticket type|Додати тип квитка)$/),
  },
  {
    name: 'admin-promo-code-form',
    who: 'owner',
    path: ({ eventId }) => `/admin/events/${eventId}/tickets`,
    sales: true,
    prepare: openFormAtWindow(/^(Add a promo code|Додати промокод)$/),
  },
  // The payment settings with the deadline for attendees' edits of their tickets (issue 30).
  {
    name: 'admin-sales-settings',
    who: 'owner',
    path: ({ eventId }) => `/admin/events/${eventId}/tickets`,
    sales: true,
    prepare: scrollUnderHeader('.admin-form input[type="checkbox"]', 200, 15_000, 'last'),
  },
  // Hidden types by private link and quotas shared by types (issue 30), on the same page.
  {
    name: 'admin-links-quotas',
    who: 'owner',
    path: ({ eventId }) => `/admin/events/${eventId}/tickets`,
    sales: true,
    prepare: scrollUnderHeader('.sales__link', 200, 15_000),
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
    prepare: scrollUnderHeader('.waitlist-admin__type', 120, 30_000),
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
];
