import { describe, expect, it } from 'vitest';
import { createEvent, createTicket } from '../fixtures/factories.ts';
import { devicesBehindProxy, type LocalDevice } from '../fixtures/local-device.ts';
import { signInNewUser, type DeviceAuth } from '../fixtures/sign-in.ts';
import { command as sendCommand } from './chat-helpers.ts';
import { HINTS_CHANNEL, type ChangeHint } from '../../server/domain/effects.ts';
import type { SyncSnapshot } from '../../sync/engine/status.ts';
import { readVisitorRows } from '../../sync/engine/visitor-pages.ts';
import { waitFor } from '../fixtures/wait.ts';

/**
 * The status bar's "up to date" is a promise to a user about to walk into a hall with no signal:
 * the device holds the people and the chat of the user's events. Against a real server, every
 * status the engine emits is recorded, and at each "up to date" the test reads what the device
 * holds at that moment. Small pull pages make every scope take several requests, so a status that
 * only looked at requests in flight would say "up to date" between them.
 */

const { server, proxy, devices } = devicesBehindProxy();

/** What the device held when the status said something. */
interface Held {
  visitors: Map<number, number>;
  comments: Map<number, number>;
}

interface Seen {
  status: SyncSnapshot;
  /** Read as the status arrived, for "up to date" and for the first "synced" time only. */
  held?: Promise<Held>;
}

interface Device extends LocalDevice {
  seen: Seen[];
}

async function openDevice(auth: DeviceAuth, events: number[]): Promise<Device> {
  // Held back until the test listens, so the statuses of the first sync are recorded too.
  const device = await devices.openDevice({ name: 'foyer-status', baseUrl: proxy.url, auth, pullBatchSize: 4, start: false });
  const { db, engine } = device;
  const seen: Seen[] = [];
  const read = async (): Promise<Held> => {
    const held: Held = { visitors: new Map(), comments: new Map() };
    for (const id of events) {
      held.visitors.set(id, (await readVisitorRows(db.visitors, id)).length);
      held.comments.set(id, await db.comments.count({ selector: { event_id: id } }).exec());
    }
    return held;
  };
  const sub = engine.status$.subscribe((status) => {
    const firstSynced = status.lastSyncedAt !== null && seen.every((s) => s.status.lastSyncedAt === null);
    // The reads start while the status is the newest one, before the engine can write more.
    seen.push({ status, ...(status.state === 'idle' || firstSynced ? { held: read() } : {}) });
  });
  // No read may start once the device closes, and the ones under way end before its database does.
  device.onClose(async () => {
    sub.unsubscribe();
    await Promise.allSettled(seen.map((s) => s.held));
  });
  engine.start();
  return { ...device, seen };
}

const signIn = () => signInNewUser(server.app.db, proxy.url);

async function command(token: string, kind: string, payload: unknown) {
  const result = await sendCommand(server.app, token, kind, payload);
  expect(result.status, JSON.stringify(result)).toBe('applied');
}

/**
 * A ticket as the box office issues it: the ticket, the user's relation to the event touched so
 * my_events moves (its rev trigger), and the hint the server sends for such a change.
 */
async function issueTicket(eventId: number, userId: number) {
  await createTicket(server.app.db, eventId, userId);
  await server.app.db
    .insertInto('user_events')
    .values({ event_id: eventId, user_id: userId })
    .onConflict((oc) => oc.columns(['event_id', 'user_id']).doUpdateSet({ deleted: false }))
    .execute();
  const hint: ChangeHint = { collections: ['my_events'], userIds: [userId] };
  await server.app.bus.publish(HINTS_CHANNEL, hint);
}

/** A free event with `people` checked-in visitors, `talk` of whom wrote in its chat. */
async function busyEvent(people: number, talk: number) {
  const id = (await createEvent(server.app.db, { is_free: true })).id;
  for (let i = 0; i < people; i++) {
    const u = await signIn();
    await command(u.token, 'event.checkin', { event_id: id });
    if (i < talk) await command(u.token, 'comment.add', { event_id: id, comment: `hello from ${i}` });
  }
  return id;
}

