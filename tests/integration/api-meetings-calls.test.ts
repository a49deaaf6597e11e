import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../fixtures/server.ts';
import { createEvent, createMeetingEvent, createUser } from '../fixtures/factories.ts';
import { createSession } from '../../server/domain/auth/sessions.ts';
import { addDays, localDateOf, zonedToUnix } from '../../contract/appointments.ts';
import type { Envelope } from '../fixtures/envelope.ts';

/**
 * The call links of a meeting (manage-meeting/*): who gets into the video room, the frame's
 * redirect, invitations, and the event stream's join-by-flow.
 */

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

/** The data of the answers these tests read: a meeting's id, or a call's room. */
type Answer = Envelope<{ id: number; url: string }>;
interface Person {
  id: number;
  token: string;
}
const KYIV = 'Europe/Kyiv';
const D = addDays(localDateOf(Math.floor(Date.now() / 1000), KYIV), 2);
const ROOM = /^https:\/\/meet\.jit\.si\/foyer-[0-9a-f]{40}$/;

async function call(method: 'GET' | 'POST', url: string, who: Person | null, payload?: unknown, headers: Record<string, string> = {}) {
  const res = await s.app.inject({
    method,
    url,
    payload: payload as string,
    headers: { ...(who ? { authorization: `Bearer ${who.token}` } : {}), ...headers },
  });
  return {
    http: res.statusCode,
    headers: res.headers,
    text: res.body,
    // A redirect or a page has no JSON body: tests of those read `headers` and `text`.
    body: String(res.headers['content-type'] ?? '').includes('json') ? (res.json() as Answer) : ({} as Answer),
  };
}

async function newEvent(online = false) {
  const eventId = await createMeetingEvent(s.app.db, D, { tables: online ? 0 : 2, is_webinar: online });
  if (online) await s.app.db.updateTable('events').set({ webinar_link: '/live/test' }).where('id', '=', eventId).execute();
  return eventId;
}

async function person(eventId: number | null, first_name = 'Ivan'): Promise<Person> {
  const u = await createUser(s.app.db, { first_name, last_name: 'Test' });
  await s.app.db.updateTable('users').set({ phone: '+380 50 000 00 00' }).where('id', '=', u.id).execute();
  if (eventId !== null) await s.app.db.insertInto('user_events').values({ event_id: eventId, user_id: u.id, checked_in: true }).execute();
  return { id: u.id, token: await createSession(s.app.db, u.id) };
}

async function meeting(eventId: number, a: Person, b: Person, time: string, accept = true): Promise<number> {
  const r = await call('POST', '/api/meetings/create-meeting', a, {
    event_id: eventId,
    user_id: b.id,
    date: D,
    comment: '',
    any_time: false,
    time_start: zonedToUnix(D, time, KYIV),
  });
  expect(r.body.status_code, r.text).toBe(200);
  if (accept) expect((await call('POST', '/api/meetings/approve-meeting', b, { meeting_id: r.body.data.id })).body.status_code).toBe(200);
  return r.body.data.id;
}

