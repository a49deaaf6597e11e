import { describe, expect, it } from 'vitest';
import { createEvent, createTicket } from '../fixtures/factories.ts';
import type { MyEventDoc } from '../../contract/entities.ts';
import { s, auth, get, post, newCity, newUser, relate, ids, state, serveEventsFiles } from './api-events-helpers.ts';

serveEventsFiles();

describe('GET /api/events/:eventId', () => {
  it('answers the event, with users online on request; unknown, removed and malformed ids get their codes', async () => {
    const event = await createEvent(s.app.db, { name: 'Single' });
    await s.app.db.updateTable('events').set({ users_online: 42 }).where('id', '=', event.id).execute();
    const plain = await get(`/api/events/${event.id}?lang=ru`);
    expect(plain.body).toMatchObject({ status_code: 200, data: { event_id: event.id, name: 'Single', is_favorite: false } });
    expect(plain.body.data).not.toHaveProperty('broadcast_statistic');
    const online = await get(`/api/events/${event.id}?show_users_online=true`);
    expect(online.body.data.broadcast_statistic).toEqual({ users_online: 42 });

    expect((await get('/api/events/1999999999')).body).toMatchObject({ status_code: 404, error: 'event_not_found' });
    expect((await get('/api/events/12abc')).body).toMatchObject({ status_code: 400, error: 'invalid_input' });
    expect((await get('/api/events/99999999999')).body).toMatchObject({ status_code: 400, error: 'invalid_input' });
    expect((await get(`/api/events/${event.id}?show_users_online=maybe`)).body).toMatchObject({ status_code: 400 });

    const me = await newUser();
    await s.app.db.updateTable('events').set({ deleted: true }).where('id', '=', event.id).execute();
    const removed = await get(`/api/events/${event.id}`, me.token);
    // events.md §8: the event read carries an error flag and "the event has been removed", in `lang`.
    expect(removed).toMatchObject({
      http: 200,
      body: { status_code: 200, data: { error: true, message: 'The event has been removed.', event_id: event.id }, error: 'event_removed' },
    });
    const inUk = await get(`/api/events/${event.id}?lang=uk`, me.token);
    expect(inUk.body.data.message).not.toBe('The event has been removed.');
    expect(inUk.body.data.message).toBe(inUk.body.message);
    expect(await s.app.db.selectFrom('user_events').selectAll().where('event_id', '=', event.id).execute()).toEqual([]);
  });

  it('shows the viewer relation and the webinar link to an owner only among these', async () => {
    const owner = await newUser();
    const visitor = await newUser();
    const event = await createEvent(s.app.db, { is_webinar: true, is_free: true });
    await s.app.db.updateTable('events').set({ webinar_link: 'https://w.example/1' }).where('id', '=', event.id).execute();
    await relate(event.id, owner.id, { is_owner: true });
    expect((await get(`/api/events/${event.id}`, owner.token)).body.data).toMatchObject({ is_owner: true, webinar_link: 'https://w.example/1' });
    expect((await get(`/api/events/${event.id}`, visitor.token)).body.data).toMatchObject({ is_owner: false, webinar_link: '' });
    // A free event admits whoever checked in.
    await post('/api/events/checkin', { event_id: event.id }, visitor.token);
    expect((await get(`/api/events/${event.id}`, visitor.token)).body.data).toMatchObject({ checked_in: true, webinar_link: 'https://w.example/1' });
  });
});

describe('GET /api/events/autocomplete', () => {
  it('suggests event names, upcoming and prefix matches first, and cities', async () => {
    const tag = `zq${Date.now() % 100000}`;
    const past = await createEvent(s.app.db, { name: `${tag} Conference old`, starts_in_hours: -50, duration_hours: 1 });
    const inner = await createEvent(s.app.db, { name: `Big ${tag} Fest`, starts_in_hours: 5 });
    const prefix = await createEvent(s.app.db, { name: `${tag} Conference`, starts_in_hours: 30 });
    const removed = await createEvent(s.app.db, { name: `${tag} Removed` });
    await s.app.db.updateTable('events').set({ deleted: true }).where('id', '=', removed.id).execute();
    await newCity(`${tag}ville`);

    const res = await get(`/api/events/autocomplete?q=${tag.toUpperCase()}&lang=uk`);
    expect(res.body.status_code).toBe(200);
    expect(res.body.data.events.map((e) => e.id)).toEqual([prefix.id, inner.id, past.id]);
    expect(res.body.data.events[0]).toMatchObject({ event_id: prefix.id, name: `${tag} Conference`, title: `${tag} Conference`, city: 'Kyiv' });
    expect(res.body.data.cities).toEqual([{ id: expect.any(Number), name: `${tag}ville` }]);
    expect((await get(`/api/events/autocomplete?q=${tag}&limit=1`)).body.data.events).toHaveLength(1);
    expect((await get('/api/events/autocomplete?q=')).body.data).toEqual({ events: [], cities: [] });
    expect((await get('/api/events/autocomplete?q=a&limit=500')).body).toMatchObject({ status_code: 200 });
  });
});

