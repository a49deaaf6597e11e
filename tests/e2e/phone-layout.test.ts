import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/seed/demo-data.ts';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT } from './fixtures/browser.ts';
import { HOME_CARD_EVENTS } from '../../contract/constants.ts';
import { apiLogin, findEventByName, pullAll } from './fixtures/api.ts';
import { matchesFilter } from '../../sync/views/events/queries.ts';
import type { EventView } from '../../src/data/index.ts';
import { approve, clearPair, freeSlot, openAppointments, request } from './fixtures/meetings.ts';
import { axeViolations, formatViolations, settle } from './pages/axe.ts';
import { noSideways, overflow, suite, server, anna, owner, eventId, bohdanId, legacy, tabBar, headerNav, servePhoneLayout } from './fixtures/phone-layout.ts';

servePhoneLayout();

describe('navigation', () => {
  it('on a phone, a bottom tab bar leads to events, meetings, messages, people and tickets; the header has no sideways row', async () => {
    const { page } = anna;
    await page.setViewportSize(PHONE_VIEWPORT);
    await page.goto(`${server.url}/en/events`);
    const bar = page.getByRole('navigation', { name: 'Sections' });
    await bar.waitFor({ state: 'visible' });
    expect(await bar.getByRole('link').count()).toBe(5);
    // The words shown; the unread count the Messages label may carry is only for the ear.
    const words = await bar.locator('.tabbar__label').evaluateAll((els) => els.map((el) => el.firstChild?.textContent?.trim() ?? ''));
    expect(words).toEqual(['Events', 'Meetings', 'Messages', 'People', 'Tickets']);
    // The unread count joins the Messages tab's name, as it does the header's link.
    const messages = bar.getByRole('link', { name: /^Messages\s*(,\s*\d+ unread)?$/ });
    expect(await messages.count()).toBe(1);
    expect(await messages.getAttribute('href')).toBe('/en/profile/mymessages');
    expect(await headerNav(page).isVisible()).toBe(false);

    // Fixed to the bottom edge, and the notices know how tall it is.
    const box = (await bar.boundingBox())!;
    expect(Math.round(box.y + box.height)).toBe(PHONE_VIEWPORT.height);
    // Reported a frame after the first paint (TabBar.tsx), so polled.
    const lift = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--bottom-bar-height'));
    await expect.poll(async () => Math.round(Number.parseFloat(await lift()))).toBe(Math.round(box.height));

    // The bar itself passes axe (WCAG 2.1 A/AA) on the phone.
    const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    await settle(page);
    expect(formatViolations(await axeViolations(page, axeSource))).toBe('');

    await bar.getByRole('link', { name: 'Meetings' }).click();
    await page.waitForURL(/\/en\/profile\/mymeeting/);
    await expect.poll(() => bar.getByRole('link', { name: 'Meetings' }).getAttribute('aria-current')).toBe('page');
    await bar.getByRole('link', { name: 'Tickets' }).click();
    await page.waitForURL(/\/en\/profile\/mytickets/);
  });

  it('on a desktop, the header keeps its links and there is no tab bar', async () => {
    const { page } = anna;
    await page.setViewportSize(DESKTOP_VIEWPORT);
    await page.goto(`${server.url}/en/events`);
    await headerNav(page).waitFor({ state: 'visible' });
    expect(await headerNav(page).getByRole('link', { name: 'Appointments' }).isVisible()).toBe(true);
    expect(await tabBar(page).isVisible()).toBe(false);
    const lift = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--bottom-bar-height').trim());
    expect(['', '0px']).toContain(lift);
  });
});