describe('the video room of a meeting', () => {
  it('gives both people the same unguessable room of an accepted meeting, another per meeting', async () => {
    const ev = await newEvent();
    const [a, b, c] = [await person(ev), await person(ev), await person(ev)];
    const m1 = await meeting(ev, a, b, '10:00');
    const m2 = await meeting(ev, a, c, '10:15');
    const ra = await call('GET', `/api/manage-meeting/join-by-meeting?meeting_id=${m1}`, a);
    const rb = await call('GET', `/api/manage-meeting/join-by-meeting?meetingId=${m1}`, b);
    expect(ra.body).toMatchObject({ status_code: 200, data: { meeting_id: m1 } });
    expect(ra.body.data.url).toMatch(ROOM);
    expect(rb.body.data.url).toBe(ra.body.data.url);
    const other = await call('GET', `/api/manage-meeting/join-by-meeting?meeting_id=${m2}`, a);
    expect(other.body.data.url).toMatch(ROOM);
    expect(other.body.data.url).not.toBe(ra.body.data.url);
    // The SDK's video link is the same room, and checks the event it names.
    expect((await call('GET', `/api/manage-meeting/join?eventId=${ev}&meetingId=${m1}`, b)).body.data.url).toBe(ra.body.data.url);
    expect((await call('GET', `/api/manage-meeting/join?eventId=${ev + 1000}&meetingId=${m1}`, b)).body).toMatchObject({ status_code: 400 });
    // The room comes from the key in the database: a new key moves every call.
    await s.app.db
      .updateTable('appointment_video_keys' as never)
      .set({ secret: 'f'.repeat(64) } as never)
      .execute();
    const moved = await call('GET', `/api/manage-meeting/join-by-meeting?meeting_id=${m1}`, a);
    expect(moved.body.data.url).toMatch(ROOM);
    expect(moved.body.data.url).not.toBe(ra.body.data.url);
  });

  it('is closed until accepted, after cancellation, and to everybody else', async () => {
    const ev = await newEvent();
    const [a, b, stranger] = [await person(ev), await person(ev), await person(ev)];
    const pending = await meeting(ev, a, b, '10:00', false);
    expect((await call('GET', `/api/manage-meeting/join-by-meeting?meeting_id=${pending}`, a)).body).toMatchObject({
      status_code: 403,
      error: 'forbidden',
      message: 'not_approved',
    });
    await call('POST', '/api/meetings/approve-meeting', b, { meeting_id: pending });
    expect((await call('GET', `/api/manage-meeting/join-by-meeting?meeting_id=${pending}`, stranger)).body).toMatchObject({
      status_code: 403,
      error: 'forbidden',
    });
    await call('POST', '/api/meetings/reject-meeting', a, { meeting_id: pending, reason: 'off' });
    expect((await call('GET', `/api/manage-meeting/join-by-meeting?meeting_id=${pending}`, a)).body).toMatchObject({
      status_code: 203,
      error: 'appointment_canceled_before',
    });
    expect((await call('GET', '/api/manage-meeting/join-by-meeting?meeting_id=999999', a)).body).toMatchObject({ status_code: 404 });
    expect((await call('GET', `/api/manage-meeting/join-by-meeting?meeting_id=${pending}`, null)).body).toMatchObject({
      status_code: 403,
      error: 'auth_required',
    });
  });

  it('redirects a frame or a tab to the room, a signed-out browser to the login broadcast', async () => {
    const ev = await newEvent();
    const [a, b, stranger] = [await person(ev), await person(ev), await person(ev)];
    const m = await meeting(ev, a, b, '10:00');
    const nav = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe' };
    const url = `/api/manage-meeting/join-by-meeting?meeting_id=${m}`;
    const room = (await call('GET', url, a)).body.data.url;
    const ok = await call('GET', url, a, undefined, nav);
    expect(ok.http).toBe(302);
    expect(ok.headers.location).toBe(room);
    const out = await call('GET', url, null, undefined, { accept: 'text/html' });
    expect(out.http).toBe(302);
    expect(out.headers.location).toBe(`/oauth/broadcast?return_url=${encodeURIComponent(url)}`);
    const denied = await call('GET', url, stranger, undefined, nav);
    expect(denied.http).toBe(403);
    expect(denied.headers['content-type']).toMatch(/text\/html/);
    expect(denied.text).not.toContain('foyer-');
  });
});

