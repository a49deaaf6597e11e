import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_IN_PERSON_EVENT_NAME, DEMO_PASSWORD } from '../../server/db/seed/demo-data.ts';
import { localTimeOf, type AppointmentDoc } from '../../contract/appointments.ts';
import type { FoyerServer } from './fixtures/server.ts';
import { waitForServiceWorkerControl, type TestBrowser } from './fixtures/browser.ts';
import { e2eSuite } from './fixtures/suite.ts';
import { apiLogin, findEventByName, pullAll } from './fixtures/api.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { SyncStatusBar } from './pages/SyncStatusBar.ts';
import { AppointmentModal } from './pages/AppointmentModal.ts';
import { AppointmentsPage } from './pages/AppointmentsPage.ts';
import { dateTab } from '../../src/ui/format/appointments.ts';

/**
 * Two people, two browsers: anna asks bohdan for a meeting while the server is unreachable, the
 * request goes out when it is back, bohdan accepts it on his device, and anna's device reminds her
 * 10 minutes before, says "very soon" 15 seconds before and opens the call at the start. The
 * reminders come from the sync worker's clock; anna's page runs under Playwright's fake clock,
 * which the worker follows (src/data/appointments.ts, only when the fake clock is installed).
 */

const RESYNC_TIMEOUT_MS = 45_000;
/** The slot must lie far enough ahead that no reminder is due in real time during the test. */
const LEAD_MS = 40 * 60_000;

const suite = e2eSuite({ browsers: { anna: undefined, bohdan: undefined }, restartEachTest: true });
const { poll, until } = suite;
let server: FoyerServer;
let anna: TestBrowser;
let bohdan: TestBrowser;
let eventId: number;

beforeAll(async () => {
  ({ server } = suite);
  anna = suite.browser('anna');
  bohdan = suite.browser('bohdan');
  eventId = (await findEventByName(server.url, DEMO_IN_PERSON_EVENT_NAME)).event_id;
});

async function api<T>(token: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as T;
}

interface Availability {
  dates: string[];
  meetingAllowTimes: { day: string; times: { start: number; status: number }[] };
  timezone_obj: { timezone: string };
}

