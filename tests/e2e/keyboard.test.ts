import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { localTimeOf, type AppointmentDoc } from '../../contract/appointments.ts';
import type { TicketDoc } from '../../contract/tickets.ts';
import { DEMO_ACCOUNTS, DEMO_IN_PERSON_EVENT_NAME, DEMO_PASSWORD } from '../../server/db/seed/demo-data.ts';
import type { FoyerServer } from './fixtures/server.ts';
import { pollUntil, type TestBrowser } from './fixtures/browser.ts';
import { e2eSuite } from './fixtures/suite.ts';
import { apiLogin, findEventByName, pullAll } from './fixtures/api.ts';
import { SyncStatusBar } from './pages/SyncStatusBar.ts';
import { DoorPage } from './pages/DoorPage.ts';
import { Keyboard } from './pages/Keyboard.ts';

/**
 * The three places where people work fastest from a keyboard, used with nothing but keys (Tab,
 * Shift+Tab, Enter, Space, Escape, arrows; no clicks, no programmatic focus): the appointment modal
 * from a visitor card, the event chat (as a visitor and as its moderator) and the door's manual code
 * field. In English, as the organiser and anna.
 */

const RESYNC_TIMEOUT_MS = 45_000;

const suite = e2eSuite({ browsers: { anna: 'en-GB', owner: 'en-GB' }, shared: true });
const { context } = suite;
let server: FoyerServer;
let anna: TestBrowser;
let owner: TestBrowser;
let eventId: number;

async function signIn(person: TestBrowser, email: string, path: string): Promise<void> {
  await suite.signIn(person.page, email, path, { waitForWorker: true });
  const status = new SyncStatusBar(person.page);
  await pollUntil(() => status.isIdle(), Boolean, 60_000, `${email}'s first sync`, context);
}

beforeAll(async () => {
  ({ server } = suite);
  anna = suite.browser('anna');
  owner = suite.browser('owner');
  eventId = (await findEventByName(server.url, DEMO_IN_PERSON_EVENT_NAME)).event_id;
  await signIn(anna, DEMO_ACCOUNTS.anna, `/en/events/${eventId}/visitors`);
  await signIn(owner, DEMO_ACCOUNTS.owner, `/en/events/${eventId}/checkin`);
});

/** Tabs through the whole open dialog both ways and fails if focus ever lands outside it. */
async function expectFocusTrapped(keys: Keyboard, page: Page, presses: number): Promise<void> {
  for (const shift of [false, true]) {
    for (let i = 0; i < presses; i++) {
      await keys.tab(shift);
      const where = await keys.focused();
      expect(where.inOpenDialog, `${shift ? 'Shift+' : ''}Tab #${i + 1} left the dialog for ${JSON.stringify(where)}`).toBe(true);
    }
  }
  expect(await page.locator('dialog[open]').count()).toBe(1);
}

