import { describe, expect, it } from 'vitest';
import { serverPerFile } from '../fixtures/suite.ts';
import { createEvent, createMeetingEvent, createTicket, createUser, createVisitor } from '../fixtures/factories.ts';
import { createSession } from '../../server/domain/auth/sessions.ts';
import { addDays, localDateOf, zonedToUnix } from '../../contract/appointments.ts';
import { openSocket, upgradeStatus, type TestSocket } from './chat-helpers.ts';

/**
 * A client built to the specs (the mobile app) against this server: it puts its session token in
 * the socket URL, calls the paths the specs write without /api, asks for more than a page holds,
 * gates on checkin_status, sends `lang` and reads the specs' texts (issue 16, "legacy clients").
 */

const SOCKETS_PER_ADDRESS = 6;
const s = serverPerFile({ listen: true, config: { socketsPerAddress: SOCKETS_PER_ADDRESS } });

const KYIV = 'Europe/Kyiv';
const D = addDays(localDateOf(Math.floor(Date.now() / 1000), KYIV), 2);

const meetingEvent = () => createMeetingEvent(s.app.db, D, { days: 6 });

const visitor = (eventId: number) => createVisitor(s.app.db, eventId);

/** The socket as the specs open it: the session token itself in `?token=`, no header, no Origin. */
function specSocket(path: '/wss/notice' | '/wss/chat', token: string): Promise<TestSocket> {
  return openSocket(s.url, path, { pass: token });
}

