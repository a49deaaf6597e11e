import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_ACCOUNTS, DEMO_IN_PERSON_EVENT_NAME, DEMO_PASSWORD } from '../../server/db/seed/demo-data.ts';
import type { Notice } from '../../contract/notifications.ts';
import { e2eSuite } from './fixtures/suite.ts';
import { annaAtEvent, SYNC_TIMEOUT_MS } from './fixtures/participant.ts';
import { apiLogin, myEvent } from './fixtures/api.ts';
import { clearPair, freeSlot, openAppointments, request, userIdOf } from './fixtures/meetings.ts';
import { SyncStatusBar } from './pages/SyncStatusBar.ts';

/**
 * The notifications (issue 16): a request from another person lights the header's flag, which goes
 * out when the panel opens; the page lists it with Confirm, which works; the list survives a
 * reload with the server down, and a read mark made offline reaches the server once it is back.
 */

const suite = e2eSuite({ browsers: { anna: 'en-US' }, restartEachTest: true });
const at = annaAtEvent(suite, DEMO_IN_PERSON_EVENT_NAME);
let annaId: number;
let bohdanToken: string;

beforeAll(async () => {
  bohdanToken = await apiLogin(at.server.url, DEMO_ACCOUNTS.bohdan, DEMO_PASSWORD);
  annaId = await userIdOf(at.server.url, at.annaToken);
});

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });

async function serverNotices(): Promise<Notice[]> {
  return (await myEvent(at.server.url, at.annaToken, at.eventId))?.notices ?? [];
}

describe('notifications', () => {
  it('raises the flag for a request, puts it out when the panel opens, and confirms from the page', async () => {
    await clearPair(at.server.url, bohdanToken, at.eventId, annaId);
    await suite.signIn(at.anna.page, DEMO_ACCOUNTS.anna, '/en/events', { waitForWorker: true });
    const status = new SyncStatusBar(at.anna.page);
    await suite.poll(() => status.isIdle(), Boolean, SYNC_TIMEOUT_MS, 'the first sync');

    // Making room cancelled earlier meetings, which anna was told of: looking at the panel puts that out.
    if (/new/.test((await bell(at.anna.page).textContent()) ?? '')) {
      await bell(at.anna.page).click();
      await expect.poll(() => bell(at.anna.page).textContent()).not.toMatch(/new/);
      await at.anna.page.keyboard.press('Escape');
    }

    const slot = await freeSlot(at.server.url, bohdanToken, at.eventId, annaId, 2 * 3600_000);
    const meeting = await request(at.server.url, bohdanToken, at.eventId, annaId, slot, 'Shall we talk about the keynote?');

    // The flag: the bell's name says how many are new.
    await suite.poll(
      () => bell(at.anna.page).textContent(),
      (t) => /Notifications, 1 new/.test(t ?? ''),
      SYNC_TIMEOUT_MS,
      'the flag',
    );
    await bell(at.anna.page).click();
    const panel = at.anna.page.getByRole('region', { name: 'Notifications', exact: true });
    await panel.getByText(/invites you to an appointment/).waitFor();
    await expect.poll(() => bell(at.anna.page).textContent()).not.toMatch(/new/);
    await at.anna.page.keyboard.press('Escape');

    // The page, with the request's message, the meeting's time and zone, and Confirm.
    await at.anna.page.goto(`${at.server.url}/en/profile/notification`);
    await at.anna.page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    const row = at.anna.page.getByRole('main').locator('.notice-row', { hasText: 'invites you to an appointment' }).first();
    await row.getByText('Shall we talk about the keynote?').waitFor();
    expect(await row.textContent()).toMatch(/Europe\//);
    await row.getByRole('button', { name: 'Confirm' }).click();
    await suite.poll(
      async () => (await openAppointments(at.server.url, bohdanToken, at.eventId, annaId)).find((a) => a.meeting_id === meeting.meeting_id)?.state,
      (s) => s === 'accepted',
      SYNC_TIMEOUT_MS,
      'the meeting confirmed on the server',
    );
    // Acting on it read it, on the server too.
    await suite.poll(
      serverNotices,
      (list) => list.some((n) => n.meeting_id === meeting.meeting_id && n.kind === 'invited' && n.read),
      SYNC_TIMEOUT_MS,
      'the read mark on the server',
    );
  });

  it('lists the notices offline after a reload, and a read mark made offline reaches the server', async () => {
    // Owners are told of comments on their events; anna is told of a vote on hers.
    const ownerToken = await apiLogin(at.server.url, DEMO_ACCOUNTS.owner, DEMO_PASSWORD);
    const text = `Notes from the hall ${Date.now()}`;
    const added = await fetch(`${at.server.url}/api/events/add-comment`, {
      method: 'POST',
      headers: { authorization: `Bearer ${at.annaToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ event_id: at.eventId, comment: text }),
    });
    const id = ((await added.json()) as { data: { comment: { id: number } } }).data.comment.id;
    const liked = await fetch(`${at.server.url}/api/events/set-like-comment`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ownerToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ commentId: id, like_type: 1 }),
    });
    const likedBody = await liked.text();
    expect(likedBody).toMatch(/"status_code":200/);

    // Still signed in from the first test.
    await at.anna.page.goto(`${at.server.url}/en/profile/notification`);
    const vote = at.anna.page.getByRole('main').locator('.notice-row', { hasText: 'rated your comment' }).first();
    await vote.waitFor({ timeout: SYNC_TIMEOUT_MS });
    await vote.getByText(text).waitFor();

    await at.server.stop();
    await at.anna.page.reload();
    await at.anna.page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    await vote.waitFor();
    await at.anna.page.getByRole('button', { name: 'Mark all as read' }).click();
    await vote.getByText('marked as read, waiting to be sent').waitFor();
    expect(await at.anna.page.getByRole('button', { name: 'Mark all as read' }).isDisabled()).toBe(true);

    await at.server.start();
    await suite.poll(serverNotices, (list) => list.length > 0 && list.every((n) => n.read), SYNC_TIMEOUT_MS, 'every notice read on the server');
    await vote.getByText('marked as read, waiting to be sent').waitFor({ state: 'detached', timeout: SYNC_TIMEOUT_MS });
  });
});
