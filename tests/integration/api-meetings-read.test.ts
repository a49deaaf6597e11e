import { describe, expect, it } from 'vitest';
import { createEvent } from '../fixtures/factories.ts';
import { s, KYIV, TODAY, D, D2, at, get, post, newEvent, person, book, accept, serveMeetingsFiles } from './api-meetings-helpers.ts';

serveMeetingsFiles();

describe('GET /api/meetings/get-meeting-data', () => {
  it("gives each slot its status for the viewer and the other person, with the viewer's own meetings only", async () => {
    const ev = await newEvent({ tables: 2, places: {} });
    const [me, you] = [await person(ev), await person(ev)];
    const [t1, t2, t3, t4, t5, t6] = await Promise.all(Array.from({ length: 6 }, (_, i) => person(ev, { first_name: `P${i}` })));
    await book(ev, me, t1!, '10:00');
    const theirs = await book(ev, t2!, you, '10:15');
    await accept(theirs.id, you);
    await book(ev, t3!, me, '10:30');
    await book(ev, you, t4!, '10:30');
    await book(ev, t5!, t6!, '11:00');
    const [u1, u2] = [await person(ev), await person(ev)];
    await book(ev, u1, u2, '11:00');

    const r = await get(`/api/meetings/get-meeting-data?event_id=${ev}&user_id=${you.id}&date=${D}`, me);
    expect(r.body.status_code).toBe(200);
    const data = r.body.data;
    expect(data.dates).toEqual([TODAY, D, D2]);
    expect(data.timezone_obj).toEqual({ timezone: KYIV });
    expect(data.placeItems).toEqual({});
    expect(data.meetingAllowTimes.day).toBe(D);
    const times = data.meetingAllowTimes.times;
    expect(times).toHaveLength(8);
    const byStart = new Map(times.map((t) => [t.start, t]));
    expect(byStart.get(at('10:00'))).toMatchObject({
      status: 2,
      end: at('10:15'),
      where: 'Table 1',
      table_num: 1,
      user_info: { user_id: t1!.id, first_name: 'P0' },
    });
    expect(byStart.get(at('10:15'))).toEqual({ start: at('10:15'), end: at('10:30'), status: 3, exist_tables: true, exist_other_place: false });
    expect(byStart.get(at('10:30'))).toMatchObject({ status: 4, user_info: { user_id: t3!.id } });
    expect(byStart.get(at('11:00'))).toMatchObject({ status: 5, exist_tables: false, exist_other_place: false });
    expect(byStart.get(at('11:15'))).toMatchObject({ status: 1, exist_tables: true });

    // The other person's view of the same data: mine and theirs swap.
    const mirror = await get(`/api/meetings/get-meeting-data?event_id=${ev}&user_id=${me.id}&date=${D}`, you);
    const m2 = new Map(mirror.body.data.meetingAllowTimes.times.map((t) => [t.start, t]));
    expect(m2.get(at('10:00'))).toEqual({ start: at('10:00'), end: at('10:15'), status: 3, exist_tables: true, exist_other_place: false });
    expect(m2.get(at('10:15'))).toMatchObject({ status: 2, user_info: { user_id: t2!.id } });

    // Today's only slot has begun: asked for, today shows it as not bookable; without a date the
    // picker opens on the first day with a slot still to start, not on a day with nothing to book.
    const today = await get(`/api/meetings/get-meeting-data?event_id=${ev}&user_id=${you.id}&date=${TODAY}`, me);
    expect(today.body.data.meetingAllowTimes.times).toEqual([
      { start: at('00:00', TODAY), end: at('00:15', TODAY), status: 5, exist_tables: true, exist_other_place: false },
    ]);
    const first = await get(`/api/meetings/get-meeting-data?event_id=${ev}&user_id=${you.id}`, me);
    expect(first.body.data.meetingAllowTimes.day).toBe(D);
  });

  it('answers the catalogue codes: 400 input, 403 auth or no ticket, 404 event or person', async () => {
    const ev = await newEvent({ places: { '1': 'Lounge', '2': 'Cafe' } });
    const [me, you] = [await person(ev), await person(ev)];
    const outsider = await person(null);
    expect((await get(`/api/meetings/get-meeting-data?event_id=${ev}&user_id=${you.id}`, me)).body.data.placeItems).toEqual({ '1': 'Lounge', '2': 'Cafe' });
    expect((await get(`/api/meetings/get-meeting-data?event_id=${ev}`, me)).body.status_code).toBe(400);
    expect((await get(`/api/meetings/get-meeting-data?event_id=${ev}&user_id=${you.id}`, null)).body).toMatchObject({
      status_code: 403,
      error: 'auth_required',
    });
    expect((await get(`/api/meetings/get-meeting-data?event_id=${ev}&user_id=${you.id}`, outsider)).body).toMatchObject({
      status_code: 403,
      error: 'ticket_required',
    });
    expect((await get(`/api/meetings/get-meeting-data?event_id=${ev}&user_id=${outsider.id}`, me)).body).toMatchObject({
      status_code: 404,
      error: 'not_found',
    });
    expect((await get(`/api/meetings/get-meeting-data?event_id=999999&user_id=${you.id}`, me)).body).toMatchObject({
      status_code: 404,
      error: 'event_not_found',
    });
  });

  it("offers the event's own span in 15-minute slots when it has no meeting settings", async () => {
    const ev = await newEvent({ noSettings: true });
    const [me, you] = [await person(ev), await person(ev)];
    const r = await get(`/api/meetings/get-meeting-data?event_id=${ev}&user_id=${you.id}&date=${D}`, me);
    const times = r.body.data.meetingAllowTimes.times;
    expect(times.length).toBeGreaterThanOrEqual(23 * 4);
    expect(times.every((t) => t.end - t.start === 900 && t.exist_other_place === true && t.status === 1)).toBe(true);
    const m = await book(ev, me, you, null, { time_start: times[3]!.start, any_time: false });
    expect(m).toMatchObject({ where_type: 2, place: 5, where: '', table_num: null });
  });
});

