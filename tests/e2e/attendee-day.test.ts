import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import uk from '../../locales/uk.json';
import { DEMO_ACCOUNTS, DEMO_IN_PERSON_EVENT_NAME, DEMO_PASSWORD } from '../../server/db/seed/demo-data.ts';
import { apiLogin, findEventByName } from './fixtures/api.ts';
import { approve, clearPair, openAppointments, userIdOf } from './fixtures/meetings.ts';
import type { FoyerServer } from './fixtures/server.ts';
import { e2eSuite } from './fixtures/suite.ts';
import { AppointmentModal } from './pages/AppointmentModal.ts';
import { settle } from './pages/axe.ts';
import { SyncStatusBar } from './pages/SyncStatusBar.ts';

/**
 * Issue 27's "done when": an attendee's day on a 360 × 640 phone, in Ukrainian and in English,
 * through links rather than typed addresses where the app offers them: home, the event running now,
 * its programme, a starred talk, registering for a free event, that ticket's QR code in My tickets,
 * a meeting request and a message. Every screen on the way is checked for the two things the
 * walk-through found on phones: something wider than the screen, and a control left under the tab
 * bar. One Chromium, a context per language, each signed in as a different attendee so the two
 * walks do not see each other's stars, registrations or meetings.
 */

const PHONE = { width: 360, height: 640 };
/** A free demo event a few days ahead (server/db/seed/demo-events.ts). */
const FREE_EVENT_NAME = 'Kharkiv IT Community Meetup';

const suite = e2eSuite({ browsers: { uk: 'uk-UA', en: 'en-GB' }, shared: true });
let server: FoyerServer;
let eventId: number;
let freeEventId: number;
let bohdanId: number;

type Texts = typeof en;
const walks = [
  { locale: 'uk', t: uk as Texts, who: DEMO_ACCOUNTS.anna },
  // Ticket holders of the event running now, so its live stage lets them in (the demo's seed).
  { locale: 'en', t: en, who: DEMO_ACCOUNTS.manager },
] as const;

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A locale string with its {{placeholders}} matching anything. */
const pattern = (template: string) =>
  new RegExp(
    `^${template
      .split(/\{\{\w+\}\}/)
      .map(escapeRe)
      .join('.+')}$`,
  );

beforeAll(async () => {
  ({ server } = suite);
  eventId = (await findEventByName(server.url, DEMO_IN_PERSON_EVENT_NAME)).event_id;
  freeEventId = (await findEventByName(server.url, FREE_EVENT_NAME)).event_id;
  bohdanId = await userIdOf(server.url, await apiLogin(server.url, DEMO_ACCOUNTS.bohdan, DEMO_PASSWORD));
  // One open appointment per pair and event: the demo may already have one, and the walk asks anew.
  for (const { who } of walks) await clearPair(server.url, await apiLogin(server.url, who, DEMO_PASSWORD), eventId, bohdanId);
  await Promise.all(
    walks.map(async ({ locale, who }) => {
      const { page } = suite.browser(locale);
      await page.setViewportSize(PHONE);
      await suite.signIn(page, who, `/${locale}/profile`);
      const status = new SyncStatusBar(page);
      await suite.poll(() => status.isIdle(), Boolean, 60_000, `${locale}: the first sync`);
    }),
  );
});

/**
 * No sideways scroll, nothing sticking out past the right edge (inside a box that scrolls or clips,
 * sticking out is that box's business), and the last control of the screen reachable above the tab
 * bar: scrolled into view, it is above the bar and what a tap at its centre lands on.
 */
