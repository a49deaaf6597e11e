import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { serverPerFile, stoppedAfterEach } from '../fixtures/suite.ts';
import { createEvent, createTicket, createUser } from '../fixtures/factories.ts';
import { createSession } from '../../server/domain/auth/sessions.ts';
import { ChatSocket } from '../../src/data/chat-socket.ts';
import type { SocketException, WebSocketConstructor } from '../../src/data/pass-socket.ts';
import { recordingWebSocket } from '../fixtures/sockets.ts';
import { waitFor } from '../fixtures/wait.ts';

/**
 * The live page's chat socket client (src/data/chat-socket.ts) against a real listening server:
 * it registers for its event with a one-time ticket, shows the online counter the frames carry,
 * asks for a pull when a comment changes, forgets the counter while the socket is gone and comes
 * back with a new ticket; a user without access is refused quietly.
 */

const s = serverPerFile({ listen: true });
const clients = stoppedAfterEach<ChatSocket>();

async function person(eventId?: number): Promise<{ id: number; token: string }> {
  const u = await createUser(s.app.db);
  if (eventId) await createTicket(s.app.db, eventId, u.id);
  return { id: u.id, token: await createSession(s.app.db, u.id) };
}

function client(who: { id: number; token: string }, eventId: number, Ctor: WebSocketConstructor) {
  const online: (number | null)[] = [];
  const exceptions: SocketException[] = [];
  let pulls = 0;
  const c = new ChatSocket({
    baseUrl: s.url,
    userId: who.id,
    eventId,
    headers: { authorization: `Bearer ${who.token}` },
    WebSocket: Ctor,
    onOnline: (n) => online.push(n),
    onCommentsChanged: () => pulls++,
    onException: (e) => exceptions.push(e),
  });
  clients.push(c);
  c.start();
  return { c, online, exceptions, pulls: () => pulls, last: () => online[online.length - 1] };
}

async function postComment(token: string, eventId: number, comment: string) {
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/events/add-comment',
    headers: { authorization: `Bearer ${token}` },
    payload: { event_id: eventId, comment },
  });
  expect(res.json().status_code, res.body).toBe(200);
}

describe('chat socket client', () => {
  it('registers for its event with a one-time ticket, counts who is there and asks for a pull on a comment', async () => {
    const ev = await createEvent(s.app.db);
    const anna = await person(ev.id);
    const bohdan = await person(ev.id);
    const { Ctor, opened, frames } = recordingWebSocket();
    const a = client(anna, ev.id, Ctor);
    await waitFor("anna's count", () => a.last() === 1);
    const url = new URL(opened[0]!.url);
    expect(url.pathname).toBe('/wss/chat');
    expect(url.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(opened[0]!.url).not.toContain(anna.token);
    expect(JSON.parse(frames.find((f) => f.includes('"registered"'))!)).toMatchObject({ eventId: ev.id });

    const b = client(bohdan, ev.id, recordingWebSocket().Ctor);
    await waitFor("bohdan's count of both", () => b.last() === 2);
    await postComment(bohdan.token, ev.id, 'hello');
    await waitFor('a pull asked for by the comment', () => a.pulls() === 1 && a.last() === 2);
    expect(a.exceptions).toEqual([]);
  });

  it('forgets the counter while the socket is gone and comes back with a fresh ticket', async () => {
    const ev = await createEvent(s.app.db);
    const anna = await person(ev.id);
    const { Ctor, opened } = recordingWebSocket();
    const a = client(anna, ev.id, Ctor);
    await waitFor("anna's count", () => a.last() === 1);

    // A broken network: no close handshake, the client only sees the socket die.
    opened[0]!.socket.terminate();
    await waitFor('the count forgotten', () => a.online.includes(null));
    await waitFor('a new socket counted', () => opened.length === 2 && a.last() === 1);
    expect(a.online).toEqual([1, null, 1]);
    expect(opened[1]!.url).not.toBe(opened[0]!.url);
    expect(a.c.connected).toBe(true);
  });

  it('is refused quietly without a ticket to the event, and stop() closes it for good', async () => {
    const ev = await createEvent(s.app.db);
    const outsider = await person();
    const { Ctor, opened, frames } = recordingWebSocket();
    const o = client(outsider, ev.id, Ctor);
    await waitFor('the refusal', () => frames.some((f) => f.includes('userAccessException')));
    expect(o.exceptions).toEqual([]);
    expect(o.online).toEqual([]);

    o.c.stop();
    await waitFor('the socket closed', () => opened[0]!.socket.readyState === WebSocket.CLOSED);
    expect(o.c.connected).toBe(false);
    await new Promise((r) => setTimeout(r, 300));
    expect(opened).toHaveLength(1);
    expect(o.online).toEqual([]);
  });
});
