import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Updateable } from 'kysely';
import type { UsersTable } from '../../server/db/types.ts';
import { sql } from 'kysely';
import { startTestServer, login, type TestServer } from '../fixtures/server.ts';
import { createEvent, createTicket, createUser, ensureGeo } from '../fixtures/factories.ts';
import { countryIdOf } from '../../contract/visitors.ts';
import type { CommandResult } from '../../contract/commands.ts';
import type { Envelope } from '../fixtures/envelope.ts';
import { HINTS_CHANNEL, type ChangeHint } from '../../server/domain/effects.ts';

let s: TestServer;
beforeAll(async () => {
  // Dozens of searches by one user in a second: the search budget (attacks-throttle) is not what this file tests.
  s = await startTestServer({ limits: { calls: { visitor_search: { maxCalls: 100_000, windowMs: 60_000 } } } });
  await ensureGeo(s.app.db);
  await s.app.db
    .insertInto('countries')
    .values({ code: 'DE', name: 'Germany' })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await s.app.db
    .insertInto('cities')
    .values({ id: 3, name: 'Berlin', country_code: 'DE' })
    .onConflict((oc) => oc.doNothing())
    .execute();
});
afterAll(async () => s?.close());

const YEAR = new Date().getUTCFullYear();
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
/** A row of the lists these tests read: a visitor, or a country or city with its count. */
interface Row {
  id: number;
  code: string;
  name: string;
  count: number;
  favorite: boolean;
  appointment: unknown;
  event_checkin: { event_name: string } | null;
  trip: unknown;
}
/** The data of the answers these tests read; each call answers some of these fields. */
interface Answer {
  count: number;
  results: Row[];
  result: boolean;
  like_status: number;
  category_id: number | null;
  selected: unknown;
}

async function get(url: string, token?: string | null, headers: Record<string, string> = {}) {
  const res = await s.app.inject({ method: 'GET', url, headers: { ...(token ? auth(token) : {}), ...headers } });
  return { http: res.statusCode, body: res.json() as Envelope<Answer>, text: res.body };
}
async function post(url: string, payload: unknown, token?: string | null, headers: Record<string, string> = {}) {
  const res = await s.app.inject({ method: 'POST', url, payload: payload as string, headers: { ...(token ? auth(token) : {}), ...headers } });
  return { http: res.statusCode, body: res.json() as Envelope<Answer>, text: res.body };
}

type UserPatch = Updateable<UsersTable>;
interface TestUser {
  id: number;
  email: string;
  token: string;
}
async function newUser(over: Parameters<typeof createUser>[1] = {}, patch?: UserPatch): Promise<TestUser> {
  const u = await createUser(s.app.db, over);
  // Gender and age show only when the person turns them on (attacks-privacy.test.ts); these people have.
  const shown = patch && ('sex' in patch || 'birth_year' in patch) ? { show_personal: true } : {};
  if (patch && Object.keys(patch).length)
    await s.app.db
      .updateTable('users')
      .set({ ...patch, ...shown })
      .where('id', '=', u.id)
      .execute();
  const { token } = await login(s.app, u.email);
  return { id: u.id, email: u.email, token };
}
async function setUser(id: number, patch: UserPatch) {
  await s.app.db.updateTable('users').set(patch).where('id', '=', id).execute();
}
type JoinPatch = Partial<{
  checked_in: boolean;
  checked_in_at: Date;
  is_owner: boolean;
  role: string;
  menu_id: number;
  about: string;
  interest: string;
  viewed_at: Date;
  is_favorite: boolean;
}>;
async function join(eventId: number, userId: number, patch: JoinPatch = { checked_in: true }) {
  await s.app.db
    .insertInto('user_events')
    .values({ event_id: eventId, user_id: userId, ...patch })
    .onConflict((oc) => oc.columns(['event_id', 'user_id']).doUpdateSet(patch))
    .execute();
}
const MENU = [
  { id: 1, name: 'Investor' },
  { id: 2, name: 'Startup' },
];
async function newEvent(over: Parameters<typeof createEvent>[1] = {}) {
  const e = await createEvent(s.app.db, over);
  await s.app.db
    .updateTable('events')
    .set({ options: JSON.stringify({ broadcast_background: '', menu: MENU }) })
    .where('id', '=', e.id)
    .execute();
  return e.id;
}
const people = (eventId: number, query = '') => `/api/events/get-event-people?event_id=${eventId}${query ? `&${query}` : ''}`;
const ids = (body: { data: Pick<Answer, 'results'> }) => body.data.results.map((r) => r.id);
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
async function snapshot() {
  const count = async (table: 'users' | 'user_relations' | 'user_events' | 'friends') =>
    (
      await sql<{
        n: number;
        r: number;
      }>`SELECT count(*)::int AS n, coalesce(sum(${sql.ref(table === 'friends' ? 'user_id' : 'rev')}), 0)::bigint AS r FROM ${sql.table(table)}`.execute(
        s.app.db,
      )
    ).rows[0];
  return { users: await count('users'), relations: await count('user_relations'), userEvents: await count('user_events'), friends: await count('friends') };
}