describe('visitors page on a phone', () => {
  it('shows the cards first, the filters in a sheet behind a button that counts them, and a tab row and search that fit', async () => {
    const { page } = anna;
    await page.setViewportSize(PHONE_VIEWPORT);
    await page.goto(`${server.url}/en/events/${eventId}/visitors`, { waitUntil: 'commit' });
    // Once cards are drawn, the list does not fall back to a spinner: it once did when the user's
    // own profile arrived a moment after the first cards and the list was read again.
    await page.evaluate(() => {
      const w = window as unknown as { blinked?: boolean };
      let cardsSeen = false;
      new MutationObserver(() => {
        const cards = document.querySelectorAll('main article').length > 0;
        if (cardsSeen && !cards && document.querySelector('main .spinner')) w.blinked = true;
        cardsSeen ||= cards;
      }).observe(document.documentElement, { childList: true, subtree: true });
    });
    const main = page.getByRole('main');
    const firstCard = main.getByRole('article').first();
    await firstCard.waitFor({ state: 'visible' });
    // The first card starts on the first screen, under the header, search and tabs. The list can be
    // drawn again as the device's copy replaces the server's answer, and a card between two draws
    // has no box: so the position is polled, not read once.
    await expect.poll(async () => (await firstCard.boundingBox())?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(PHONE_VIEWPORT.height * 0.75);
    await settle(page);
    expect(await page.evaluate(() => (window as unknown as { blinked?: boolean }).blinked ?? false), 'cards, a spinner, cards again').toBe(false);
    // No filter controls on the page itself: they are behind the button.
    expect(await main.getByRole('group', { name: 'Age' }).count()).toBe(0);
    const open = main.getByRole('button', { name: /^Filters/ });
    expect(await main.getByRole('button', { name: /^Filters$/ }).count()).toBe(1);

    await open.click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.waitFor({ state: 'visible' });
    await sheet.getByText('More filters').click();
    // The filters live in the address: a tick shows once the router has moved, so click and wait.
    const age = sheet.getByRole('group', { name: 'Age' }).getByRole('checkbox').first();
    await age.click();
    await expect.poll(() => age.isChecked()).toBe(true);
    const sex = sheet.getByRole('group', { name: 'Sex' }).getByRole('radio').nth(2);
    await sex.click();
    await expect.poll(() => sex.isChecked()).toBe(true);
    await sheet.getByRole('button', { name: /^Show results/ }).click();
    await sheet.waitFor({ state: 'hidden' });
    // Said to the ear ("Filters, 2 active"), shown to the eye as a count on the button.
    await expect.poll(() => main.getByRole('button', { name: /^Filters\s*2 active$/ }).count()).toBe(1);
    expect(await open.locator('[aria-hidden="true"]').last().textContent()).toBe('2');
    expect(await open.getAttribute('aria-haspopup')).toBe('dialog');

    // The six tabs are one row that fits the screen and scrolls sideways within it (wrapped, they
    // took three rows and pushed the cards down); each one, brought into view, is whole on the screen.
    const row = main.getByRole('tablist');
    expect((await row.boundingBox())!.x + (await row.boundingBox())!.width).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
    const tabs = main.getByRole('tab');
    expect(await tabs.count()).toBe(6);
    expect(new Set(await tabs.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)))).size).toBe(1);
    for (let i = 0; i < 6; i++) {
      const box = await tabs.nth(i).evaluate((el) => {
        el.scrollIntoView({ inline: 'nearest', block: 'nearest' });
        const r = el.getBoundingClientRect();
        return { left: r.left, right: r.right };
      });
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
    }
    // The placeholder is read in full in the search box.
    const fits = await main.getByRole('searchbox').evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text: ctx.measureText(input.placeholder).width, room };
    });
    expect(fits.text).toBeLessThanOrEqual(fits.room);
  });

  it('keeps the filters beside the cards on a desktop', async () => {
    const { page } = anna;
    await page.setViewportSize(DESKTOP_VIEWPORT);
    await page.goto(`${server.url}/en/events/${eventId}/visitors`);
    const main = page.getByRole('main');
    await main.getByRole('article').first().waitFor({ state: 'visible' });
    expect(await main.getByRole('complementary', { name: 'Filters' }).isVisible()).toBe(true);
    expect(await main.getByRole('button', { name: /^Filters/ }).count()).toBe(0);
  });
});

describe('home page on a phone', () => {
  it('shows a few people and a way to all of them', async () => {
    const { page } = anna;
    await page.setViewportSize(PHONE_VIEWPORT);
    await page.goto(`${server.url}/en/`);
    // The card's people are drawn as it comes near the screen (PeopleCard.tsx), which on a phone is
    // below the first screen: scroll down to it (it is home's last card), as a person would.
    await page.locator('.people-card__later, .people-list').first().waitFor({ state: 'attached' });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const card = page.locator('.card').filter({ has: page.locator('.people-list') });
    await card.locator('.person').first().waitFor({ state: 'visible' });
    await settle(page);
    await noSideways(page, 'home with its people');
    expect(await card.locator('.person').count()).toBeLessThanOrEqual(4);
    const seeAll = card.getByRole('link', { name: 'See all people' });
    expect(await seeAll.isVisible()).toBe(true);
    await seeAll.click();
    await page.waitForURL(/\/en\/people/);
  });
});

