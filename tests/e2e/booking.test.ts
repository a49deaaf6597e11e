import { beforeAll, describe, expect, it } from 'vitest';
import { localTimeOf } from '../../contract/appointments.ts';
import type { VisitorDoc } from '../../contract/visitors.ts';
import { DEMO_ACCOUNTS, DEMO_IN_PERSON_EVENT_NAME, DEMO_PASSWORD } from '../../server/db/seed/demo-data.ts';
import { dateTab } from '../../src/ui/format/appointments.ts';
import { startProxy, type TestProxy } from '../fixtures/proxy.ts';
import type { FoyerServer } from './fixtures/server.ts';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT } from './fixtures/browser.ts';
import { e2eSuite } from './fixtures/suite.ts';
import { apiLogin, findEventByName, pullAll } from './fixtures/api.ts';
import { approve, clearPair, freeSlot, openAppointments, request, requestSentOnceBack, strangersAt, userIdOf } from './fixtures/meetings.ts';
import { AppointmentModal } from './pages/AppointmentModal.ts';
import { AppointmentsPage } from './pages/AppointmentsPage.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { SyncStatusBar } from './pages/SyncStatusBar.ts';
import { VisitorsPage } from './pages/VisitorsPage.ts';

/**
 * Booking as a visitor at the venue meets it:
 * - offline, anyone can be asked: the modal of a visitor never opened online shows the event's slot
 *   grid (it comes with the event) marked provisional, the request waits, and the server decides;
 * - a request refused because one exists already (made on another device) shows that appointment
 *   with its actions, never a blank card with "Pick another time";
 * - just after signing in, a card never offers "Make appointment" before the device knows the
 *   user's appointments; Message shows only where messaging works (an approved meeting);
 * - ?meeting_user_id= opens the appointment modal on any page, with or without an event in the
 *   address, and after a guest logs in.
 */

const RESYNC_TIMEOUT_MS = 45_000;
const LEAD_MS = 40 * 60_000;

const suite = e2eSuite({ restartEachTest: true });
const { poll, until } = suite;
let server: FoyerServer;
let eventId: number;
let annaToken: string;
let annaId: number;
let bohdanToken: string;
let bohdanId: number;
/** Visitors of the summit anna has never met there: a fresh one per test. */
let strangers: VisitorDoc[];
let bohdanCard: VisitorDoc;

beforeAll(async () => {
  ({ server } = suite);
  eventId = (await findEventByName(server.url, DEMO_IN_PERSON_EVENT_NAME)).event_id;
  annaToken = await apiLogin(server.url, DEMO_ACCOUNTS.anna, DEMO_PASSWORD);
  bohdanToken = await apiLogin(server.url, DEMO_ACCOUNTS.bohdan, DEMO_PASSWORD);
  annaId = await userIdOf(server.url, annaToken);
  bohdanId = await userIdOf(server.url, bohdanToken);
  let visitors: VisitorDoc[];
  ({ visitors, strangers } = await strangersAt(server.url, annaToken, eventId, [bohdanId]));
  expect(strangers.length).toBeGreaterThanOrEqual(3);
  bohdanCard = visitors.find((v) => v.user_id === bohdanId)!;
});

const fullName = (v: VisitorDoc) => `${v.first_name} ${v.last_name}`;

async function findCard(visitors: VisitorsPage, v: VisitorDoc) {
  await visitors.search.fill(v.last_name);
  const card = visitors.card(fullName(v));
  await until(() => card.count(), 1, 30_000, `the card of ${fullName(v)}`);
  return card;
}

