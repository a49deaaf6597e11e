import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DoorTicketDoc, TicketDoc } from '../../contract/tickets.ts';
import { DEMO_ACCOUNTS, DEMO_IN_PERSON_EVENT_NAME, DEMO_PASSWORD } from '../../server/db/seed/demo-data.ts';
import { openDatabase } from '../../server/db/index.ts';
import type { FoyerServer } from './fixtures/server.ts';
import type { TestBrowser } from './fixtures/browser.ts';
import { e2eSuite } from './fixtures/suite.ts';
import { acceptMailedInvitation, apiLogin, findEventByName, pullAll } from './fixtures/api.ts';
import { DoorPage } from './pages/DoorPage.ts';
import { qrVideo } from './fixtures/camera.ts';
import type { Envelope } from '../fixtures/envelope.ts';

/**
 * The door end to end: the organiser's phone and a door staff member's phone (two browser profiles)
 * download the event's tickets, the server goes away, both admit the same person by typing the
 * signed code from her ticket, and after the server comes back both records are kept, the later one
 * flagged as a duplicate, the person counted once and the conflict shown to the organiser. Then a
 * door reads a ticket's QR code, as the ticket card draws it, through the camera (Chromium's fake
 * camera plays the picture).
 */

const RESYNC_TIMEOUT_MS = 45_000;

const suite = e2eSuite({ browsers: { owner: 'en-GB', staff: 'en-GB' }, restartEachTest: true });
const { poll, until } = suite;
let server: FoyerServer;
let owner: TestBrowser;
let staff: TestBrowser;
let eventId: number;

beforeAll(async () => {
  ({ server } = suite);
  owner = suite.browser('owner');
  staff = suite.browser('staff');
  eventId = (await findEventByName(server.url, DEMO_IN_PERSON_EVENT_NAME)).event_id;
});

/** A legacy call; `T` names the fields of its data the test reads. */
async function legacy<T = unknown>(path: string, token: string, init: RequestInit = {}) {
  const res = await fetch(`${server.url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
  return (await res.json()) as Envelope<T>;
}

/** The scans of one ticket, read from the stopped server's own tables. */
async function scanRows(ticketId: number) {
  const database = await openDatabase({ dataDir: server.dataDir });
  try {
    return await database.db
      .selectFrom('checkins')
      .select(['id', 'device_id', 'result', 'duplicate_of'])
      .where('ticket_id', '=', ticketId)
      .orderBy('scanned_at')
      .execute();
  } finally {
    await database.close();
  }
}

/** The same payload with one character of its signature changed. */
function tamper(qr: string): string {
  const parts = qr.split('.');
  const sig = parts[3]!;
  parts[3] = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
  return parts.join('.');
}

async function openDoor(browser: TestBrowser, email: string): Promise<DoorPage> {
  const door = new DoorPage(browser.page, server.url);
  await suite.signIn(browser.page, email, `/en/events/${eventId}/checkin`, { waitForWorker: true });
  await poll(
    () => door.headCount(),
    (c) => c !== null && c.tickets > 0,
    60_000,
    `the tickets on ${email}'s door`,
  );
  await poll(() => door.keyReady(), Boolean, 30_000, `the event key on ${email}'s door`);
  // Door staff wait for "ready" before the server can go away: until then the device answers a code
  // it does not hold with "can't verify yet", not with a verdict, and these tests check verdicts.
  await poll(
    () => door.download(),
    (d) => d?.ready === true,
    60_000,
    `the tickets on ${email}'s door to finish downloading`,
  );
  return door;
}

