import { describe, expect, it } from 'vitest';
import { s, at, get, post, newEvent, person, request, book, accept, row, counts, moveToPast, serveMeetingsFiles } from './api-meetings-helpers.ts';

serveMeetingsFiles();

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
