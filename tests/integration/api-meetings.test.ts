import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../fixtures/server.ts';
import { createEvent, createTicket, createUser } from '../fixtures/factories.ts';
import type { Envelope } from '../fixtures/envelope.ts';
import { createSession } from '../../server/domain/auth/sessions.ts';
import { addDays, localDateOf, zonedToUnix } from '../../contract/appointments.ts';
import { HINTS_CHANNEL, type ChangeHint } from '../../server/domain/effects.ts';

/**
 * The legacy appointment calls (networking.md §7–8) through inject: every transition with the
 * catalogue's codes, the availability call, my appointments, and the rule that only the two people
 * of a meeting can read it or act on it.
 */

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

/** A slot of the meeting grid as far as these tests read it. */
interface Slot {
  start: number;
  end: number;
  status: number;
  exist_other_place: boolean;
}
/** A meeting, an event of the meetings list or a row of my meetings, as far as these tests read them. */
interface Item {
  id: number;
  event_id: number;
  count: number;
  time_start: number | null;
  timezone: string;
  any_time: boolean;
  table_num: number | null;
}
/** The data of the answers these tests read; each call answers some of these fields. */
interface Answer extends Item {
  dates: string[];
  timezone_obj: unknown;
  placeItems: unknown;
  meetingAllowTimes: { day: string; times: Slot[] };
  video_link: string;
  count_data: number;
  data: Item[];
  results: Item[];
}
/** Fields of a meeting request that a test sets apart from the usual ones. */
type RequestOver = { date?: string } & Record<string, unknown>;
const KYIV = 'Europe/Kyiv';
const TODAY = localDateOf(Math.floor(Date.now() / 1000), KYIV);
const D = addDays(TODAY, 2);
const D2 = addDays(TODAY, 3);
const at = (time: string, day = D) => zonedToUnix(day, time, KYIV);

interface Person {
  id: number;
  token: string;
}

async function call(method: 'GET' | 'POST', url: string, who?: Person | null, payload?: unknown, headers: Record<string, string> = {}) {
  const res = await s.app.inject({
    method,
    url,
    payload: payload as string,
    headers: { ...(who ? { authorization: `Bearer ${who.token}` } : {}), ...headers },
  });
  return { http: res.statusCode, body: res.json() as Envelope<Answer> };
}
const get = (url: string, who?: Person | null) => call('GET', url, who);
const post = (url: string, payload: unknown, who?: Person | null) => call('POST', url, who, payload);

/** An event with meeting settings: 2 tables, the named place "Lounge" unless told otherwise. */
async function newEvent(over: { online?: boolean; tables?: number; places?: Record<string, string>; is_free?: boolean; noSettings?: boolean } = {}) {
  const e = await createEvent(s.app.db, { starts_in_hours: -1, duration_hours: 24 * 6, is_webinar: over.online ?? false, is_free: over.is_free ?? true });
  if (!over.noSettings) {
    await s.app.db
      .insertInto('meeting_settings')
      .values({
        event_id: e.id,
        slot_minutes: 15,
        tables_count: over.tables ?? 2,
        places: JSON.stringify(over.places ?? { '1': 'Lounge' }),
        allowed_times: JSON.stringify([
          { day: TODAY, from: '00:00', to: '00:15' },
          { day: D, from: '10:00', to: '12:00' },
          { day: D2, from: '10:00', to: '11:00' },
        ]),
      })
      .execute();
  }
  return e.id;
}

/** A visitor of the event: checked in to a free event (or with a ticket when asked). */
async function person(eventId: number | null, over: { phone?: string; ticket?: boolean; checkIn?: boolean; first_name?: string } = {}): Promise<Person> {
  const u = await createUser(s.app.db, over.first_name ? { first_name: over.first_name } : {});
  if (over.phone) await s.app.db.updateTable('users').set({ phone: over.phone }).where('id', '=', u.id).execute();
  if (eventId !== null) {
    if (over.checkIn !== false) {
      await s.app.db.insertInto('user_events').values({ event_id: eventId, user_id: u.id, checked_in: true, checked_in_at: new Date() }).execute();
    }
    if (over.ticket) await createTicket(s.app.db, eventId, u.id);
  }
  return { id: u.id, token: await createSession(s.app.db, u.id) };
}

