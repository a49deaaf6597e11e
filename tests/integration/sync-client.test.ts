import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createEvent, createTicket } from '../fixtures/factories.ts';
import { startProxy, type TestProxy } from '../fixtures/proxy.ts';
import { devicesBehindProxy, type LocalDevice } from '../fixtures/local-device.ts';
import { signInNewUser } from '../fixtures/sign-in.ts';
import { dismiss, enqueue } from '../../sync/engine/outbox.ts';
import { loginRequest, readSession, writeSession, type SessionUser } from '../../sync/engine/session.ts';
import { observeEventViews, observeRejections, type RejectionItem } from '../../sync/store/observe.ts';
import type { EventView } from '../../sync/store/overlay.ts';
import { myEventCounts, queryEvents } from '../../sync/views/events/queries.ts';
import { waitFor } from '../fixtures/wait.ts';

const { server, proxy, devices } = devicesBehindProxy();

interface Device extends LocalDevice {
  views(): EventView[];
  rejections(): RejectionItem[];
}

/** A simulated device (its own IndexedDB and database name, an engine) and the screens' views. */
async function openDevice(auth: { user: SessionUser; token: () => string } | null, via: TestProxy = proxy): Promise<Device> {
  // Two devices of every collection would pass the realm's 13 (sync/engine/database.ts): these tests need the events.
  const device = await devices.openDevice({ name: 'foyer-test', baseUrl: via.url, auth, collections: ['events', 'my_events'] });
  let views: EventView[] = [];
  let rejections: RejectionItem[] = [];
  const subs = [observeEventViews(device.db).subscribe((v) => (views = v)), observeRejections(device.db).subscribe((r) => (rejections = r))];
  device.onClose(() => {
    for (const s of subs) s.unsubscribe();
  });
  return { ...device, views: () => views, rejections: () => rejections };
}

const signIn = () => signInNewUser(server.app.db, proxy.url);

const view = (d: Device, eventId: number) => d.views().find((v) => v.event_id === eventId);
const outboxSize = async (d: Device) => (await d.db.outbox.find().exec()).length;
const settled = (d: Device) => waitFor('an empty outbox', async () => (await outboxSize(d)) === 0);

async function serverFavorite(userId: number, eventId: number) {
  const row = await server.app.db
    .selectFrom('user_events')
    .select('is_favorite')
    .where('user_id', '=', userId)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  const event = await server.app.db.selectFrom('events').select(['favorites_count', 'total_people']).where('id', '=', eventId).executeTakeFirstOrThrow();
  return { favorite: row?.is_favorite ?? false, count: event.favorites_count, people: event.total_people };
}

