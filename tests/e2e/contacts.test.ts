import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseContactCode } from '../../contract/contacts.ts';
import type { RelationDoc } from '../../contract/visitors.ts';
import { DEMO_ACCOUNTS, DEMO_IN_PERSON_EVENT_NAME, DEMO_PASSWORD } from '../../server/db/seed/demo-data.ts';
import { apiLogin, findEventByName, pullAll } from './fixtures/api.ts';
import type { TestBrowser } from './fixtures/browser.ts';
import type { FoyerServer } from './fixtures/server.ts';
import { e2eSuite } from './fixtures/suite.ts';
import { SyncStatusBar } from './pages/SyncStatusBar.ts';
import { qrVideo } from './fixtures/camera.ts';
import { fitsPhone, PHONE } from './fixtures/phone.ts';

/**
 * Meet by QR (issue 31) on two 360 × 640 phones, Anna's in English and Bohdan's in Ukrainian, two
 * browser profiles. Both open their code online once; then the server stops and each reads the
 * other's code (typed in, as the door tests feed codes without a camera): each has the other at
 * once, a forged code is refused. Back online, each has the other exactly once, on the phone and
 * on the server.
 */

const suite = e2eSuite();
const SYNC_MS = 60_000;
let server: FoyerServer;
let anna: TestBrowser;
let bohdan: TestBrowser;
let eventId: number;

/** The person's own code, as the meet page draws it. */
async function ownCode(page: Page): Promise<string> {
  const qr = page.locator('.meet-code__qr[data-code]');
  await qr.waitFor({ timeout: SYNC_MS });
  return (await qr.getAttribute('data-code')) ?? '';
}

async function paste(page: Page, label: RegExp, code: string): Promise<void> {
  await page.getByLabel(label).fill(code);
  await page.locator('.meet-paste button[type=submit]').click();
}

const contactNames = (page: Page) => page.locator('.contacts-list .contact__name').allTextContents();

async function openAt(b: TestBrowser, email: string, path: string): Promise<void> {
  await suite.signIn(b.page, email, path, { waitForWorker: true });
  const status = new SyncStatusBar(b.page);
  await suite.poll(() => status.isIdle(), Boolean, SYNC_MS, `${email}'s first sync`);
}

beforeAll(async () => {
  ({ server } = suite);
  eventId = (await findEventByName(server.url, DEMO_IN_PERSON_EVENT_NAME)).event_id;
  anna = await suite.launch({ locale: 'en-GB', viewport: PHONE });
  bohdan = await suite.launch({ locale: 'uk-UA', viewport: PHONE });
  await openAt(anna, DEMO_ACCOUNTS.anna, `/en/events/${eventId}/meet`);
  await openAt(bohdan, DEMO_ACCOUNTS.bohdan, `/uk/events/${eventId}/meet`);
}, 240_000);