describe('POST /api/manage-meeting/get-users-links-to-invite', () => {
  it('invites visitors of the event, who may then join the call and nothing more', async () => {
    const ev = await newEvent();
    const [a, b] = [await person(ev), await person(ev)];
    const guest = await person(ev, 'Olena');
    const outsider = await person(null);
    const m = await meeting(ev, a, b, '10:00');
    const r = await call('POST', '/api/manage-meeting/get-users-links-to-invite', a, { usersIds: [String(guest.id)], meetingId: m });
    expect(r.body).toMatchObject({
      status_code: 200,
      data: { urls_to_invite: [{ id: guest.id, full_name: 'Olena Test', url: `http://localhost:80/api/manage-meeting/join-by-meeting?meeting_id=${m}` }] },
    });
    // Inviting again changes nothing.
    expect((await call('POST', '/api/manage-meeting/get-users-links-to-invite', b, { usersIds: [guest.id], meeting_id: m })).body.status_code).toBe(200);
    const room = (await call('GET', `/api/manage-meeting/join-by-meeting?meeting_id=${m}`, a)).body.data.url;
    expect((await call('GET', `/api/manage-meeting/join-by-meeting?meeting_id=${m}`, guest)).body.data.url).toBe(room);
    // Invited into the call is not a party to the meeting.
    expect((await call('GET', `/api/meetings/${m}`, guest)).body).toMatchObject({ status_code: 403 });
    expect((await call('POST', '/api/meetings/reject-meeting', guest, { meeting_id: m, reason: 'x' })).body).toMatchObject({ status_code: 403 });
    expect((await call('POST', '/api/manage-meeting/get-users-links-to-invite', guest, { usersIds: [outsider.id], meetingId: m })).body).toMatchObject({
      status_code: 403,
    });

    for (const usersIds of [[outsider.id], [b.id], [], ['x']]) {
      expect((await call('POST', '/api/manage-meeting/get-users-links-to-invite', a, { usersIds, meetingId: m })).body, JSON.stringify(usersIds)).toMatchObject(
        { status_code: 400 },
      );
    }
    expect((await call('GET', `/api/manage-meeting/join-by-meeting?meeting_id=${m}`, outsider)).body).toMatchObject({ status_code: 403 });
    const invites = await s.app.db.selectFrom('appointment_invites').selectAll().execute();
    expect(invites.filter((i) => i.appointment_id === m).map((i) => i.user_id)).toEqual([guest.id]);

    await call('POST', '/api/meetings/reject-meeting', b, { meeting_id: m, reason: 'off' });
    expect((await call('POST', '/api/manage-meeting/get-users-links-to-invite', a, { usersIds: [guest.id], meetingId: m })).body).toMatchObject({
      status_code: 203,
    });
  });
});

describe('the event stream: join-by-flow and join', () => {
  it("gives the stream frame to people who may watch, track -1 or one of the event's tracks", async () => {
    const ev = await newEvent(true);
    const viewer = await person(ev);
    const outsider = await person(null);
    const track = await s.app.db.insertInto('tracks').values({ event_id: ev, title: 'Main' }).returning('id').executeTakeFirstOrThrow();
    const foreign = await s.app.db
      .insertInto('tracks')
      .values({ event_id: await newEvent(true), title: 'Other' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const frame = { status_code: 200, data: { url: `/api/events/webinar/${ev}` } };
    expect((await call('GET', `/api/manage-meeting/${ev}/join-by-flow/-1`, viewer)).body).toEqual(frame);
    expect((await call('GET', `/api/manage-meeting/${ev}/join-by-flow/${track.id}`, viewer)).body).toEqual(frame);
    expect((await call('GET', `/api/manage-meeting/join?eventId=${ev}`, viewer)).body).toEqual(frame);
    expect((await call('GET', `/api/manage-meeting/${ev}/join-by-flow/${foreign.id}`, viewer)).body).toMatchObject({ status_code: 404 });
    expect((await call('GET', `/api/manage-meeting/${ev}/join-by-flow/-1`, outsider)).body).toMatchObject({ status_code: 403, error: 'ticket_required' });
    expect((await call('GET', `/api/manage-meeting/${ev}/join-by-flow/-1`, null)).body).toMatchObject({ status_code: 403, error: 'auth_required' });
    expect((await call('GET', '/api/manage-meeting/join', viewer)).body).toMatchObject({ status_code: 400 });
  });

  it('answers "event has been finished" for an in-person or ended event', async () => {
    const inPerson = await newEvent(false);
    const viewer = await person(inPerson);
    expect((await call('GET', `/api/manage-meeting/${inPerson}/join-by-flow/-1`, viewer)).body).toMatchObject({ status_code: 400, error: 'event_finished' });
    const ended = await createEvent(s.app.db, { starts_in_hours: -10, duration_hours: 2, is_webinar: true });
    await s.app.db.insertInto('user_events').values({ event_id: ended.id, user_id: viewer.id, checked_in: true }).execute();
    expect((await call('GET', `/api/manage-meeting/${ended.id}/join-by-flow/-1`, viewer)).body).toMatchObject({ status_code: 400, error: 'event_finished' });
    expect((await call('GET', '/api/manage-meeting/999999/join-by-flow/-1', viewer)).body).toMatchObject({ status_code: 404 });
  });
});
