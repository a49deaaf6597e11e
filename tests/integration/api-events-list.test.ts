import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { login } from '../fixtures/server.ts';
import { createEvent, createTicket, createUser } from '../fixtures/factories.ts';
import { s, type Body, get, newCategory, newCity, newUser, relate, hideUser, ids, serveEventsFiles } from './api-events-helpers.ts';

serveEventsFiles();

describe('GET /api/events/events-list', () => {
  it('lists the public catalogue: not-ended events by default, ordered by start, with exact totals across pages', async () => {
    const cat = await newCategory();
    const past = await createEvent(s.app.db, { category_id: cat, starts_in_hours: -48, duration_hours: 2 });
    const running = await createEvent(s.app.db, { category_id: cat, starts_in_hours: -1, duration_hours: 4 });
    const soon = await createEvent(s.app.db, { category_id: cat, starts_in_hours: 5 });
    const later = await createEvent(s.app.db, { category_id: cat, starts_in_hours: 50 });
    const latest = await createEvent(s.app.db, { category_id: cat, starts_in_hours: 100 });
    const removed = await createEvent(s.app.db, { category_id: cat, starts_in_hours: 10 });
    await s.app.db.updateTable('events').set({ deleted: true }).where('id', '=', removed.id).execute();

    const all = await get(`/api/events/events-list?category=${cat}&lang=en`);
    expect(all.http).toBe(200);
    expect(all.body.status_code).toBe(200);
    expect(ids(all.body)).toEqual([running.id, soon.id, later.id, latest.id]);
    expect(all.body.data.total).toBe(4);
    expect(all.body.data.counts).toBeNull();

    const pages: number[][] = [];
    for (const offset of [0, 2, 4]) {
      const page = await get(`/api/events/events-list?category=${cat}&limit=2&offset=${offset}`);
      expect(page.body.data.total).toBe(4);
      pages.push(ids(page.body));
    }
    expect(pages).toEqual([[running.id, soon.id], [later.id, latest.id], []]);

    const allTime = await get(`/api/events/events-list?category=${cat}&search_all_time=true`);
    expect(ids(allTime.body)).toEqual([latest.id, later.id, soon.id, running.id, past.id]);
    expect(allTime.body.data.total).toBe(5);
  });

  it('reads search_type as the specs pair them: current and future = not ended, less and past = ended', async () => {
    const cat = await newCategory();
    const past = await createEvent(s.app.db, { category_id: cat, starts_in_hours: -48, duration_hours: 2 });
    const older = await createEvent(s.app.db, { category_id: cat, starts_in_hours: -96, duration_hours: 2 });
    const running = await createEvent(s.app.db, { category_id: cat, starts_in_hours: -1, duration_hours: 4 });
    const soon = await createEvent(s.app.db, { category_id: cat, starts_in_hours: 5 });
    const list = async (t: string) => ids((await get(`/api/events/events-list?category=${cat}&search_type=${t}`)).body);
    expect(await list('current')).toEqual([running.id, soon.id]);
    expect(await list('future')).toEqual([running.id, soon.id]);
    expect(await list('past')).toEqual([past.id, older.id]);
    expect(await list('less')).toEqual([past.id, older.id]);
    expect(await list('all')).toEqual([soon.id, running.id, past.id, older.id]);
    expect(ids((await get(`/api/events/events-list?category=${cat}&search_type=past&sort=when%20ASC`)).body)).toEqual([older.id, past.id]);
  });

  it('filters by city and by text, taking % and _ literally', async () => {
    const cat = await newCategory();
    const lviv = await newCity('Lviv');
    const a = await createEvent(s.app.db, { category_id: cat, city_id: lviv, name: 'Frontend Days' });
    const b = await createEvent(s.app.db, { category_id: cat, name: 'Backend 100% Summit' });
    const c = await createEvent(s.app.db, { category_id: cat, name: 'Design Meetup' });
    expect(ids((await get(`/api/events/events-list?category=${cat}&city=${lviv}`)).body)).toEqual([a.id]);
    expect(ids((await get(`/api/events/events-list?city=${lviv}`)).body)).toEqual([a.id]);
    expect(ids((await get(`/api/events/events-list?category=${cat}&q=END`)).body).sort()).toEqual([a.id, b.id].sort());
    expect(ids((await get(`/api/events/events-list?category=${cat}&q=${encodeURIComponent('100%')}`)).body)).toEqual([b.id]);
    expect(ids((await get(`/api/events/events-list?category=${cat}&q=${encodeURIComponent('%')}`)).body)).toEqual([b.id]);
    expect(ids((await get(`/api/events/events-list?category=${cat}&q=lviv`)).body)).toEqual([a.id]);
    expect(ids((await get(`/api/events/events-list?category=${cat}&q=meetup`)).body)).toEqual([c.id]);
  });

  it('sorts only by whitelisted keys and refuses anything else without touching data', async () => {
    const cat = await newCategory();
    const a = await createEvent(s.app.db, { category_id: cat, name: 'bravo', starts_in_hours: 5 });
    const b = await createEvent(s.app.db, { category_id: cat, name: 'Alpha', starts_in_hours: 10 });
    await s.app.db.updateTable('events').set({ favorites_count: 7 }).where('id', '=', b.id).execute();
    const list = async (sort: string) => get(`/api/events/events-list?category=${cat}&sort=${encodeURIComponent(sort)}`);
    expect(ids((await list('when DESC')).body)).toEqual([b.id, a.id]);
    expect(ids((await list('when')).body)).toEqual([a.id, b.id]);
    expect(ids((await list('name ASC')).body)).toEqual([b.id, a.id]);
    expect(ids((await list('favorites_count DESC')).body)).toEqual([b.id, a.id]);

    const before = await s.app.db.selectFrom('events').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    for (const bad of ['when; DROP TABLE events', 'starts_at DESC', 'when DESC, (SELECT 1)', 'when DESC NULLS FIRST', 'password_hash']) {
      const res = await list(bad);
      expect(res.http).toBe(200);
      expect(res.body).toMatchObject({ status_code: 400, data: null, error: 'invalid_input' });
    }
    const after = await s.app.db.selectFrom('events').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('refuses bad paging and wrong types with invalid_input', async () => {
    for (const q of [
      'limit=0',
      'offset=-1',
      'limit=abc',
      'user_id=abc',
      'user_id=0',
      'category=x',
      'city=99999999999',
      'search_type=soon',
      'is_my=yes',
      'with_counts=2',
      `q=${'x'.repeat(101)}`,
    ]) {
      const res = await get(`/api/events/events-list?${q}`);
      expect(res.http, q).toBe(200);
      expect(res.body, q).toMatchObject({ status_code: 400, error: 'invalid_input' });
    }
    const ok = await get('/api/events/events-list?limit=100&offset=0&lang=xx');
    expect(ok.body.status_code).toBe(200);
  });

  it('is_my lists events the user takes part in: checked in, owner or ticket holder', async () => {
    const me = await newUser();
    const checked = await createEvent(s.app.db, { starts_in_hours: 5 });
    const owned = await createEvent(s.app.db, { starts_in_hours: -48, duration_hours: 1 });
    const ticketed = await createEvent(s.app.db, { starts_in_hours: 20, is_free: false });
    const favoriteOnly = await createEvent(s.app.db);
    const viewedOnly = await createEvent(s.app.db);
    const cancelled = await createEvent(s.app.db, { is_free: false });
    await relate(checked.id, me.id, { checked_in: true });
    await relate(owned.id, me.id, { is_owner: true });
    await createTicket(s.app.db, ticketed.id, me.id);
    await relate(favoriteOnly.id, me.id, { is_favorite: true });
    await relate(viewedOnly.id, me.id, { viewed_at: new Date() });
    const t = await createTicket(s.app.db, cancelled.id, me.id);
    await s.app.db.updateTable('tickets').set({ status: 'cancelled' }).where('id', '=', t.id).execute();

    const mine = await get('/api/events/events-list?is_my=1&with_counts=1', me.token);
    expect(ids(mine.body)).toEqual([ticketed.id, checked.id, owned.id]);
    expect(mine.body.data.total).toBe(3);
    expect(mine.body.data.counts).toMatchObject({ all: 3, future: 2, past: 1, favorites: 1, view: 1 });
    const byCat = mine.body.data.counts!.countByCategories;
    expect(byCat).toEqual([{ id: 1, name: 'IT', count: 3, future_count: 2, past_count: 1 }]);
    const future = await get('/api/events/events-list?is_my=1&search_type=future&sort=when%20ASC', me.token);
    expect(ids(future.body)).toEqual([checked.id, ticketed.id]);
    const own = mine.body.data.events.find((e) => e.event_id === owned.id)!;
    expect(own.is_owner).toBe(true);
    const tick = mine.body.data.events.find((e) => e.event_id === ticketed.id)!;
    expect(tick.checkin_status).toBe(true);
    // user_id equal to the viewer's own id is the same list.
    expect(ids((await get(`/api/events/events-list?user_id=${me.id}`, me.token)).body)).toEqual(ids(mine.body));
  });

  it('answers a guest asking for personal lists with the catalogue 403 and a dead session with HTTP 401', async () => {
    for (const url of [
      '/api/events/events-list?is_my=1',
      '/api/events/events-list?favorites=true',
      '/api/events/events-list?lookedEarlier=true',
      '/api/events/events-list?only_appreciated=1',
      '/api/events/get-favorite',
      '/api/events/get-tracked',
    ]) {
      const guest = await get(url);
      expect(guest.http, url).toBe(200);
      expect(guest.body, url).toMatchObject({ status_code: 403, data: null, error: 'auth_required' });
      const stale = await get(url, 'A'.repeat(43));
      expect(stale.http, url).toBe(401);
      const cookie = await get(url, null, { cookie: 'foyer_session=nope' });
      expect(cookie.http, url).toBe(401);
    }
  });

  it("shows another user's events, hides a hidden user's participation, and keeps favorites private", async () => {
    const viewer = await newUser();
    const other = await newUser();
    const hidden = await newUser();
    const e1 = await createEvent(s.app.db, { starts_in_hours: 5 });
    const e2 = await createEvent(s.app.db, { starts_in_hours: -30, duration_hours: 1 });
    await relate(e1.id, other.id, { checked_in: true });
    await createTicket(s.app.db, e2.id, other.id);
    await relate(e1.id, other.id, { is_favorite: true, checked_in: true });
    await relate(e1.id, hidden.id, { checked_in: true });
    await hideUser(hidden.id);
    await relate(e1.id, viewer.id, { is_favorite: true });

    const theirs = await get(`/api/events/events-list?user_id=${other.id}&with_counts=1`, viewer.token);
    expect(ids(theirs.body)).toEqual([e1.id, e2.id]);
    // The viewer's own relation still shows on each event; the other user's favorites do not count.
    expect(theirs.body.data.events[0]!.is_favorite).toBe(true);
    expect(theirs.body.data.counts).toMatchObject({ all: 2, future: 1, past: 1, favorites: 0, view: 0 });
    const asGuest = await get(`/api/events/events-list?user_id=${other.id}&search_type=past`);
    expect(ids(asGuest.body)).toEqual([e2.id]);
    expect(asGuest.body.data.events[0]!.is_favorite).toBe(false);

    const hiddenList = await get(`/api/events/events-list?user_id=${hidden.id}&with_counts=1`, viewer.token);
    expect(hiddenList.body.status_code).toBe(200);
    expect(hiddenList.body.data).toMatchObject({ events: [], total: 0, counts: { all: 0, future: 0, past: 0 } });
    // The hidden user still sees their own events.
    expect(ids((await get('/api/events/events-list?is_my=1', hidden.token)).body)).toEqual([e1.id]);

    expect((await get(`/api/events/events-list?user_id=${other.id}&favorites=true`, viewer.token)).body).toMatchObject({
      status_code: 403,
      error: 'forbidden',
    });
    expect((await get(`/api/events/events-list?user_id=${other.id}&lookedEarlier=true`, viewer.token)).body).toMatchObject({
      status_code: 403,
      error: 'forbidden',
    });
    expect((await get('/api/events/events-list?user_id=2000000000', viewer.token)).body).toMatchObject({ status_code: 404, error: 'not_found' });
  });

  it('filters events open for meetings and events where people the viewer appreciates go', async () => {
    const cat = await newCategory();
    const me = await newUser();
    const liked = await newUser();
    const starred = await newUser();
    const likedButHidden = await newUser();
    const withMeetings = await createEvent(s.app.db, { category_id: cat });
    const plain = await createEvent(s.app.db, { category_id: cat });
    const hiddenOnly = await createEvent(s.app.db, { category_id: cat });
    await s.app.db.insertInto('meeting_settings').values({ event_id: withMeetings.id }).execute();
    await s.app.db
      .insertInto('user_relations')
      .values([
        { user_id: me.id, target_user_id: liked.id, like_status: 2 },
        { user_id: me.id, target_user_id: starred.id, favorite: true },
        { user_id: me.id, target_user_id: likedButHidden.id, like_status: 3 },
      ])
      .execute();
    await relate(plain.id, liked.id, { checked_in: true });
    await createTicket(s.app.db, withMeetings.id, starred.id);
    await relate(hiddenOnly.id, likedButHidden.id, { checked_in: true });
    await hideUser(likedButHidden.id);

    expect(ids((await get(`/api/events/events-list?category=${cat}&only_for_meetings=true`)).body)).toEqual([withMeetings.id]);
    const appreciated = await get(`/api/events/events-list?category=${cat}&only_appreciated=1&with_counts=1`, me.token);
    expect(ids(appreciated.body).sort()).toEqual([withMeetings.id, plain.id].sort());
    expect(appreciated.body.data.counts!.all).toBe(2);
    const both = await get(`/api/events/events-list?category=${cat}&only_appreciated=1&only_for_meetings=true`, me.token);
    expect(ids(both.body)).toEqual([withMeetings.id]);
  });

  it('counts tabs and categories under the same filters; guests get zero personal counts', async () => {
    const city = await newCity();
    const catA = await newCategory();
    const catB = await newCategory();
    const me = await newUser();
    const a1 = await createEvent(s.app.db, { city_id: city, category_id: catA, starts_in_hours: 5 });
    await createEvent(s.app.db, { city_id: city, category_id: catA, starts_in_hours: -50, duration_hours: 1 });
    const b1 = await createEvent(s.app.db, { city_id: city, category_id: catB, starts_in_hours: 8 });
    await relate(a1.id, me.id, { is_favorite: true, viewed_at: new Date() });
    await relate(b1.id, me.id, { viewed_at: new Date() });

    const res = await get(`/api/events/events-list?city=${city}&with_counts=1&search_all_time=true`, me.token);
    expect(res.body.data.total).toBe(3);
    expect(res.body.data.counts).toEqual({
      all: 3,
      future: 2,
      past: 1,
      favorites: 1,
      view: 2,
      countByCategories: [
        { id: catA, name: `Cat ${catA}`, count: 2, future_count: 1, past_count: 1 },
        { id: catB, name: `Cat ${catB}`, count: 1, future_count: 1, past_count: 0 },
      ],
    });
    // A category filter narrows the tab counts but not the category picker.
    const narrowed = await get(`/api/events/events-list?city=${city}&category=${catB}&with_counts=1`, me.token);
    expect(narrowed.body.data.counts).toMatchObject({ all: 1, future: 1, past: 0, favorites: 0, view: 1 });
    expect(narrowed.body.data.counts!.countByCategories).toHaveLength(2);
    const guest = await get(`/api/events/events-list?city=${city}&with_counts=1`);
    expect(guest.body.data.counts).toMatchObject({ all: 3, favorites: 0, view: 0 });
    expect(guest.body.data.total).toBe(2);
  });

  it("builds each event from the shared document plus the viewer's relation", async () => {
    const city = await newCity('Odesa');
    const me = await createUser(s.app.db, { city_id: city });
    const { token } = await login(s.app, me.email);
    const friend = await createUser(s.app.db, { city_id: city });
    const hiddenFriend = await createUser(s.app.db, { city_id: city });
    const stranger = await createUser(s.app.db, { city_id: city });
    const elsewhere = await createUser(s.app.db, { city_id: 2 });
    const event = await createEvent(s.app.db, { city_id: city, is_webinar: true, is_free: false, name: 'Webinar X' });
    await s.app.db
      .updateTable('events')
      .set({ webinar_link: 'https://stream.example/x', users_online: 12, description: 'About X' })
      .where('id', '=', event.id)
      .execute();
    await s.app.db
      .insertInto('friends')
      .values([
        { user_id: me.id, friend_id: friend.id },
        { user_id: hiddenFriend.id, friend_id: me.id },
      ])
      .execute();
    for (const u of [friend, hiddenFriend, stranger, elsewhere]) await createTicket(s.app.db, event.id, u.id);
    await hideUser(hiddenFriend.id);

    const find = (body: Body) => body.data.events.find((e) => e.event_id === event.id)!;
    const guestView = find((await get(`/api/events/events-list?city=${city}`)).body);
    expect(guestView).toMatchObject({
      event_id: event.id,
      id: event.id,
      name: 'Webinar X',
      title: 'Webinar X',
      category: 'IT',
      category_id: 1,
      category_info: { id: 1, name: 'IT' },
      city: 'Odesa',
      city_id: city,
      timezone: 'Europe/Kyiv',
      is_webinar: true,
      webinar_link: '',
      is_owner: false,
      is_favorite: false,
      checkin_status: false,
      is_free: false,
      currency: 'UAH',
      friends_count: 0,
      from_city_count: 0,
      description: 'About X',
      barcode_type: 'qr',
      options: { broadcast_background: '', menu: [] },
    });
    expect(guestView.when_end - guestView.when).toBe(8 * 3600);
    expect(guestView.poster_small).toContain(`/files/posters/${event.id}.svg`);
    expect(guestView.place).toHaveProperty('public');
    expect(guestView.venue).toEqual({ name: guestView.place.name, address: guestView.place.address });
    expect(guestView.company).toMatchObject({ id: 0, name: '' });
    expect(guestView).not.toHaveProperty('broadcast_statistic');
    expect(Array.isArray(guestView.visitorsCities)).toBe(true);

    const userView = find((await get(`/api/events/events-list?city=${city}`, token)).body);
    // The hidden friend is neither a friend nor a neighbour here; the one from Warsaw is no neighbour.
    expect(userView).toMatchObject({ friends_count: 1, from_city_count: 2, webinar_link: '', checkin_status: false });
    await createTicket(s.app.db, event.id, me.id);
    const holderView = find((await get(`/api/events/events-list?city=${city}`, token)).body);
    expect(holderView).toMatchObject({ webinar_link: 'https://stream.example/x', checkin_status: true });
  });
});
