import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_ONLINE_EVENT_NAME } from '../../server/db/seed/demo-data.ts';
import type { ScheduleDoc } from '../../contract/schedule.ts';
import { e2eSuite } from './fixtures/suite.ts';
import { annaAtEvent, SYNC_TIMEOUT_MS } from './fixtures/participant.ts';
import { myEvent } from './fixtures/api.ts';
import { SyncStatusBar } from './pages/SyncStatusBar.ts';

/**
 * The calendar (issue 16): a speech starred on the live stage with the server down shows in the
 * calendar at once and reaches the server when it is back; the page opens offline; the personal
 * feed address made on the page serves the starred talk to a calendar app, with the event's zone.
 */

const suite = e2eSuite({ browsers: { anna: 'en-US' }, restartEachTest: true });
const at = annaAtEvent(suite, DEMO_ONLINE_EVENT_NAME);

async function speechByTitle(title: string): Promise<ScheduleDoc> {
  const res = await fetch(`${at.server.url}/sync/v1/schedule/pull?event_id=${at.eventId}&checkpoint=0&limit=500`, {
    headers: { authorization: `Bearer ${at.annaToken}` },
  });
  const docs = ((await res.json()) as { documents: ScheduleDoc[] }).documents;
  const found = docs.find((d) => d.title === title);
  if (!found) throw new Error(`no speech titled ${title}`);
  return found;
}

describe('calendar', () => {
  it('stars a talk offline, shows it in the calendar, and serves it in the feed', async () => {
    const { page } = at.anna;
    await suite.signIn(page, DEMO_ACCOUNTS.anna, `/en/events/${at.eventId}/live-translation/stage`, { waitForWorker: true });
    const status = new SyncStatusBar(page);
    await suite.poll(() => status.isIdle(), Boolean, SYNC_TIMEOUT_MS, 'the first sync');
    const star = page.getByRole('button', { name: /^Star “/ }).first();
    await star.waitFor();
    const title = /^Star “(.*)” for my calendar$/.exec((await star.getAttribute('aria-label')) ?? '')?.[1] ?? '';
    expect(title).not.toBe('');
    const speech = await speechByTitle(title);

    // The server is down: the star is kept on the device and shown at once.
    await at.server.stop();
    await star.click();
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');
    await page.goto(`${at.server.url}/en/profile/calendar?week=${speech.day_date}`);
    await page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor();
    const entry = page.locator('.cal-entry--speech', { hasText: title });
    await entry.waitFor();
    expect(await entry.textContent()).toMatch(/Not sent yet/);
    expect(await entry.textContent()).toContain(speech.timezone);
    // Its own day, on the event's calendar.
    expect(await page.locator('.cal-day', { has: entry }).locator('.cal-day__title').textContent()).toMatch(
      new RegExp(String(Number(speech.day_date.slice(8)))),
    );

    await at.server.start();
    await suite.poll(
      async () => (await myEvent(at.server.url, at.annaToken, at.eventId))?.starred ?? [],
      (ids) => ids.includes(speech.speech_id),
      SYNC_TIMEOUT_MS,
      'the star on the server',
    );
    await entry.getByText('Not sent yet').waitFor({ state: 'detached', timeout: SYNC_TIMEOUT_MS });
    expect(await entry.getByRole('link', { name: 'Add to Google Calendar' }).getAttribute('href')).toContain('calendar.google.com');

    // The feed address, and what a calendar app gets from it.
    await page.getByRole('button', { name: 'Make my calendar address' }).click();
    const field = page.getByLabel('Your personal calendar address');
    await field.waitFor();
    const url = await field.inputValue();
    expect(url).toMatch(/\/calendar\/feed\.ics\?token=[A-Za-z0-9_-]{43}$/);
    const ics = await suite.poll(
      async () => {
        const res = await fetch(url);
        return res.ok ? res.text() : '';
      },
      (text) => text.includes(`speech-${speech.speech_id}@`),
      SYNC_TIMEOUT_MS,
      'the feed with the starred talk',
    );
    expect(ics).toContain(`TZID:${speech.timezone}`);
    expect(ics).toMatch(/BEGIN:VEVENT[\s\S]*UID:event-\d+@/);

    // Stopped: the address answers nothing any more.
    await page.getByRole('button', { name: 'Replace or stop the address…' }).click();
    await page.getByRole('button', { name: 'Stop the address' }).click();
    await suite.poll(
      async () => (await fetch(url)).status,
      (s) => s === 404,
      SYNC_TIMEOUT_MS,
      'the stopped address',
    );
    await page.getByRole('button', { name: 'Make my calendar address' }).waitFor();
  });

  it('shows the week and the agenda with the server stopped', async () => {
    const { page } = at.anna;
    await page.goto(`${at.server.url}/en/profile/calendar`);
    await page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor();
    await at.server.stop();
    await page.reload();
    await page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Agenda', exact: true }).click();
    expect(new URL(page.url()).searchParams.get('view')).toBe('agenda');
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await page.getByRole('button', { name: 'Next week' }).click();
    await page.getByRole('button', { name: 'This week' }).waitFor();
    expect(await page.locator('.cal-day').count()).toBe(7);
    await at.server.start();
  });
});
