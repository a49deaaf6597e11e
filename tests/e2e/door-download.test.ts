import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoorTicketDoc } from '../../contract/tickets.ts';
import { DEMO_ACCOUNTS, DEMO_IN_PERSON_EVENT_NAME, DEMO_PASSWORD } from '../../server/db/seed/demo-data.ts';
import { startProxy, type TestProxy } from '../fixtures/proxy.ts';
import type { FoyerServer } from './fixtures/server.ts';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT } from './fixtures/browser.ts';
import { e2eSuite } from './fixtures/suite.ts';
import { axeViolations, formatViolations } from './pages/axe.ts';
import { apiLogin, findEventByName } from './fixtures/api.ts';
import { DoorPage } from './pages/DoorPage.ts';
import { LoginPage } from './pages/LoginPage.ts';

const axeSource = () => readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The door in its first seconds, while the event's tickets are still downloading (slowed down by
 * the fault proxy): a genuine ticket's code typed by hand is not refused but "can't verify yet",
 * with the download's progress "n of N"; "Check online" asks the server and admits the person;
 * once the download is done the screen says it is ready for typed codes, and judges them offline.
 * On a phone and on a desktop.
 */

/** Long enough to scan and check online meanwhile; short of the sync's 30 s request timeout. */
const DOWNLOAD_DELAY_MS = 22_000;

const suite = e2eSuite();
const { poll } = suite;
let server: FoyerServer;
let proxy: TestProxy;
let eventId: number;
let ownerToken: string;
let unused: DoorTicketDoc[];

beforeAll(async () => {
  ({ server } = suite);
  proxy = await startProxy(server.url);
  eventId = (await findEventByName(server.url, DEMO_IN_PERSON_EVENT_NAME)).event_id;
  ownerToken = await apiLogin(server.url, DEMO_ACCOUNTS.owner, DEMO_PASSWORD);
  const res = await fetch(`${server.url}/sync/v1/door_tickets/pull?event_id=${eventId}&checkpoint=0&limit=2000`, {
    headers: { authorization: `Bearer ${ownerToken}` },
  });
  const docs = ((await res.json()) as { documents: DoorTicketDoc[] }).documents;
  unused = docs.filter((t) => t.status === 'valid' && !t.invalid && t.scans.length === 0);
  expect(unused.length).toBeGreaterThanOrEqual(4);
});

afterAll(async () => {
  await proxy?.close();
});

async function listed(): Promise<number> {
  const res = await fetch(`${server.url}/api/checkin/stats?event_id=${eventId}`, { headers: { authorization: `Bearer ${ownerToken}` } });
  return ((await res.json()) as { data: { listed: number } }).data.listed;
}

describe('the door while its tickets download', () => {
  for (const [device, viewport, first] of [
    ['phone', PHONE_VIEWPORT, 0],
    ['desktop', DESKTOP_VIEWPORT, 2],
  ] as const) {
    it(`does not refuse a code it cannot judge yet, checks it online, and says when it is ready (${device})`, async () => {
      const [early, later] = [unused[first]!, unused[first + 1]!];
      const total = await listed();
      proxy.setDelay(DOWNLOAD_DELAY_MS, 0, (r) => r.path.startsWith('/sync/v1/door_tickets/pull'));

      const { page } = await suite.launch({ locale: 'en-GB', viewport });
      await new LoginPage(page, proxy.url, 'en').signInTo(`/en/events/${eventId}/checkin`, DEMO_ACCOUNTS.owner, DEMO_PASSWORD);
      const door = new DoorPage(page, proxy.url);
      await poll(
        () => door.download(),
        (d) => d !== null && !d.ready && d.text.includes(`0 of ${total}`),
        15_000,
        'the download in progress, 0 of N',
      );

      // A genuine ticket typed by hand in the first seconds: not judged, never "Not admitted".
      await door.enter(early.code);
      const undecided = await poll(
        () => door.lastResult(),
        (r) => r !== null,
        10_000,
        'the answer to the first scan',
      );
      expect(undecided!.result).toBe('unverified');
      expect(undecided!.text).toContain("Can't verify yet");
      expect(undecided!.text).toContain(`Tickets still downloading, 0 of ${total}`);
      expect(undecided!.text).not.toMatch(/Not admitted|Unknown code/);
      expect(await door.waiting()).toBe(0);
      expect(await door.download()).toMatchObject({ ready: false });

      expect(formatViolations(await axeViolations(page, axeSource()))).toBe('');

      // The network is there: the server knows the ticket, and the door admits its holder.
      await door.checkOnline.click();
      const admitted = await poll(
        () => door.lastResult(),
        (r) => r?.result === 'admitted',
        10_000,
        'the online check to admit',
      );
      expect(admitted!.text).toContain(early.holder_name);
      expect(await door.recentCount()).toBe(1);

      // Once the download is done, the screen says so, and typed codes are judged on the device.
      proxy.setDelay(0);
      const ready = await poll(
        () => door.download(),
        (d) => d?.ready === true,
        60_000,
        'the download to finish',
      );
      expect(ready!.text).toContain(`all ${total} tickets`);
      await door.enter(later.code);
      await poll(
        () => door.lastResult(),
        (r) => r?.result === 'admitted' && r.text.includes(later.code),
        10_000,
        'a typed code admitted offline-ready',
      );
      // The ticket checked online counts as used here, whichever way it was judged.
      await door.enter(early.code);
      await poll(
        () => door.lastResult(),
        (r) => r?.result === 'already_used',
        10_000,
        'the first ticket already used',
      );
    });
  }
});