async function eventCount(): Promise<number> {
  const r = await server.app.db.selectFrom('events').select(server.app.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** A signed-in device that synced two new events and then lost the network. */
async function offlineAfterTwoEvents() {
  const { user, token } = await signIn();
  const a = await createEvent(server.app.db);
  const b = await createEvent(server.app.db);
  const device = await openDevice({ user, token: () => token });
  await waitFor('first sync', () => view(device, b.id) && device.engine.status.state === 'idle');

  proxy.setOnline(false);
  await waitFor('offline status', () => device.engine.status.state === 'offline');
  return { user, a, b, device };
}

describe('sync client against a real server', () => {
  it('pulls events and my_events on first sync; a guest pulls only the public events', async () => {
    const { user, token } = await signIn();
    const future = await createEvent(server.app.db, { name: 'Kyiv Tech Days' });
    const past = await createEvent(server.app.db, { starts_in_hours: -72, duration_hours: 2 });
    const paid = await createEvent(server.app.db, { is_free: false });
    await createTicket(server.app.db, paid.id, user.id);
    const cmd = (id: string, kind: string, payload: unknown) => ({ id, kind, payload, occurredAt: new Date().toISOString() });
    const res = await server.app.inject({
      method: 'POST',
      url: '/sync/v1/commands',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        commands: [
          cmd(`seed-fav-${user.id}`, 'event.favorite', { event_id: past.id, favorite: true }),
          cmd(`seed-in-${user.id}`, 'event.checkin', { event_id: paid.id }),
        ],
      },
    });
    expect(res.json().results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied']);

    const total = await eventCount();
    const device = await openDevice({ user, token: () => token });
    await waitFor('every event', () => device.views().length === total);
    await waitFor('my_events', () => view(device, paid.id)?.checked_in && view(device, past.id)?.is_favorite);
    expect(view(device, paid.id)).toMatchObject({ has_ticket: true, checked_in: true, pending: false, total_people: 1 });
    expect(view(device, future.id)).toMatchObject({ name: 'Kyiv Tech Days', is_favorite: false, checked_in: false });
    await waitFor('idle status', () => device.engine.status.state === 'idle' && device.engine.status.lastSyncedAt !== null);

    const now = Math.floor(Date.now() / 1000);
    expect(queryEvents(device.views(), { filter: 'favorites' }, now).items.map((e) => e.event_id)).toEqual([past.id]);
    expect(queryEvents(device.views(), { filter: 'mine' }, now).items.map((e) => e.event_id)).toEqual([paid.id]);
    expect(myEventCounts(device.views(), now)).toMatchObject({ allEvents: 1, futuredEvents: 1, pastEvents: 0, favorites: 1 });

    const before = proxy.log.length;
    const guest = await openDevice(null);
    await waitFor('events for the guest', () => guest.views().length === total);
    expect(view(guest, past.id)).toMatchObject({ is_favorite: false, checked_in: false });
    const guestRequests = proxy.log.slice(before).filter((r) => r.authorization === null);
    expect(guestRequests.some((r) => r.path.startsWith('/sync/v1/events/pull'))).toBe(true);
    expect(guestRequests.some((r) => r.path.startsWith('/sync/v1/my_events/pull'))).toBe(false);
  });

  it('queues edits offline, shows them at once, applies each exactly once after reconnect and converges', async () => {
    const { user, a, b, device } = await offlineAfterTwoEvents();
    await enqueue(device.db, 'event.favorite', { event_id: a.id, favorite: true });
    await enqueue(device.db, 'event.favorite', { event_id: b.id, favorite: true });
    await enqueue(device.db, 'event.favorite', { event_id: b.id, favorite: false });
    await waitFor('the overlay', () => view(device, a.id)?.is_favorite && view(device, b.id)?.pending && !view(device, b.id)?.is_favorite);
    await waitFor('three pending', () => device.engine.status.pending === 3);
    expect(view(device, a.id)).toMatchObject({ is_favorite: true, favorites_count: 1, pending: true });
    expect(view(device, b.id)).toMatchObject({ is_favorite: false, favorites_count: 0, pending: true });
    expect(device.engine.status).toMatchObject({ state: 'offline', pending: 3, error: { code: 'network_error' } });
    // The stored replicated documents stay the server's: the overlay lives only in the views.
    expect((await device.db.my_events.findOne(String(a.id)).exec())?.is_favorite ?? false).toBe(false);
    expect(await serverFavorite(user.id, a.id)).toMatchObject({ favorite: false, count: 0 });

    // Still offline a while later: nothing was lost or sent.
    await new Promise((r) => setTimeout(r, 300));
    expect(await outboxSize(device)).toBe(3);

    // From now until it settles, the screen must never fall back to "not a favorite".
    const seen: boolean[] = [];
    const watch = observeEventViews(device.db).subscribe((all) => seen.push(all.find((v) => v.event_id === a.id)?.is_favorite ?? false));
    proxy.setOnline(true);
    await settled(device);
    // The views follow the outbox through a live query: an empty outbox reaches them a moment later.
    await waitFor('the pulled documents in the view', () => view(device, a.id)?.pending === false && view(device, b.id)?.pending === false);
    watch.unsubscribe();
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.every(Boolean)).toBe(true);
    expect(await serverFavorite(user.id, a.id)).toEqual({ favorite: true, count: 1, people: 0 });
    expect(await serverFavorite(user.id, b.id)).toMatchObject({ favorite: false, count: 0 });
    const stored = await server.app.db.selectFrom('commands').select(['id', 'status']).where('user_id', '=', user.id).execute();
    expect(stored).toHaveLength(3);
    expect(stored.every((c) => c.status === 'applied')).toBe(true);

    // Converged: the canonical documents carry the state, no overlay is left.
    expect((await device.db.my_events.findOne(String(a.id)).exec())?.is_favorite).toBe(true);
    expect((await device.db.events.findOne(String(a.id)).exec())?.favorites_count).toBe(1);
    expect(view(device, a.id)).toMatchObject({ is_favorite: true, favorites_count: 1, pending: false });
    expect(view(device, b.id)).toMatchObject({ is_favorite: false, favorites_count: 0, pending: false });
    await waitFor('idle again', () => device.engine.status.state === 'idle' && device.engine.status.pending === 0);
  });

  it('applies a batch once when its answer is lost and the same batch is sent again', async () => {
    const { user, token } = await signIn();
    const event = await createEvent(server.app.db);
    const device = await openDevice({ user, token: () => token });
    await waitFor('first sync', () => view(device, event.id));

    const isCommands = (r: { method: string; path: string }) => r.method === 'POST' && r.path === '/sync/v1/commands';
    proxy.loseAnswers(isCommands, 1);
    const entry = await enqueue(device.db, 'event.favorite', { event_id: event.id, favorite: true });
    await settled(device);

    const sent = proxy.log.filter((r) => isCommands(r) && r.body.includes(entry.id));
    expect(sent.length).toBeGreaterThanOrEqual(2);
    // The same commands each time; only the batch's send stamp (sentAt) differs between tries.
    const commandsOf = (body: string) => JSON.stringify((JSON.parse(body) as { commands: unknown[] }).commands);
    expect(new Set(sent.map((r) => commandsOf(r.body))).size).toBe(1);
    expect(await serverFavorite(user.id, event.id)).toMatchObject({ favorite: true, count: 1 });
    const rows = await server.app.db.selectFrom('commands').select('id').where('user_id', '=', user.id).execute();
    expect(rows.map((r) => r.id)).toEqual([entry.id]);
    await waitFor('the settled view', () => view(device, event.id)?.pending === false);
    expect(view(device, event.id)).toMatchObject({ is_favorite: true, favorites_count: 1, pending: false });
  });

  it('shows a server error with its retry time, keeps the command and sends it once the server recovers', async () => {
    const { user, token } = await signIn();
    const event = await createEvent(server.app.db);
    const device = await openDevice({ user, token: () => token });
    await waitFor('first sync', () => view(device, event.id) && device.engine.status.state === 'idle');

    const isCommands = (r: { method: string; path: string }) => r.method === 'POST' && r.path === '/sync/v1/commands';
    proxy.failWith(503, isCommands, 2);
    const before = Date.now();
    await enqueue(device.db, 'event.favorite', { event_id: event.id, favorite: true });
    const status = await waitFor('the error status', () => (device.engine.status.state === 'error' ? device.engine.status : null));
    expect(status.error?.code).toBe('unknown_error');
    expect(status.error?.retryAt).toBeGreaterThan(before);
    expect(status.pending).toBe(1);
    await waitFor('the overlay', () => view(device, event.id)?.pending);
    expect(view(device, event.id)).toMatchObject({ is_favorite: true, pending: true });

    await settled(device);
    expect(proxy.log.filter(isCommands).length).toBeGreaterThanOrEqual(3);
    expect(await serverFavorite(user.id, event.id)).toMatchObject({ favorite: true, count: 1 });
    await waitFor('recovered status', () => device.engine.status.state === 'idle' && device.engine.status.error === null);
  });

  it('rejects alone an entry that makes the server refuse the whole batch, and sends the rest', async () => {
    const { user, a, b, device } = await offlineAfterTwoEvents();
    const first = await enqueue(device.db, 'event.favorite', { event_id: a.id, favorite: true });
    // An id the server's envelope schema refuses (as a client bug or an old client version might write).
    await device.db.outbox.insert({
      id: 'not a valid id!',
      kind: 'event.favorite',
      payload: { event_id: b.id, favorite: true },
      occurredAt: new Date().toISOString(),
      seq: first.seq + 1,
      status: 'pending',
      attempts: 0,
    });
    const third = await enqueue(device.db, 'event.checkin', { event_id: b.id });
    proxy.setOnline(true);

    await waitFor('only the rejection left', async () => {
      const left = await device.db.outbox.find().exec();
      return left.length === 1 && left[0]!.status === 'rejected';
    });
    await waitFor('the rejection listed', () => device.rejections().length === 1);
    expect(device.rejections().map((r) => [r.id, r.code])).toEqual([['not a valid id!', 'invalid_input']]);
    expect(await serverFavorite(user.id, a.id)).toMatchObject({ favorite: true });
    expect(await serverFavorite(user.id, b.id)).toMatchObject({ favorite: false, people: 1 });
    const stored = await server.app.db.selectFrom('commands').select('id').where('user_id', '=', user.id).execute();
    expect(stored.map((r) => r.id).sort()).toEqual([first.id, third.id].sort());
  });

  it('keeps a rejected command visible and returns the screen to the server truth', async () => {
    const { user, token } = await signIn();
    const paid = await createEvent(server.app.db, { is_free: false });
    const device = await openDevice({ user, token: () => token });
    await waitFor('first sync', () => view(device, paid.id));
    const peopleBefore = view(device, paid.id)!.total_people;

    proxy.setOnline(false);
    await waitFor('offline status', () => device.engine.status.state === 'offline');
    const entry = await enqueue(device.db, 'event.checkin', { event_id: paid.id });
    await waitFor('optimistic check-in', () => view(device, paid.id)?.checked_in);
    expect(view(device, paid.id)).toMatchObject({ checked_in: true, pending: true, total_people: peopleBefore + 1 });

    proxy.setOnline(true);
    await waitFor('the rejection', () => device.rejections().length === 1);
    await waitFor('the view back to the server truth', () => view(device, paid.id)?.pending === false);
    expect(device.rejections()[0]).toMatchObject({ id: entry.id, kind: 'event.checkin', code: 'ticket_required', payload: { event_id: paid.id } });
    expect(view(device, paid.id)).toMatchObject({ checked_in: false, pending: false, total_people: peopleBefore });
    expect((await device.db.outbox.findOne(entry.id).exec())?.status).toBe('rejected');
    await waitFor('idle with nothing pending', () => device.engine.status.state === 'idle' && device.engine.status.pending === 0);

    await dismiss(device.db, entry.id);
    await waitFor('dismissed', () => device.rejections().length === 0);
    expect(await outboxSize(device)).toBe(0);
    expect(await serverFavorite(user.id, paid.id)).toMatchObject({ people: 0 });
  });

  it('converges two devices of the same user, one of them offline for a while', async () => {
    const { user, token } = await signIn();
    const x = await createEvent(server.app.db);
    const y = await createEvent(server.app.db);
    // Each device reaches the server through its own network, so one can be offline alone.
    const phoneNet = await startProxy(server.url);
    try {
      const phone = await openDevice({ user, token: () => token }, phoneNet);
      const laptop = await openDevice({ user, token: () => token });
      await waitFor('both synced', () => view(phone, y.id) && view(laptop, y.id) && phone.engine.status.state === 'idle');

      phoneNet.setOnline(false);
      await waitFor('phone offline', () => phone.engine.status.state === 'offline');
      await enqueue(phone.db, 'event.favorite', { event_id: x.id, favorite: true });
      // Meanwhile the laptop says the opposite about x and likes y; the phone's later arrival wins for x.
      await enqueue(laptop.db, 'event.favorite', { event_id: x.id, favorite: false });
      await enqueue(laptop.db, 'event.favorite', { event_id: y.id, favorite: true });
      await settled(laptop);
      await waitFor('the phone overlay', () => view(phone, x.id)?.pending);
      expect(view(phone, y.id)?.is_favorite).toBe(false);
      expect(view(phone, x.id)).toMatchObject({ is_favorite: true, pending: true });

      phoneNet.setOnline(true);
      await settled(phone);
      const favorites = (d: Device) =>
        d
          .views()
          .filter((v) => v.is_favorite && !v.pending)
          .map((v) => v.event_id)
          .sort((p, q) => p - q);
      const expected = [x.id, y.id].sort((p, q) => p - q);
      await waitFor('phone converged', () => JSON.stringify(favorites(phone)) === JSON.stringify(expected));
      await waitFor('laptop converged', () => JSON.stringify(favorites(laptop)) === JSON.stringify(expected));
      const mine = async (d: Device) => JSON.stringify((await d.db.my_events.find().exec()).map((m) => [m.event_id, m.is_favorite, m.rev]).sort());
      await waitFor('identical my_events', async () => (await mine(phone)) === (await mine(laptop)));
      expect(await serverFavorite(user.id, x.id)).toMatchObject({ favorite: true, count: 1 });
      expect(await serverFavorite(user.id, y.id)).toMatchObject({ favorite: true, count: 1 });
      expect(view(laptop, x.id)).toMatchObject({ favorites_count: 1 });
    } finally {
      await devices.closeAll();
      await phoneNet.close();
    }
  });

  it('pulls a change made on another device through the live stream within a short time', async () => {
    const { user, token } = await signIn();
    const event = await createEvent(server.app.db);
    const watcher = await openDevice({ user, token: () => token });
    const other = await openDevice({ user, token: () => token });
    await waitFor('both idle', () => view(watcher, event.id) && view(other, event.id) && watcher.engine.status.state === 'idle');

    const pullsBefore = proxy.log.length;
    const started = Date.now();
    await enqueue(other.db, 'event.favorite', { event_id: event.id, favorite: true });
    await waitFor('the hinted pull', () => view(watcher, event.id)?.is_favorite && view(watcher, event.id)?.favorites_count === 1, 3000);
    expect(Date.now() - started).toBeLessThan(3000);
    // Nothing polls: without the hint the watcher would not have asked for my_events again.
    expect(proxy.log.slice(pullsBefore).some((r) => r.path.startsWith('/sync/v1/my_events/pull'))).toBe(true);
  });

  it('ends the session on a 401 and keeps the queued work for the same user', async () => {
    const { user, token } = await signIn();
    const event = await createEvent(server.app.db);
    let current = token;
    const device = await openDevice({ user, token: () => current });
    await waitFor('first sync', () => view(device, event.id) && device.engine.status.state === 'idle');

    await server.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } });
    const entry = await enqueue(device.db, 'event.favorite', { event_id: event.id, favorite: true });
    await waitFor('the session to end', async () => (await readSession(device.db)).ended === 'expired');
    expect(await readSession(device.db)).toMatchObject({ user: null, ownerId: user.id });
    await waitFor('auth error status', () => device.engine.status.error?.code === 'auth_required');
    expect(device.engine.status.state).toBe('error');
    // Signed out, the screens show no personal state and nothing is lost.
    await waitFor('the signed-out view', () => view(device, event.id)?.pending === false);
    expect(view(device, event.id)).toMatchObject({ is_favorite: false, pending: false });
    expect((await device.db.outbox.findOne(entry.id).exec())?.status).not.toBe('applied');
    expect(await serverFavorite(user.id, event.id)).toMatchObject({ favorite: false });

    const again = await loginRequest({ baseUrl: proxy.url }, user.email, TEST_PASSWORD);
    if (!again.ok) throw new Error(again.code);
    current = again.token;
    await writeSession(device.db, again.user);
    await settled(device);
    expect(await serverFavorite(user.id, event.id)).toMatchObject({ favorite: true, count: 1 });
    await waitFor('the favorite shown', () => view(device, event.id)?.is_favorite && !view(device, event.id)?.pending);
  });
});