function request(eventId: number, to: Person, time: string | null, over: RequestOver = {}) {
  return {
    event_id: eventId,
    user_id: to.id,
    date: over.date ?? D,
    comment: 'Let us talk',
    any_time: time === null,
    ...(time === null ? {} : { time_start: at(time, over.date ?? D), time_end: at(time, over.date ?? D) + 900 }),
    ...over,
  };
}

async function book(eventId: number, from: Person, to: Person, time: string | null, over: RequestOver = {}) {
  const r = await post('/api/meetings/create-meeting', request(eventId, to, time, over), from);
  expect(r.body.status_code, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}

async function accept(meetingId: number, by: Person) {
  const r = await post('/api/meetings/approve-meeting', { meeting_id: meetingId }, by);
  expect(r.body.status_code, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}

const row = (id: number) => s.app.db.selectFrom('appointments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const counts = (eventId: number) =>
  s.app.db.selectFrom('events').select(['meetings_count', 'visitors_with_appointments_count']).where('id', '=', eventId).executeTakeFirstOrThrow();
/** Puts a meeting's start `minutesAgo` minutes in the past (setup for "has begun"). */
async function moveToPast(id: number, minutesAgo: number) {
  await sql`UPDATE appointments SET starts_at = now() - make_interval(mins => ${minutesAgo}), ends_at = now() - make_interval(mins => ${minutesAgo - 15}) WHERE id = ${id}`.execute(
    s.app.db,
  );
}

describe('POST /api/meetings/create-meeting', () => {
  it('creates a pending request at the first free table and answers it as the requester sees it', async () => {
    const ev = await newEvent();
    const anna = await person(ev, { first_name: 'Anna' });
    const bohdan = await person(ev, { first_name: 'Bohdan', phone: '+380501112233' });
    const hints: ChangeHint[] = [];
    const off = s.app.bus.subscribe(HINTS_CHANNEL, (m) => hints.push(m as ChangeHint));
    const m = await book(ev, anna, bohdan, '10:00');
    expect(m).toMatchObject({
      event_id: ev,
      from_user_id: anna.id,
      to_user_id: bohdan.id,
      user_id: bohdan.id,
      date: D,
      time_start: at('10:00'),
      time_end: at('10:15'),
      any_time: false,
      comment: 'Let us talk',
      request_msg: 'Let us talk',
      where: 'Table 1',
      where_type: 1,
      table_num: 1,
      place: null,
      response: null,
      status: 'pending',
      timezone: KYIV,
      video_link: '',
      user_info: { user_id: bohdan.id, first_name: 'Bohdan', phone: '+380501112233' },
    });
    // The next pair in the same slot gets the next table.
    const c = await person(ev);
    const d = await person(ev);
    expect((await book(ev, c, d, '10:00')).table_num).toBe(2);
    await new Promise((r) => setImmediate(r));
    off();
    // Devices are told to pull; which devices depends on the collection being user-scoped (the
    // effect names both people, see appointments-commands.test.ts).
    expect(hints.flatMap((h) => h.collections)).toContain('appointments');
  });

  it("answers the catalogue errors for taken times, pairs and the requester's own conflicts", async () => {
    const ev = await newEvent();
    const [a, b, c, d] = [await person(ev), await person(ev), await person(ev), await person(ev)];
    await book(ev, a, b, '10:00');
    // b is busy (pending blocks the slot for both): unavailable for c.
    expect((await post('/api/meetings/create-meeting', request(ev, b, '10:00'), c)).body).toMatchObject({
      status_code: 400,
      error: 'appointment_time_unavailable',
    });
    // a is busy: "You have appointment at this time".
    expect((await post('/api/meetings/create-meeting', request(ev, c, '10:00'), a)).body).toMatchObject({
      status_code: 400,
      error: 'appointment_conflict_mine',
    });
    // A second open request between a and b, whoever asks and whenever.
    expect((await post('/api/meetings/create-meeting', request(ev, a, '11:00'), b)).body).toMatchObject({ status_code: 400, error: 'appointment_exists' });
    // Off the grid, a day without windows, a slot that has begun.
    expect((await post('/api/meetings/create-meeting', { ...request(ev, d, '10:00'), time_start: at('10:05'), time_end: at('10:20') }, c)).body.error).toBe(
      'appointment_time_unavailable',
    );
    expect((await post('/api/meetings/create-meeting', request(ev, d, '10:00', { date: addDays(D, 4) }), c)).body.error).toBe('appointment_time_unavailable');
    expect((await post('/api/meetings/create-meeting', request(ev, d, '00:00', { date: TODAY }), c)).body.error).toBe('appointment_time_unavailable');
    expect(await s.app.db.selectFrom('appointments').select('id').where('event_id', '=', ev).execute()).toHaveLength(1);
  });

  it('uses other places when tables run out, place 5 and named places, and refuses a full slot', async () => {
    const ev = await newEvent({ tables: 1, places: { '1': 'Lounge', '3': 'Terrace' } });
    const p = await Promise.all(Array.from({ length: 8 }, () => person(ev)));
    expect(await book(ev, p[0]!, p[1]!, '10:00')).toMatchObject({ where_type: 1, table_num: 1, place: null });
    expect(await book(ev, p[2]!, p[3]!, '10:00')).toMatchObject({ where_type: 2, table_num: null, place: 1, where: 'Lounge' });
    expect(await book(ev, p[4]!, p[5]!, '10:15', { place: 5 })).toMatchObject({ where_type: 2, place: 1, where: 'Lounge' });
    expect(await book(ev, p[6]!, p[7]!, '10:15', { place: 3 })).toMatchObject({ where_type: 2, place: 3, where: 'Terrace' });
    expect((await post('/api/meetings/create-meeting', request(ev, p[1]!, '10:30', { place: 7 }), p[6]!)).body).toMatchObject({
      status_code: 400,
      error: 'invalid_input',
    });

    const tablesOnly = await newEvent({ tables: 1, places: {} });
    const q = await Promise.all(Array.from({ length: 4 }, () => person(tablesOnly)));
    await book(tablesOnly, q[0]!, q[1]!, '10:00');
    expect((await post('/api/meetings/create-meeting', request(tablesOnly, q[3]!, '10:00'), q[2]!)).body.error).toBe('appointment_time_unavailable');
  });

  it('books any-time requests with a date and no time, on meeting days that have not passed', async () => {
    const ev = await newEvent();
    const [a, b, c] = [await person(ev), await person(ev), await person(ev)];
    const m = await book(ev, a, b, null);
    expect(m).toMatchObject({ any_time: true, time_start: null, time_end: null, date: D, where_type: null, table_num: null });
    // It blocks no slot but does count as the pair's open appointment.
    await book(ev, a, c, '10:00');
    expect((await post('/api/meetings/create-meeting', request(ev, a, '10:30'), b)).body.error).toBe('appointment_exists');
    expect((await post('/api/meetings/create-meeting', request(ev, c, null, { date: addDays(TODAY, -1) }), b)).body.error).toBe('appointment_time_unavailable');
    expect((await post('/api/meetings/create-meeting', { ...request(ev, c, null), any_time: false }, b)).body.error).toBe('invalid_input');
  });

  it("needs the requester's phone for an online event", async () => {
    const ev = await newEvent({ online: true, tables: 0, places: {} });
    const noPhone = await person(ev);
    const withPhone = await person(ev, { phone: '+48 600 100 200' });
    const other = await person(ev);
    expect((await post('/api/meetings/create-meeting', request(ev, other, '10:00'), noPhone)).body).toMatchObject({
      status_code: 400,
      error: 'phone_required',
    });
    expect(await book(ev, withPhone, other, '10:00')).toMatchObject({ where_type: null, table_num: null, place: null, where: '', is_online: true });
  });

  it('needs a ticket (or a check-in to a free event) and a visible visitor to ask', async () => {
    const paid = await newEvent({ is_free: false });
    const checkedInOnly = await person(paid);
    const holder = await person(paid, { ticket: true, checkIn: false });
    const target = await person(paid, { ticket: true, checkIn: false });
    expect((await post('/api/meetings/create-meeting', request(paid, target, '10:00'), checkedInOnly)).body).toMatchObject({
      status_code: 403,
      error: 'ticket_required',
    });
    await book(paid, holder, target, '10:00');

    const free = await newEvent();
    const me = await person(free);
    const outsider = await person(null);
    const hidden = await person(free);
    await s.app.db.updateTable('users').set({ hide_from_visitors: true }).where('id', '=', hidden.id).execute();
    expect((await post('/api/meetings/create-meeting', request(free, outsider, '10:00'), me)).body).toMatchObject({ status_code: 404, error: 'not_found' });
    expect((await post('/api/meetings/create-meeting', request(free, hidden, '10:00'), me)).body).toMatchObject({ status_code: 404, error: 'not_found' });
    expect((await post('/api/meetings/create-meeting', request(free, me, '10:00'), outsider)).body.error).toBe('ticket_required');
  });

  it('answers 400 for bad input, 404 for unknown or removed events, 403 for guests and 401 for a dead session', async () => {
    const ev = await newEvent();
    const [a, b] = [await person(ev), await person(ev)];
    expect((await post('/api/meetings/create-meeting', request(ev, a, '10:00'), a)).body).toMatchObject({ status_code: 400, error: 'invalid_input' });
    expect((await post('/api/meetings/create-meeting', { ...request(ev, b, '10:00'), date: 'tomorrow' }, a)).body).toMatchObject({ status_code: 400 });
    expect((await post('/api/meetings/create-meeting', { user_id: b.id }, a)).body).toMatchObject({ status_code: 400 });
    expect((await post('/api/meetings/create-meeting', request(999999, b, '10:00'), a)).body).toMatchObject({ status_code: 404, error: 'event_not_found' });
    const removed = await newEvent();
    await s.app.db.updateTable('events').set({ deleted: true }).where('id', '=', removed).execute();
    expect((await post('/api/meetings/create-meeting', request(removed, b, '10:00'), a)).body).toMatchObject({ status_code: 404, error: 'event_removed' });
    const guest = await post('/api/meetings/create-meeting', request(ev, b, '10:00'), null);
    expect(guest).toMatchObject({ http: 200, body: { status_code: 403, error: 'auth_required' } });
    const dead = await post('/api/meetings/create-meeting', request(ev, b, '10:00'), { id: a.id, token: 'x'.repeat(43) });
    expect(dead.http).toBe(401);
    expect(await s.app.db.selectFrom('appointments').select('id').where('event_id', '=', ev).execute()).toEqual([]);
  });

  it("accepts the old clients' strings and form bodies", async () => {
    const ev = await newEvent();
    const [a, b, c] = [await person(ev), await person(ev), await person(ev)];
    const strings = await post(
      '/api/meetings/create-meeting',
      {
        event_id: String(ev),
        user_id: String(b.id),
        date: D,
        comment: 'hi',
        any_time: 'false',
        time_start: String(at('10:30')),
        time_end: String(at('10:45')),
        place: '',
      },
      a,
    );
    expect(strings.body).toMatchObject({ status_code: 200, data: { time_start: at('10:30'), from_user_id: a.id } });
    const form = await s.app.inject({
      method: 'POST',
      url: '/api/meetings/create-meeting',
      headers: { authorization: `Bearer ${c.token}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        event_id: String(ev),
        user_id: String(a.id),
        date: D,
        comment: 'form',
        any_time: '0',
        time_start: String(at('11:00')),
      }).toString(),
    });
    expect(form.json()).toMatchObject({ status_code: 200, data: { time_start: at('11:00'), comment: 'form' } });
  });
});

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

    // Today's slot has begun; without a date the first day that has not passed is shown.
    const today = await get(`/api/meetings/get-meeting-data?event_id=${ev}&user_id=${you.id}&date=${TODAY}`, me);
    expect(today.body.data.meetingAllowTimes.times).toEqual([
      { start: at('00:00', TODAY), end: at('00:15', TODAY), status: 5, exist_tables: true, exist_other_place: false },
    ]);
    const first = await get(`/api/meetings/get-meeting-data?event_id=${ev}&user_id=${you.id}`, me);
    expect(first.body.data.meetingAllowTimes.day).toBe(TODAY);
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

describe('approve, reject, cancel', () => {
  it('approve: the recipient accepts; then 201 approved before; the requester gets 202', async () => {
    const ev = await newEvent();
    const [a, b] = [await person(ev), await person(ev)];
    const m = await book(ev, a, b, '10:00');
    expect((await post('/api/meetings/approve-meeting', { meeting_id: m.id }, a)).body).toMatchObject({
      status_code: 202,
      error: 'appointment_status_changed',
    });
    const ok = await post('/api/meetings/approve-meeting', { meeting_id: m.id }, b);
    expect(ok.body).toMatchObject({ status_code: 200, data: { id: m.id, response: 1, status: 'accepted', user_info: { user_id: a.id } } });
    expect(ok.body.data.video_link).toBe(`/api/manage-meeting/join-by-meeting?meeting_id=${m.id}`);
    expect(await counts(ev)).toEqual({ meetings_count: 1, visitors_with_appointments_count: 2 });
    expect((await post('/api/meetings/approve-meeting', { meeting_id: String(m.id) }, b)).body).toMatchObject({
      status_code: 201,
      error: 'appointment_approved_before',
    });
    expect((await post('/api/meetings/approve-meeting', { meeting_id: 999999 }, b)).body).toMatchObject({ status_code: 404, error: 'appointment_not_found' });
  });

  it('reject: a rejection by the recipient, a cancellation by anyone else, 203 after', async () => {
    const ev = await newEvent();
    const [a, b, c] = [await person(ev), await person(ev), await person(ev)];
    const m1 = await book(ev, a, b, '10:00');
    const r1 = await post('/api/meetings/reject-meeting', { meeting_id: m1.id, reason: 'Busy then' }, b);
    expect(r1.body).toMatchObject({
      status_code: 200,
      data: { response: 3, status: 'rejected', canceled_by: null, response_msg: 'Busy then', table_num: 1, where: 'Table 1' },
    });
    expect((await post('/api/meetings/reject-meeting', { meeting_id: m1.id, reason: 'again' }, a)).body).toMatchObject({
      status_code: 203,
      error: 'appointment_canceled_before',
    });
    // After a rejection the slot and the pair are free again: "make appointment again".
    const m2 = await book(ev, a, b, '10:00');
    const r2 = await post('/api/meetings/reject-meeting', { meeting_id: m2.id }, a);
    expect(r2.body.data).toMatchObject({ status: 'canceled', canceled_by: a.id, response_msg: '' });
    // Calling off an accepted meeting lowers the counters.
    const m3 = await book(ev, c, a, '10:15');
    await accept(m3.id, a);
    expect(await counts(ev)).toEqual({ meetings_count: 1, visitors_with_appointments_count: 2 });
    const r3 = await post('/api/meetings/reject-meeting', { meeting_id: m3.id, reason: 'Sorry' }, a);
    expect(r3.body.data).toMatchObject({ status: 'canceled', canceled_by: a.id });
    expect(await counts(ev)).toEqual({ meetings_count: 0, visitors_with_appointments_count: 0 });
    expect((await post('/api/meetings/approve-meeting', { meeting_id: m3.id }, c)).body).toMatchObject({ status_code: 202 });
    expect((await post('/api/meetings/reject-meeting', { meeting_id: 999999, reason: '' }, a)).body).toMatchObject({ status_code: 404 });
  });

  it('nothing can be answered or called off once the meeting has begun', async () => {
    const ev = await newEvent();
    const [a, b, c, d] = [await person(ev), await person(ev), await person(ev), await person(ev)];
    const pending = await book(ev, a, b, '10:00');
    const agreed = await book(ev, c, d, '10:15');
    await accept(agreed.id, d);
    // Different times, or the two would share table 1 and the database would refuse the setup.
    await moveToPast(pending.id, 5);
    await moveToPast(agreed.id, 40);
    const before = [await row(pending.id), await row(agreed.id)];
    expect((await post('/api/meetings/approve-meeting', { meeting_id: pending.id }, b)).body).toMatchObject({ status_code: 400, error: 'appointment_started' });
    expect((await post('/api/meetings/reject-meeting', { meeting_id: pending.id, reason: 'late' }, b)).body.error).toBe('appointment_started');
    expect((await post('/api/meetings/reject-meeting', { meeting_id: agreed.id, reason: 'late' }, c)).body.error).toBe('appointment_started');
    expect((await post('/api/meetings/create-meeting', request(ev, d, '11:00', { meeting_id: agreed.id }), c)).body.error).toBe('appointment_started');
    expect([await row(pending.id), await row(agreed.id)]).toEqual(before);
    // A request that went unanswered can still be moved to a new time by its requester.
    const moved = await post('/api/meetings/create-meeting', request(ev, b, '11:30', { meeting_id: pending.id }), a);
    expect(moved.body).toMatchObject({ status_code: 200, data: { id: pending.id, time_start: at('11:30'), response: null } });
  });
});

describe('editing (create-meeting with meeting_id)', () => {
  it('moves a request, keeps its table in the same slot and refuses the recipient', async () => {
    const ev = await newEvent({ tables: 3 });
    const [a, b, c, d] = [await person(ev), await person(ev), await person(ev), await person(ev)];
    await book(ev, c, d, '10:00');
    const m = await book(ev, a, b, '10:00');
    expect(m.table_num).toBe(2);
    const same = await post('/api/meetings/create-meeting', request(ev, b, '10:00', { meeting_id: m.id, comment: 'new words' }), a);
    expect(same.body.data).toMatchObject({ id: m.id, table_num: 2, comment: 'new words' });
    const moved = await post('/api/meetings/create-meeting', request(ev, b, '11:00', { meeting_id: m.id }), a);
    expect(moved.body.data).toMatchObject({ id: m.id, time_start: at('11:00'), table_num: 1 });
    expect((await post('/api/meetings/create-meeting', request(ev, a, '11:15', { meeting_id: m.id }), b)).body).toMatchObject({
      status_code: 202,
      error: 'appointment_status_changed',
    });
    expect((await post('/api/meetings/create-meeting', request(ev, c, '11:15', { meeting_id: m.id }), a)).body).toMatchObject({
      status_code: 400,
      error: 'invalid_input',
    });
    // The old slot is free again for b.
    await book(ev, await person(ev), b, '10:00');
  });

  it('an accepted meeting edited by either person goes back to pending, from the editor', async () => {
    const ev = await newEvent();
    const [a, b] = [await person(ev), await person(ev)];
    const m = await book(ev, a, b, '10:00');
    await accept(m.id, b);
    const edited = await post('/api/meetings/create-meeting', request(ev, a, '10:45', { meeting_id: m.id }), b);
    expect(edited.body.data).toMatchObject({ id: m.id, from_user_id: b.id, to_user_id: a.id, response: null, time_start: at('10:45') });
    expect(await counts(ev)).toEqual({ meetings_count: 0, visitors_with_appointments_count: 0 });
    // a now answers it.
    expect((await post('/api/meetings/approve-meeting', { meeting_id: m.id }, a)).body.data).toMatchObject({ response: 1 });
    await post('/api/meetings/reject-meeting', { meeting_id: m.id, reason: 'no' }, a);
    expect((await post('/api/meetings/create-meeting', request(ev, b, '11:00', { meeting_id: m.id }), a)).body).toMatchObject({
      status_code: 203,
      error: 'appointment_canceled_before',
    });
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

describe('only the two people can act', () => {
  it('a third user gets 403 (or 404) on every call and changes nothing', async () => {
    const ev = await newEvent();
    const [a, b, stranger] = [await person(ev), await person(ev), await person(ev)];
    const pending = await book(ev, a, b, '10:00');
    const agreed = await book(ev, a, await person(ev), '10:30');
    await s.app.db.updateTable('appointments').set({ response: 1 }).where('id', '=', agreed.id).execute();
    const snapshot = async () => s.app.db.selectFrom('appointments').selectAll().where('event_id', '=', ev).orderBy('id').execute();
    const before = await snapshot();
    const attempts = [
      await post('/api/meetings/approve-meeting', { meeting_id: pending.id }, stranger),
      await post('/api/meetings/reject-meeting', { meeting_id: pending.id, reason: 'x' }, stranger),
      await post('/api/meetings/reject-meeting', { meeting_id: agreed.id, reason: 'x' }, stranger),
      await post('/api/meetings/create-meeting', request(ev, b, '11:00', { meeting_id: pending.id }), stranger),
      await get(`/api/meetings/${pending.id}`, stranger),
      await get(`/api/manage-meeting/join-by-meeting?meeting_id=${agreed.id}`, stranger),
      await get(`/api/manage-meeting/join?meetingId=${agreed.id}`, stranger),
      await post('/api/manage-meeting/get-users-links-to-invite', { usersIds: [stranger.id], meetingId: agreed.id }, stranger),
    ];
    for (const r of attempts) expect(r.body, JSON.stringify(r.body)).toMatchObject({ status_code: 403, error: 'forbidden', data: null });
    expect(await snapshot()).toEqual(before);
    expect((await get(`/api/meetings/my-meeting?event_id=${ev}`, stranger)).body.data.count).toBe(0);
  });
});