describe('appointment dialogs on a phone', () => {
  it('opens the appointment modal at its top, with the date tabs in sight below its heading', async () => {
    const { page } = anna;
    await page.setViewportSize(PHONE_VIEWPORT);
    await page.goto(`${server.url}/en/events/${eventId}?meeting_user_id=${bohdanId}`);
    const dialog = page.locator('dialog[open].appointment-modal');
    await dialog.locator('[role="tab"]').first().waitFor({ state: 'visible' });
    await dialog.locator('[role="radio"], .appointment-modal__note').first().waitFor({ state: 'visible' });
    await settle(page);
    const m = await dialog.evaluate((d) => {
      const head = d.querySelector('.modal__head')!.getBoundingClientRect();
      const tabs = d.querySelector('.date-tabs')!.getBoundingClientRect();
      const content = d.querySelector('.modal__content')!;
      const tab = d.querySelector('[role="tab"]')!.getBoundingClientRect();
      return {
        dialogScroll: d.scrollTop,
        contentScroll: content.scrollTop,
        headBottom: head.bottom,
        tabsTop: tabs.top,
        tabsHeight: tabs.height,
        tabHeight: tab.height,
      };
    });
    expect(m.dialogScroll).toBe(0);
    expect(m.contentScroll).toBe(0);
    expect(m.tabsTop).toBeGreaterThanOrEqual(m.headBottom - 0.5);
    // The whole row of date tabs shows, not a sliver of it squeezed by the slots below.
    expect(m.tabHeight).toBeGreaterThanOrEqual(44);
    expect(m.tabsHeight).toBeGreaterThanOrEqual(m.tabHeight);
    await page.keyboard.press('Escape');
  });

  it('writes the call agenda without breaking a word', async () => {
    const { page } = anna;
    const annaToken = await apiLogin(server.url, DEMO_ACCOUNTS.anna, DEMO_PASSWORD);
    const bohdanToken = await apiLogin(server.url, DEMO_ACCOUNTS.bohdan, DEMO_PASSWORD);
    let meeting = (await openAppointments(server.url, annaToken, eventId, bohdanId)).find((a) => a.state === 'accepted');
    if (!meeting) {
      await clearPair(server.url, annaToken, eventId, bohdanId);
      const made = await request(server.url, annaToken, eventId, bohdanId, await freeSlot(server.url, annaToken, eventId, bohdanId, 60 * 60_000));
      await approve(server.url, bohdanToken, made.meeting_id);
      meeting = made;
    }
    for (const width of [320, 360, PHONE_VIEWPORT.width]) {
      await page.setViewportSize({ width, height: PHONE_VIEWPORT.height });
      for (const locale of ['en', 'uk']) {
        await page.goto(`${server.url}/${locale}/profile/mymeeting?call_meeting_id=${meeting.meeting_id}`);
        const parts = page.locator('.timeline__part span');
        await parts.first().waitFor({ state: 'visible', timeout: 30_000 });
        // Each word of each label sits on one line: a word broken over two lines has two boxes.
        const broken = await parts.evaluateAll((spans) =>
          spans.flatMap((span) => {
            const text = span.firstChild as Text;
            const out: string[] = [];
            for (const m of text.data.matchAll(/\S+/g)) {
              const range = document.createRange();
              range.setStart(text, m.index);
              range.setEnd(text, m.index + m[0].length);
              const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
              if (tops.size > 1) out.push(m[0]);
            }
            return out;
          }),
        );
        expect(broken, `${locale} at ${width} px`).toEqual([]);
        const o = await overflow(page);
        expect(o.scrollWidth, o.culprits.join(', ')).toBeLessThanOrEqual(o.clientWidth);
      }
    }
  });
});

