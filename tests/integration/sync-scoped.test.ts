import { describe, expect, it } from 'vitest';
import type { Subscription } from 'rxjs';
import { createEvent } from '../fixtures/factories.ts';
import { devicesBehindProxy, openDisk, type LocalDevice, type LocalDisk } from '../fixtures/local-device.ts';
import { signInNewUser, type DeviceAuth } from '../fixtures/sign-in.ts';
import { command as sendCommand } from './chat-helpers.ts';
import { nextLikeRequest } from '../../contract/visitors.ts';
import { enqueue } from '../../sync/engine/outbox.ts';
import { readCache } from '../../sync/store/caches.ts';
import { readScopes } from '../../sync/engine/scoped.ts';
import { findVisitorRow, readVisitorRows } from '../../sync/engine/visitor-pages.ts';
import { observeEventVisitors, observeOwnProfile, type OwnProfileState } from '../../sync/views/visitors/store.ts';
import { queryVisitors, type PreparedVisitor } from '../../sync/views/visitors/visitors.ts';
import { waitFor } from '../fixtures/wait.ts';

/**
 * Event-scoped replication against a real server: one visitors feed per event the user takes part
 * in, started and stopped with my_events, forgotten on leaving or on a refusal; likes, stars and
 * profile edits queued offline and applied once.
 */

const { server, proxy, devices } = devicesBehindProxy();

/**
 * A device with every collection (these tests open one at a time, so it fits the realm); `disk`
 * opens again what a closed one left.
 */
const openDevice = (auth: DeviceAuth, disk?: LocalDisk) => devices.openDevice({ name: 'foyer-scoped', baseUrl: proxy.url, auth, disk });

const signIn = (over: Parameters<typeof signInNewUser>[2] = {}) => signInNewUser(server.app.db, proxy.url, over);

async function command(token: string, kind: string, payload: unknown) {
  const result = await sendCommand(server.app, token, kind, payload);
  expect(result.status, JSON.stringify(result)).toBe('applied');
}

/** Checks a user in to a free event through the real command, so the server announces it. */
const checkIn = (token: string, eventId: number) => command(token, 'event.checkin', { event_id: eventId });

const localVisitors = async (d: LocalDevice, eventId: number) => (await readVisitorRows(d.db.visitors, eventId)).map((v) => v.user_id).sort((a, b) => a - b);
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
const same = (a: number[], b: number[]) => JSON.stringify(a) === JSON.stringify(sorted(b));

/** The visitors page of one event as the screen would compute it, kept current. */
function watchVisitors(d: LocalDevice, eventId: number) {
  let list: PreparedVisitor[] = [];
  const sub: Subscription = observeEventVisitors(d.db, eventId).subscribe((v) => (list = v));
  return {
    list: () => list,
    person: (userId: number) => list.find((p) => p.view.user_id === userId)?.view,
    stop: () => sub.unsubscribe(),
  };
}

