import { describe, expect, it } from 'vitest';
import { createTicket } from '../fixtures/factories.ts';
import { countryIdOf } from '../../contract/visitors.ts';
import { s, YEAR, get, post, newUser, setUser, join, newEvent, people, ids, sorted, snapshot, serveVisitorsFiles } from './api-visitors-helpers.ts';

serveVisitorsFiles();

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