async function checkScreen(page: Page, what: string, tabsLabel: string): Promise<void> {
  await settle(page);
  const bar = (await page.getByRole('navigation', { name: tabsLabel, exact: true }).boundingBox())!;
  expect(bar, `${what}: the tab bar`).not.toBeNull();
  const measure = () =>
    page.evaluate(
      async ({ width }) => {
        const root = document.documentElement;
        const culprits: string[] = [];
        const label = (el: Element) =>
          `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${typeof el.className === 'string' && el.className ? `.${el.className.split(' ').join('.')}` : ''}`;
        for (const el of document.querySelectorAll('body *')) {
          const r = el.getBoundingClientRect();
          if (r.width === 0 || r.right <= width + 0.5 || !el.checkVisibility()) continue;
          let clipped = false;
          for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
            if (getComputedStyle(a).overflowX !== 'visible') clipped = true;
          }
          if (!clipped) culprits.push(`${label(el)} right=${Math.round(r.right)}`);
        }
        // A dialog open over the page is the screen; otherwise the page's main.
        const scope = document.querySelector('dialog[open]') ?? document.querySelector('main');
        const controls = [...(scope?.querySelectorAll('a[href], button, input, select, textarea') ?? [])].filter((el) => {
          const r = el.getBoundingClientRect();
          return r.width > 1 && r.height > 1 && el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
        });
        // The lowest on the page, wherever it sits in the markup (a grid may move the aside up).
        const last = controls.reduce<Element | undefined>(
          (low, el) => (!low || el.getBoundingClientRect().bottom > low.getBoundingClientRect().bottom ? el : low),
          undefined,
        );
        let lastControl: { name: string; bottom: number; hit: boolean; over: string } | null = null;
        if (last) {
          // As Playwright's scrollIntoViewIfNeeded does: to the middle, or as far as the page scrolls.
          // Content still arriving (a chat's messages, a card's count) can push it down after the
          // scroll, so scroll again until two looks in a row agree.
          let r = last.getBoundingClientRect();
          for (let tries = 0, before = Number.NaN; tries < 20; tries++) {
            last.scrollIntoView({ block: 'center' });
            await new Promise((done) => setTimeout(done, 100));
            await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
            r = last.getBoundingClientRect();
            if (Math.abs(r.bottom - before) < 0.5) break;
            before = r.bottom;
          }
          // A link wrapped over two lines has its box's centre in the gap: aim at its first line.
          const line = last.getClientRects()[0] ?? r;
          const hitEl = document.elementFromPoint(line.left + line.width / 2, line.top + line.height / 2);
          lastControl = {
            name: `${label(last)} "${(last.textContent || last.getAttribute('aria-label') || '').trim().slice(0, 40)}"`,
            bottom: r.bottom,
            hit: hitEl !== null && (last === hitEl || last.contains(hitEl) || (last as HTMLInputElement).labels?.[0]?.contains(hitEl) === true),
            over: hitEl ? label(hitEl) : 'nothing',
          };
          window.scrollTo(0, 0);
        }
        return { scrollWidth: root.scrollWidth, culprits: culprits.slice(0, 8), lastControl };
      },
      { width: PHONE.width },
    );
  let found = await measure();
  // A notice that arrives while the screen is looked at (a meeting approved on the other phone)
  // sits over the bottom of the page until it is closed, as notices are meant to, and closing one
  // can bring the next that waited its turn. A person closes them and goes on: so does the check,
  // and then the page must be reachable.
  for (let tries = 0; tries < 5 && found.lastControl && !found.lastControl.hit && /\bnotice\b/.test(found.lastControl.over); tries++) {
    console.info(`${what}: ${found.lastControl.name} under ${found.lastControl.over}; closing the notices`);
    for (const close of await page.locator('.notice__close').all()) await close.click({ timeout: 2000 }).catch(() => undefined);
    await page.waitForTimeout(300);
    found = await measure();
  }
  expect(found.scrollWidth, `${what}: wider than the phone`).toBeLessThanOrEqual(PHONE.width);
  expect(found.culprits, `${what}: past the right edge`).toEqual([]);
  expect(found.lastControl, `${what}: no control at all`).not.toBeNull();
  const last = found.lastControl!;
  expect(last.bottom, `${what}: ${last.name} under the tab bar`).toBeLessThanOrEqual(bar.y + 0.5);
  expect(last.hit, `${what}: ${last.name} covered by ${last.over}`).toBe(true);
}