describe('websockets with ?token=', () => {
  it('a client that sends its session token in the URL receives its notices', async () => {
    const eventId = await meetingEvent();
    const a = await visitor(eventId);
    const b = await visitor(eventId);
    const notice = await specSocket('/wss/notice', b.token);
    try {
      notice.send({ type: 'register', userId: b.id });
      await notice.next('registered');
      const start = zonedToUnix(D, '10:30', KYIV);
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/meetings/create-meeting',
        headers: { authorization: `Bearer ${a.token}` },
        payload: { event_id: eventId, user_id: b.id, date: D, comment: 'Coffee?', any_time: false, time_start: start, time_end: start + 900 },
      });
      expect(res.json().status_code, res.body).toBe(200);
      const frame = await notice.next('meetingNotice');
      expect(frame.meetingNotice.meeting_id).toBe(res.json().data.id ?? res.json().data.meeting_id);
    } finally {
      await notice.close();
    }
  });

  it('the chat socket opens with the session token and hears the event chat', async () => {
    const e = await createEvent(s.app.db, { starts_in_hours: -1 });
    const a = await visitor(e.id);
    await createTicket(s.app.db, e.id, a.id);
    const chat = await specSocket('/wss/chat', a.token);
    try {
      chat.send({ type: 'register', userId: a.id, eventId: e.id });
      await chat.next('registered');
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/events/add-comment',
        headers: { authorization: `Bearer ${a.token}` },
        payload: { event_id: e.id, comment: 'hello' },
      });
      expect(res.json().status_code, res.body).toBe(200);
      expect((await chat.next('commentCreated')).comment ?? {}).toBeDefined();
    } finally {
      await chat.close();
    }
  });

  it('refuses a token that is no session, and one whose session ended', async () => {
    const u = await createUser(s.app.db);
    const token = await createSession(s.app.db, u.id);
    expect(await upgradeStatus(s.url, '/wss/notice', { pass: 'A'.repeat(43) })).toBe(401);
    expect(await upgradeStatus(s.url, '/wss/notice', { pass: token })).toBe(101);
    const out = await s.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` }, payload: {} });
    expect(out.statusCode).toBeLessThan(400);
    expect(await upgradeStatus(s.url, '/wss/notice', { pass: token })).toBe(401);
  });

  it('counts sockets per client address, whoever holds them', async () => {
    const open: TestSocket[] = [];
    try {
      for (let i = 0; i < SOCKETS_PER_ADDRESS; i++) {
        const u = await createUser(s.app.db);
        open.push(await specSocket(i % 2 ? '/wss/chat' : '/wss/notice', await createSession(s.app.db, u.id)));
      }
      const last = await createUser(s.app.db);
      expect(await upgradeStatus(s.url, '/wss/notice', { pass: await createSession(s.app.db, last.id) })).toBe(429);
    } finally {
      await Promise.all(open.map((o) => o.close()));
    }
  });
});

const auth = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});
async function call(method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) {
  const res = await s.app.inject({ method, url, headers: auth(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  return { http: res.statusCode, type: String(res.headers['content-type'] ?? ''), body: res.body.startsWith('{') ? res.json() : res.body };
}

describe('the paths the specs write without /api', () => {
  it('answer as their /api twins, not with the app page', async () => {
    const e = await createEvent(s.app.db, { starts_in_hours: 2 });
    const u = await visitor(e.id);
    const fav = await call('GET', `/events/set-favorite/${e.id}?lang=en`, u.token);
    expect(fav).toMatchObject({ http: 200, body: { status_code: 200, data: { liked: true } } });
    expect((await call('GET', `/api/events/set-favorite/${e.id}`, u.token)).body.data.liked).toBe(false);

    const twin = await call('GET', `/api/events/${e.id}/trips`, u.token);
    const bare = await call('GET', `/events/${e.id}/trips`, u.token);
    expect(bare.type).toContain('application/json');
    expect(bare.body).toEqual(twin.body);

    const design = await call('GET', `/events/ticket-design?event_id=${e.id}`, u.token);
    expect(design.body).toEqual((await call('GET', `/api/events/ticket-design?event_id=${e.id}`, u.token)).body);
    expect(design.body.status_code).toBeDefined();
    // The app's own pages keep their locale prefix and are not touched.
    expect((await call('GET', `/uk/events/${e.id}/trips`)).body).not.toMatchObject({ status_code: expect.anything() });
  });
});

describe('paging beyond the cap', () => {
  it('clamps limit to the cap instead of refusing it, on the REST calls and the message socket', async () => {
    const page = await call('GET', '/api/events/events-list?limit=100000&search_type=all');
    expect(page.body.status_code).toBe(200);
    expect(page.body.data.events.length).toBeLessThanOrEqual(100);
    expect((await call('GET', '/api/events/events-list?limit=0')).body).toMatchObject({ status_code: 400, error: 'invalid_input' });
    const e = await createEvent(s.app.db, { starts_in_hours: -1 });
    const u = await visitor(e.id);
    expect((await call('GET', `/api/events/get-event-people?event_id=${e.id}&limit=5000`, u.token)).body.status_code).toBe(200);
    const socket = await specSocket('/wss/notice', u.token);
    try {
      socket.send({ type: 'register', userId: u.id });
      await socket.next('registered');
      socket.send({ type: 'personalMessageList', targetUserId: 1, limit: 1000 });
      expect(await socket.next((f) => f.type === 'personalMessages' || f.type === 'Exception')).toMatchObject({ type: 'personalMessages' });
    } finally {
      await socket.close();
    }
  });
});

describe('checkin_status', () => {
  it('is true once a visitor checked in to a free event, and only a ticket makes it true on a paid one', async () => {
    const free = await createEvent(s.app.db, { is_free: true });
    const u = await createUser(s.app.db);
    const token = await createSession(s.app.db, u.id);
    expect((await call('GET', `/api/events/${free.id}`, token)).body.data.checkin_status).toBe(false);
    expect((await call('POST', '/api/events/checkin', token, { event_id: free.id })).body.data).toMatchObject({ checkin_status: true, checked_in: true });
    expect((await call('GET', `/api/events/${free.id}`, token)).body.data.checkin_status).toBe(true);
    expect(
      (await call('GET', '/api/events/events-list?is_my=1', token)).body.data.events.find((x: { event_id: number }) => x.event_id === free.id).checkin_status,
    ).toBe(true);
    expect((await call('POST', '/api/events/uncheckin', token, { event_id: free.id })).body.data.checkin_status).toBe(false);
  });
});

describe('lang', () => {
  it('answers the messages in the language asked for, English without one', async () => {
    const e = await createEvent(s.app.db, { is_free: false });
    const u = await createUser(s.app.db);
    const token = await createSession(s.app.db, u.id);
    const texts = new Set<string>();
    for (const lang of ['uk', 'en', 'ru', 'pl']) {
      const body = (await call('POST', `/api/events/checkin?lang=${lang}`, token, { event_id: e.id })).body;
      expect(body).toMatchObject({ status_code: 403, error: 'ticket_required', message: expect.any(String) });
      texts.add(body.message);
    }
    expect(texts.size).toBe(4);
    expect((await call('POST', '/api/events/checkin', token, { event_id: e.id, lang: 'en' })).body.message).toBe('A ticket for this event is required.');
    // The call's own detail (a field name) stays, beside the text.
    const bad = (await call('GET', '/api/companies?lang=pl')).body;
    expect(bad).toMatchObject({ status_code: 400, error: 'invalid_input', detail: 'event_id' });
    expect(bad.message).not.toBe('event_id');
  });

  it('says "the event has been removed" on the read of a removed event, with the error flag', async () => {
    const e = await createEvent(s.app.db);
    await s.app.db.updateTable('events').set({ deleted: true }).where('id', '=', e.id).execute();
    const en = (await call('GET', `/api/events/${e.id}?lang=en`)).body;
    expect(en).toMatchObject({ status_code: 200, data: { error: true, message: 'The event has been removed.', event_id: e.id }, error: 'event_removed' });
    const ru = (await call('GET', `/api/events/${e.id}?lang=ru`)).body;
    expect(ru.data.error).toBe(true);
    expect(ru.data.message).not.toBe(en.data.message);
  });
});
