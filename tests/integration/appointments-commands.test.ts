import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../fixtures/server.ts';
import { createMeetingEvent, createVisitor } from '../fixtures/factories.ts';
import { addDays, localDateOf, zonedToUnix, type AppointmentDoc } from '../../contract/appointments.ts';
import type { CommandResult } from '../../contract/commands.ts';
import { requestAppointment } from '../../server/domain/appointments/service.ts';
import { appointmentsFeed } from '../../server/domain/appointments/feed.ts';

/** The single answer of a one-command batch; a batch answered otherwise fails the test here. */
function one<T>(items: readonly T[]): T {
  const [item] = items;
  if (item === undefined || items.length !== 1) throw new Error(`expected one answer, got ${items.length}`);
  return item;
}

/**
 * The offline path: appointment.request|approve|reject through POST /sync/v1/commands (applied
 * exactly once, rejections stored with their catalogue code), and the `appointments` feed that
 * brings the canonical documents back to both people and to nobody else.
 */

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

interface Person {
  id: number;
  token: string;
}
const KYIV = 'Europe/Kyiv';
const D = addDays(localDateOf(Math.floor(Date.now() / 1000), KYIV), 2);
const at = (time: string) => zonedToUnix(D, time, KYIV);
let seq = 0;
const cmdId = () => `appt-cmd-${Date.now().toString(36)}-${++seq}`;

const newEvent = () => createMeetingEvent(s.app.db, D);

const person = (eventId: number, first_name = 'Name'): Promise<Person> => createVisitor(s.app.db, eventId, { first_name });

