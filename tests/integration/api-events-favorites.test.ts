import { describe, expect, it } from 'vitest';
import { createEvent } from '../fixtures/factories.ts';
import { HINTS_CHANNEL, type ChangeHint } from '../../server/domain/effects.ts';
import type { EventDoc, MyEventDoc } from '../../contract/entities.ts';
import { s, auth, get, post, newUser, ids, state, serveEventsFiles } from './api-events-helpers.ts';

serveEventsFiles();

describe('favorites and recently viewed', () => {
  it('get-favorite lists the user favorites; the legacy toggle shows up in the sync pull', async () => {
    const me = await newUser();
    const other = await newUser();
    const e1 = await createEvent(s.app.db, { starts_in_hours: 5 });
    const e2 = await createEvent(s.app.db, { starts_in_hours: -40, duration_hours: 1 });
    const hints: ChangeHint[] = [];
    const unsubscribe = s.app.bus.subscribe(HINTS_CHANNEL, (m) => hints.push(m as ChangeHint));

    const on = await get(`/api/events/set-favorite/${e1.id}?lang=uk`, me.token);
    expect(on.body).toEqual({ status_code: 200, data: { result: true, liked: true, favorites_count: 1 } });
    const on2 = await post(`/api/events/set-favorite/${e2.id}`, {}, me.token);
    expect(on2.body.data).toMatchObject({ result: true, liked: true });

    const favs = await get('/api/events/get-favorite?with_counts=1', me.token);
    expect(ids(favs.body)).toEqual([e1.id, e2.id]);
    expect(favs.body.data.counts).toMatchObject({ all: 2, future: 1, past: 1, favorites: 2 });
    expect(favs.body.data.events.every((e) => e.is_favorite)).toBe(true);
    expect(ids((await get('/api/events/events-list?favorites=true&search_type=future', me.token)).body)).toEqual([e1.id]);
    expect(ids((await get('/api/events/get-favorite', other.token)).body)).toEqual([]);

    const pull = await s.app.inject({ method: 'GET', url: '/sync/v1/my_events/pull?checkpoint=0', headers: auth(me.token) });
    const docs = pull.json().documents as MyEventDoc[];
    expect(docs.find((d) => d.event_id === e1.id)).toMatchObject({ is_favorite: true });
    const events = await s.app.inject({ method: 'GET', url: '/sync/v1/events/pull?checkpoint=0&limit=2000' });
    expect((events.json().documents as EventDoc[]).find((d) => d.event_id === e1.id)).toMatchObject({ favorites_count: 1 });

    const off = await get(`/api/events/set-favorite/${e1.id}`, me.token);
    expect(off.body.data).toEqual({ result: true, liked: false, favorites_count: 0 });
    expect(ids((await get('/api/events/get-favorite', me.token)).body)).toEqual([e2.id]);
    const pulled = (await s.app.inject({ method: 'GET', url: '/sync/v1/my_events/pull?checkpoint=0', headers: auth(me.token) })).json()
      .documents as MyEventDoc[];
    expect(pulled.find((d) => d.event_id === e1.id)).toMatchObject({ is_favorite: false });

    await new Promise((r) => setImmediate(r));
    unsubscribe();
    expect(hints).toContainEqual({ collections: ['my_events'], userIds: [me.id] });
    expect(hints).toContainEqual({ collections: ['events'] });
  });

  it('refuses favorites for guests, cross-site GETs, unknown and malformed ids without changing anything', async () => {
    const me = await newUser();
    const event = await createEvent(s.app.db);
    const before = await state(event.id);
    const guest = await get(`/api/events/set-favorite/${event.id}`);
    expect(guest).toMatchObject({ http: 200, body: { status_code: 403, error: 'auth_required' } });
    const cross = await get(`/api/events/set-favorite/${event.id}`, me.token, { 'sec-fetch-site': 'cross-site' });
    expect(cross.body).toMatchObject({ status_code: 403, error: 'forbidden' });
    const bad = await get('/api/events/set-favorite/abc', me.token);
    expect(bad.body).toMatchObject({ status_code: 400, error: 'invalid_input' });
    const negative = await post('/api/events/set-favorite/-4', {}, me.token);
    expect(negative.body).toMatchObject({ status_code: 400, error: 'invalid_input' });
    const foreign = await post(`/api/events/set-favorite/${event.id}`, {}, me.token, { origin: 'https://evil.example' });
    expect(foreign.http).toBe(403);
    expect(await state(event.id)).toEqual(before);
    const unknown = await get('/api/events/set-favorite/1999999999', me.token);
    expect(unknown.body).toMatchObject({ status_code: 404, error: 'event_not_found' });
    // A same-origin page of ours is welcome.
    const same = await get(`/api/events/set-favorite/${event.id}`, me.token, { 'sec-fetch-site': 'same-origin' });
    expect(same.body.data.liked).toBe(true);
  });

  it('get-tracked lists events the user opened, newest view first; a guest read records nothing', async () => {
    const me = await newUser();
    const e1 = await createEvent(s.app.db);
    const e2 = await createEvent(s.app.db, { starts_in_hours: -50, duration_hours: 1 });
    const e3 = await createEvent(s.app.db);
    expect((await get(`/api/events/${e1.id}`)).body.status_code).toBe(200);
    expect(await s.app.db.selectFrom('user_events').selectAll().where('event_id', '=', e1.id).execute()).toEqual([]);
    expect((await s.app.inject({ method: 'HEAD', url: `/api/events/${e1.id}`, headers: auth(me.token) })).statusCode).toBe(200);
    expect(await s.app.db.selectFrom('user_events').selectAll().where('event_id', '=', e1.id).execute()).toEqual([]);

    for (const e of [e1, e2, e3]) {
      expect((await get(`/api/events/${e.id}`, me.token)).body.status_code).toBe(200);
      await new Promise((r) => setTimeout(r, 15));
    }
    await get(`/api/events/${e1.id}`, me.token);
    // Read again while it is the last one viewed: nothing is written, so nothing is announced.
    const revOf = async () =>
      (await s.app.db.selectFrom('user_events').select('rev').where('event_id', '=', e1.id).where('user_id', '=', me.id).executeTakeFirstOrThrow()).rev;
    const before = await revOf();
    for (let i = 0; i < 3; i++) await get(`/api/events/${e1.id}`, me.token);
    expect(await revOf()).toBe(before);
    const tracked = await get('/api/events/get-tracked?with_counts=1', me.token);
    expect(ids(tracked.body)).toEqual([e1.id, e3.id, e2.id]);
    expect(tracked.body.data.counts).toMatchObject({ view: 3, all: 3 });
    expect(ids((await get('/api/events/events-list?lookedEarlier=true&limit=1&offset=1', me.token)).body)).toEqual([e3.id]);
    const pull = (await s.app.inject({ method: 'GET', url: '/sync/v1/my_events/pull?checkpoint=0', headers: auth(me.token) })).json().documents as MyEventDoc[];
    expect(pull.find((d) => d.event_id === e2.id)!.viewed_at).toBeGreaterThan(0);
  });
});