describe('GET /api/meetings/{id}', () => {
  it('reads a meeting for its two people, 203 once closed, 403 for others, 404 for none', async () => {
    const ev = await newEvent();
    const a = await person(ev, { phone: '+380 1' });
    const b = await person(ev, { phone: '+380 2' });
    const stranger = await person(ev);
    await s.app.db.updateTable('users').set({ hide_phone: true }).where('id', '=', b.id).execute();
    const m = await book(ev, a, b, '10:00');
    expect((await get(`/api/meetings/${m.id}`, a)).body).toMatchObject({ status_code: 200, data: { id: m.id, user_info: { user_id: b.id, phone: '' } } });
    expect((await get(`/api/meetings/${m.id}`, b)).body).toMatchObject({ status_code: 200, data: { id: m.id, user_info: { user_id: a.id, phone: '+380 1' } } });
    expect((await get(`/api/meetings/${m.id}`, stranger)).body).toMatchObject({ status_code: 403, error: 'forbidden', data: null });
    expect((await get('/api/meetings/999999', a)).body).toMatchObject({ status_code: 404, error: 'appointment_not_found' });
    expect((await get('/api/meetings/abc', a)).body.status_code).toBe(400);
    await post('/api/meetings/reject-meeting', { meeting_id: m.id, reason: 'x' }, b);
    expect((await get(`/api/meetings/${m.id}`, a)).body).toMatchObject({
      status_code: 203,
      error: 'appointment_canceled_before',
      data: { id: m.id, status: 'rejected' },
    });
  });
});

describe('GET /api/meetings/my-meeting', () => {
  it("lists my events with counts, then one event's meetings with its timezone, paged and by role", async () => {
    const evA = await newEvent();
    const evB = await newEvent();
    const evPast = await createEvent(s.app.db, { starts_in_hours: -72, duration_hours: 4 });
    const me = await person(evA);
    await s.app.db.insertInto('user_events').values({ event_id: evB, user_id: me.id, checked_in: true }).execute();
    await s.app.db.insertInto('user_events').values({ event_id: evPast.id, user_id: me.id, checked_in: true }).execute();
    const others = await Promise.all(Array.from({ length: 3 }, () => person(evA)));
    await s.app.db.updateTable('user_events').set({ role: 'speaker' }).where('user_id', '=', others[2]!.id).execute();
    await book(evA, me, others[0]!, '10:00');
    await book(evA, others[1]!, me, '10:15');
    await book(evA, me, others[2]!, null);

    const events = await get('/api/meetings/my-meeting?for_all_events=1', me);
    expect(events.body.status_code).toBe(200);
    expect(events.body.data.count_data).toBe(3);
    const list = events.body.data.data;
    expect(list.map((e) => [e.event_id, e.count])).toEqual([
      [evA, 3],
      [evB, 0],
      [evPast.id, 0],
    ]);
    expect(list[0]).toMatchObject({ name: expect.any(String), when: expect.any(Number), timezone: KYIV });
    const page2 = await get('/api/meetings/my-meeting?for_all_events=1&limit=1&offset=1', me);
    expect(page2.body.data.data.map((e) => e.event_id)).toEqual([evB]);

    const mine = await get(`/api/meetings/my-meeting?event_id=${evA}&offset=0&limit=2`, me);
    expect(mine.body.data).toMatchObject({ count: 3, timezone: KYIV });
    expect(mine.body.data.results.map((r) => [r.time_start, r.timezone])).toEqual([
      [at('10:00'), KYIV],
      [at('10:15'), KYIV],
    ]);
    const rest = await get(`/api/meetings/my-meeting?event_id=${evA}&offset=2&limit=2`, me);
    expect(rest.body.data.results.map((r) => r.any_time)).toEqual([true]);
    const speakers = await get(`/api/meetings/my-meeting?event_id=${evA}&role=4`, me);
    expect(speakers.body.data).toMatchObject({ count: 1, results: [{ user_info: { user_id: others[2]!.id, role: 'speaker' } }] });
    expect((await get(`/api/meetings/my-meeting?event_id=${evA}&role=1`, me)).body.data.count).toBe(3);

    // Nobody else's meetings show: the counterpart sees only their own.
    expect((await get(`/api/meetings/my-meeting?event_id=${evA}`, others[0]!)).body.data.count).toBe(1);
    expect((await get('/api/meetings/my-meeting', me)).body).toMatchObject({ status_code: 400 });
    expect((await get('/api/meetings/my-meeting?event_id=999999', me)).body).toMatchObject({ status_code: 404 });
    expect((await get('/api/meetings/my-meeting?for_all_events=1', null)).body).toMatchObject({ status_code: 403 });
  });
});