describe('POST /api/events/checkin and /uncheckin', () => {
  it('checks in with JSON and with a form, updates counts and the sync feed, and checks out', async () => {
    const me = await newUser();
    const event = await createEvent(s.app.db, { is_free: true });
    const json = await post('/api/events/checkin', { event_id: event.id, lang: 'en' }, me.token);
    // A free event has no ticket to hold: checking in is what lets a client gating on checkin_status in.
    expect(json.body).toEqual({ status_code: 200, data: { result: true, checkin_status: true, checked_in: true, total_people: 1 } });
    const pull = (await s.app.inject({ method: 'GET', url: '/sync/v1/my_events/pull?checkpoint=0', headers: auth(me.token) })).json().documents as MyEventDoc[];
    expect(pull.find((d) => d.event_id === event.id)).toMatchObject({ checked_in: true });
    expect(ids((await get('/api/events/events-list?is_my=1', me.token)).body)).toContain(event.id);

    const form = await post('/api/events/uncheckin', `event_id=${event.id}&lang=en`, me.token, { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.body).toEqual({ status_code: 200, data: { result: true, checkin_status: false, checked_in: false, total_people: 0 } });
    const again = await post('/api/events/checkin', `event_id=${event.id}`, me.token, { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' });
    expect(again.body.data).toMatchObject({ checked_in: true, total_people: 1 });
  });

  it('answers the catalogue codes: 400 invalid input, 403 auth and ticket, 404 unknown, 400 finished', async () => {
    const me = await newUser();
    const paid = await createEvent(s.app.db, { is_free: false });
    const finished = await createEvent(s.app.db, { starts_in_hours: -30, duration_hours: 2 });
    const before = await state(paid.id);

    expect(await post('/api/events/checkin', { event_id: paid.id })).toMatchObject({ http: 200, body: { status_code: 403, error: 'auth_required' } });
    expect((await post('/api/events/checkin', { event_id: paid.id }, me.token)).body).toMatchObject({ status_code: 403, error: 'ticket_required' });
    for (const body of [{ event_id: 'x' }, {}, { event_id: -1 }, { event_id: 1.5 }, { event_id: 1e12 }]) {
      expect((await post('/api/events/checkin', body, me.token)).body, JSON.stringify(body)).toMatchObject({ status_code: 400, error: 'invalid_input' });
    }
    expect((await post('/api/events/checkin', 'event_id=abc', me.token, { 'content-type': 'application/x-www-form-urlencoded' })).body).toMatchObject({
      status_code: 400,
    });
    expect((await post('/api/events/checkin', '{"event_id":', me.token, { 'content-type': 'application/json' })).body).toMatchObject({ status_code: 400 });
    expect((await post('/api/events/checkin', '<x/>', me.token, { 'content-type': 'application/xml' })).body).toMatchObject({ status_code: 400 });
    expect(await state(paid.id)).toEqual(before);

    expect((await post('/api/events/checkin', { event_id: 1999999999 }, me.token)).body).toMatchObject({ status_code: 404, error: 'event_not_found' });
    expect((await post('/api/events/checkin', { event_id: finished.id }, me.token)).body).toMatchObject({ status_code: 400, error: 'event_finished' });

    await createTicket(s.app.db, paid.id, me.id);
    expect((await post('/api/events/checkin', { event_id: paid.id }, me.token)).body.data).toMatchObject({
      result: true,
      checkin_status: true,
      checked_in: true,
    });
    expect((await post('/api/events/uncheckin', { event_id: paid.id }, 'B'.repeat(43))).http).toBe(401);
  });
});