describe("the event's Participants and its Visitors count the same people", () => {
  it('counts ticket holders and owners as the visitors list lists them, and leaves out who hides', async () => {
    const ev = await newEvent({ is_free: true });
    const ticket = await newUser();
    await createTicket(s.app.db, ev, ticket.id);
    const owner = await newUser();
    await join(ev, owner.id, { is_owner: true });
    const a = await newUser();
    const b = await newUser();
    for (const who of [a, b]) expect((await post('/api/events/checkin', { event_id: ev, lang: 'en' }, who.token)).body.status_code).toBe(200);
    const total = async () => (await get(`/api/events/${ev}`, a.token)).body.data as unknown as { total_people: number };
    expect((await get(people(ev), a.token)).body.data.count).toBe(4);
    expect((await total()).total_people).toBe(4);

    // Hiding from visitor lists takes the person out of both numbers.
    const hid = await post('/api/profile/save', { hide_from_visitors: true }, b.token);
    expect(hid.body.status_code).toBe(200);
    expect((await get(people(ev), a.token)).body.data.count).toBe(3);
    expect((await total()).total_people).toBe(3);
    // A ticket holder checking in was counted already.
    await post('/api/events/checkin', { event_id: ev, lang: 'en' }, ticket.token);
    expect((await total()).total_people).toBe(3);
  });
});

