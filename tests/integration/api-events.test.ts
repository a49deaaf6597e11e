import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, login, type TestServer } from '../fixtures/server.ts';
import { createEvent, createTicket, createUser, ensureGeo } from '../fixtures/factories.ts';
import { HINTS_CHANNEL, type ChangeHint } from '../../server/domain/effects.ts';
import type { EventDoc, MyEventDoc } from '../../contract/entities.ts';
import type { Envelope } from '../fixtures/envelope.ts';
import { recountPeopleOf } from '../../server/domain/events/repository.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  await ensureGeo(s.app.db);
});
afterAll(async () => s?.close());

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
/** An event as the legacy lists answer it, as far as these tests read it. */
interface EventEntity {
  id: number;
  event_id: number;
  is_owner: boolean;
  is_favorite: boolean;
  checkin_status: boolean;
  when: number;
  when_end: number;
  poster_small: string;
  place: { name: string; address: string };
  venue: unknown;
  company: unknown;
  visitorsCities: unknown;
}
/** The data of the answers these tests read; each call answers some of these fields. */
interface Answer {
  total: number;
  counts: { all: number; countByCategories: unknown[] } | null;
  events: EventEntity[];
  cities: unknown[];
  liked: boolean;
  broadcast_statistic: unknown;
  message: string;
}
type Body = Envelope<Answer>;

async function get(url: string, token?: string | null, headers: Record<string, string> = {}) {
  const res = await s.app.inject({ method: 'GET', url, headers: { ...(token ? auth(token) : {}), ...headers } });
  return { http: res.statusCode, body: res.json() as Body, headers: res.headers };
}
async function post(url: string, payload: unknown, token?: string | null, headers: Record<string, string> = {}) {
  const res = await s.app.inject({ method: 'POST', url, payload: payload as string, headers: { ...(token ? auth(token) : {}), ...headers } });
  return { http: res.statusCode, body: res.json() as Body };
}

// Each test works inside its own category or city, so lists are exact however many events other
// tests created in the same database.
let nextRef = 100;
async function newCategory() {
  const id = nextRef++;
  await s.app.db
    .insertInto('categories')
    .values({ id, name: `Cat ${id}` })
    .execute();
  return id;
}
async function newCity(name = `City ${nextRef}`) {
  const id = nextRef++;
  await s.app.db.insertInto('cities').values({ id, name, country_code: 'UA', lat: 50.45, lng: 30.52 }).execute();
  return id;
}
async function newUser(over: Parameters<typeof createUser>[1] = {}) {
  const u = await createUser(s.app.db, over);
  const { token } = await login(s.app, u.email);
  return { id: u.id, email: u.email, token };
}
async function relate(
  eventId: number,
  userId: number,
  patch: Partial<{ checked_in: boolean; is_owner: boolean; is_favorite: boolean; viewed_at: Date; role: string }>,
) {
  await s.app.db
    .insertInto('user_events')
    .values({ event_id: eventId, user_id: userId, ...patch })
    .onConflict((oc) => oc.columns(['event_id', 'user_id']).doUpdateSet(patch))
    .execute();
}
async function hideUser(userId: number) {
  await s.app.db.updateTable('users').set({ hide_from_visitors: true }).where('id', '=', userId).execute();
  // As the profile service does when someone hides (events/repository recountPeople).
  await recountPeopleOf(s.app.db, userId);
}
const ids = (body: Body) => body.data.events.map((e) => e.event_id);
const state = async (eventId: number) => ({
  event: await s.app.db.selectFrom('events').select(['favorites_count', 'total_people', 'rev']).where('id', '=', eventId).executeTakeFirstOrThrow(),
  rels: await s.app.db.selectFrom('user_events').selectAll().where('event_id', '=', eventId).orderBy('user_id').execute(),
});

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
