import type { Page } from 'playwright-core';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../server/db/seed/demo-data.ts';
import { apiLogin } from '../tests/e2e/fixtures/api.ts';
import { pollUntil } from '../tests/e2e/fixtures/browser.ts';
import { approve, clearPair, command, freeSlot, request, userIdOf } from '../tests/e2e/fixtures/meetings.ts';
import type { FoyerServer } from '../tests/e2e/fixtures/server.ts';
import { SyncStatusBar } from '../tests/e2e/pages/SyncStatusBar.ts';

/** How long the phone may take to come back after the server does (the worker's backoff is capped at 30 s). */
const BACK_MS = 45_000;

/**
 * "While you were offline" on Anna's phone (issue 31): she asks Bohdan for a meeting, her phone
 * loses the server, and as it comes back Bohdan accepts and writes three messages (Olena may not: people without a meeting cannot write to each other).
 * The digest is then on every page of hers until she closes it.
 */
export async function digestOnDemo(page: Page, server: FoyerServer, locale: string, eventId: number): Promise<void> {
  const status = new SyncStatusBar(page);
  const login = (email: string) => apiLogin(server.url, email, DEMO_PASSWORD);
  const [anna, bohdan] = [await login(DEMO_ACCOUNTS.anna), await login(DEMO_ACCOUNTS.bohdan)];
  const annaId = await userIdOf(server.url, anna);
  const bohdanId = await userIdOf(server.url, bohdan);
  await clearPair(server.url, anna, eventId, bohdanId);
  const meeting = await request(server.url, anna, eventId, bohdanId, await freeSlot(server.url, anna, eventId, bohdanId, 40 * 60_000));
  await page.goto(`${server.url}/${locale}/profile/mymeeting`);
  await pollUntil(() => status.isIdle(), Boolean, 30_000, 'the phone to hold the request');

  await server.stop();
  await pollUntil(() => status.isOffline(), Boolean, 30_000, 'the phone to say offline');
  await server.start();
  await approve(server.url, bohdan, meeting.meeting_id);
  for (const text of ['Hi Anna!', 'I am at the stand.', 'Come by at 12?']) {
    const answer = await command(server.url, bohdan, 'message.send', { recipient_id: annaId, text });
    if (answer.status !== 'applied') throw new Error(`message refused: ${JSON.stringify(answer)}`);
  }
  // A meeting line and one of messages: everything the pulls after the cut bring.
  const lines = page.getByTestId('offline-digest').locator('li');
  await pollUntil(
    () => lines.count(),
    (n) => n >= 2,
    BACK_MS,
    'the digest to hold every line',
  );
}
