import { describe, expect, it } from 'vitest';
import { serverPerFile, stoppedAfterEach } from '../fixtures/suite.ts';
import { createMeetingEvent, createVisitor } from '../fixtures/factories.ts';
import { addDays, localDateOf, zonedToUnix } from '../../contract/appointments.ts';
import { NoticeSocket, type MeetingNotice, type SocketException, type WebSocketConstructor } from '../../src/data/notices-socket.ts';
import { recordingWebSocket } from '../fixtures/sockets.ts';

/**
 * The page's notice socket client (src/data/notices-socket.ts) against a real listening server:
 * a meeting request by one user reaches the other user's client as meetingNotice, which calls the
 * resync callback; the socket URL carries a one-time ticket, never the session token; a dropped
 * socket comes back with a new ticket; userAccessException is not shown.
 */

const s = serverPerFile({ listen: true });
const clients = stoppedAfterEach<NoticeSocket>();

const KYIV = 'Europe/Kyiv';
const D = addDays(localDateOf(Math.floor(Date.now() / 1000), KYIV), 2);

const newEvent = () => createMeetingEvent(s.app.db, D, { days: 6 });

const visitor = (eventId: number) => createVisitor(s.app.db, eventId);

async function requestMeeting(eventId: number, from: { token: string }, to: { id: number }, time: string) {
  const start = zonedToUnix(D, time, KYIV);
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/meetings/create-meeting',
    headers: { authorization: `Bearer ${from.token}` },
    payload: { event_id: eventId, user_id: to.id, date: D, comment: 'Coffee?', any_time: false, time_start: start, time_end: start + 900 },
  });
  const body = res.json();
  expect(body.status_code, res.body).toBe(200);
  return body.data as { id?: number; meeting_id?: number };
}

function until<T>(check: () => T | undefined, timeoutMs = 5000): Promise<T> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const tick = () => {
      const v = check();
      if (v !== undefined) return resolve(v);
      if (Date.now() - started > timeoutMs) return reject(new Error('timed out'));
      setTimeout(tick, 20);
    };
    tick();
  });
}

function client(who: { id: number; token: string }, Ctor: WebSocketConstructor, userId = who.id) {
  const notices: MeetingNotice[] = [];
  const exceptions: SocketException[] = [];
  let resyncs = 0;
  const c = new NoticeSocket({
    baseUrl: s.url,
    userId,
    headers: { authorization: `Bearer ${who.token}` },
    WebSocket: Ctor,
    onNotice: (n) => {
      notices.push(n);
      // What the page does with a notice: ask the worker for a pull.
      resyncs++;
    },
    onException: (e) => exceptions.push(e),
  });
  clients.push(c);
  c.start();
  return { c, notices, exceptions, resyncs: () => resyncs };
}

describe('notice socket client', () => {
  it("delivers one user's request to the other user's client, which resyncs", async () => {
    const eventId = await newEvent();
    const anna = await visitor(eventId);
    const bohdan = await visitor(eventId);
    const { Ctor, opened } = recordingWebSocket();
    const b = client(bohdan, Ctor);
    const a = client(anna, recordingWebSocket().Ctor);
    await until(() => (b.c.connected && a.c.connected ? true : undefined));
    // The server subscribes on `register`; give it the moment to answer before the request.
    await new Promise((r) => setTimeout(r, 100));

    const meeting = await requestMeeting(eventId, anna, bohdan, '10:00');
    const meetingId = meeting.id ?? meeting.meeting_id;
    const notice = await until(() => b.notices[0]);
    expect(notice).toEqual({ meeting_id: meetingId, event_type: 'CURRENT_USER_INVITED' });
    expect(b.resyncs()).toBe(1);
    // The requester acted; only the other person is told.
    await new Promise((r) => setTimeout(r, 200));
    expect(a.notices).toEqual([]);

    // The socket URL has a one-time ticket, never the session token.
    expect(opened).toHaveLength(1);
    const url = new URL(opened[0]!.url);
    expect(url.pathname).toBe('/wss/notice');
    expect(url.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(opened[0]!.url).not.toContain(bohdan.token);
  });

  it('comes back with a fresh ticket after the connection drops and still gets notices', async () => {
    const eventId = await newEvent();
    const anna = await visitor(eventId);
    const bohdan = await visitor(eventId);
    const { Ctor, opened } = recordingWebSocket();
    const b = client(bohdan, Ctor);
    await until(() => (b.c.connected ? true : undefined));

    // A broken network: no close handshake, the client only sees the socket die.
    opened[0]!.socket.terminate();
    await until(() => (opened.length === 2 && b.c.connected ? true : undefined));
    expect(opened[1]!.url).not.toBe(opened[0]!.url);
    await new Promise((r) => setTimeout(r, 100));

    await requestMeeting(eventId, anna, bohdan, '10:30');
    await until(() => b.notices[0]);
    expect(b.resyncs()).toBe(1);
  });

  it('does not show userAccessException (registering as somebody else)', async () => {
    const eventId = await newEvent();
    const anna = await visitor(eventId);
    const bohdan = await visitor(eventId);
    const sockets = recordingWebSocket();
    const a = client(anna, sockets.Ctor, bohdan.id);
    const frames = sockets.frames;
    await until(() => (frames.some((f) => f.includes('userAccessException')) ? true : undefined));
    expect(a.exceptions).toEqual([]);

    // Nothing was subscribed: bohdan's invitation does not reach anna's socket.
    await requestMeeting(eventId, anna, bohdan, '11:00');
    await new Promise((r) => setTimeout(r, 300));
    expect(a.notices).toEqual([]);
  });
});
