import { describe, expect, it } from 'vitest';
import { OUTBOX_PARK_AFTER_ATTEMPTS } from '../../contract/constants.ts';
import { createEvent } from '../fixtures/factories.ts';
import { failFavoritesOf, healFavorites } from '../fixtures/injected-faults.ts';
import { devicesBehindProxy, type LocalDevice } from '../fixtures/local-device.ts';
import { signInNewUser, type DeviceAuth } from '../fixtures/sign-in.ts';
import { waitFor } from '../fixtures/wait.ts';
import type { OutboxDoc } from '../../sync/engine/database.ts';
import { PARKED_CODE, dismiss, enqueue, retryParked } from '../../sync/engine/outbox.ts';
import { observeRejections, type RejectionItem } from '../../sync/store/observe.ts';

/**
 * One entry must never stop a device's queue. The server here fails every favorite of one event
 * with a real 500 (a trigger at the database boundary stands in for a server bug the input
 * triggers): the device splits its batch, applies everything around the bad entry, and parks that
 * one after OUTBOX_PARK_AFTER_ATTEMPTS failures with a visible error, where it stays across a
 * reload until the user tries it again or discards it. An outage (503, 502) parks nothing.
 */

const { server, proxy, devices } = devicesBehindProxy();

const heal = () => healFavorites(server.database);

const entries = async (d: LocalDevice) => (await d.db.outbox.find({ sort: [{ seq: 'asc' }] }).exec()).map((e) => e.toJSON() as OutboxDoc);
const serverFavorites = async (userId: number) =>
  (await server.app.db.selectFrom('user_events').select('event_id').where('user_id', '=', userId).where('is_favorite', '=', true).execute())
    .map((r) => r.event_id)
    .sort((a, b) => a - b);
const commandPosts = (badId: string) => proxy.log.filter((r) => r.path.startsWith('/sync/v1/commands') && r.body.includes(badId));

async function openDevice(auth: DeviceAuth, disk?: LocalDevice['disk']) {
  const device = await devices.openDevice({ name: 'foyer-poison', baseUrl: proxy.url, auth, collections: ['my_events'], ...(disk ? { disk } : {}) });
  let rejections: RejectionItem[] = [];
  const sub = observeRejections(device.db).subscribe((r) => (rejections = r));
  device.onClose(() => sub.unsubscribe());
  return { ...device, rejections: () => rejections };
}

/** A signed-in device, offline, with four favorites queued; the third names the event the server fails on. */
async function queuedBehindAFault() {
  const auth = await signInNewUser(server.app.db, proxy.url);
  const events = await Promise.all([1, 2, 3, 4].map(() => createEvent(server.app.db)));
  const device = await openDevice(auth);
  await waitFor('first sync', () => device.engine.status.state === 'idle');
  proxy.setOnline(false);
  await waitFor('offline', () => device.engine.status.state === 'offline');
  const queued = [];
  for (const e of events) queued.push(await enqueue(device.db, 'event.favorite', { event_id: e.id, favorite: true }));
  return { auth, device, events, bad: queued[2]!, ids: events.map((e) => e.id) };
}

describe('a command the server keeps failing on', () => {
  it('is parked after its attempts, everything around it uploads, and it stays parked across a reload until tried again', async () => {
    const { auth, device, events, bad, ids } = await queuedBehindAFault();
    const badEvent = events[2]!.id;
    await failFavoritesOf(server.database, badEvent);
    try {
      proxy.setOnline(true);
      const parked = await waitFor('the bad entry parked and the rest applied', async () => {
        const left = await entries(device);
        return left.length === 1 && left[0]!.status === 'parked' ? left[0] : null;
      });
      expect(parked).toMatchObject({ id: bad.id, status: 'parked', code: PARKED_CODE, failures: OUTBOX_PARK_AFTER_ATTEMPTS });
      expect(await serverFavorites(auth.user.id)).toEqual(ids.filter((id) => id !== badEvent).sort((a, b) => a - b));
      // Sent in the first batch, then alone until parked; never again on its own after that.
      const sent = commandPosts(bad.id);
      expect(sent.length).toBe(1 + OUTBOX_PARK_AFTER_ATTEMPTS);
      expect(sent.slice(1).every((r) => (JSON.parse(r.body) as { commands: unknown[] }).commands.length === 1)).toBe(true);
      // Shown like a refusal, with a way forward; the queue itself is clear and the sync is healthy.
      await waitFor('the parked entry on screen', () => device.rejections().some((r) => r.id === bad.id && r.parked && r.code === PARKED_CODE));
      await waitFor('nothing pending and no sync error', () => device.engine.status.pending === 0 && device.engine.status.state !== 'error');

      // A reload keeps it parked and does not send it again by itself.
      const disk = device.disk;
      await device.close();
      const again = await openDevice(auth, disk);
      await waitFor('synced after the reload', () => again.engine.status.state === 'idle');
      const fifth = await createEvent(server.app.db);
      await enqueue(again.db, 'event.favorite', { event_id: fifth.id, favorite: true });
      await waitFor('the new favorite applied past the parked one', async () => (await serverFavorites(auth.user.id)).includes(fifth.id));
      expect((await entries(again)).find((e) => e.id === bad.id)).toMatchObject({ status: 'parked' });
      expect(commandPosts(bad.id).length).toBe(1 + OUTBOX_PARK_AFTER_ATTEMPTS);
      await waitFor('still on screen after the reload', () => again.rejections().some((r) => r.id === bad.id && r.parked));

      // The server is fixed; the user tries again and it is applied once.
      await heal();
      expect(await retryParked(again.db, bad.id)).toBe(true);
      again.engine.retry();
      await waitFor('applied after the retry', async () => (await serverFavorites(auth.user.id)).includes(badEvent));
      await waitFor('the outbox settled', async () => (await entries(again)).length === 0);
      expect(again.rejections()).toEqual([]);
    } finally {
      await heal();
    }
  });

  it('is dropped, never applied, when the user discards it', async () => {
    const { auth, device, events, bad } = await queuedBehindAFault();
    await failFavoritesOf(server.database, events[2]!.id);
    try {
      proxy.setOnline(true);
      await waitFor('parked', async () => (await entries(device)).some((e) => e.id === bad.id && e.status === 'parked'));
      await dismiss(device.db, bad.id);
      await waitFor('the outbox empty', async () => (await entries(device)).length === 0);
      await heal();
      expect(await serverFavorites(auth.user.id)).not.toContain(events[2]!.id);
      const stored = await server.app.db.selectFrom('commands').select('id').where('user_id', '=', auth.user.id).where('id', '=', bad.id).executeTakeFirst();
      expect(stored).toBeUndefined();
    } finally {
      await heal();
    }
  });

  for (const status of [503, 502]) {
    it(`is never parked for an outage (${status} on every upload, more times than the limit)`, async () => {
      const { auth, device, ids } = await queuedBehindAFault();
      proxy.failWith(status, (r) => r.path.startsWith('/sync/v1/commands'), OUTBOX_PARK_AFTER_ATTEMPTS * 2);
      proxy.setOnline(true);
      await waitFor('every favorite applied after the outage', async () => (await serverFavorites(auth.user.id)).length === ids.length, 30_000);
      await waitFor('the outbox settled', async () => (await entries(device)).length === 0);
      expect(proxy.faults.filter((f) => f.fault.kind === 'status').length).toBeGreaterThanOrEqual(OUTBOX_PARK_AFTER_ATTEMPTS * 2);
      expect(device.rejections()).toEqual([]);
    });
  }
});
