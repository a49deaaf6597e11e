import { describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../../contract/constants.ts';
import type { CommandPayload } from '../../contract/commands.ts';
import { createEvent } from '../fixtures/factories.ts';
import { devicesBehindProxy, type LocalDevice } from '../fixtures/local-device.ts';
import { signInNewUser } from '../fixtures/sign-in.ts';
import { waitFor } from '../fixtures/wait.ts';
import type { OutboxDoc } from '../../sync/engine/database.ts';
import { enqueue } from '../../sync/engine/outbox.ts';
import { observeRejections, type RejectionItem } from '../../sync/store/observe.ts';

/**
 * A device never sends a command batch over the server's body limit: its drain splits batches by
 * bytes as well as by count, and an entry that alone is over the limit is parked with
 * `payload_too_large` (shown, with Discard) instead of being sent, refused and sent again for ever.
 *
 * The big entries are favourites padded with a field the contract does not have: the server
 * refuses each with invalid_input, which is what shows that each reached it inside a batch it took.
 */

const { server, proxy, devices } = devicesBehindProxy();

const entries = async (d: LocalDevice) => (await d.db.outbox.find({ sort: [{ seq: 'asc' }] }).exec()).map((e) => e.toJSON() as OutboxDoc);
const uploads = () => proxy.log.filter((r) => r.method === 'POST' && r.path.startsWith('/sync/v1/commands'));
const bytes = (s: string) => Buffer.byteLength(s, 'utf8');
const serverFavorites = async (userId: number) =>
  (await server.app.db.selectFrom('user_events').select('event_id').where('user_id', '=', userId).where('is_favorite', '=', true).execute()).map(
    (r) => r.event_id,
  );

/** A favourite with `padding` bytes of a field the server does not know. */
const padded = (eventId: number, padding: number) => ({ event_id: eventId, favorite: true, padding: 'p'.repeat(padding) }) as CommandPayload<'event.favorite'>;

async function offlineDevice() {
  const auth = await signInNewUser(server.app.db, proxy.url);
  const device = await devices.openDevice({ name: 'foyer-batch-bytes', baseUrl: proxy.url, auth, collections: ['my_events'] });
  let rejections: RejectionItem[] = [];
  const sub = observeRejections(device.db).subscribe((r) => (rejections = r));
  device.onClose(() => sub.unsubscribe());
  await waitFor('first sync', () => device.engine.status.state === 'idle');
  proxy.setOnline(false);
  await waitFor('offline', () => device.engine.status.state === 'offline');
  return { auth, device, rejections: () => rejections };
}

describe('command batches and the body limit', () => {
  it('splits a queue bigger than the limit into batches under it, each taken whole', async () => {
    const { auth, device } = await offlineDevice();
    const event = await createEvent(server.app.db);
    const big: string[] = [];
    // 60 entries of 20 KB: 1.2 MB, more than one batch may carry.
    for (let i = 0; i < 60; i++) big.push((await enqueue(device.db, 'event.favorite', padded(event.id, 20_000))).id);
    const good = await enqueue(device.db, 'event.favorite', { event_id: event.id, favorite: true });
    const before = uploads().length;
    proxy.setOnline(true);
    await waitFor('every entry answered', async () => (await entries(device)).every((e) => e.status !== 'pending' && e.status !== 'sending'), 30_000);

    const sent = uploads().slice(before);
    expect(
      sent.map((r) => bytes(r.body)).every((n) => n <= BODY_LIMIT_BYTES),
      `${sent.map((r) => bytes(r.body))}`,
    ).toBe(true);
    // Split by size, not sent one by one after a refusal: two batches carry all 61.
    expect(sent.length).toBe(2);
    const left = await entries(device);
    expect(left.filter((e) => big.includes(e.id)).every((e) => e.status === 'rejected' && e.code === 'invalid_input')).toBe(true);
    await waitFor('the plain favourite applied', async () => (await serverFavorites(auth.user.id)).includes(event.id));
    expect(left.find((e) => e.id === good.id)?.status).not.toBe('parked');
  });

  it('parks an entry that alone is over the limit without sending it, and sends what is around it', async () => {
    const { auth, device, rejections } = await offlineDevice();
    const [before, after] = await Promise.all([createEvent(server.app.db), createEvent(server.app.db)]);
    await enqueue(device.db, 'event.favorite', { event_id: before.id, favorite: true });
    const huge = await enqueue(device.db, 'event.favorite', padded(before.id, BODY_LIMIT_BYTES + 1000));
    await enqueue(device.db, 'event.favorite', { event_id: after.id, favorite: true });
    proxy.setOnline(true);

    await waitFor('both favourites applied', async () => {
      const favs = await serverFavorites(auth.user.id);
      return favs.includes(before.id) && favs.includes(after.id);
    });
    const parked = await waitFor('the huge entry parked', async () => (await entries(device)).find((e) => e.id === huge.id && e.status === 'parked'));
    expect(parked).toMatchObject({ status: 'parked', code: 'payload_too_large' });
    expect(uploads().some((r) => r.body.includes(huge.id))).toBe(false);
    await waitFor('shown with its reason', () => rejections().some((r) => r.id === huge.id && r.parked && r.code === 'payload_too_large'));
    await waitFor('nothing pending and no sync error', () => device.engine.status.pending === 0 && device.engine.status.state !== 'error');
  });
});
