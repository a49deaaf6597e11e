import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SyncStatusBar } from './pages/SyncStatusBar.ts';
import { settle } from './pages/axe.ts';
import { noSideways, overflow, suite, server, anna, owner, eventId, onlineEventId, bohdanId, standId, servePhoneLayout } from './fixtures/phone-layout.ts';

servePhoneLayout();

interface Route {
  name: string;
  who: 'anna' | 'owner';
  path: () => string;
}

const routes = (l: string): Route[] => [
  { name: 'home', who: 'anna', path: () => `/${l}/` },
  { name: 'events by city', who: 'anna', path: () => `/${l}/events` },
  { name: 'events by category', who: 'anna', path: () => `/${l}/events/list` },
  { name: 'favorites', who: 'anna', path: () => `/${l}/events/favorites` },
  { name: 'event page', who: 'anna', path: () => `/${l}/events/${eventId}` },
  { name: 'online event page', who: 'anna', path: () => `/${l}/events/${onlineEventId}` },
  { name: 'visitors', who: 'anna', path: () => `/${l}/events/${eventId}/visitors` },
  { name: 'companies', who: 'anna', path: () => `/${l}/events/${eventId}/companies` },
  { name: 'company page', who: 'anna', path: () => `/${l}/events/${eventId}/companies-detail/${standId}` },
  { name: 'live stage', who: 'anna', path: () => `/${l}/events/${onlineEventId}/live-translation/stage` },
  { name: 'live chat', who: 'anna', path: () => `/${l}/events/${eventId}/live-translation/chat` },
  { name: 'live visitors', who: 'anna', path: () => `/${l}/events/${eventId}/live-translation/visitors` },
  { name: 'live expo', who: 'anna', path: () => `/${l}/events/${eventId}/live-translation/companies` },
  { name: 'live stand', who: 'anna', path: () => `/${l}/events/${eventId}/live-translation/companies/${standId}` },
  { name: 'twitterwall', who: 'anna', path: () => `/${l}/events/twitterwall/${eventId}` },
  { name: 'people', who: 'anna', path: () => `/${l}/people` },
  { name: 'a profile', who: 'anna', path: () => `/${l}/profiles/${bohdanId}` },
  { name: 'my profile', who: 'anna', path: () => `/${l}/profile` },
  { name: 'my events', who: 'anna', path: () => `/${l}/profile/myevents` },
  { name: 'my appointments', who: 'anna', path: () => `/${l}/profile/mymeeting` },
  { name: 'my tickets', who: 'anna', path: () => `/${l}/profile/mytickets` },
  { name: 'messages', who: 'anna', path: () => `/${l}/profile/mymessages` },
  { name: 'a conversation', who: 'anna', path: () => `/${l}/profile/mymessages?user_id=${bohdanId}` },
  { name: "a user's events", who: 'anna', path: () => `/${l}/user/${bohdanId}/events` },
  { name: 'appointment modal', who: 'anna', path: () => `/${l}/events/${eventId}?meeting_user_id=${bohdanId}` },
  { name: 'notifications', who: 'anna', path: () => `/${l}/profile/notification` },
  { name: 'calendar', who: 'anna', path: () => `/${l}/profile/calendar` },
  { name: 'calendar agenda', who: 'anna', path: () => `/${l}/profile/calendar?view=agenda` },
  { name: 'referrals', who: 'anna', path: () => `/${l}/referrers` },
  { name: 'trip plan', who: 'anna', path: () => `/${l}/events/${eventId}/trip` },
  { name: 'not found', who: 'anna', path: () => `/${l}/no-such-screen` },
  { name: 'door events', who: 'owner', path: () => `/${l}/checkin` },
  { name: 'door check-in', who: 'owner', path: () => `/${l}/events/${eventId}/checkin` },
  { name: 'ticket design', who: 'owner', path: () => `/${l}/events/${eventId}/ticket-design` },
  { name: 'checkout dialog', who: 'anna', path: () => `/${l}/events/${eventId}?buy=1` },
  { name: 'checkout page', who: 'anna', path: () => `/${l}/events/${eventId}/checkout` },
  { name: 'ticket types', who: 'owner', path: () => `/${l}/admin/events/${eventId}/tickets` },
  { name: 'orders', who: 'owner', path: () => `/${l}/admin/events/${eventId}/orders` },
  { name: 'overview', who: 'owner', path: () => `/${l}/admin/events/${eventId}/overview` },
  // The file input of the poster once ran 44 px past the screen here.
  { name: 'event editor', who: 'owner', path: () => `/${l}/admin/events/${eventId}` },
  { name: 'new event', who: 'owner', path: () => `/${l}/admin/events/new` },
  { name: 'admin schedule', who: 'owner', path: () => `/${l}/admin/events/${eventId}/schedule` },
  { name: 'admin meetings', who: 'owner', path: () => `/${l}/admin/events/${eventId}/meetings` },
  { name: 'admin stands', who: 'owner', path: () => `/${l}/admin/events/${eventId}/stands` },
  { name: 'admin people', who: 'owner', path: () => `/${l}/admin/events/${eventId}/people` },
];