describe('words on screens', () => {
  it('event cards name the event once: the poster is decorative and has no title drawn in', async () => {
    const { page } = anna;
    await page.setViewportSize(DESKTOP_VIEWPORT);
    await page.goto(`${server.url}/en/events`);
    const card = page.locator('article.event-card').first();
    await card.waitFor({ state: 'visible' });
    const name = ((await card.locator('.event-card__title').textContent()) ?? '').trim();
    const img = card.locator('.event-card__media img');
    expect(await img.getAttribute('alt')).toBe('');
    const poster = await (await fetch(new URL((await img.getAttribute('src'))!, server.url))).text();
    const escaped = name.replace(/&/g, '&amp;').replace(/'/g, '&apos;').replace(/</g, '&lt;');
    // The name stays as the picture's own label (aria-label), but no longer as drawn text.
    expect(poster.replace(/aria-label="[^"]*"/, '')).not.toContain(escaped);
  });

  it("the home page's upcoming row, drawn a few cards per frame, ends with all its events", async () => {
    const { page } = anna;
    await page.setViewportSize(DESKTOP_VIEWPORT);
    const events = await pullAll<EventView>(server.url, 'events', undefined);
    const upcoming = Math.min(HOME_CARD_EVENTS, events.filter((e) => !e.deleted && matchesFilter(e, 'future', Date.now() / 1000)).length);
    // More than one frame's worth, or the test would not see a second step.
    expect(upcoming).toBeGreaterThan(4);
    await page.goto(`${server.url}/en/`);
    const row = page.getByRole('region', { name: 'Upcoming events' });
    await row.locator('article.event-card').first().waitFor({ state: 'visible', timeout: 30_000 });
    await expect.poll(() => row.locator('article.event-card').count(), { timeout: 10_000 }).toBe(upcoming);
  });

  it("a guest's first visit to the home page: its cards do not move while the rows load, and the rows end filled", async () => {
    const { page } = await suite.launch({ locale: 'en-GB', viewport: PHONE_VIEWPORT });
    // A slow phone's CPU widens the moments between the worker's "synced" and the lists it changed,
    // where a row once said "no events" and then moved every card below it.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // Every layout shift from the first frame on, with the elements it moved.
    await page.addInitScript(() => {
      const shifts: string[] = [];
      (window as unknown as { foyerShifts: string[] }).foyerShifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { sources?: { node?: Node | null }[] })[]) {
          for (const source of entry.sources ?? []) {
            const node = source.node;
            if (node instanceof Element && node.matches('section.card')) shifts.push(node.querySelector('h2')?.textContent ?? '?');
          }
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${server.url}/en/`);
    const upcoming = page.getByRole('region', { name: 'Upcoming events' });
    await upcoming.locator('article.event-card').first().waitFor({ state: 'visible', timeout: 30_000 });
    // The guest's rows end in what a guest has: the way to sign in, and nothing viewed yet.
    await page.getByRole('region', { name: 'Favorite events' }).getByRole('link', { name: 'Log in' }).waitFor({ timeout: 10_000 });
    const moved = await page.evaluate(() => (window as unknown as { foyerShifts: string[] }).foyerShifts);
    expect(moved).toEqual([]);
  });

  it('the live page names each programme day with its date', async () => {
    const { page } = owner;
    await page.setViewportSize(DESKTOP_VIEWPORT);
    const multiDay = (await findEventByName(server.url, 'Warsaw Design Week')).event_id;
    await page.goto(`${server.url}/en/events/${multiDay}/live-translation/stage`);
    const days = page.getByRole('group', { name: 'Days' }).getByRole('button');
    await days.first().waitFor({ state: 'visible', timeout: 30_000 });
    const texts = await days.allInnerTexts();
    expect(texts.length).toBeGreaterThan(1);
    for (const text of texts) expect(text).toMatch(/\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun)\b.*\d{1,2}/);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('opens a lazily loaded screen with a clean console (no router warning)', async () => {
    const { page } = anna;
    const said: string[] = [];
    const listen = (msg: { type(): string; text(): string }) => {
      if (msg.type() === 'warning' || msg.type() === 'error') said.push(`${msg.type()}: ${msg.text()}`);
    };
    page.on('console', listen);
    try {
      for (const path of ['/en/people', '/en/profile/mymessages', '/en/events']) {
        await page.goto(`${server.url}${path}`);
        await page.getByRole('main').waitFor();
        await settle(page);
      }
    } finally {
      page.off('console', listen);
    }
    // RxDB's own notice about its paid storages comes from the sync worker; it has no switch (docs/DESIGN.md).
    expect(said.filter((m) => !/RxDB Open Core RxStorage/.test(m))).toEqual([]);
  });

  it("a user's events page says whose events they are", async () => {
    const { page } = anna;
    const annaToken = await apiLogin(server.url, DEMO_ACCOUNTS.anna, DEMO_PASSWORD);
    const me = await legacy<{ user_id: number; first_name: string }>('/api/auth/me', annaToken);
    await page.goto(`${server.url}/en/user/${me.user_id}/events`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).first().textContent(), { timeout: 30_000 })
      .toMatch(new RegExp(`^Events of ${me.first_name}`));
    expect(await page.title()).toContain(`Events of ${me.first_name}`);
    await page.goto(`${server.url}/en/user/${bohdanId}/events`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent(), { timeout: 30_000 }).toMatch(/^Events of Bohdan/);
  });

  it("tables of meetings are worded in the reader's language", async () => {
    const { page } = anna;
    await page.goto(`${server.url}/uk/profile/mymeeting`);
    const main = page.getByRole('main');
    await main.getByRole('article').first().waitFor({ state: 'visible', timeout: 30_000 });
    await settle(page);
    const text = (await main.textContent()) ?? '';
    expect(text).not.toMatch(/\bTable \d/);
    expect(text).toMatch(/Стіл \d+/);
  });
});