describe('appointments between two people', () => {
  it('anna requests offline, reconnects, bohdan accepts, and anna is reminded on a fake clock', async () => {
    const annaToken = await apiLogin(server.url, DEMO_ACCOUNTS.anna, DEMO_PASSWORD);
    const bohdanToken = await apiLogin(server.url, DEMO_ACCOUNTS.bohdan, DEMO_PASSWORD);
    const bohdanId = (await api<{ data: { user_id: number } }>(bohdanToken, '/api/auth/me')).data.user_id;
    const annaId = (await api<{ data: { user_id: number } }>(annaToken, '/api/auth/me')).data.user_id;

    // The demo already has them meeting at this event; one open appointment per pair, so bohdan
    // calls that one off first.
    const existing = (await pullAll<AppointmentDoc>(server.url, 'appointments', bohdanToken)).filter(
      (a) => a.event_id === eventId && !a.deleted && (a.state === 'accepted' || a.state === 'pending'),
    );
    const pair = existing.find((a) => a.other_user_id === annaId);
    if (pair) {
      const cancel = await api<{ results: { status: string }[] }>(bohdanToken, '/sync/v1/commands', {
        commands: [
          {
            id: `e2e-cancel-${pair.meeting_id}`,
            kind: 'appointment.reject',
            payload: { meeting_id: pair.meeting_id, reason: 'Moving it' },
            occurredAt: new Date().toISOString(),
          },
        ],
      });
      expect(cancel.results[0]!.status).toBe('applied');
    }

    // A slot that is free for both of them, well ahead, as the server sees it now.
    let chosen: { day: string; start: number; timezone: string } | null = null;
    const first = await api<{ data: Availability }>(annaToken, `/api/meetings/get-meeting-data?event_id=${eventId}&user_id=${bohdanId}`);
    for (const day of first.data.dates) {
      const answer = await api<{ data: Availability }>(annaToken, `/api/meetings/get-meeting-data?event_id=${eventId}&user_id=${bohdanId}&date=${day}`);
      const slot = answer.data.meetingAllowTimes.times.find((s) => s.status === 1 && s.start * 1000 > Date.now() + LEAD_MS);
      if (slot) {
        chosen = { day, start: slot.start, timezone: answer.data.timezone_obj.timezone };
        break;
      }
    }
    if (!chosen) throw new Error('the demo event has no free slot far enough ahead');
    const time = localTimeOf(chosen.start, chosen.timezone);

    // Anna's page runs on a fake clock from the first load, so the worker can follow it later.
    const page = anna.page;
    await page.clock.install();
    const login = new LoginPage(page, server.url);
    await login.goto(`/uk/events/${eventId}?meeting_user_id=${bohdanId}`);
    await login.login(DEMO_ACCOUNTS.anna, DEMO_PASSWORD);
    await waitForServiceWorkerControl(page);
    const status = new SyncStatusBar(page);
    await poll(() => status.isIdle(), Boolean, 30_000, "anna's first sync");

    const modal = new AppointmentModal(page);
    await modal.dialog.waitFor({ timeout: 30_000 });
    const tab = dateTab(chosen.day, 'uk');
    await modal.dayTab(tab.label).click();
    await modal.slot(time).waitFor({ timeout: 30_000 });

    // The network goes away with the modal open: the request is queued on the device.
    await server.stop();
    await poll(() => status.isOffline(), Boolean, 30_000, 'the status to say offline');
    await modal.slot(time).click();
    await modal.submit.click();
    await modal.chooseTableIfAsked();
    await modal.dialog.waitFor({ state: 'hidden' });
    await until(() => status.pending(), 1, 5_000, 'the request queued');

    const annaPage = new AppointmentsPage(page, server.url);
    await annaPage.goto(eventId);
    await until(() => annaPage.item('Bohdan', time).count(), 1, 30_000, 'the queued request in the list');
    expect(
      await annaPage
        .item('Bohdan', time)
        .filter({ hasText: /чекає на відправлення/i })
        .count(),
    ).toBe(1);

    // Back online: the request goes out once.
    await server.start();
    await until(() => status.pending(), 0, RESYNC_TIMEOUT_MS, 'the request to be sent');
    await poll(
      () => annaPage.status('Bohdan', time),
      (s) => /очікує відповіді/i.test(s),
      RESYNC_TIMEOUT_MS,
      'the server copy of the request',
    );

    // Bohdan, on his own device, accepts it.
    const bohdanPage = new AppointmentsPage(bohdan.page, server.url);
    const bohdanLogin = new LoginPage(bohdan.page, server.url);
    await bohdanLogin.goto(`/uk/profile/mymeeting?event_id=${eventId}`);
    await bohdanLogin.login(DEMO_ACCOUNTS.bohdan, DEMO_PASSWORD);
    const incoming = bohdanPage.item('Anna', time);
    await until(() => incoming.count(), 1, 30_000, "anna's request on bohdan's device");
    await incoming.getByRole('button', { name: /^підтвердити$/i }).click();
    await poll(
      () => incoming.locator('.badge').textContent(),
      (s) => /узгоджено/i.test(s ?? ''),
      5_000,
      'the approval shown at once',
    );

    await poll(
      async () =>
        (await pullAll<AppointmentDoc>(server.url, 'appointments', annaToken)).find(
          (a) => a.other_user_id === bohdanId && a.event_id === eventId && a.time_start === chosen!.start,
        )?.state,
      (s) => s === 'accepted',
      RESYNC_TIMEOUT_MS,
      'the approval on the server',
    );
    // Exactly once: one open appointment of the pair, at the chosen time.
    const open = (await pullAll<AppointmentDoc>(server.url, 'appointments', annaToken)).filter(
      (a) => a.other_user_id === bohdanId && a.event_id === eventId && !a.deleted && (a.state === 'accepted' || a.state === 'pending'),
    );
    expect(open.map((a) => a.time_start)).toEqual([chosen.start]);

    // The mails' answer links work on the visitors page too: cancel opens the cancellation form.
    await bohdan.page.goto(`${server.url}/uk/events/${eventId}/visitors?meeting_id=${open[0]!.meeting_id}&response=cancel`);
    const cancelForm = bohdan.page.getByRole('dialog', { name: 'Скасувати зустріч' });
    await cancelForm.waitFor({ timeout: 30_000 });
    expect(bohdan.page.url()).not.toContain('meeting_id');
    await bohdan.page.keyboard.press('Escape');
    await cancelForm.waitFor({ state: 'hidden' });

    // Messages starts a dialog with somebody of an agreed meeting (on bohdan's real clock: the
    // fake one of anna's page holds back the animation frames clicks wait for).
    await bohdan.page.goto(`${server.url}/uk/profile/mymessages`);
    await bohdan.page.getByRole('button', { name: 'Нове повідомлення' }).click();
    await bohdan.page.getByRole('dialog').getByRole('button', { name: /Anna/ }).first().click();
    await bohdan.page.waitForURL(`**/uk/profile/mymessages?user_id=${annaId}`);
    await poll(
      () => annaPage.status('Bohdan', time),
      (s) => /узгоджено/i.test(s),
      RESYNC_TIMEOUT_MS,
      "the approval on anna's device",
    );

    // Anna's clock moves to 10 minutes before the meeting: the worker's reminder shows up.
    await page.clock.setSystemTime(chosen.start * 1000 - 10 * 60_000 + 2000);
    // Filtered by the meeting's time too: the demo seed gives anna other meetings with bohdan, and one
    // of them may be ten minutes away on the real clock when the suite runs.
    const reminder = annaPage.notices
      .getByRole('status')
      .filter({ hasText: /через 10 хвилин/i })
      .filter({ hasText: `${time}–` });
    await until(() => reminder.count(), 1, 15_000, 'the 10-minute reminder');
    expect(await reminder.textContent()).toMatch(/Bohdan/);

    // 15 seconds before: "very soon", as an alert with a start button.
    await page.clock.setSystemTime(chosen.start * 1000 - 14_000);
    const soon = annaPage.notices
      .getByRole('alert')
      .filter({ hasText: /через 1[34] секунд/i })
      .filter({ hasText: `${time}–` });
    await until(() => soon.count(), 1, 15_000, 'the very-soon notice');

    // At the start the call opens by itself.
    await page.clock.setSystemTime(chosen.start * 1000 + 1000);
    await until(() => annaPage.callDialog.count(), 1, 15_000, 'the call to open at the start');
    expect(await annaPage.callDialog.textContent()).toMatch(/Bohdan/);

    // Begun: the server refuses to edit or cancel it, so the card no longer offers either; a message still goes.
    await page.keyboard.press('Escape');
    const begun = annaPage.item('Bohdan', time);
    await until(() => begun.getByRole('button', { name: /^Скасувати зустріч$/ }).count(), 0, 10_000, 'no cancel once the meeting has begun');
    expect(await begun.getByRole('button', { name: /^Змінити$/ }).count()).toBe(0);
    expect(await begun.getByRole('link', { name: /Написати повідомлення/ }).count()).toBe(1);
  });
});