describe.each(['uk', 'en'])('no screen scrolls sideways at 360 px (%s)', (locale) => {
  for (const route of routes(locale)) {
    it(route.name, async () => {
      const { page } = route.who === 'anna' ? anna : owner;
      await page.setViewportSize({ width: 360, height: 780 });
      await page.goto(`${server.url}${route.path()}`);
      await page.locator('main, .twitterwall').first().waitFor({ state: 'visible' });
      await settle(page);
      const o = await overflow(page);
      expect(o.scrollWidth, `${route.path()}: ${o.culprits.join(', ')}`).toBeLessThanOrEqual(o.clientWidth);
    });
  }
});

/** Issue 27: a 360 × 640 phone in every language, the size the walk-through found things cut off at. */
const SMALL_PHONE = { width: 360, height: 640 };

async function tabBarTop(page: Page): Promise<number> {
  return (await page.locator('nav.tabbar').boundingBox())!.y;
}

describe('a 360 px phone (issue 27)', () => {
  it('keeps the signed-in header to one row in every language, and the account menu above the tab bar', async () => {
    const { page } = anna;
    await page.setViewportSize(SMALL_PHONE);
    for (const locale of ['uk', 'en', 'ru', 'pl']) {
      await page.goto(`${server.url}/${locale}/events`);
      const banner = page.getByRole('banner');
      await banner.locator('.user-menu .menu__button').waitFor({ state: 'visible' });
      await settle(page);
      // One row: the logo, the sync pill and the tools share a line, and the header is as tall as one control.
      const rows = await banner.evaluate((header) => {
        const parts = ['.logo', '.sync__state', '.site-header__tools'].map((s) => header.querySelector(s)!.getBoundingClientRect());
        return { height: header.getBoundingClientRect().height, tops: parts.map((r) => Math.round(r.top + r.height / 2)) };
      });
      expect(rows.height, `${locale}: header height`).toBeLessThanOrEqual(64);
      expect(Math.max(...rows.tops) - Math.min(...rows.tops), `${locale}: header parts on one line`).toBeLessThanOrEqual(8);
      await noSideways(page, `${locale} events`);

      await banner.locator('.user-menu .menu__button').click();
      const logout = banner.getByRole('button', { name: /вийти|log out|выйти|wyloguj/i });
      await logout.waitFor({ state: 'visible' });
      const bar = await tabBarTop(page);
      const panel = (await banner.locator('.user-menu .menu__panel').boundingBox())!;
      expect(panel.y + panel.height, `${locale}: menu ends above the tab bar`).toBeLessThanOrEqual(bar + 0.5);
      // Log out is in sight without scrolling, and it is what a tap there reaches.
      const box = (await logout.boundingBox())!;
      expect(box.y + box.height, `${locale}: log out above the tab bar`).toBeLessThanOrEqual(bar + 0.5);
      expect(
        await logout.evaluate((b) => {
          const r = b.getBoundingClientRect();
          return b.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
        }),
      ).toBe(true);
      // "Add an event", scrolled to within the menu, is above the bar too.
      const add = banner.locator(`.user-menu a[href="/${locale}/admin/events/new"]`);
      await add.scrollIntoViewIfNeeded();
      const addBox = (await add.boundingBox())!;
      expect(addBox.y + addBox.height, `${locale}: add an event above the tab bar`).toBeLessThanOrEqual(bar + 0.5);
      await page.keyboard.press('Escape');
    }
  });

  it('has no screen wider than the phone in uk and ru: my appointments (with a list open), settings, visitors', async () => {
    const { page } = anna;
    await page.setViewportSize(SMALL_PHONE);
    for (const locale of ['uk', 'ru']) {
      await page.goto(`${server.url}/${locale}/profile/mymeeting`);
      const main = page.getByRole('main');
      await main.locator('.event-picker__item').first().waitFor({ state: 'visible', timeout: 30_000 });
      await main.locator('.event-picker__item').first().click();
      const card = main.locator('article.appointment').first();
      await card.waitFor({ state: 'visible', timeout: 30_000 });
      await settle(page);
      await noSideways(page, `${locale} my appointments`);
      // The status badge leaves the person's position and company in sight.
      const covered = await main.locator('article.appointment').evaluateAll((cards) =>
        cards.flatMap((c) => {
          const badge = c.querySelector('.appointment__head .badge')?.getBoundingClientRect();
          const who = c.querySelector('.appointment__who p')?.getBoundingClientRect();
          if (!badge || !who || who.width === 0) return [];
          const overlap = badge.left < who.right && who.left < badge.right && badge.top < who.bottom && who.top < badge.bottom;
          const squeezed = who.width < 120;
          return overlap || squeezed ? [c.querySelector('.appointment__name')?.textContent ?? '?'] : [];
        }),
      );
      expect(covered, `${locale}: badges over positions`).toEqual([]);

      await page.goto(`${server.url}/${locale}/profile/settings`);
      await main.locator('input[type="file"]').waitFor({ state: 'attached', timeout: 30_000 });
      await settle(page);
      await noSideways(page, `${locale} settings`);

      await page.goto(`${server.url}/${locale}/events/${eventId}/visitors`);
      const first = main.getByRole('article').first();
      await first.waitFor({ state: 'visible', timeout: 30_000 });
      await settle(page);
      await noSideways(page, `${locale} visitors`);
      // The walk-through measured ~500 px a card; now well under two thirds of the screen.
      const heights = await main.getByRole('article').evaluateAll((cards) => cards.slice(0, 6).map((c) => c.getBoundingClientRect().height));
      expect(Math.max(...heights), `${locale}: visitor card heights ${heights.join(', ')}`).toBeLessThanOrEqual(SMALL_PHONE.height * 0.6);
      // The six tabs take one row that scrolls sideways, so the first person's name is on the first
      // screen above the tab bar (wrapped, they took three rows and pushed it under).
      const tabTops = await main.getByRole('tab').evaluateAll((tabs) => new Set(tabs.map((t) => Math.round(t.getBoundingClientRect().top))).size);
      expect(tabTops, `${locale}: rows of tabs`).toBe(1);
      const nameBottom = await first
        .getByRole('link')
        .first()
        .evaluate((a) => a.getBoundingClientRect().bottom);
      const barTop = await page.locator('nav.tabbar').evaluate((bar) => bar.getBoundingClientRect().top);
      expect(nameBottom, `${locale}: the first visitor's name above the tab bar`).toBeLessThan(barTop);
      // Choosing the last tab scrolls the row to it, never the page sideways.
      const last = main.getByRole('tab').last();
      await last.click();
      const lastBox = await last.evaluate((t) => ({ left: t.getBoundingClientRect().left, right: t.getBoundingClientRect().right }));
      expect(lastBox.right, `${locale}: the last tab in view`).toBeLessThanOrEqual(SMALL_PHONE.width);
      expect(lastBox.left).toBeGreaterThanOrEqual(0);
      await noSideways(page, `${locale} visitors, last tab`);
    }
  });

  it('the door: the scanner on the first screen, the verdict for a typed code in sight', async () => {
    const { page } = owner;
    await page.setViewportSize(SMALL_PHONE);
    await page.goto(`${server.url}/en/events/${eventId}/checkin`);
    const main = page.getByRole('main');
    const camera = main.locator('.door-camera__view');
    await camera.waitFor({ state: 'visible', timeout: 30_000 });
    await settle(page);
    // The scanner's code field (first on a phone, above the camera's frame) is on the first screen.
    const code = main.getByRole('textbox', { name: 'Ticket code' });
    expect((await code.boundingBox())!.y).toBeLessThan(await tabBarTop(page));
    await code.fill('FY-NOT-A-TICKET');
    await main.getByRole('button', { name: 'Check', exact: true }).click();
    const verdict = main.locator('.door-page__result .door-result');
    await verdict.waitFor({ state: 'visible', timeout: 15_000 });
    const header = (await page.getByRole('banner').boundingBox())!;
    const v = (await verdict.boundingBox())!;
    expect(v.y).toBeGreaterThanOrEqual(header.y + header.height - 0.5);
    expect(v.y + v.height).toBeLessThanOrEqual(await tabBarTop(page));
    // The field stays usable below it for the next code.
    const field = (await code.boundingBox())!;
    expect(field.y + field.height).toBeLessThanOrEqual(await tabBarTop(page));
    expect(field.y).toBeGreaterThanOrEqual(v.y + v.height - 0.5);
  });

  it("the pill's count of what waits opens the list of it", async () => {
    const { page } = anna;
    await page.setViewportSize(SMALL_PHONE);
    const eventPage = `${server.url}/en/events/${eventId}`;
    await page.goto(eventPage);
    const status = new SyncStatusBar(page);
    const star = page.getByRole('main').getByRole('button', { name: /^favorite/i });
    await star.waitFor({ state: 'visible', timeout: 30_000 });
    await suite.poll(() => status.isIdle(), Boolean, 60_000, 'the sync before going offline');
    await server.stop();
    try {
      await star.click();
      await suite.until(() => status.pending(), 1, 10_000, 'one change waiting');
      const count = page.getByRole('banner').getByRole('button', { name: /1 waiting to send/ });
      await count.click();
      const list = page.getByRole('region', { name: 'What waits to be sent and what was turned down' });
      await list.waitFor({ state: 'visible' });
      expect(await list.getByRole('heading', { name: 'Waiting to send' }).isVisible()).toBe(true);
      const item = list.locator('.sync-queue__item').first();
      expect(await item.locator('.sync-queue__what').textContent()).toBe('Event');
      expect(await item.getByRole('link').getAttribute('href')).toBe(`/en/events/${eventId}`);
      await noSideways(page, 'the list of what waits');
      await page.keyboard.press('Escape');
      // Undone, so the server ends where it began.
      await star.click();
    } finally {
      await server.start();
    }
    await suite.until(() => status.pending(), 0, 60_000, 'the queue to drain');
    // The server stopped and started again: slow on a loaded machine.
  }, 420_000);
});