const idle = (s: Seen) => s.status.state === 'idle';

describe('sync status and event scopes', () => {
  it("says up to date, and synced, only once the people and the chat of the user's events are on the device", async () => {
    const first = await busyEvent(9, 5);
    const second = await busyEvent(6, 3);
    const anna = await signIn();
    await issueTicket(first, anna.user.id);
    await issueTicket(second, anna.user.id);

    const device = await openDevice(anna, [first, second]);
    await waitFor('up to date', () => device.seen.some(idle));
    const firstIdle = device.seen.find(idle)!;
    const firstSynced = device.seen.find((s) => s.status.lastSyncedAt !== null)!;
    // Anna holds a ticket: she is one of each event's visitors.
    const full = {
      visitors: new Map([
        [first, 10],
        [second, 7],
      ]),
      comments: new Map([
        [first, 5],
        [second, 3],
      ]),
    };
    expect(await firstIdle.held).toEqual(full);
    expect(await firstSynced.held).toEqual(full);
    // Before that, the device said it was busy: never "up to date" with half of it.
    expect(device.seen.slice(0, device.seen.indexOf(firstIdle)).map((s) => s.status.state)).toContain('syncing');
    expect(device.engine.replicationKeys).toEqual(
      expect.arrayContaining([`visitors@${first}`, `visitors@${second}`, `comments@${first}`, `comments@${second}`]),
    );
  });

  it("leaves up to date when a ticket for another event arrives, until that event's people are there", async () => {
    const anna = await signIn();
    const first = await busyEvent(3, 1);
    // Made before the device opens, so the only change it hears about later is the ticket.
    const next = await busyEvent(10, 4);
    await issueTicket(first, anna.user.id);
    const device = await openDevice(anna, [first, next]);
    await waitFor('up to date', () => device.seen.some(idle));
    expect((await device.seen.find(idle)!.held!).visitors.get(next)).toBe(0);

    const mark = device.seen.length;
    const syncedBefore = device.engine.status.lastSyncedAt;
    await issueTicket(next, anna.user.id);
    await waitFor(
      'the new event downloaded',
      async () => device.engine.status.state === 'idle' && (await readVisitorRows(device.db.visitors, next)).length === 11,
    );

    const after = device.seen.slice(mark);
    const busy = after.findIndex((s) => !idle(s));
    expect(busy, 'the status left "up to date"').toBeGreaterThanOrEqual(0);
    const back = after.slice(busy).find(idle)!;
    const held = await back.held!;
    expect(held.visitors.get(next)).toBe(11);
    expect(held.comments.get(next)).toBe(4);
    expect(back.status.lastSyncedAt).toBeGreaterThanOrEqual(syncedBefore!);
    // While it downloaded, "synced" kept the time of the last complete sync.
    for (const s of after.slice(0, after.indexOf(back))) expect(s.status.lastSyncedAt).toBe(syncedBefore);
  });

  it('reaches up to date when the feed of one event refuses the user', async () => {
    const anna = await signIn();
    const kept = await busyEvent(2, 0);
    const refused = await busyEvent(2, 0);
    await issueTicket(kept, anna.user.id);
    await issueTicket(refused, anna.user.id);
    const refusedPull = (r: { path: string }) => r.path.startsWith('/sync/v1/visitors/pull') && r.path.includes(`event_id=${refused}`);
    proxy.failWith(403, refusedPull, 1);

    const device = await openDevice(anna, [kept, refused]);
    await waitFor('up to date', () => device.seen.some(idle));
    expect(proxy.log.filter(refusedPull)).toHaveLength(1);
    expect(device.engine.replicationKeys).not.toContain(`visitors@${refused}`);
    const held = await device.seen.find(idle)!.held!;
    expect(held.visitors.get(kept)).toBe(3);
    expect(held.visitors.get(refused)).toBe(0);
    expect(device.engine.status.lastSyncedAt).not.toBeNull();
  });
});