describe('event-scoped visitors sync', () => {
  it('replicates the visitors of a joined event, and starts a second event at checkpoint 0 when the user joins it', async () => {
    const anna = await signIn({ first_name: 'Anna' });
    const bohdan = await signIn({ first_name: 'Bohdan' });
    const olena = await signIn({ first_name: 'Olena' });
    const first = (await createEvent(server.app.db)).id;
    const second = (await createEvent(server.app.db)).id;
    await checkIn(anna.token, first);
    await checkIn(bohdan.token, first);
    await checkIn(olena.token, second);

    const device = await openDevice(anna);
    await waitFor("the first event's visitors", async () => same(await localVisitors(device, first), [anna.user.id, bohdan.user.id]));
    expect(device.engine.replicationKeys).toContain(`visitors@${first}`);
    expect(device.engine.replicationKeys).not.toContain(`visitors@${second}`);
    expect(await localVisitors(device, second)).toEqual([]);
    // The device never asked for an event the user does not take part in.
    expect(proxy.log.some((r) => r.path.includes('/sync/v1/visitors/pull') && r.path.includes(`event_id=${second}`))).toBe(false);

    const before = proxy.log.length;
    await enqueue(device.db, 'event.checkin', { event_id: second });
    await waitFor("the second event's visitors", async () => same(await localVisitors(device, second), [anna.user.id, olena.user.id]));
    const pulls = proxy.log.slice(before).filter((r) => r.path.startsWith('/sync/v1/visitors/pull') && r.path.includes(`event_id=${second}`));
    expect(pulls[0]?.path).toContain('checkpoint=0');
    expect(device.engine.replicationKeys).toEqual(expect.arrayContaining([`visitors@${first}`, `visitors@${second}`]));

    // The page's query of one event sees that event only, with names and the user marked.
    const page = watchVisitors(device, first);
    await waitFor('the page list', () => page.list().length === 2);
    expect(page.person(anna.user.id)).toMatchObject({ is_me: true, name: expect.stringContaining('Anna') });
    expect(queryVisitors(page.list(), { search: 'bohd' }, { userId: anna.user.id }).items.map((v) => v.user_id)).toEqual([bohdan.user.id]);
    page.stop();

    // Leaving the second event stops its feed and forgets its people on this device.
    await enqueue(device.db, 'event.uncheckin', { event_id: second });
    await waitFor(
      'the second event forgotten',
      async () => (await localVisitors(device, second)).length === 0 && !device.engine.replicationKeys.includes(`visitors@${second}`),
    );
    expect(await localVisitors(device, first)).toEqual(sorted([anna.user.id, bohdan.user.id]));
    await device.engine.awaitScopes();
    const scopes = await readScopes(device.db);
    expect(scopes.held.filter((k) => k.startsWith('visitors@'))).toEqual([`visitors@${first}`]);
    expect(scopes.purging).toEqual([]);
    expect(scopes.generations[`visitors@${second}`]).toBe(1);

    // Joining again pulls that event from the start, under the new generation.
    const rejoin = proxy.log.length;
    await enqueue(device.db, 'event.checkin', { event_id: second });
    await waitFor('the second event back', async () => same(await localVisitors(device, second), [anna.user.id, olena.user.id]));
    const again = proxy.log.slice(rejoin).find((r) => r.path.startsWith('/sync/v1/visitors/pull') && r.path.includes(`event_id=${second}`));
    expect(again?.path).toContain('checkpoint=0');
  });

  it('drops a visitor who hides from another device at its next sync', async () => {
    const anna = await signIn();
    const hider = await signIn({ first_name: 'Hidden' });
    const event = (await createEvent(server.app.db)).id;
    await checkIn(anna.token, event);
    await checkIn(hider.token, event);
    const device = await openDevice(anna);
    await waitFor('both visitors', async () => same(await localVisitors(device, event), [anna.user.id, hider.user.id]));

    proxy.setOnline(false);
    await waitFor('offline', () => device.engine.status.state === 'offline');
    await command(hider.token, 'profile.update', { hide_from_visitors: true });
    // Offline, the device still shows what it last knew.
    expect(await localVisitors(device, event)).toEqual(sorted([anna.user.id, hider.user.id]));

    proxy.setOnline(true);
    await waitFor('the hidden visitor gone', async () => same(await localVisitors(device, event), [anna.user.id]));
    const hidden = await findVisitorRow(device.db.visitors, `${event}:${hider.user.id}`);
    expect(hidden).toBeNull();

    // While the device is online, the live hint brings the next change without a reconnect.
    await command(hider.token, 'profile.update', { hide_from_visitors: false });
    await waitFor('the visitor back', async () => same(await localVisitors(device, event), [anna.user.id, hider.user.id]), 5000);
  });

  it('applies a like and a favorite queued offline exactly once on reconnect, shown at once and never rolled back', async () => {
    const anna = await signIn();
    const bohdan = await signIn();
    const olena = await signIn();
    const event = (await createEvent(server.app.db)).id;
    for (const u of [anna, bohdan, olena]) await checkIn(u.token, event);
    const device = await openDevice(anna);
    const page = watchVisitors(device, event);
    await waitFor('three visitors', () => page.list().length === 3 && device.engine.status.state === 'idle');

    proxy.setOnline(false);
    await waitFor('offline', () => device.engine.status.state === 'offline');
    const before = page.person(bohdan.user.id)!;
    expect(before).toMatchObject({ like_status: 0, liked: false, favorite: false });
    await enqueue(device.db, 'visitor.like', { user_id: bohdan.user.id, status: nextLikeRequest(before.like_status) });
    await enqueue(device.db, 'visitor.favorite', { user_id: olena.user.id, favorite: true });
    await waitFor('the overlay', () => page.person(bohdan.user.id)?.liked && page.person(olena.user.id)?.favorite);
    expect(page.person(bohdan.user.id)).toMatchObject({ like_status: 2, pending: true });
    expect(queryVisitors(page.list(), { tab: 'favorites' }, { userId: anna.user.id }).items.map((v) => v.user_id)).toEqual([olena.user.id]);
    expect(await device.db.relations.count().exec()).toBe(0);

    const seen: boolean[] = [];
    const watch = observeEventVisitors(device.db, event).subscribe((list) => {
      const b = list.find((p) => p.view.user_id === bohdan.user.id)?.view;
      const o = list.find((p) => p.view.user_id === olena.user.id)?.view;
      seen.push(Boolean(b?.liked && o?.favorite));
    });
    proxy.setOnline(true);
    await waitFor('an empty outbox', async () => (await device.db.outbox.count().exec()) === 0);
    await waitFor('settled views', () => page.person(bohdan.user.id)?.pending === false && page.person(olena.user.id)?.pending === false);
    watch.unsubscribe();
    page.stop();
    expect(seen.every(Boolean)).toBe(true);
    expect(page.person(bohdan.user.id)).toMatchObject({ liked: true, like_status: 2 });

    const rows = await server.app.db
      .selectFrom('user_relations')
      .select(['target_user_id', 'like_status', 'favorite'])
      .where('user_id', '=', anna.user.id)
      .orderBy('target_user_id')
      .execute();
    expect(rows).toEqual([
      { target_user_id: bohdan.user.id, like_status: 2, favorite: false },
      { target_user_id: olena.user.id, like_status: 0, favorite: true },
    ]);
    const commands = await server.app.db
      .selectFrom('commands')
      .select(['kind', 'status'])
      .where('user_id', '=', anna.user.id)
      .where('kind', 'like', 'visitor.%')
      .execute();
    expect(commands.map((c) => c.kind).sort()).toEqual(['visitor.favorite', 'visitor.like']);
    expect((await device.db.relations.findOne(String(olena.user.id)).exec())?.favorite).toBe(true);

    // The rule on the next tap: liked (2) sends 1, and the other side's like makes it mutual (3).
    expect(nextLikeRequest(2)).toBe(1);
    await command(bohdan.token, 'visitor.like', { user_id: anna.user.id, status: 2 });
    await waitFor('mutual like', async () => (await device.db.relations.findOne(String(bohdan.user.id)).exec())?.like_status === 3);
  });

  it('forgets an event whose feed refuses the user and pulls it from 0 once my_events changes', async () => {
    const anna = await signIn();
    const other = await signIn();
    const event = (await createEvent(server.app.db)).id;
    await checkIn(anna.token, event);
    await checkIn(other.token, event);
    const device = await openDevice(anna);
    await waitFor('the visitors', async () => (await localVisitors(device, event)).length === 2);

    const refused = (r: { path: string }) => r.path.startsWith('/sync/v1/visitors/pull') && r.path.includes(`event_id=${event}`);
    proxy.failWith(403, refused, 1);
    device.engine.resync(['visitors']);
    await waitFor(
      'the event forgotten',
      async () => (await localVisitors(device, event)).length === 0 && !device.engine.replicationKeys.includes(`visitors@${event}`),
    );
    // Refused at this my_events rev: no retry loop against the server.
    const count = proxy.log.filter(refused).length;
    await new Promise((r) => setTimeout(r, 400));
    expect(proxy.log.filter(refused).length).toBe(count);

    const mark = proxy.log.length;
    await enqueue(device.db, 'event.favorite', { event_id: event, favorite: true });
    await waitFor('the visitors again', async () => (await localVisitors(device, event)).length === 2);
    expect(proxy.log.slice(mark).find(refused)?.path).toContain('checkpoint=0');
  });

  it('finishes what a closed device missed: an event left meanwhile and a purge cut short', async () => {
    const anna = await signIn();
    const other = await signIn();
    const left = (await createEvent(server.app.db)).id;
    const kept = (await createEvent(server.app.db)).id;
    for (const e of [left, kept]) {
      await checkIn(anna.token, e);
      await checkIn(other.token, e);
    }
    let device = await openDevice(anna);
    const { disk } = device;
    await waitFor('both events', async () => (await localVisitors(device, left)).length === 2 && (await localVisitors(device, kept)).length === 2);
    await device.engine.awaitScopes();
    await device.close();

    // While the device is closed: the user leaves one event, and (as if the app had died halfway
    // through forgetting it) the other one is marked as being purged.
    await command(anna.token, 'event.uncheckin', { event_id: left });
    const raw = await openDisk(disk);
    await raw.upsertLocal('scopes', { ...(await readScopes(raw)), purging: [`visitors@${kept}`], generations: { [`visitors@${kept}`]: 1 } });
    await raw.close();

    device = await openDevice(anna, disk);
    await waitFor('the left event forgotten', async () => (await localVisitors(device, left)).length === 0);
    await waitFor('the cut-short purge finished and the event pulled again', async () => (await localVisitors(device, kept)).length === 2);
    await device.engine.awaitScopes();
    const scopes = await readScopes(device.db);
    expect(scopes.purging).toEqual([]);
    expect(scopes.held.filter((k) => k.startsWith('visitors@'))).toEqual([`visitors@${kept}`]);
    expect(device.engine.replicationKeys.filter((k) => k.startsWith('visitors@'))).toEqual([`visitors@${kept}`]);
  });

  it('shows a profile edit made offline at once, keeps it through the reconnect and caches the server profile', async () => {
    const anna = await signIn({ first_name: 'Anna' });
    const event = (await createEvent(server.app.db)).id;
    await checkIn(anna.token, event);
    await command(anna.token, 'profile.update', { position: 'Engineer', status: 'About Anna', help: 'Investors' });
    const device = await openDevice(anna);
    let state: OwnProfileState | null = null;
    const sub = observeOwnProfile(device.db).subscribe((s) => (state = s));
    await waitFor('the cached profile', () => state?.source === 'server' && state.profile?.position === 'Engineer');
    expect(state!.profile).toMatchObject({ hide_from_visitors: false, show_email: false, email: anna.user.email });

    proxy.setOnline(false);
    await waitFor('offline', () => device.engine.status.state === 'offline');
    await enqueue(device.db, 'profile.update', { position: '  Product lead ', hide_phone: true });
    await waitFor('the overlay', () => state?.profile?.position === 'Product lead' && state.pending);
    expect(state!.profile?.hide_phone).toBe(true);

    const seen: string[] = [];
    const watch = observeOwnProfile(device.db).subscribe((s) => seen.push(s.profile?.position ?? ''));
    proxy.setOnline(true);
    await waitFor('an empty outbox', async () => (await device.db.outbox.count().exec()) === 0);
    await device.engine.awaitScopes();
    await waitFor('the settled profile', () => state?.pending === false && state.profile?.position === 'Product lead');
    watch.unsubscribe();
    sub.unsubscribe();
    expect(seen.every((p) => p === 'Product lead')).toBe(true);
    const cached = await readCache(device.db, 'own_profile');
    expect(cached?.data).toMatchObject({ position: 'Product lead', hide_phone: true });
    const row = await server.app.db.selectFrom('users').select(['position', 'hide_phone']).where('id', '=', anna.user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ position: 'Product lead', hide_phone: true });
    // The own visitors document carries the edit too, so the own card changed everywhere.
    await waitFor('the own card', async () => (await findVisitorRow(device.db.visitors, `${event}:${anna.user.id}`))?.position === 'Product lead');
  });
});