describe('GET /api/events/get-event-people', () => {
  it('lists the participants of the event: checked in, ticket holders and owners, with their standing there', async () => {
    const ev = await newEvent();
    const checked = await newUser();
    await join(ev, checked.id, { checked_in: true, checked_in_at: new Date(Date.now() - 5000), menu_id: 2, about: 'About A', interest: 'AI' });
    const ticket = await newUser();
    await createTicket(s.app.db, ev, ticket.id);
    const owner = await newUser();
    await join(ev, owner.id, { is_owner: true });
    const speaker = await newUser();
    await join(ev, speaker.id, { checked_in: true, role: 'speaker' });
    const viewedOnly = await newUser();
    await join(ev, viewedOnly.id, { viewed_at: new Date() });
    const favoriteOnly = await newUser();
    await join(ev, favoriteOnly.id, { is_favorite: true });
    const left = await newUser();
    await join(ev, left.id, { checked_in: false });
    const cancelled = await newUser();
    const t = await createTicket(s.app.db, ev, cancelled.id);
    await s.app.db.updateTable('tickets').set({ status: 'cancelled' }).where('id', '=', t.id).execute();

    const res = await get(people(ev), checked.token);
    expect(res.http).toBe(200);
    expect(res.body.status_code).toBe(200);
    expect(sorted(ids(res.body))).toEqual(sorted([checked.id, ticket.id, owner.id, speaker.id]));
    expect(res.body.data.count).toBe(4);
    // Default order: status descending, so the organizer (the owner) and the speaker come first.
    expect(ids(res.body).slice(0, 2)).toEqual([owner.id, speaker.id]);
    const byId = new Map(res.body.data.results.map((r) => [r.id, r]));
    expect(byId.get(owner.id)).toMatchObject({ role: 'organizer', event_checkin: { accesses_by_tickets: true } });
    expect(byId.get(ticket.id)).toMatchObject({ role: 'visitor', event_checkin: { event_id: ev, accesses_by_tickets: true } });
    expect(byId.get(checked.id)).toMatchObject({
      user_id: checked.id,
      menu_id: 2,
      menu_name: 'Startup',
      avatar: `/files/avatars/${checked.id}.svg`,
      avatar_url: `/files/avatars/${checked.id}.svg`,
      city: 'Kyiv',
      country_code: 'UA',
      event_checkin: { event_id: ev, about: 'About A', interest: 'AI', accesses_by_tickets: false },
    });
    expect(byId.get(checked.id)!.event_checkin!.event_name).toMatch(/^Event /);

    const pages: number[] = [];
    for (const offset of [0, 2, 4]) {
      const page = await get(people(ev, `limit=2&offset=${offset}`), checked.token);
      expect(page.body.data.count).toBe(4);
      pages.push(...ids(page.body));
    }
    expect(pages).toEqual(ids(res.body));
  });

  it('leaves out people who hide, whose show_status does not admit the viewer, or whose account is closed — except for themselves', async () => {
    const ev = await newEvent();
    const viewer = await newUser();
    const plain = await newUser();
    const hidden = await newUser({}, { hide_from_visitors: true });
    const nobody = await newUser({}, { show_status: 3 });
    const participantsOnly = await newUser({}, { show_status: 2 });
    const closed = await newUser();
    for (const u of [viewer, plain, hidden, nobody, participantsOnly, closed]) await join(ev, u.id);
    await setUser(closed.id, { disabled: true });
    const outsider = await newUser();

    expect(sorted(ids((await get(people(ev), viewer.token)).body))).toEqual(sorted([viewer.id, plain.id, participantsOnly.id]));
    expect((await get(people(ev), viewer.token)).body.data.count).toBe(3);
    // The hidden person and the "nobody" person each see themselves, never each other.
    expect(sorted(ids((await get(people(ev), hidden.token)).body))).toEqual(sorted([viewer.id, plain.id, participantsOnly.id, hidden.id]));
    expect(sorted(ids((await get(people(ev), nobody.token)).body))).toEqual(sorted([viewer.id, plain.id, participantsOnly.id, nobody.id]));
    // Guests and people who share no event with them see only show_status 1.
    expect(sorted(ids((await get(people(ev))).body))).toEqual(sorted([viewer.id, plain.id]));
    expect(sorted(ids((await get(people(ev), outsider.token)).body))).toEqual(sorted([viewer.id, plain.id]));
    // Sharing another event is enough for "participants of my events".
    const other = await newEvent();
    await join(other, outsider.id);
    await createTicket(s.app.db, other, participantsOnly.id);
    expect(sorted(ids((await get(people(ev), outsider.token)).body))).toEqual(sorted([viewer.id, plain.id, participantsOnly.id]));

    // Counters follow the same rule, so they cannot reveal who hides.
    const countries = await get(`/api/meetings-manager/get-checkin-countries?event_id=${ev}`, viewer.token);
    expect(countries.body.data.results).toEqual([{ id: countryIdOf('UA'), code: 'UA', name: 'Ukraine', count: 3, count_users_from: 3 }]);
    const guestCities = await get(`/api/meetings-manager/get-checkin-cities?event_id=${ev}`);
    expect(guestCities.body.data.results).toEqual([{ id: 1, name: 'Kyiv', count: 2, count_users_from: 2 }]);
  });

  it('never lets a hidden phone or email leave the server for anybody else, in any list', async () => {
    const ev = await newEvent();
    const secretPhone = '+380 99 000 11 22';
    const secretEmail = `secret-${Date.now()}@hidden.test`;
    const openPhone = '+380 67 555 44 33';
    const openEmail = `open-${Date.now()}@shown.test`;
    const secretive = await newUser(
      { email: secretEmail, first_name: 'Secretive' },
      { phone: secretPhone, hide_phone: true, show_email: false, trip_status: 1 },
    );
    const open = await newUser({ email: openEmail, first_name: 'Opener' }, { phone: openPhone, hide_phone: false, show_email: true, trip_status: 1 });
    const viewer = await newUser();
    for (const u of [secretive, open, viewer]) await join(ev, u.id);
    await s.app.db.insertInto('friends').values({ user_id: secretive.id, friend_id: viewer.id }).execute();
    await post(`/api/visitors/set-favorite/${secretive.id}`, { favorite: true }, viewer.token);

    const urls = [
      people(ev),
      `/api/events/get-event-people?q=Secretive`,
      `/api/visitors/get-main-page-users?event_id=${ev}`,
      `/api/visitors/get-main-page-users?event_id=${ev}&tab=leaveCity`,
      `/api/profile/lite?user_id=${secretive.id}`,
      `/api/user/get-friends`,
      `/api/user/get-favorites`,
    ];
    for (const url of urls) {
      const seen = await get(url, viewer.token);
      expect(seen.body.status_code, url).toBe(200);
      expect(seen.text, url).toContain(`"id":${secretive.id},`);
      expect(seen.text, url).not.toContain('000 11 22');
      expect(seen.text.toLowerCase(), url).not.toContain(secretEmail.toLowerCase());
      const guest = await get(url);
      if (guest.body.status_code === 200) {
        for (const secret of ['000 11 22', '555 44 33', secretEmail.toLowerCase(), openEmail.toLowerCase()]) {
          expect(guest.text.toLowerCase(), `guest ${url}`).not.toContain(secret);
        }
      }
    }
    const list = await get(people(ev), viewer.token);
    const byId = new Map(list.body.data.results.map((r) => [r.id, r]));
    expect(byId.get(secretive.id)).toMatchObject({ phone: '', email: '' });
    expect(byId.get(open.id)).toMatchObject({ phone: openPhone, email: openEmail });
    // The person always sees their own.
    const self = await get(people(ev), secretive.token);
    expect(self.text).toContain(secretPhone);
    expect(self.text).toContain(secretEmail);
  });

  it("filters by text, city, country, category, trip status, sex, age, interests and the viewer's relations", async () => {
    const ev = await newEvent();
    const other = await newEvent();
    const t0 = Date.now() - 100_000;
    const ann = await newUser(
      { first_name: 'Anna', last_name: 'Koval', city_id: 1, country_code: 'UA' },
      { company: 'Acme 100%', sex: 2, birth_year: YEAR - 20, hobby: '1,4', trip_status: 1, status: 'Hi', help: '' },
    );
    const bob = await newUser(
      { first_name: 'Bohdan', last_name: 'Shevchenko', city_id: 2, country_code: 'PL' },
      { sex: 1, birth_year: YEAR - 60, hobby: '7', trip_status: 2, hide_trip_plan: true },
    );
    const cat = await newUser({ first_name: 'Celina', last_name: 'Nowak', city_id: 2, country_code: 'PL' }, { sex: 2, hobby: '', trip_status: 3 });
    const vic = await newUser({ first_name: 'Viktor', last_name: 'Zed', city_id: 1, country_code: 'UA' }, { sex: 1, birth_year: YEAR - 40 });
    await join(ev, ann.id, { checked_in: true, checked_in_at: new Date(t0 + 1000), menu_id: 1 });
    await join(ev, bob.id, { checked_in: true, checked_in_at: new Date(t0 + 3000), menu_id: 2 });
    await join(ev, cat.id, { checked_in: true, checked_in_at: new Date(t0 + 2000), role: 'speaker' });
    await join(ev, vic.id, { checked_in: true, checked_in_at: new Date(t0 + 4000) });
    const list = async (query: string, token: string = vic.token) => {
      const res = await get(people(ev, query), token);
      expect(res.body.status_code, query).toBe(200);
      expect(res.body.data.count, query).toBe(res.body.data.results.length);
      return ids(res.body);
    };

    expect(await list(`q=${encodeURIComponent('acme 100%')}`)).toEqual([ann.id]);
    expect(await list(`q=${encodeURIComponent('%')}`)).toEqual([ann.id]);
    expect(await list('q=SHEV')).toEqual([bob.id]);
    expect(await list(`q=${encodeURIComponent('Nowak Cel')}`)).toEqual([cat.id]);
    expect(await list('sort=name&order=asc')).toEqual([ann.id, bob.id, cat.id, vic.id]);
    expect(await list('sort=name&order=desc')).toEqual([vic.id, cat.id, bob.id, ann.id]);
    expect(await list('sort=register&order=asc')).toEqual([ann.id, cat.id, bob.id, vic.id]);
    expect((await list('sort=status')).slice(0, 2)).toEqual([cat.id, ann.id]);
    expect(await list('sex=1&sort=name&order=asc')).toEqual([bob.id, vic.id]);
    expect(await list('sex=0&sort=name&order=asc')).toEqual([ann.id, cat.id]);
    expect(await list('age=2')).toEqual([ann.id]);
    expect(await list('age=6')).toEqual([bob.id]);
    expect(await list('age=2&age=4&sort=name&order=asc')).toEqual([ann.id, vic.id]);
    expect(await list('age[]=1')).toEqual([]);
    // Bohdan hides his trip plan: nobody else finds him by trip status, he finds himself.
    expect(await list('statuses=2')).toEqual([]);
    expect(await list('statuses=2', bob.token)).toEqual([bob.id]);
    expect(await list('statuses=1,3&sort=name&order=asc')).toEqual([ann.id, cat.id]);
    expect(await list('interests=4,7&sort=name&order=asc')).toEqual([ann.id, bob.id]);
    expect(await list('user_city_id=2&sort=name&order=asc')).toEqual([bob.id, cat.id]);
    expect(await list('user_country_id=PL&sort=name&order=asc')).toEqual([bob.id, cat.id]);
    expect(await list(`user_country_id=${countryIdOf('PL')}&sort=name&order=asc`)).toEqual([bob.id, cat.id]);
    expect(await list('filter_from=1&sort=name&order=asc')).toEqual([ann.id, vic.id]);
    expect(await list('filter_from=2&sort=name&order=asc')).toEqual([ann.id, vic.id]);
    expect(await list('filter_from=1&user_city_id=2&sort=name&order=asc')).toEqual([bob.id, cat.id]);
    expect(await list('menu_id=1')).toEqual([ann.id]);
    expect(await list('menu_id=2')).toEqual([bob.id]);

    await s.app.db.insertInto('friends').values({ user_id: cat.id, friend_id: vic.id }).execute();
    expect(await list('only_friends=1')).toEqual([cat.id]);
    expect((await post(`/api/visitors/set-favorite/${bob.id}`, { favorite: true }, vic.token)).body.data).toEqual({ result: true, favorite: true });
    expect(await list('only_favorite=1')).toEqual([bob.id]);
    expect((await post('/api/user/like-user', { to_user_id: ann.id, status: 2 }, vic.token)).body.data.like_status).toBe(2);
    expect(await list('only_appreciated=1')).toEqual([ann.id]);
    await s.app.db.insertInto('appointments').values({ event_id: ev, from_user_id: cat.id, to_user_id: vic.id, date: '2030-01-01', any_time: true }).execute();
    await s.app.db
      .insertInto('appointments')
      .values({ event_id: other, from_user_id: vic.id, to_user_id: bob.id, date: '2030-01-01', any_time: true })
      .execute();
    expect(await list('only_meetings=1')).toEqual([cat.id]);
    const withMeeting = (await get(people(ev, 'only_meetings=1'), vic.token)).body.data.results[0]!;
    expect(withMeeting.appointment).toMatchObject({ event_id: ev, from_user_id: cat.id, to_user_id: vic.id, response: null });
    // The viewer's relations travel with each entity.
    const rows = new Map((await get(people(ev), vic.token)).body.data.results.map((r) => [r.id, r]));
    expect(rows.get(ann.id)).toMatchObject({ like: 2, like_status: 2, favorite: false, sex: 2, age: 20, interests: [1, 4] });
    expect(rows.get(bob.id)).toMatchObject({ favorite: true, trip_status: 0 });
    expect(rows.get(cat.id)).toMatchObject({ is_friend: true, age: null });
  });

  it('keeps the friends, favorites, appreciated and appointments tabs for signed-in users', async () => {
    const ev = await newEvent();
    const u = await newUser();
    await join(ev, u.id);
    for (const flag of ['only_friends', 'only_favorite', 'only_appreciated', 'only_meetings']) {
      const guest = await get(people(ev, `${flag}=1`));
      expect(guest.http, flag).toBe(200);
      expect(guest.body, flag).toMatchObject({ status_code: 403, data: null, error: 'auth_required' });
      const stale = await get(people(ev, `${flag}=1`), 'A'.repeat(43));
      expect(stale.http, flag).toBe(401);
    }
    // All, country and city stay open to guests.
    for (const q of ['', 'user_country_id=UA', 'user_city_id=1', 'filter_from=1']) {
      const res = await get(people(ev, q));
      expect(res.body.status_code, q).toBe(200);
      expect(ids(res.body), q).toEqual([u.id]);
    }
  });

  it('refuses bad input with invalid_input and changes nothing', async () => {
    const ev = await newEvent();
    const u = await newUser();
    await join(ev, u.id);
    const before = await snapshot();
    const bad = [
      'limit=0',
      'offset=-1',
      'sort=email',
      `sort=${encodeURIComponent('name; DROP TABLE users')}`,
      `sort=${encodeURIComponent('name ASC')}`,
      'order=up',
      'sex=3',
      'age=7',
      'statuses=0',
      'statuses=abc',
      'interests=8',
      'user_country_id=ZZZ',
      'user_country_id=1',
      `q=${'x'.repeat(101)}`,
      'filter_from=3',
      'user_city_id=0',
      'menu_id=x',
      'only_friends=yes',
    ];
    for (const q of bad) {
      const res = await get(people(ev, q), u.token);
      expect(res.http, q).toBe(200);
      expect(res.body, q).toMatchObject({ status_code: 400, data: null, error: 'invalid_input' });
    }
    expect((await get('/api/events/get-event-people?menu_id=1', u.token)).body).toMatchObject({ status_code: 400, error: 'invalid_input' });
    expect((await get('/api/events/get-event-people?event_id=abc', u.token)).body).toMatchObject({ status_code: 400, error: 'invalid_input' });
    expect((await get(people(999999), u.token)).body).toMatchObject({ status_code: 404, error: 'event_not_found' });
    const removed = await newEvent();
    await s.app.db.updateTable('events').set({ deleted: true }).where('id', '=', removed).execute();
    expect((await get(people(removed), u.token)).body).toMatchObject({ status_code: 404, error: 'event_removed' });

    // SQL-looking text is only ever a search value; prototype keys are just unknown parameters.
    for (const q of [
      `q=${encodeURIComponent("'; DELETE FROM users; --")}`,
      `q=${encodeURIComponent("x' OR '1'='1")}`,
      '__proto__=1',
      'constructor[prototype]=x',
    ]) {
      const res = await get(people(ev, q), u.token);
      expect(res.body.status_code, q).toBe(200);
      if (q.startsWith('q=')) expect(res.body.data.results, q).toEqual([]);
      else expect(ids(res.body), q).toEqual([u.id]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lists the people directory without an event, under the same rules', async () => {
    const tag = `Dir${Date.now()}`;
    const a = await newUser({ first_name: tag, last_name: 'One' });
    const hidden = await newUser({ first_name: tag, last_name: 'Two' }, { hide_from_visitors: true });
    const res = await get(`/api/events/get-event-people?q=${tag}&sort=name&order=asc`);
    expect(ids(res.body)).toEqual([a.id]);
    expect(res.body.data.results[0]).toMatchObject({ event_checkin: null, role: null, menu_name: '' });
    expect(ids((await get(`/api/events/get-event-people?q=${tag}&sort=name&order=asc`, hidden.token)).body)).toEqual([a.id, hidden.id]);
  });
});

describe('GET /api/visitors/get-main-page-users', () => {
  it('lists people going to events that have not ended, by trip-status tab, with their next event and trip plan', async () => {
    const soon = await newEvent({ starts_in_hours: 24 });
    const later = await newEvent({ starts_in_hours: 72 });
    const past = await newEvent({ starts_in_hours: -72, duration_hours: 2 });
    const leaving = await newUser({}, { trip_status: 1 });
    await join(later, leaving.id);
    await createTicket(s.app.db, soon, leaving.id);
    await s.app.db.insertInto('trips').values({ event_id: soon, user_id: leaving.id, hotel: 'Bristol', transport_before: 'Train' }).execute();
    const secretTrip = await newUser({}, { trip_status: 2, hide_trip_plan: true });
    await join(soon, secretTrip.id);
    await s.app.db.insertInto('trips').values({ event_id: soon, user_id: secretTrip.id, hotel: 'Secret Hotel' }).execute();
    const gone = await newUser({}, { trip_status: 3 });
    await join(past, gone.id);
    const renting = await newUser({}, { trip_status: 4 });
    await join(soon, renting.id);
    const viewer = await newUser();

    const tab = async (name: string, extra = `&event_id=${soon}`) => {
      const res = await get(`/api/visitors/get-main-page-users?tab=${name}${extra}`, viewer.token);
      expect(res.body.status_code, name).toBe(200);
      return res.body.data;
    };
    expect(sorted(ids({ data: await tab('allVisitors') }))).toEqual(sorted([leaving.id, secretTrip.id, renting.id]));
    expect(ids({ data: await tab('leaveCity') })).toEqual([leaving.id]);
    expect(ids({ data: await tab('comingToTheCity') })).toEqual([]);
    expect(ids({ data: await tab('lookingForAccommodation') })).toEqual([]);
    expect(ids({ data: await tab('rentAnApartment') })).toEqual([renting.id]);
    const all = new Map((await tab('allVisitors')).results.map((r) => [r.id, r]));
    expect(all.get(leaving.id)!.trip).toEqual({ hotel: 'Bristol', transportBefore: 'Train', transportAfter: '' });
    expect(all.get(renting.id)!.trip).toEqual({ hotel: '', transportBefore: '', transportAfter: '' });
    expect(all.get(secretTrip.id)).toMatchObject({ trip: null, trip_status: 0 });
    expect(JSON.stringify(await tab('allVisitors'))).not.toContain('Secret Hotel');

    // Across all events, the person's soonest event is the one shown.
    const everywhere = await tab('leaveCity', '&limit=100');
    const entry = everywhere.results.find((r) => r.id === leaving.id)!;
    expect(entry.event_checkin).toMatchObject({ event_id: soon, accesses_by_tickets: true });
    expect(everywhere.results.some((r) => r.id === gone.id)).toBe(false);
    expect((await get('/api/visitors/get-main-page-users?tab=elsewhere')).body).toMatchObject({ status_code: 400, error: 'invalid_input' });
  });

  it('shows 16 people by default', async () => {
    const ev = await newEvent();
    for (let i = 0; i < 17; i++) {
      const u = await createUser(s.app.db);
      await join(ev, u.id);
    }
    const res = await get(`/api/visitors/get-main-page-users?event_id=${ev}`);
    expect(res.body.data.results).toHaveLength(16);
    expect(res.body.data.count).toBe(17);
    expect((await get(`/api/visitors/get-main-page-users?event_id=${ev}&limit=100000`)).body.data.results).toHaveLength(17);
  });
});

describe('favorites and likes', () => {
  it("toggles a favorite with GET, sets it with POST, and announces it to the user's devices", async () => {
    const me = await newUser();
    const other = await newUser();
    const hints: ChangeHint[] = [];
    const off = s.app.bus.subscribe(HINTS_CHANNEL, (m) => hints.push(m as ChangeHint));
    const url = `/api/visitors/set-favorite/${other.id}`;
    const seq = [];
    for (let i = 0; i < 3; i++) seq.push((await get(url, me.token)).body.data.result);
    expect(seq).toEqual([true, false, true]);
    expect((await post(url, { favorite: false }, me.token)).body.data).toEqual({ result: false, favorite: false });
    expect((await post(url, { favorite: false }, me.token)).body.data.result).toBe(false);
    expect((await post(url, undefined, me.token)).body.data.result).toBe(true);
    const row = await s.app.db
      .selectFrom('user_relations')
      .selectAll()
      .where('user_id', '=', me.id)
      .where('target_user_id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(row.favorite).toBe(true);
    await new Promise((r) => setImmediate(r));
    off();
    // relations is user-scoped: the hint goes to the user's own devices only.
    expect(hints).toContainEqual({ collections: ['relations'], userIds: [me.id] });

    const cross = await get(url, me.token, { 'sec-fetch-site': 'cross-site' });
    expect(cross.body).toMatchObject({ status_code: 403, error: 'forbidden' });
    expect((await get(url)).body).toMatchObject({ status_code: 403, error: 'auth_required' });
    expect((await get(`/api/visitors/set-favorite/${me.id}`, me.token)).body).toMatchObject({ status_code: 400, error: 'invalid_input' });
    // An id that names nobody answers like any other (see 'answer alike' below); nothing is stored for it.
    expect((await get('/api/visitors/set-favorite/999999', me.token)).body).toMatchObject({ status_code: 200, data: { result: true, favorite: true } });
    expect((await post(url, { favorite: 'maybe' }, me.token)).body).toMatchObject({ status_code: 400, error: 'invalid_input' });
    const after = await s.app.db
      .selectFrom('user_relations')
      .selectAll()
      .where('user_id', '=', me.id)
      .where('target_user_id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(row);
  });

  it('stores likes with 3 for a like returned, on both sides', async () => {
    const a = await newUser();
    const b = await newUser();
    const like = (from: TestUser, to: TestUser, status: number) => post('/api/user/like-user', { to_user_id: to.id, status }, from.token);
    const stored = async (from: TestUser, to: TestUser) =>
      (await s.app.db.selectFrom('user_relations').select('like_status').where('user_id', '=', from.id).where('target_user_id', '=', to.id).executeTakeFirst())
        ?.like_status;
    expect((await like(a, b, 2)).body.data).toEqual({ result: true, like_status: 2 });
    expect(await stored(a, b)).toBe(2);
    expect((await like(b, a, 2)).body.data.like_status).toBe(3);
    expect(await stored(a, b)).toBe(3);
    expect((await like(a, b, 1)).body.data.like_status).toBe(1);
    expect(await stored(b, a)).toBe(2);
    expect((await like(a, b, 2)).body.data.like_status).toBe(3);
    expect(await stored(b, a)).toBe(3);

    const before = await snapshot();
    for (const [payload, error] of [
      [{ to_user_id: b.id, status: 3 }, 'invalid_input'],
      [{ to_user_id: b.id, status: 0 }, 'invalid_input'],
      [{ to_user_id: a.id, status: 2 }, 'invalid_input'],
      [{ to_user_id: b.id }, 'invalid_input'],
      ['{"to_user_id": 1, "status": 2, "__proto__": {"admin": true}}', 'invalid_input'],
    ] as const) {
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/user/like-user',
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
        headers: { ...auth(a.token), 'content-type': 'application/json' },
      });
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ status_code: 400, error });
    }
    expect(await snapshot()).toEqual(before);
    expect((await post('/api/user/like-user', { to_user_id: b.id, status: 2 })).body).toMatchObject({ status_code: 403, error: 'auth_required' });
  });
});