describe('door check-in', () => {
  it('two doors admit the same ticket offline; after reconnecting both records stay, the later is a duplicate, the person counts once', async () => {
    const ownerToken = await apiLogin(server.url, DEMO_ACCOUNTS.owner, DEMO_PASSWORD);
    const events = await legacy<{ items: { event_id: number }[] }>('/api/checkin/events', ownerToken);
    expect(events.data.items.find((e) => e.event_id === eventId)).toMatchObject({ role: 'owner' });
    const added = await legacy('/api/checkin/staff', ownerToken, { method: 'POST', body: JSON.stringify({ event_id: eventId, email: DEMO_ACCOUNTS.manager }) });
    expect(added.status_code).toBe(200);
    await acceptMailedInvitation(server.url, server.dataDir, DEMO_ACCOUNTS.manager, DEMO_PASSWORD);
    const annaToken = await apiLogin(server.url, DEMO_ACCOUNTS.anna, DEMO_PASSWORD);
    const ticket = (await pullAll<TicketDoc>(server.url, 'tickets', annaToken)).find(
      (t) => t.event_id === eventId && !t.deleted && t.status === 'valid' && !t.invalid,
    );
    expect(ticket, 'anna holds a valid ticket for the summit').toBeDefined();
    const code = ticket!.qr;

    const ownerDoor = await openDoor(owner, DEMO_ACCOUNTS.owner);
    const staffDoor = await openDoor(staff, DEMO_ACCOUNTS.manager);
    const before = (await ownerDoor.headCount())!;

    await server.stop();
    await until(() => ownerDoor.link(), 'offline', 30_000, "the owner's door to say offline");
    await until(() => staffDoor.link(), 'offline', 30_000, "the staff's door to say offline");

    await ownerDoor.enter(code);
    await poll(
      () => ownerDoor.lastResult(),
      (r) => r?.result === 'admitted',
      10_000,
      "the owner's door to admit",
    );
    await staffDoor.enter(code);
    await poll(
      () => staffDoor.lastResult(),
      (r) => r?.result === 'admitted',
      10_000,
      "the staff's door to admit: it cannot know",
    );
    // The same code again at the owner's door: used, here, at the time of the first scan.
    await ownerDoor.enter(code);
    const again = await poll(
      () => ownerDoor.lastResult(),
      (r) => r?.result === 'already_used',
      10_000,
      'the second scan refused',
    );
    expect(again?.text).toContain('this device');
    // The status panel counts from the outbox, which its live query reports a moment after the verdict shows.
    await until(() => ownerDoor.waiting(), 2, 10_000, "two scans waiting on the owner's door");
    await until(() => staffDoor.waiting(), 1, 10_000, "one scan waiting on the staff's door");
    expect((await ownerDoor.headCount())!.admitted).toBe(before.admitted + 1);
    // A forged code is refused offline too: only the event's key can sign.
    await staffDoor.enter(tamper(code));
    await poll(
      () => staffDoor.lastResult(),
      (r) => r?.result === 'forged',
      10_000,
      'the tampered code refused as forged',
    );

    await server.start();
    await until(() => ownerDoor.waiting(), 0, RESYNC_TIMEOUT_MS, "the owner's scans uploaded");
    await until(() => staffDoor.waiting(), 0, RESYNC_TIMEOUT_MS, "the staff's scans uploaded");
    await until(() => ownerDoor.link(), 'online', RESYNC_TIMEOUT_MS, "the owner's door online again");
    for (const door of [ownerDoor, staffDoor]) {
      await poll(
        () => door.headCount(),
        (c) => c?.admitted === before.admitted + 1,
        RESYNC_TIMEOUT_MS,
        'the person counted once on each door',
      );
    }
    await poll(
      () => ownerDoor.conflictCount(),
      (n) => n >= 1,
      RESYNC_TIMEOUT_MS,
      'the conflict shown to the organiser',
    );
    const conflict = ownerDoor.conflicts.locator('.door-conflicts__item', { hasText: ticket!.code });
    expect(await conflict.locator('.door-conflicts__dup').count()).toBe(1);
    // The organiser's list of every scan of that code: both admissions (the later a duplicate), the
    // owner's own "already used" and the forged copy the other door refused (it matches no ticket,
    // so it comes from the server's unmatched scans).
    const holderRows = ownerDoor.scanLog.locator('tr[data-verdict]', { hasText: ticket!.code });
    await poll(
      () => holderRows.evaluateAll((rows) => rows.map((r) => `${r.getAttribute('data-verdict')}:${r.lastElementChild?.textContent ?? ''}`).sort()),
      (v) => v.join('|') === 'admitted:Admitted|duplicate:Duplicate admission|refused:Refused: already used|refused:Refused: forged',
      RESYNC_TIMEOUT_MS,
      'the scans of the ticket in the list',
    );
    await ownerDoor.filterScans('duplicate');
    expect(await ownerDoor.scanVerdicts()).toEqual(['duplicate']);
    await ownerDoor.filterScans('refused');
    await poll(
      () => ownerDoor.scanVerdicts(),
      (v) => v.length >= 2 && v.every((x) => x === 'refused'),
      RESYNC_TIMEOUT_MS,
      'the refused scans, the forged one from the other door included',
    );
    expect(await ownerDoor.scanLog.getByText('Waiting to upload').count()).toBe(0);

    await server.stop();
    const rows = await scanRows(ticket!.ticket_id);
    await server.start();
    const admitted = rows.filter((r) => r.result === 'admitted');
    expect(admitted).toHaveLength(2);
    expect(new Set(admitted.map((r) => r.device_id)).size).toBe(2);
    expect(admitted[0]!.duplicate_of).toBeNull();
    expect(admitted[1]!.duplicate_of).toBe(admitted[0]!.id);
    expect(rows.filter((r) => r.result === 'already_used')).toHaveLength(1);
  });
});