describe('booking', () => {
  it('asks a visitor never opened online for a meeting offline; the server decides on replay', async () => {
    const x = strangers[0]!;
    const slot = await freeSlot(server.url, annaToken, eventId, x.user_id, LEAD_MS);
    const time = localTimeOf(slot.start, slot.timezone);
    const { page } = await suite.launch({ locale: 'en-GB', viewport: DESKTOP_VIEWPORT });
    const visitors = new VisitorsPage(page, server.url);
    await suite.signIn(page, DEMO_ACCOUNTS.anna, `/en/events/${eventId}/visitors`, { waitForWorker: true });
    const status = new SyncStatusBar(page);
    await poll(() => status.isIdle(), Boolean, 60_000, "anna's first sync");
    const card = await findCard(visitors, x);

    await server.stop();
    await poll(() => status.isOffline(), Boolean, 30_000, 'offline');
    await card.getByRole('button', { name: 'Make appointment' }).click();
    const modal = new AppointmentModal(page);
    await modal.dialog.waitFor({ timeout: 10_000 });
    await modal.dayTab(dateTab(slot.day, 'en').label).click();
    await modal.slot(time).waitFor({ timeout: 10_000 });
    expect(await modal.notOnDevice.count()).toBe(0);
    expect(await modal.provisional.isVisible()).toBe(true);
    await modal.slot(time).click();
    await modal.submit.click();
    await modal.chooseTableIfAsked();
    await modal.dialog.waitFor({ state: 'hidden' });
    const made = await requestSentOnceBack(suite, status, annaToken, eventId, x.user_id, RESYNC_TIMEOUT_MS);
    expect(made[0]!.time_start).toBe(slot.start);
    await poll(
      () => card.locator('.badge').first().textContent(),
      (s) => /Waiting for an answer/.test(s ?? ''),
      RESYNC_TIMEOUT_MS,
      'the server copy on the card',
    );
  });

  it('shows the appointment that exists already, with its actions, when the server refuses a second one (phone)', async () => {
    const y = strangers[1]!;
    const slot = await freeSlot(server.url, annaToken, eventId, y.user_id, LEAD_MS);
    // The phone reaches the server through a proxy it can lose while the laptop still reaches the
    // server: so the laptop's request is in before the phone's queued one, every time.
    const proxy: TestProxy = await startProxy(server.url);
    try {
      const { page } = await suite.launch({ locale: 'en-GB', viewport: PHONE_VIEWPORT });
      const visitors = new VisitorsPage(page, proxy.url);
      await new LoginPage(page, proxy.url, 'en').signInTo(`/en/events/${eventId}/visitors`, DEMO_ACCOUNTS.anna, DEMO_PASSWORD);
      const status = new SyncStatusBar(page);
      await poll(() => status.isIdle(), Boolean, 60_000, "anna's first sync");
      const card = await findCard(visitors, y);
      // Opened online once, so this part does not lean on the offline grid of the first test.
      const modal = new AppointmentModal(page);
      await card.getByRole('button', { name: 'Make appointment' }).click();
      await modal.dayTab(dateTab(slot.day, 'en').label).click();
      await modal.freeSlots.first().waitFor({ timeout: 15_000 });
      await page.keyboard.press('Escape');
      await modal.dialog.waitFor({ state: 'hidden' });

      // This phone asks offline while anna's laptop asks the same person online.
      proxy.setOnline(false);
      await poll(() => status.isOffline(), Boolean, 30_000, 'offline');
      await card.getByRole('button', { name: 'Make appointment' }).click();
      await modal.dialog.waitFor({ timeout: 10_000 });
      await modal.dayTab(dateTab(slot.day, 'en').label).click();
      await modal.freeSlots.first().click();
      await modal.submit.click();
      await modal.chooseTableIfAsked();
      await modal.dialog.waitFor({ state: 'hidden' });
      await until(() => status.pending(), 1, 5_000, 'the request queued');
      const made = await request(server.url, annaToken, eventId, y.user_id, slot, 'From the laptop');
      proxy.setOnline(true);

      // The phone's request is refused; its card shows the laptop's request and what can be done with it.
      await until(() => status.pending(), 0, RESYNC_TIMEOUT_MS, 'the queued request answered');
      await poll(
        () => card.getByRole('alert').textContent(),
        (s) => /already have/.test(s ?? ''),
        RESYNC_TIMEOUT_MS,
        'the refusal on the card',
      );
      await poll(
        () => card.locator('.badge').first().textContent(),
        (s) => /Waiting for an answer/.test(s ?? ''),
        RESYNC_TIMEOUT_MS,
        'the existing request on the card',
      );
      expect(await card.getByRole('button', { name: 'Edit' }).count()).toBe(1);
      expect(await card.getByRole('button', { name: 'Cancel appointment' }).count()).toBe(1);
      expect(await card.getByRole('button', { name: /Pick another time|Make appointment/ }).count()).toBe(0);
      await card.getByRole('button', { name: 'Dismiss' }).click();
      await until(() => card.getByRole('alert').count(), 0, 5_000, 'the refusal dismissed');
      expect(await card.getByRole('button', { name: 'Edit' }).count()).toBe(1);
      expect(await openAppointments(server.url, annaToken, eventId, y.user_id)).toMatchObject([{ meeting_id: made.meeting_id, comment: 'From the laptop' }]);

      // My appointments says the same, on one card.
      const mine = new AppointmentsPage(page, proxy.url, 'en');
      await mine.goto(eventId);
      const cards = page.getByRole('main').getByRole('article', { name: new RegExp(fullName(y)) });
      await until(() => cards.count(), 1, 15_000, 'one card for the pair');
      expect(await cards.getByRole('button', { name: 'Pick another time' }).count()).toBe(0);
    } finally {
      await proxy.close();
    }
  });

  it('offers neither a request before the appointments are known after login, nor Message without an approved meeting', async () => {
    // Anna and bohdan agreed a meeting at the summit; z is someone she never met.
    await clearPair(server.url, bohdanToken, eventId, annaId);
    const made = await request(server.url, annaToken, eventId, bohdanId, await freeSlot(server.url, annaToken, eventId, bohdanId, LEAD_MS));
    await approve(server.url, bohdanToken, made.meeting_id);
    const z = strangers[2]!;

    const proxy: TestProxy = await startProxy(server.url);
    try {
      // The user's appointments arrive late after signing in; everything else comes at once.
      proxy.setDelay(15_000, 0, (r) => r.path.startsWith('/sync/v1/appointments/pull'));
      const { page } = await suite.launch({ locale: 'en-GB', viewport: DESKTOP_VIEWPORT });
      const visitors = new VisitorsPage(page, proxy.url);
      await new LoginPage(page, proxy.url, 'en').signInTo(`/en/events/${eventId}/visitors`, DEMO_ACCOUNTS.anna, DEMO_PASSWORD);
      const bohdan = await findCard(visitors, bohdanCard);
      // Before anna's appointments are on the device: no "Make appointment" for him, a word instead.
      expect(await bohdan.getByRole('button', { name: 'Make appointment' }).count()).toBe(0);
      expect(await bohdan.getByText('Checking your appointments with them…').count()).toBe(1);

      proxy.setDelay(0);
      await poll(
        () => bohdan.locator('.badge').first().textContent(),
        (s) => /Agreed/.test(s ?? ''),
        RESYNC_TIMEOUT_MS,
        'the agreed meeting on his card',
      );
      expect(await bohdan.getByRole('button', { name: 'Make appointment' }).count()).toBe(0);
      // Message where a meeting is approved, and nowhere else.
      await poll(
        () => bohdan.getByRole('button', { name: /Message/ }).count(),
        (n) => n >= 1,
        15_000,
        'Message on the card of somebody met',
      );
      // Message opens the chat with him in a modal over the list (networking.md §2), not another page.
      const before = page.url();
      await bohdan
        .getByRole('button', { name: /Message/ })
        .first()
        .click();
      const chatModal = page.getByRole('dialog', { name: /^Messages:/ });
      await chatModal.waitFor({ timeout: 10_000 });
      await chatModal.getByRole('textbox').waitFor({ timeout: 10_000 });
      expect(page.url()).toBe(before);
      await page.keyboard.press('Escape');
      await chatModal.waitFor({ state: 'hidden' });
      const card = await findCard(visitors, z);
      expect(await card.getByRole('button', { name: 'Make appointment' }).count()).toBe(1);
      expect(await card.getByRole('button', { name: /Message/ }).count()).toBe(0);
    } finally {
      await proxy.close();
    }
  });

  it('opens the appointment modal from ?meeting_user_id= on any page, with or without an event, for a guest after login', async () => {
    // The person: a visitor of an upcoming event anna takes part in besides the summit.
    const upcoming = (
      await pullAll<{ event_id: number; has_ticket: boolean; checked_in: boolean; is_owner: boolean; deleted: boolean }>(server.url, 'my_events', annaToken)
    )
      .filter((m) => (m.has_ticket || m.checked_in || m.is_owner) && !m.deleted)
      .map((m) => m.event_id);
    const events = (await pullAll<{ event_id: number; name: string; when: number; when_end: number }>(server.url, 'events')).filter(
      (e) => upcoming.includes(e.event_id) && e.when_end * 1000 > Date.now(),
    );
    events.sort((a, b) => Number(b.when * 1000 <= Date.now()) - Number(a.when * 1000 <= Date.now()) || a.when - b.when);
    let target: { userId: number; event: (typeof events)[number] } | null = null;
    const seen = new Map<number, number[]>();
    for (const e of events) {
      const res = await fetch(`${server.url}/sync/v1/visitors/pull?event_id=${e.event_id}&checkpoint=0&limit=2000`, {
        headers: { authorization: `Bearer ${annaToken}` },
      });
      for (const v of ((await res.json()) as { documents: VisitorDoc[] }).documents) seen.set(v.user_id, [...(seen.get(v.user_id) ?? []), e.event_id]);
    }
    for (const [userId, ids] of seen) {
      if (userId === annaId) continue;
      const first = events.find((e) => ids.includes(e.event_id));
      if (first && first.event_id !== eventId) {
        target = { userId, event: first };
        break;
      }
    }
    expect(target, 'a visitor anna shares an upcoming event with').not.toBeNull();

    // A guest follows the link: log in first, then the modal for the event both attend.
    const { page } = await suite.launch({ locale: 'en-GB' });
    await page.goto(`${server.url}/en/events?meeting_user_id=${target!.userId}`);
    await page.waitForURL(/\/en\/login\?return_url=/, { timeout: 30_000 });
    await new LoginPage(page, server.url, 'en').login(DEMO_ACCOUNTS.anna, DEMO_PASSWORD);
    const modal = new AppointmentModal(page);
    await modal.dialog.waitFor({ timeout: 60_000 });
    expect(await modal.eventName.textContent()).toBe(target!.event.name);
    expect(new URL(page.url()).searchParams.has('meeting_user_id')).toBe(false);
    await page.keyboard.press('Escape');
    await modal.dialog.waitFor({ state: 'hidden' });

    // Signed in: the events list, an event page, and a page of another kind.
    for (const path of [
      `/en/events?meeting_user_id=${target!.userId}`,
      `/en/events/${eventId}?meeting_user_id=${strangers[2]!.user_id}`,
      `/en/people?meeting_user_id=${target!.userId}`,
    ]) {
      await page.goto(`${server.url}${path}`);
      await modal.dialog.waitFor({ timeout: 30_000 });
      await page.keyboard.press('Escape');
      await modal.dialog.waitFor({ state: 'hidden' });
    }
  });
});
