import { describe, expect, it } from 'vitest';
import { addDays } from '../../contract/appointments.ts';
import { HINTS_CHANNEL, type ChangeHint } from '../../server/domain/effects.ts';
import { s, KYIV, TODAY, D, at, post, newEvent, person, request, book, accept, counts, serveMeetingsFiles } from './api-meetings-helpers.ts';

serveMeetingsFiles();

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