describe('friends, favorites list and unread messages', () => {
  it('gives 8 friends by default, from either side of the friendship, without hidden people', async () => {
    const me = await newUser();
    const friends: TestUser[] = [];
    for (let i = 0; i < 9; i++) {
      const f = await newUser({ first_name: `Friend${String(i).padStart(2, '0')}` });
      friends.push(f);
      await s.app.db
        .insertInto('friends')
        .values(i % 2 ? { user_id: me.id, friend_id: f.id } : { user_id: f.id, friend_id: me.id })
        .execute();
    }
    const hidden = await newUser({ first_name: 'Friend99' }, { hide_from_visitors: true });
    await s.app.db.insertInto('friends').values({ user_id: me.id, friend_id: hidden.id }).execute();
    const first = await get('/api/user/get-friends', me.token);
    expect(ids(first.body)).toEqual(friends.slice(0, 8).map((f) => f.id));
    expect(first.body.data.count).toBe(9);
    expect(ids((await get('/api/user/get-friends?offset=8', me.token)).body)).toEqual([friends[8]!.id]);
    expect((await get('/api/user/get-friends')).body).toMatchObject({ status_code: 403, error: 'auth_required' });
    expect((await get('/api/user/get-friends', 'B'.repeat(43))).http).toBe(401);
    expect((await get('/api/user/get-friends?limit=100000', me.token)).body.data.count).toBe(9);
  });

  it('lists the people the user starred', async () => {
    const me = await newUser();
    const x = await newUser({ first_name: 'Alpha' });
    const y = await newUser({ first_name: 'Beta' });
    await post(`/api/visitors/set-favorite/${y.id}`, { favorite: true }, me.token);
    await post(`/api/visitors/set-favorite/${x.id}`, { favorite: true }, me.token);
    const res = await get('/api/user/get-favorites', me.token);
    expect(ids(res.body)).toEqual([x.id, y.id]);
    expect(res.body.data.results.every((r) => r.favorite === true)).toBe(true);
    expect((await get('/api/user/get-favorites')).body).toMatchObject({ status_code: 403, error: 'auth_required' });
  });

  it('counts messages sent to the user that they have not read', async () => {
    const me = await newUser();
    const x = await newUser();
    const y = await newUser();
    const dialog = async (p: number, q: number) =>
      (
        await s.app.db
          .insertInto('dialogs')
          .values({ user_a: Math.min(p, q), user_b: Math.max(p, q) })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const d1 = await dialog(me.id, x.id);
    const d2 = await dialog(me.id, y.id);
    const d3 = await dialog(x.id, y.id);
    await s.app.db
      .insertInto('messages')
      .values([
        { dialog_id: d1, sender_id: x.id, text: 'one' },
        { dialog_id: d1, sender_id: x.id, text: 'two', read_at: new Date() },
        { dialog_id: d1, sender_id: me.id, text: 'mine' },
        { dialog_id: d2, sender_id: y.id, text: 'three' },
        { dialog_id: d2, sender_id: y.id, text: 'gone', deleted: true },
        { dialog_id: d3, sender_id: x.id, text: 'not mine' },
      ])
      .execute();
    expect((await get('/api/user/get-unread-message', me.token)).body.data).toEqual({ count: 2 });
    expect((await get('/api/user/get-unread-message')).body).toMatchObject({ status_code: 403, error: 'auth_required' });
  });
});

describe('meetings-manager', () => {
  it("lists the event's categories, counts visible visitors in each, and lets a participant choose one", async () => {
    const ev = await newEvent();
    const me = await newUser();
    await join(ev, me.id);
    const a = await newUser({ city_id: 2, country_code: 'PL' });
    await join(ev, a.id, { checked_in: true, menu_id: 1 });
    const hidden = await newUser({ city_id: 3, country_code: 'DE' }, { hide_from_visitors: true });
    await join(ev, hidden.id, { checked_in: true, menu_id: 1 });
    const c = await newUser();
    await join(ev, c.id, { checked_in: true, menu_id: 2 });
    const outsider = await newUser();

    const cats = await get(`/api/meetings-manager/get-checkin-categories?event_id=${ev}`, me.token);
    expect(cats.body.data).toEqual({
      results: [
        { id: 1, category_id: 1, event_id: ev, name: 'Investor', count: 1 },
        { id: 2, category_id: 2, event_id: ev, name: 'Startup', count: 1 },
      ],
      count: 3,
    });
    const countries = await get(`/api/meetings-manager/get-checkin-countries?event_id=${ev}`, me.token);
    expect(countries.body.data.results.map((r) => [r.code, r.count])).toEqual([
      ['UA', 2],
      ['PL', 1],
    ]);
    expect(countries.text).not.toContain('Germany');
    const cities = await get(`/api/meetings-manager/get-checkin-cities?event_id=${ev}&user_country_id=PL`, me.token);
    expect(cities.body.data.results).toEqual([{ id: 2, name: 'Warsaw', count: 1, count_users_from: 1 }]);
    expect((await get(`/api/meetings-manager/get-checkin-cities?event_id=${ev}&q=KYI`, me.token)).body.data.results.map((r) => r.name)).toEqual(['Kyiv']);

    const categories = async (token?: string) => (await get(`/api/meetings-manager/get-categories?event_id=${ev}`, token)).body.data;
    expect(await categories(me.token)).toEqual({
      results: MENU.map((m) => ({ id: m.id, category_id: m.id, event_id: ev, name: m.name, sub_categories: [] })),
      selected: null,
    });
    const set = await post('/api/meetings-manager/add-user-categories', { event_id: ev, category_id: 2 }, me.token);
    expect(set.body.data).toEqual({ result: true, category_id: 2, event_id: ev });
    expect((await categories(me.token)).selected).toEqual({ category_id: 2, event_id: ev, sub_categories: [] });
    const mine = (await get(people(ev, 'menu_id=2&sort=name'), me.token)).body.data.results;
    expect(mine.find((r) => r.id === me.id)).toMatchObject({ menu_id: 2, menu_name: 'Startup' });
    // Query parameters work too, and 0 clears the choice.
    expect((await post(`/api/meetings-manager/add-user-categories?event_id=${ev}&category_id=1`, {}, me.token)).body.data.category_id).toBe(1);
    expect((await post('/api/meetings-manager/add-user-categories', { event_id: ev, categories: [0] }, me.token)).body.data.category_id).toBeNull();
    expect((await categories(me.token)).selected).toBeNull();

    const before = await snapshot();
    expect((await post('/api/meetings-manager/add-user-categories', { event_id: ev, category_id: 9 }, me.token)).body).toMatchObject({
      status_code: 400,
      error: 'invalid_input',
    });
    expect((await post('/api/meetings-manager/add-user-categories', { event_id: ev, category_id: 1 }, outsider.token)).body).toMatchObject({
      status_code: 403,
      error: 'participation_required',
    });
    expect((await post('/api/meetings-manager/add-user-categories', { event_id: 999999, category_id: 1 }, me.token)).body).toMatchObject({
      status_code: 404,
      error: 'event_not_found',
    });
    expect((await post('/api/meetings-manager/add-user-categories', { category_id: 1 }, me.token)).body).toMatchObject({
      status_code: 400,
      error: 'invalid_input',
    });
    expect((await post('/api/meetings-manager/add-user-categories', { event_id: ev, category_id: 1 })).body).toMatchObject({
      status_code: 403,
      error: 'auth_required',
    });
    expect(await snapshot()).toEqual(before);
    expect((await get('/api/meetings-manager/get-categories?event_id=999999')).body).toMatchObject({ status_code: 404, error: 'event_not_found' });
    expect((await get('/api/meetings-manager/get-checkin-countries?event_id=x')).body).toMatchObject({ status_code: 400, error: 'invalid_input' });
  });
});

describe('visitor commands through POST /sync/v1/commands', () => {
  const send = (token: string, commands: unknown[]) => s.app.inject({ method: 'POST', url: '/sync/v1/commands', headers: auth(token), payload: { commands } });
  const at = () => new Date().toISOString();

  it('applies visitor.like and visitor.favorite once however often they are replayed', async () => {
    const me = await newUser();
    const other = await newUser();
    const like = { id: `like-${me.id}-000001`, kind: 'visitor.like', payload: { user_id: other.id, status: 2 }, occurredAt: at() };
    const fav = { id: `fav-${me.id}-0000001`, kind: 'visitor.favorite', payload: { user_id: other.id, favorite: true }, occurredAt: at() };
    const first = (await send(me.token, [like, fav])).json();
    expect(first.results).toEqual([
      { id: like.id, status: 'applied', ids: [String(other.id)] },
      { id: fav.id, status: 'applied', ids: [String(other.id)] },
    ]);
    const row = await s.app.db
      .selectFrom('user_relations')
      .selectAll()
      .where('user_id', '=', me.id)
      .where('target_user_id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ like_status: 2, favorite: true });
    // The legacy toggle flips it off in between; replaying the command must not turn it back on.
    await get(`/api/visitors/set-favorite/${other.id}`, me.token);
    for (let i = 0; i < 2; i++) expect((await send(me.token, [like, fav])).json()).toEqual(first);
    const after = await s.app.db
      .selectFrom('user_relations')
      .selectAll()
      .where('user_id', '=', me.id)
      .where('target_user_id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({ like_status: 2, favorite: false });
    const stored = await s.app.db.selectFrom('commands').select('id').where('user_id', '=', me.id).execute();
    expect(stored).toHaveLength(2);
  });

  it('rejects bad visitor commands with a code and changes nothing', async () => {
    const me = await newUser();
    const other = await newUser();
    const before = await snapshot();
    const res = (
      await send(me.token, [
        { id: 'bad-like-status-1', kind: 'visitor.like', payload: { user_id: other.id, status: 3 }, occurredAt: at() },
        { id: 'bad-like-self-001', kind: 'visitor.like', payload: { user_id: me.id, status: 2 }, occurredAt: at() },
        { id: 'bad-fav-extra-001', kind: 'visitor.favorite', payload: { user_id: other.id, favorite: true, like_status: 3 }, occurredAt: at() },
      ])
    ).json();
    expect(res.results.map((r: CommandResult) => r.code)).toEqual(['invalid_input', 'invalid_input', 'invalid_input']);
    const after = await snapshot();
    expect(after.relations).toEqual(before.relations);
    expect(after.users).toEqual(before.users);
  });

  it('answer alike for a hidden, a disabled, a deleted and a missing person, so the answer tells no id apart', async () => {
    const me = await newUser();
    const open = await newUser();
    const hidden = await newUser({}, { hide_from_visitors: true });
    const disabled = await newUser();
    const deleted = await newUser();
    await setUser(disabled.id, { disabled: true });
    await setUser(deleted.id, { deleted: true });
    const newest = await s.app.db.selectFrom('users').select(s.app.db.fn.max('id').as('id')).executeTakeFirstOrThrow();
    const missing = Number(newest.id) + 1000;
    const answers: Pick<CommandResult, 'status' | 'code' | 'ids'>[] = [];
    for (const target of [open.id, hidden.id, disabled.id, deleted.id, missing]) {
      const res = (
        await send(me.token, [
          { id: `alike-like-${me.id}-${target}`, kind: 'visitor.like', payload: { user_id: target, status: 2 }, occurredAt: at() },
          { id: `alike-fav-${me.id}-${target}`, kind: 'visitor.favorite', payload: { user_id: target, favorite: true }, occurredAt: at() },
        ])
      ).json();
      answers.push(...res.results.map((r: CommandResult) => ({ status: r.status, code: r.code, ids: r.ids })));
      const legacy = (await post('/api/user/like-user', { to_user_id: target, status: 2 }, me.token)).body;
      expect(legacy, String(target)).toMatchObject({ status_code: 200, data: { result: true, like_status: 2 } });
    }
    const expected = (id: number) => [
      { status: 'applied', ids: [String(id)] },
      { status: 'applied', ids: [String(id)] },
    ];
    expect(answers).toEqual([open.id, hidden.id, disabled.id, deleted.id, missing].flatMap(expected));
    // What is recorded: the person's row for every account, nothing for an id that names nobody.
    const rows = await s.app.db
      .selectFrom('user_relations')
      .select(['target_user_id', 'like_status', 'favorite'])
      .where('user_id', '=', me.id)
      .orderBy('target_user_id')
      .execute();
    expect(rows).toEqual([open.id, hidden.id, disabled.id, deleted.id].map((id) => ({ target_user_id: id, like_status: 2, favorite: true })));
  });
});