describe('the door camera', () => {
  it('admits a ticket whose QR code it reads from the camera', async () => {
    const managerToken = await apiLogin(server.url, DEMO_ACCOUNTS.manager, DEMO_PASSWORD);
    const ticket = (await pullAll<TicketDoc>(server.url, 'tickets', managerToken)).find(
      (t) => t.event_id === eventId && !t.deleted && t.status === 'valid' && !t.invalid,
    );
    expect(ticket, 'the exhibitor holds a valid ticket for the summit').toBeDefined();
    const video = qrVideo(ticket!.qr);
    const camera = await suite.launch({
      locale: 'en-GB',
      args: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
    });
    try {
      const door = await openDoor(camera, DEMO_ACCOUNTS.owner);
      await camera.page.getByRole('button', { name: 'Start camera' }).click();
      const read = await poll(
        () => door.lastResult(),
        (r) => r !== null,
        30_000,
        'a code read from the camera',
      );
      expect(read?.result).toBe('admitted');
      expect(read?.text).toContain(ticket!.code);
      // Held in front of the camera for five more frames (one every 180 ms), the code counts once.
      await new Promise((r) => setTimeout(r, 900));
      expect(await door.recentCount()).toBe(1);
      await camera.page.getByRole('button', { name: 'Stop camera' }).click();
    } finally {
      await camera.close();
      fs.rmSync(path.dirname(video), { recursive: true, force: true });
    }
  });
});

describe('a forged QR code at the door', () => {
  /**
   * The door flow of the security review: a QR code that decodes to EVIL\u0000QR, read between two
   * admissions while the server is away, once wedged the door for good (its upload answered 500
   * and was sent again forever), so the later admission never reached the other doors.
   */
  it('does not stop the door: both admissions around it reach the server and the other door', async () => {
    const ownerToken = await apiLogin(server.url, DEMO_ACCOUNTS.owner, DEMO_PASSWORD);
    const added = await legacy('/api/checkin/staff', ownerToken, { method: 'POST', body: JSON.stringify({ event_id: eventId, email: DEMO_ACCOUNTS.manager }) });
    expect(added.status_code).toBe(200);
    await acceptMailedInvitation(server.url, server.dataDir, DEMO_ACCOUNTS.manager, DEMO_PASSWORD);
    const res = await fetch(`${server.url}/sync/v1/door_tickets/pull?checkpoint=0&limit=2000&event_id=${eventId}`, {
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    const unused = ((await res.json()) as { documents: (DoorTicketDoc & { deleted: boolean })[] }).documents.filter(
      (t) => !t.deleted && t.status === 'valid' && !t.invalid && t.scans.length === 0,
    );
    expect(unused.length, 'two tickets of the summit nobody has scanned yet').toBeGreaterThanOrEqual(2);
    const [first, second] = [unused[0]!, unused[1]!];

    // The other door is a phone of its own, signed in fresh (the staff browser may hold a session already).
    const otherPhone = await suite.launch({ locale: 'en-GB' });
    const staffDoor = await openDoor(otherPhone, DEMO_ACCOUNTS.manager);
    const before = (await staffDoor.headCount())!;
    const video = qrVideo('EVIL\u0000QR');
    const camera = await suite.launch({
      locale: 'en-GB',
      args: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
    });
    try {
      const door = await openDoor(camera, DEMO_ACCOUNTS.owner);
      await server.stop();
      await until(() => door.link(), 'offline', 30_000, 'the camera door to say offline');

      await door.enter(first.code);
      await poll(
        () => door.lastResult(),
        (r) => r?.result === 'admitted' && r.text.includes(first.code),
        10_000,
        'the first ticket admitted',
      );
      await camera.page.getByRole('button', { name: 'Start camera' }).click();
      await poll(
        () => door.lastResult(),
        (r) => r?.result === 'unknown',
        30_000,
        'the forged code read from the camera and refused',
      );
      await camera.page.getByRole('button', { name: 'Stop camera' }).click();
      await door.enter(second.code);
      await poll(
        () => door.lastResult(),
        (r) => r?.result === 'admitted' && r.text.includes(second.code),
        10_000,
        'the second ticket admitted',
      );
      expect(await door.waiting()).toBe(3);

      await server.start();
      await until(() => door.waiting(), 0, RESYNC_TIMEOUT_MS, 'every scan uploaded, the forged one included');
      expect(await door.parked()).toBe(0);
      await poll(
        () => staffDoor.headCount(),
        (c) => c?.admitted === before.admitted + 2,
        RESYNC_TIMEOUT_MS,
        'both people counted on the other door',
      );
      // The forged code is on the organiser's list as a code matching no ticket.
      const scans = await legacy<{ items: { code: string; result: string }[] }>(`/api/checkin/scans?event_id=${eventId}&unmatched=1`, ownerToken);
      expect(scans.data.items.map((s) => [s.code, s.result])).toContainEqual(['EVIL\uFFFDQR', 'unknown']);
    } finally {
      await camera.close();
      await otherPhone.close();
      fs.rmSync(path.dirname(video), { recursive: true, force: true });
    }
  });
});
