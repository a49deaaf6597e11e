import { describe, expect, it } from 'vitest';
import { createTicket, createUser } from '../fixtures/factories.ts';
import { s, get, post, type TestUser, newUser, join, newEvent, ids, sorted, serveVisitorsFiles } from './api-visitors-helpers.ts';

serveVisitorsFiles();

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