describe('meet by QR', () => {
  it('two phones with the server stopped exchange contacts; back online each has the other exactly once', async () => {
    const annaCode = await ownCode(anna.page);
    const bohdanCode = await ownCode(bohdan.page);
    const annaCard = parseContactCode(annaCode)!.card;
    const bohdanCard = parseContactCode(bohdanCode)!.card;
    const annaName = `${annaCard.first_name} ${annaCard.last_name}`;
    const bohdanName = `${bohdanCard.first_name} ${bohdanCard.last_name}`;
    await fitsPhone(anna.page, 'the meet page in English');
    await fitsPhone(bohdan.page, 'the meet page in Ukrainian');

    await server.stop();
    try {
      for (const b of [anna, bohdan]) {
        const status = new SyncStatusBar(b.page);
        await suite.poll(() => status.isOffline(), Boolean, 30_000, 'the phone to say offline');
      }
      // A forged code (one letter of the signature changed) is refused on the phone, with no network.
      const [prefix, card, sig] = bohdanCode.split('.') as [string, string, string];
      await paste(anna.page, /paste a code/i, `${prefix}.${card}.${(sig[0] === 'A' ? 'B' : 'A') + sig.slice(1)}`);
      await expect.poll(() => anna.page.locator('.meet-result[data-result=refused]').textContent()).toBe('This is not a genuine Foyer contact code.');

      await paste(anna.page, /paste a code/i, bohdanCode);
      await expect.poll(() => anna.page.locator('.meet-result[data-result=added] .meet-result__head').textContent()).toBe(`${bohdanName} is in your contacts`);
      await paste(bohdan.page, /вставте код/i, annaCode);
      await expect.poll(() => bohdan.page.locator('.meet-result[data-result=added] .meet-result__head').textContent()).toBe(`${annaName} — у ваших контактах`);
      // Scanning the same code again adds nobody twice.
      await paste(anna.page, /paste a code/i, bohdanCode);
      await expect.poll(() => anna.page.locator('.meet-result[data-result=known]').count()).toBe(1);

      await anna.page.getByRole('link', { name: 'My contacts (1)' }).click();
      await expect.poll(() => contactNames(anna.page)).toEqual([bohdanName]);
      expect(await anna.page.locator('.contact__unsent').textContent()).toBe('not synced yet');
      await fitsPhone(anna.page, 'the contacts list offline');
    } finally {
      await server.start();
    }

    // Back online: the scans upload, and each phone holds the server's copy of the other, once.
    await bohdan.page.getByRole('link', { name: /Мої контакти/ }).click();
    for (const [b, name] of [
      [anna, bohdanName],
      [bohdan, annaName],
    ] as const) {
      await suite.poll(
        async () => ({ names: await contactNames(b.page), unsent: await b.page.locator('.contact__unsent').count() }),
        (s) => s.unsent === 0 && s.names.length === 1,
        SYNC_MS,
        `${name} synced on the other phone`,
      );
      expect(await contactNames(b.page)).toEqual([name]);
      expect(await b.page.locator('.contact').first().textContent()).toContain(DEMO_IN_PERSON_EVENT_NAME);
    }
    for (const [email, other] of [
      [DEMO_ACCOUNTS.anna, bohdanCard.user_id],
      [DEMO_ACCOUNTS.bohdan, annaCard.user_id],
    ] as const) {
      const docs = await pullAll<RelationDoc>(server.url, 'relations', await apiLogin(server.url, email, DEMO_PASSWORD));
      expect(docs.filter((d) => d.contact).map((d) => d.user_id)).toEqual([other]);
    }
    await fitsPhone(bohdan.page, 'the contacts list in Ukrainian');
  });

  it('keeps a note and removes a contact from the list', async () => {
    const { page } = anna;
    await page.goto(`${server.url}/en/contacts`);
    await page.getByRole('button', { name: 'Add a note' }).click();
    await page.getByLabel('Note').fill('Coffee after the keynote, "Kyiv, Lviv"');
    await page.getByRole('button', { name: 'Save note' }).click();
    await expect.poll(() => page.locator('.contact__note').textContent()).toBe('Coffee after the keynote, "Kyiv, Lviv"');
    await page.getByRole('searchbox').fill('lviv');
    await expect.poll(() => contactNames(page).then((n) => n.length)).toBe(1);
    await page.getByRole('searchbox').fill('nobody like that');
    await expect.poll(() => contactNames(page).then((n) => n.length)).toBe(0);
    await page.getByRole('searchbox').fill('');
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    await page.getByRole('button', { name: 'Remove from contacts' }).click();
    await page.getByText('No contacts yet').waitFor();
  });

  it('reads a contact code through the camera, as another phone shows it', async () => {
    // Olena's code as her meet page draws it, played by Chromium's fake camera on Anna's second phone.
    const olena = await suite.launch({ locale: 'en-GB', viewport: PHONE });
    await openAt(olena, DEMO_ACCOUNTS.olena, `/en/events/${eventId}/meet`);
    const code = await ownCode(olena.page);
    const card = parseContactCode(code)!.card;
    const video = qrVideo(code);
    const camera = await suite.launch({
      locale: 'en-GB',
      viewport: PHONE,
      args: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
    });
    try {
      await openAt(camera, DEMO_ACCOUNTS.anna, `/en/events/${eventId}/meet`);
      await ownCode(camera.page);
      await camera.page.getByRole('button', { name: 'Start camera' }).click();
      const head = await suite.poll(
        () =>
          camera.page
            .locator('.meet-result .meet-result__head')
            .textContent({ timeout: 1000 })
            .catch(() => null),
        (t) => t !== null,
        30_000,
        'a contact code read from the camera',
      );
      expect(head).toBe(`${card.first_name} ${card.last_name} is in your contacts`);
      await camera.page.getByRole('button', { name: 'Stop camera' }).click();
      const token = await apiLogin(server.url, DEMO_ACCOUNTS.anna, DEMO_PASSWORD);
      await suite.poll(
        async () => (await pullAll<RelationDoc>(server.url, 'relations', token)).filter((d) => d.contact && d.user_id === card.user_id).length,
        (n) => n === 1,
        SYNC_MS,
        'the scan from the camera on the server',
      );
    } finally {
      await camera.close();
      await olena.close();
      fs.rmSync(path.dirname(video), { recursive: true, force: true });
    }
  });
});
