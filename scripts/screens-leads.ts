import type { Page } from 'playwright-core';
import type { Screen } from './screen.ts';
import { appears } from './screens-helpers.ts';

/** Leads at the stand (issue 31): the stand's list as its manager sees it, a visitor's stands with Withdraw, the organisers' counts. */

/** Brings an element to the top of the screen below the header. */
function scrollTo(selector: string): (page: Page) => Promise<void> {
  return async (page) => {
    const target = page.locator(selector).first();
    if (!(await appears(target, 15_000))) return;
    await target.evaluate((el) => {
      el.scrollIntoView({ block: 'start' });
      window.scrollBy(0, -70);
    });
    await page.waitForTimeout(300);
  };
}

export const LEAD_SCREENS: Screen[] = [
  { name: 'stand-leads', who: 'manager', path: ({ eventId, standId }) => `/events/${eventId}/companies/${standId}/leads`, leads: true },
  {
    name: 'stand-leads-list',
    who: 'manager',
    path: ({ eventId, standId }) => `/events/${eventId}/companies/${standId}/leads`,
    leads: true,
    prepare: scrollTo('.leads-head'),
  },
  { name: 'company-leads-button', who: 'manager', path: ({ eventId, standId }) => `/events/${eventId}/companies/${standId}` },
  { name: 'contacts-lead-stands', who: 'bohdan', path: () => '/contacts', contacts: true, leads: true, prepare: scrollTo('.lead-stands') },
  // The list itself, below the admin's tabs: each stand's line ends with its number of leads.
  { name: 'admin-stands-leads', who: 'owner', path: ({ eventId }) => `/admin/events/${eventId}/stands`, leads: true, prepare: scrollTo('.stand-card') },
];