describe('keyboard only', () => {
  it('opens the appointment modal from a visitor card, keeps focus inside, closes with Escape back to the card, then books a slot', async () => {
    const page = anna.page;
    const keys = new Keyboard(page);
    const annaToken = await apiLogin(server.url, DEMO_ACCOUNTS.anna, DEMO_PASSWORD);
    const mine = async () =>
      (await pullAll<AppointmentDoc>(server.url, 'appointments', annaToken)).filter(
        (a) => a.event_id === eventId && !a.deleted && (a.state === 'pending' || a.state === 'accepted'),
      );
    const before = await mine();

    await page.getByRole('main').getByRole('article').first().waitFor({ timeout: 30_000 });
    // From the top of the page to the first visitor card that offers a new appointment.
    await keys.tabUntil((f) => f.role === 'button' && f.name === 'Make appointment' && f.card !== null, { max: 150 });
    const { card } = await keys.focused();
    const opener = page.getByRole('article', { name: card! }).getByRole('button', { name: 'Make appointment' });

    await keys.press('Enter');
    const dialog = page.getByRole('dialog', { name: /create appointment/i });
    await dialog.waitFor({ timeout: 15_000 });
    await dialog.locator('[role="radio"], .appointment-modal__note').first().waitFor({ timeout: 30_000 });
    expect((await keys.focused()).inOpenDialog, 'focus moves into the dialog when it opens').toBe(true);

    const stops = await dialog.evaluate((d) => d.querySelectorAll('button:not([disabled]):not([tabindex="-1"]), textarea, input, a[href]').length);
    await expectFocusTrapped(keys, page, stops + 3);

    await keys.press('Escape');
    await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
    await pollUntil(() => opener.evaluate((el) => el === document.activeElement), Boolean, 5_000, 'focus back on the card that opened the modal', context);

    // Again, this time to book: Enter on the same button.
    await keys.press('Enter');
    await dialog.waitFor({ timeout: 15_000 });
    await dialog.locator('[role="radio"], .appointment-modal__note').first().waitFor({ timeout: 30_000 });

    // The day tabs are one tab stop; the arrows choose the day. Late in the evening the first day may
    // have no free time left, so the arrows go on to the next day until one has.
    const freeSlots = dialog.getByRole('radio', { name: /^\d\d:\d\d, Free/ });
    const dayShown = () =>
      pollUntil(
        () => dialog.evaluate((d) => !d.querySelector('.spinner') && Boolean(d.querySelector('[role="radio"], .appointment-modal__note'))),
        Boolean,
        30_000,
        'the day to load',
        context,
      );
    await keys.tabUntil((f) => f.role === 'tab' && f.inOpenDialog);
    const dayCount = await dialog.getByRole('tab').count();
    for (let day = 1; day < dayCount && (await freeSlots.count()) === 0; day++) {
      const before = await keys.focused();
      await keys.press('ArrowRight');
      const after = await keys.focused();
      expect(after.role).toBe('tab');
      expect(after.name).not.toBe(before.name);
      expect(await dialog.getByRole('tab', { selected: true }).textContent()).toBe(after.text);
      await dayShown();
    }
    expect(await freeSlots.count(), 'a day with free time in the demo event').toBeGreaterThan(0);

    // The slots are a radio group: Tab enters it on a free slot, the arrows pick the next free one.
    // The any-time switch (select time / any time) is a radio group too; the slots come after it.
    await keys.tabUntil((f) => f.role === 'radio' && f.inOpenDialog && /^\d\d:\d\d/.test(f.name ?? ''));
    const firstSlot = await keys.focused();
    expect(firstSlot.name).toMatch(/^\d\d:\d\d, Free/);
    await keys.press('ArrowRight');
    let slot = await keys.focused();
    if (slot.name === firstSlot.name) {
      // The only free slot of the day: Space chooses it.
      await keys.press(' ');
    }
    slot = await keys.focused();
    expect(slot.role).toBe('radio');
    const slots = dialog.getByRole('radiogroup', { name: 'Time', exact: true });
    expect(await slots.getByRole('radio', { checked: true }).getAttribute('aria-label')).toBe(slot.name);
    const time = slot.name.slice(0, 5);

    await keys.tabUntil((f) => f.tag === 'textarea');
    await page.keyboard.type('Keyboard only: shall we talk about onboarding?');
    await keys.tabUntil((f) => f.role === 'button' && /^(Make appointment|Next step)$/.test(f.name) && f.inOpenDialog);
    await keys.press('Enter');

    // An in-person event may ask where to meet: a radio, then the button.
    const place = page.getByRole('dialog', { name: 'Select place' });
    if (await place.isVisible().catch(() => false)) {
      await keys.tabUntil((f) => f.role === 'radio' && f.inOpenDialog);
      await keys.press(' ');
      await keys.tabUntil((f) => f.role === 'button' && f.name === 'Make appointment' && f.inOpenDialog);
      await keys.press('Enter');
    }
    await page
      .locator('dialog[open]')
      .waitFor({ state: 'detached', timeout: 15_000 })
      .catch(() => undefined);
    expect(await page.locator('dialog[open]').count()).toBe(0);

    const added = await pollUntil(
      async () => (await mine()).filter((a) => !before.some((b) => b.meeting_id === a.meeting_id)),
      (list) => list.length === 1,
      RESYNC_TIMEOUT_MS,
      'the request on the server',
      context,
    );
    expect(added[0]!.state).toBe('pending');
    expect(localTimeOf(added[0]!.time_start, 'Europe/Kyiv')).toBe(time);
    expect(added[0]!.comment).toBe('Keyboard only: shall we talk about onboarding?');
  });

  it('writes in the event chat with Enter, likes a message, and lets the moderator delete it', async () => {
    const text = `Keyboard hello ${Date.now()}`;
    const page = anna.page;
    const keys = new Keyboard(page);
    await page.goto(`${server.url}/en/events/${eventId}/live-translation/chat`);
    // On the chat section the side panel offers no second chat: one form, one list.
    const messages = page.getByTestId('event-chat').getByTestId('chat-message');
    await messages.first().waitFor({ timeout: 30_000 });

    await keys.tabUntil((f) => f.tag === 'textarea' && f.name === 'Write a comment…', { max: 400 });
    await page.keyboard.type(text);
    await keys.press('Enter');
    const sent = messages.filter({ hasText: text });
    await sent.first().waitFor({ timeout: 15_000 });
    expect((await keys.focused()).tag, 'focus stays in the input for the next message').toBe('textarea');
    expect(await page.evaluate(() => (document.activeElement as HTMLTextAreaElement).value)).toBe('');

    // Back up from the input through the newest messages to the first one anna may like.
    await keys.tabUntil((f) => f.role === 'button' && /^Like, \d+$/.test(f.name), { shift: true, max: 40 });
    const like = await keys.focused();
    expect(like.pressed).toBe('false');
    await keys.press('Enter');
    await pollUntil(
      () => keys.focused(),
      (f) => f.pressed === 'true' && /^Like, \d+$/.test(f.name),
      10_000,
      'the like to show as pressed',
      context,
    );

    // The organiser moderates this chat: from the input back to the Delete of anna's message.
    const mod = new Keyboard(owner.page);
    await owner.page.goto(`${server.url}/en/events/${eventId}/live-translation/chat`);
    const theirs = owner.page.getByTestId('event-chat').getByTestId('chat-message').filter({ hasText: text });
    await theirs.first().waitFor({ timeout: RESYNC_TIMEOUT_MS });
    await mod.tabUntil((f) => f.tag === 'textarea', { max: 400 });
    await mod.tabUntil((f) => f.role === 'button' && f.name === 'Delete' && f.messageText.includes(text), { shift: true, max: 40 });
    await mod.press('Enter');
    // A delete asks first; Escape steps back to the Delete button and nothing is gone.
    const focusOn = (name: string) =>
      pollUntil(
        () => mod.focused(),
        (f) => f.name === name,
        5_000,
        `focus on ${name}`,
        context,
      );
    await focusOn('Delete comment');
    await mod.press('Escape');
    await focusOn('Delete');
    expect(await theirs.count()).toBe(1);
    await mod.press('Enter');
    await focusOn('Delete comment');
    await mod.press('Enter');
    await pollUntil(
      () => theirs.count(),
      (n) => n === 0,
      15_000,
      "the message gone from the moderator's chat",
      context,
    );
    await pollUntil(
      () => sent.count(),
      (n) => n === 0,
      RESYNC_TIMEOUT_MS,
      "the deleted message gone from anna's chat too",
      context,
    );
  });

  it('at the door: types a code, submits with Enter, announces the verdict, then moves on to search', async () => {
    const page = owner.page;
    const keys = new Keyboard(page);
    const door = new DoorPage(page, server.url);
    const annaToken = await apiLogin(server.url, DEMO_ACCOUNTS.anna, DEMO_PASSWORD);
    const ticket = (await pullAll<TicketDoc>(server.url, 'tickets', annaToken)).find(
      (t) => t.event_id === eventId && !t.deleted && t.status === 'valid' && !t.invalid,
    );
    expect(ticket, 'anna holds a valid ticket').toBeDefined();

    await door.goto(eventId);
    await pollUntil(
      () => door.headCount(),
      (c) => c !== null && c.tickets > 0,
      60_000,
      'the tickets on the door',
      context,
    );
    await pollUntil(() => door.keyReady(), Boolean, 30_000, 'the event key on the door', context);

    await keys.tabUntil((f) => f.name === 'Ticket code', { max: 100 });
    await page.keyboard.type(ticket!.qr);
    await keys.press('Enter');
    const verdict = await pollUntil(
      () => door.lastResult(),
      (r) => r !== null,
      10_000,
      'the verdict',
      context,
    );
    expect(verdict!.result).toBe('admitted');
    // Announced: the verdict sits in an assertive live region and is an alert itself.
    const live = await door.result.evaluate((el) => ({ role: el.getAttribute('role'), live: el.closest('[aria-live]')?.getAttribute('aria-live') ?? null }));
    expect(live).toEqual({ role: 'alert', live: 'assertive' });
    expect(verdict!.text).toContain(ticket!.code);

    // The field is ready for the next code, and search is reachable by Tab.
    expect((await keys.focused()).name).toBe('Ticket code');
    await keys.tabUntil((f) => f.role === 'searchbox' && f.name === 'Name or code', { max: 60 });
    await page.keyboard.type(ticket!.code);
    await page.getByRole('main').getByText(ticket!.code).nth(1).waitFor({ timeout: 10_000 });
  });
});