describe.each(walks)('an attendee’s day on a 360 × 640 phone ($locale)', ({ locale, t, who }) => {
  it('home → event → programme → star → register → ticket QR → meeting → message', async () => {
    const { page } = suite.browser(locale);
    const started = Date.now();
    const main = page.getByRole('main');
    const tabs = page.getByRole('navigation', { name: t.nav.tabs.label, exact: true });
    const check = (what: string) => checkScreen(page, `${locale} ${what}`, t.nav.tabs.label);

    // Home: the event running now is among the user's events, a link away.
    await page.goto(`${server.url}/${locale}/`);
    const toEvent = main.getByRole('link', { name: DEMO_IN_PERSON_EVENT_NAME, exact: true }).first();
    await toEvent.waitFor({ timeout: 30_000 });
    await check('home');
    await toEvent.click();
    await page.waitForURL(new RegExp(`/${locale}/events/${eventId}$`));

    // The event page leads to its programme.
    const toProgramme = main.getByRole('navigation', { name: t.event.sectionsLabel }).getByRole('link', { name: t.event.links.programme, exact: true });
    await toProgramme.waitFor({ timeout: 30_000 });
    await check('event page');
    await toProgramme.click();
    await page.waitForURL(new RegExp(`/${locale}/events/${eventId}/live-translation/stage`));

    // A talk starred for the calendar.
    const star = main.getByRole('button', { name: pattern(t.live.star), pressed: false }).first();
    await star.waitFor({ timeout: 30_000 });
    // The stars the device already has load after the buttons; a tap before that can be lost.
    await settle(page);
    const title = await star.getAttribute('aria-label');
    await star.click();
    // Talks may share a title across halls, so any star of that name now pressed will do.
    await expect.poll(() => main.getByRole('button', { name: title!, exact: true, pressed: true }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await check('programme');

    // Registering for a free event is one tap.
    await page.goto(`${server.url}/${locale}/events/${freeEventId}`);
    const register = main.getByRole('button', { name: t.checkin.checkin, exact: true });
    await register.waitFor({ timeout: 30_000 });
    await check('free event');
    await register.click();
    await main.getByText(t.checkin.checkedIn, { exact: true }).waitFor({ timeout: 30_000 });
    await check('free event, registered');

    // Its ticket in My tickets, the QR code in sight without another tap.
    await tabs.getByRole('link', { name: t.nav.tabs.tickets, exact: true }).click();
    await page.waitForURL(new RegExp(`/${locale}/profile/mytickets`));
    const ticket = main.locator('article', { hasText: FREE_EVENT_NAME });
    const qr = ticket.getByRole('img', { name: pattern(t.tickets.qrLabel) });
    await qr.waitFor({ timeout: 30_000 });
    expect((await qr.boundingBox())!.width).toBeGreaterThanOrEqual(200);
    await check('my tickets');

    // A meeting with another attendee, asked for in the appointment modal.
    await page.goto(`${server.url}/${locale}/events/${eventId}?meeting_user_id=${bohdanId}`);
    const modal = new AppointmentModal(page);
    await modal.dialog.waitFor({ timeout: 30_000 });
    await modal.freeSlots.first().waitFor({ timeout: 30_000 });
    await check('appointment modal');
    await modal.freeSlots.first().click();
    await modal.submit.click();
    await modal.chooseTableIfAsked();
    await modal.dialog.waitFor({ state: 'hidden', timeout: 30_000 });
    await tabs.getByRole('link', { name: t.nav.tabs.meetings, exact: true }).click();
    await page.waitForURL(new RegExp(`/${locale}/profile/mymeeting`));
    // On a phone the screen asks for the event first.
    const picker = main.locator('.event-picker__item', { hasText: DEMO_IN_PERSON_EVENT_NAME }).first();
    await picker.waitFor({ timeout: 30_000 });
    await check('my appointments, events');
    await picker.click();
    await main.getByRole('article').first().waitFor({ timeout: 30_000 });
    await check('my appointments');

    // Messages need a meeting both agreed to (networking.md): the other side says yes.
    const bohdanToken = await apiLogin(server.url, DEMO_ACCOUNTS.bohdan, DEMO_PASSWORD);
    const [asked] = await openAppointments(server.url, bohdanToken, eventId, await userIdOf(server.url, await apiLogin(server.url, who, DEMO_PASSWORD)));
    expect(asked?.state, `${locale}: the request on the server`).toBe('pending');
    await approve(server.url, bohdanToken, asked!.meeting_id);

    // A message to them.
    await page.goto(`${server.url}/${locale}/profile/mymessages?user_id=${bohdanId}`);
    const box = main.getByRole('textbox', { name: t.messages.composerLabel });
    await box.waitFor({ timeout: 30_000 });
    const text = `${locale} walk ${Date.now()}`;
    await box.fill(text);
    await main.getByRole('button', { name: t.messages.send, exact: true }).click();
    await main.getByText(text, { exact: true }).waitFor({ timeout: 30_000 });
    await check('conversation');

    console.info(`${locale} walk: ${Math.round((Date.now() - started) / 1000)} s`);
  });
});