async function send(who: Person, commands: { id: string; kind: string; payload: unknown }[]) {
  const res = await s.app.inject({
    method: 'POST',
    url: '/sync/v1/commands',
    headers: { authorization: `Bearer ${who.token}` },
    payload: { commands: commands.map((c) => ({ ...c, occurredAt: new Date().toISOString() })) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results as CommandResult[];
}

const requestPayload = (eventId: number, to: Person, time: string, over: Record<string, unknown> = {}) => ({
  event_id: eventId,
  user_id: to.id,
  date: D,
  comment: 'offline hello',
  any_time: false,
  time_start: at(time),
  ...over,
});

async function pull(userId: number | null, checkpoint = 0, limit = 100) {
  const page = await appointmentsFeed(s.app.db, { userId, checkpoint, limit, scope: {} });
  return page.documents as (AppointmentDoc & { deleted: boolean })[];
}

describe('appointment commands', () => {
  it('applies a request, an approval and a rejection once each, however often they are replayed', async () => {
    const ev = await newEvent();
    const [a, b] = [await person(ev), await person(ev)];
    const req = { id: cmdId(), kind: 'appointment.request', payload: requestPayload(ev, b, '10:00') };
    const answers = [await send(a, [req]), await send(a, [req]), await send(a, [req])];
    const meetingId = Number(one(answers[0] ?? []).ids![0]);
    for (const r of answers) expect(r).toEqual([{ id: req.id, status: 'applied', ids: [String(meetingId)] }]);
    expect(await s.app.db.selectFrom('appointments').select('id').where('event_id', '=', ev).execute()).toEqual([{ id: meetingId }]);

    const approve = { id: cmdId(), kind: 'appointment.approve', payload: { meeting_id: meetingId } };
    expect(await send(b, [approve])).toEqual([{ id: approve.id, status: 'applied', ids: [String(meetingId)] }]);
    // The replay returns the stored answer, not "approved before".
    expect(await send(b, [approve])).toEqual([{ id: approve.id, status: 'applied', ids: [String(meetingId)] }]);
    const ev1 = await s.app.db
      .selectFrom('events')
      .select(['meetings_count', 'visitors_with_appointments_count'])
      .where('id', '=', ev)
      .executeTakeFirstOrThrow();
    expect(ev1).toEqual({ meetings_count: 1, visitors_with_appointments_count: 2 });

    const cancel = { id: cmdId(), kind: 'appointment.reject', payload: { meeting_id: meetingId, reason: 'Train is late' } };
    await send(a, [cancel]);
    const revAfter = (await s.app.db.selectFrom('appointments').select('rev').where('id', '=', meetingId).executeTakeFirstOrThrow()).rev;
    expect(await send(a, [cancel])).toEqual([{ id: cancel.id, status: 'applied', ids: [String(meetingId)] }]);
    const final = await s.app.db.selectFrom('appointments').selectAll().where('id', '=', meetingId).executeTakeFirstOrThrow();
    expect(final).toMatchObject({ response: 3, canceled_by: a.id, response_msg: 'Train is late', rev: revAfter });
    expect(await s.app.db.selectFrom('commands').select('id').where('user_id', 'in', [a.id, b.id]).execute()).toHaveLength(3);
  });

  it('stores a rejection with the catalogue code: a queued request whose slot was taken meanwhile', async () => {
    const ev = await newEvent();
    const [a, b, c] = [await person(ev), await person(ev), await person(ev)];
    // c queued a request for b at 10:00 while offline; a got the slot first.
    const first = await send(a, [{ id: cmdId(), kind: 'appointment.request', payload: requestPayload(ev, b, '10:00') }]);
    expect(one(first).status).toBe('applied');
    const late = { id: cmdId(), kind: 'appointment.request', payload: requestPayload(ev, b, '10:00') };
    expect(await send(c, [late])).toEqual([{ id: late.id, status: 'rejected', code: 'appointment_time_unavailable' }]);
    // Even after the slot frees up, the same command keeps its answer; a new one may succeed.
    await send(b, [{ id: cmdId(), kind: 'appointment.reject', payload: { meeting_id: Number(one(first).ids![0]), reason: '' } }]);
    expect(await send(c, [late])).toEqual([{ id: late.id, status: 'rejected', code: 'appointment_time_unavailable' }]);
    expect(one(await send(c, [{ id: cmdId(), kind: 'appointment.request', payload: requestPayload(ev, b, '10:00') }])).status).toBe('applied');
  });

  it("refuses malformed payloads and other people's meetings", async () => {
    const ev = await newEvent();
    const [a, b, stranger] = [await person(ev), await person(ev), await person(ev)];
    const made = await send(a, [{ id: cmdId(), kind: 'appointment.request', payload: requestPayload(ev, b, '10:15') }]);
    const meetingId = Number(one(made).ids![0]);
    const results = await send(stranger, [
      { id: cmdId(), kind: 'appointment.request', payload: { ...requestPayload(ev, b, '10:30'), role: 'admin' } },
      { id: cmdId(), kind: 'appointment.reject', payload: { meeting_id: meetingId } },
      { id: cmdId(), kind: 'appointment.approve', payload: { meeting_id: meetingId } },
      { id: cmdId(), kind: 'appointment.reject', payload: { meeting_id: meetingId, reason: 'mine now' } },
      { id: cmdId(), kind: 'appointment.approve', payload: { meeting_id: 999999 } },
    ]);
    expect(results.map((r) => r.code)).toEqual(['invalid_input', 'invalid_input', 'forbidden', 'forbidden', 'appointment_not_found']);
    expect(await s.app.db.selectFrom('appointments').select(['response', 'canceled_by']).where('id', '=', meetingId).executeTakeFirstOrThrow()).toEqual({
      response: null,
      canceled_by: null,
    });
  });

  it('names both people in the effect, so both devices are told to pull (the invitee also for the notice in my_events)', async () => {
    const ev = await newEvent();
    const [a, b] = [await person(ev), await person(ev)];
    const effect = await s.app.writer.run((trx) => requestAppointment(trx, a.id, requestPayload(ev, b, '11:00'), null));
    const { jobs, ...announced } = effect;
    expect(announced).toEqual({ ids: [expect.any(String)], collections: ['appointments', 'my_events'], userIds: [a.id, b.id] });
    // And the invitee's notice, by email and by push, after the commit (notices/jobs.ts).
    expect(jobs).toHaveLength(2);
  });
});

describe('the appointments feed', () => {
  it("gives each person their meetings with the other person's card, and nobody else anything", async () => {
    const ev = await newEvent();
    const a = await person(ev, 'Anna');
    const b = await person(ev, 'Bohdan');
    const stranger = await person(ev);
    await s.app.db.updateTable('users').set({ phone: '+380 67 000', hide_phone: true }).where('id', '=', b.id).execute();
    await s.app.db.updateTable('users').set({ phone: '+380 50 111' }).where('id', '=', a.id).execute();
    const made = await send(a, [{ id: cmdId(), kind: 'appointment.request', payload: requestPayload(ev, b, '10:30') }]);
    const id = one(made).ids![0];

    const forA = (await pull(a.id)).filter((d) => d.id === id);
    const forB = (await pull(b.id)).filter((d) => d.id === id);
    expect(forA).toEqual([
      expect.objectContaining({
        id,
        meeting_id: Number(id),
        event_id: ev,
        from_user_id: a.id,
        to_user_id: b.id,
        other_user_id: b.id,
        date: D,
        time_start: at('10:30'),
        time_end: at('10:45'),
        any_time: false,
        table_num: 1,
        where_type: 1,
        where: 'Table 1',
        timezone: KYIV,
        state: 'pending',
        video_link: '',
        deleted: false,
        user_info: expect.objectContaining({ user_id: b.id, first_name: 'Bohdan', phone: '' }),
      }),
    ]);
    expect(forB).toEqual([expect.objectContaining({ other_user_id: a.id, user_info: expect.objectContaining({ first_name: 'Anna', phone: '+380 50 111' }) })]);
    expect((await pull(stranger.id)).map((d) => d.id)).not.toContain(id);
    expect(await pull(null)).toEqual([]);

    // Approval and a card change come back from each person's checkpoint, and only what changed.
    const cpA = Math.max(...(await pull(a.id)).map((d) => d.rev));
    const cpB = Math.max(...(await pull(b.id)).map((d) => d.rev));
    await send(b, [{ id: cmdId(), kind: 'appointment.approve', payload: { meeting_id: Number(id) } }]);
    const approvedA = await pull(a.id, cpA);
    expect(approvedA).toEqual([expect.objectContaining({ id, state: 'accepted', video_link: `/api/manage-meeting/join-by-meeting?meeting_id=${id}` })]);
    const cpA2 = approvedA[0]!.rev;
    await s.app.db.updateTable('users').set({ hide_phone: false, first_name: 'Bohdan K.' }).where('id', '=', b.id).execute();
    expect(await pull(a.id, cpA2)).toEqual([
      expect.objectContaining({ id, user_info: expect.objectContaining({ first_name: 'Bohdan K.', phone: '+380 67 000' }) }),
    ]);
    // b's own rename does not change b's documents (they show Anna).
    expect((await pull(b.id, cpB)).map((d) => d.state)).toEqual(['accepted']);

    await s.app.db.updateTable('appointments').set({ deleted: true }).where('id', '=', Number(id)).execute();
    expect(await pull(a.id, cpA2)).toEqual([expect.objectContaining({ id, deleted: true })]);
  });

  it('never ends a page inside a group of documents that share one rev', async () => {
    const ev = await newEvent();
    const [a, b] = [await person(ev), await person(ev)];
    // Three meetings with the same person (two closed, one open).
    for (const time of ['10:00', '10:15', '10:30']) {
      const r = await send(a, [{ id: cmdId(), kind: 'appointment.request', payload: requestPayload(ev, b, time) }]);
      if (time !== '10:30') await send(b, [{ id: cmdId(), kind: 'appointment.reject', payload: { meeting_id: Number(one(r).ids![0]), reason: '' } }]);
    }
    const cp = Math.max(...(await pull(a.id)).map((d) => d.rev));
    // b's card changes: all three of a's documents now carry b's rev.
    await s.app.db.updateTable('users').set({ last_name: 'Renamed' }).where('id', '=', b.id).execute();
    const page = await pull(a.id, cp, 1);
    expect(page).toHaveLength(3);
    expect(new Set(page.map((d) => d.rev)).size).toBe(1);
    expect(await pull(a.id, page[0]!.rev, 1)).toEqual([]);
  });
});
