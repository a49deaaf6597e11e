import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_IN_PERSON_EVENT_NAME } from '../../server/db/seed/demo-data.ts';
import { e2eSuite } from './fixtures/suite.ts';
import { annaAtEvent, SYNC_TIMEOUT_MS } from './fixtures/participant.ts';
import { myEvent } from './fixtures/api.ts';
import { SyncStatusBar } from './pages/SyncStatusBar.ts';

/**
 * The trip plan editor (issue 16): from the event page, a participant edits the plan's texts with the
 * server down, the edit survives a reload and reaches the server when it is back; the picture needs
 * the network and says so, then uploads once it is there.
 */

const suite = e2eSuite({ browsers: { anna: 'en-US' }, restartEachTest: true });
const at = annaAtEvent(suite, DEMO_IN_PERSON_EVENT_NAME);

describe('trip plan', () => {
  it('edits the texts offline, keeps them over a reload, sends them later, and uploads a picture online', async () => {
    const { page } = at.anna;
    await suite.signIn(page, DEMO_ACCOUNTS.anna, `/en/events/${at.eventId}`, { waitForWorker: true });
    const status = new SyncStatusBar(page);
    await suite.poll(() => status.isIdle(), Boolean, SYNC_TIMEOUT_MS, 'the first sync');
    await page.getByRole('link', { name: 'My trip plan' }).click();
    await page.getByRole('heading', { name: 'My trip plan', level: 1 }).waitFor();

    await at.server.stop();
    const hotel = page.getByLabel('Hotel', { exact: true });
    await hotel.fill('Hotel Ukraine, room 512');
    await page.getByLabel('Getting there').fill('Night train 743');
    await page.getByRole('button', { name: 'Save the plan' }).click();
    await page.getByText('Saved on this device, waiting to be sent.').waitFor();
    // Pictures need the network, and the page says so instead of failing later.
    await page.getByText(/Pictures need a connection/).waitFor();
    expect(await page.getByRole('button', { name: 'Add a picture' }).isDisabled()).toBe(true);

    await page.reload();
    await page.getByRole('heading', { name: 'My trip plan', level: 1 }).waitFor();
    await expect.poll(() => page.getByLabel('Hotel', { exact: true }).inputValue()).toBe('Hotel Ukraine, room 512');

    await at.server.start();
    await suite.poll(
      async () => (await myEvent(at.server.url, at.annaToken, at.eventId))?.trip,
      (trip) => trip?.hotel === 'Hotel Ukraine, room 512' && trip.transport_before === 'Night train 743',
      SYNC_TIMEOUT_MS,
      'the plan on the server',
    );
    await page.getByText('Saved on this device, waiting to be sent.').waitFor({ state: 'detached', timeout: SYNC_TIMEOUT_MS });

    const picture = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0f4c81' } })
      .png()
      .toBuffer();
    await suite.poll(() => page.getByRole('button', { name: 'Add a picture' }).isEnabled(), Boolean, SYNC_TIMEOUT_MS, 'the upload allowed online');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Add a picture' }).click();
    await (await chooser).setFiles({ name: 'ticket.png', mimeType: 'image/png', buffer: picture });
    await page.getByRole('img', { name: 'The picture of my trip plan' }).waitFor({ timeout: SYNC_TIMEOUT_MS });
    expect((await myEvent(at.server.url, at.annaToken, at.eventId))?.trip.image).toMatch(/^\/api\/events\/trip-images\//);
  });
});
