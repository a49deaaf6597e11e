import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../fixtures/server.ts';
import { createTicket } from '../fixtures/factories.ts';
import { dialogWith } from '../../server/domain/messages/repository.ts';
import { approvedMeeting, chatSocket, noticeSocket, openSocket, type TestSocket } from './chat-helpers.ts';
import { call, commands, liveEvent, person, pullEverything, bearer, type Person } from './attacks-helpers.ts';
import type { Envelope } from '../fixtures/envelope.ts';

/**
 * Someone else's meeting, dialog, ticket and comment, asked for or acted on by id from every entry
 * point: the legacy calls, the sync commands, the sync pull and the sockets. A and B met and wrote
 * to each other; C takes part in the same event and tries everything with their ids. Every attempt
 * is refused with a clear code and changes nothing, and no pull or frame carries A's or B's data.
 */

let s: TestServer & { url: string };
let eventId: number;
let otherEventId: number;
let a: Person, b: Person, c: Person;
let meetingId: number;
let pendingId: number;
let dialogId: number;
let ticketId: number;
let ticketCode: string;
let commentId: number;
const SECRET = 'secret-between-a-and-b';
const sockets: TestSocket[] = [];

beforeAll(async () => {
  s = await startTestServer({ listen: true });
  const db = s.app.db;
  eventId = await liveEvent(db);
  otherEventId = await liveEvent(db);
  [a, b, c] = [await person(db, eventId), await person(db, eventId), await person(db, eventId)];
  meetingId = (await approvedMeeting(db, eventId, a.id, b.id, 1)).id;
  const b2 = await person(db, eventId);
  pendingId = (await approvedMeeting(db, eventId, a.id, b2.id, null)).id;
  const sent = await commands(s.app, a, [{ kind: 'message.send', payload: { recipient_id: b.id, text: SECRET } }]);
  expect(sent.results[0]!.status).toBe('applied');
  dialogId = (await dialogWith(db, a.id, b.id))!.dialog_id;
  const t = await createTicket(db, eventId, a.id);
  [ticketId, ticketCode] = [t.id, t.code];
  const added = await commands(s.app, a, [{ kind: 'comment.add', payload: { event_id: eventId, comment: 'A says hello' } }]);
  expect(added.results[0]!.status).toBe('applied');
  commentId = Number(added.results[0]!.ids![0]);
});
afterAll(async () => {
  await Promise.all(sockets.map((x) => x.close()));
  await s?.close();
});

/** Everything an attack could change, to compare before and after. */
async function snapshot() {
  const db = s.app.db;
  const rows = async (q: ReturnType<typeof sql>) => JSON.stringify((await q.execute(db)).rows);
  return {
    meetings: await rows(sql`SELECT id, response, response_msg, date, rev, deleted FROM appointments ORDER BY id`),
    messages: await rows(sql`SELECT id, text, rev FROM messages ORDER BY id`),
    dialogs: await rows(sql`SELECT * FROM dialogs ORDER BY id`),
    comments: await rows(sql`SELECT id, deleted, rev FROM chat_comments ORDER BY id`),
    tickets: await rows(sql`SELECT id, status, rev FROM tickets ORDER BY id`),
    blocks: await rows(sql`SELECT count(*)::int AS n FROM chat_blocks`),
  };
}

describe("someone else's data through the legacy calls", () => {
  it('refuses to show, approve, reject, cancel or edit a meeting between two other people', async () => {
    const before = await snapshot();
    expect((await call(s.app, c, 'GET', `/api/meetings/${meetingId}`)).body).toMatchObject({ status_code: 403, data: null });
    expect((await call(s.app, c, 'POST', '/api/meetings/approve-meeting', { meeting_id: pendingId })).body).toMatchObject({ status_code: 403, data: null });
    expect((await call(s.app, c, 'POST', '/api/meetings/reject-meeting', { meeting_id: meetingId, reason: 'mine now' })).body).toMatchObject({
      status_code: 403,
    });
    const edit = await call(s.app, c, 'POST', '/api/meetings/create-meeting', {
      event_id: eventId,
      user_id: b.id,
      date: '2030-01-01',
      any_time: true,
      meeting_id: meetingId,
    });
    expect(edit.body?.status_code).not.toBe(200);
    expect(edit.raw).not.toContain(SECRET);
    // The list of C's meetings of the event does not carry A's and B's.
    const mine = await call<Envelope<{ results: unknown[] }>>(s.app, c, 'GET', `/api/meetings/my-meeting?event_id=${eventId}`);
    expect(mine.body?.data.results).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses another pair's dialog by its id and shows no messages by the partner's id", async () => {
    const before = await snapshot();
    const view = await call(s.app, c, 'GET', `/api/user/messages-view?group_id=${dialogId}`);
    expect(view.body).toMatchObject({ status_code: 404, error: 'dialog_not_found' });
    const byUser = await call(s.app, c, 'GET', `/api/user/messages-view-by-user?user_id=${a.id}`);
    expect(byUser.body).toMatchObject({ status_code: 404, error: 'dialog_not_found' });
    const dialogs = await call(s.app, c, 'GET', '/api/user/my-messages');
    for (const r of [view, byUser, dialogs]) expect(r.raw).not.toContain(SECRET);
    // Writing to A without a meeting is refused too.
    const send = await call(s.app, c, 'POST', '/api/user/message-send', { to_id: a.id, text: 'hi' });
    expect(send.body).toMatchObject({ status_code: 403, error: 'meeting_required' });
    expect(await snapshot()).toEqual(before);
  });

  it("refuses another person's ticket, its PDF, its email and its QR code", async () => {
    const before = await snapshot();
    expect((await call(s.app, c, 'GET', `/api/tickets/${ticketId}`)).body).toMatchObject({ status_code: 403, error: 'forbidden' });
    const pdf = await call(s.app, c, 'GET', `/api/tickets/${ticketId}/pdf`);
    expect(pdf.headers['content-type']).not.toContain('pdf');
    expect(pdf.body).toMatchObject({ error: 'forbidden' });
    expect((await call(s.app, c, 'POST', `/api/tickets/${ticketId}/send-to-email`)).body).toMatchObject({ error: 'forbidden' });
    expect((await call(s.app, c, 'GET', `/api/events/get-user-tickets?event_id=${eventId}&user_id=${a.id}`)).body).toMatchObject({ error: 'forbidden' });
    const list = await call(s.app, c, 'GET', '/api/tickets?is_my=1&with_counts=1');
    expect(list.raw).not.toContain(ticketCode);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses removing another person's comment to anyone but the event's moderators", async () => {
    const before = await snapshot();
    const r = await call<Envelope<{ result?: boolean } | null>>(s.app, c, 'POST', '/api/events/remove-comment', { commentId });
    expect(r.body?.status_code).not.toBe(200);
    expect(r.body?.data?.result).toBeUndefined();
    expect(await snapshot()).toEqual(before);
  });
});

describe("another event's chat", () => {
  it('stays closed to somebody checked in to a different free event, through REST, commands and the chat feed', async () => {
    const before = await snapshot();
    const list = await call(s.app, c, 'GET', `/api/events/get-chat-messages?event_id=${otherEventId}`);
    expect(list.body?.status_code).not.toBe(200);
    const post = await call(s.app, c, 'POST', '/api/events/add-comment', { event_id: otherEventId, comment: 'gatecrash' });
    expect(post.body?.status_code).not.toBe(200);
    const { results } = await commands(s.app, c, [{ kind: 'comment.add', payload: { event_id: otherEventId, comment: 'gatecrash' } }]);
    expect(results[0]).toMatchObject({ status: 'rejected', code: 'ticket_required' });
    const feed = await s.app.inject({ url: `/sync/v1/comments/pull?checkpoint=0&event_id=${otherEventId}`, headers: bearer(c) });
    expect(feed.statusCode).toBe(403);
    const own = await s.app.inject({ url: `/sync/v1/comments/pull?checkpoint=0&event_id=${eventId}`, headers: bearer(c) });
    expect(own.statusCode).toBe(200);
    expect(await snapshot()).toEqual(before);
  });
});

describe("someone else's data through sync commands", () => {
  it('rejects every command kind aimed at what belongs to others, with a clear code, and changes nothing', async () => {
    const before = await snapshot();
    const { results } = await commands(s.app, c, [
      { kind: 'appointment.approve', payload: { meeting_id: pendingId } },
      { kind: 'appointment.reject', payload: { meeting_id: meetingId, reason: 'x' } },
      { kind: 'appointment.request', payload: { event_id: eventId, user_id: b.id, date: '2030-01-01', comment: '', any_time: true, meeting_id: meetingId } },
      { kind: 'comment.remove', payload: { comment_id: commentId } },
      { kind: 'chat.block', payload: { event_id: eventId, user_id: a.id, reason: 'x' } },
      { kind: 'chat.unblock', payload: { event_id: eventId, user_id: a.id } },
      { kind: 'message.send', payload: { recipient_id: a.id, text: 'let me in' } },
      { kind: 'ticket.scan', payload: { code: ticketCode, device_id: 'evil-door', scanned_at: new Date().toISOString(), event_id: eventId } },
    ]);
    expect(results.map((r) => r.status)).toEqual(Array(8).fill('rejected'));
    expect(results.map((r) => r.code)).toEqual([
      'forbidden',
      'forbidden',
      expect.any(String),
      'moderator_required',
      'moderator_required',
      'moderator_required',
      'meeting_required',
      expect.any(String),
    ]);
    expect(await snapshot()).toEqual(before);
  });
});

describe('the sync pull scope', () => {
  it("never gives a user another user's documents in any user-scoped feed", async () => {
    const pages = await pullEverything(s.app, c);
    for (const p of pages) {
      expect(p.text, p.name).not.toContain(SECRET);
      expect(p.text, p.name).not.toContain(ticketCode);
    }
    const count = (name: string) => pages.find((p) => p.name === name)!.count;
    expect([count('appointments'), count('messages'), count('dialogs'), count('tickets')]).toEqual([0, 0, 0, 0]);
    // What A sees proves the data exists and the same feeds do serve it to its owners.
    const own = await pullEverything(s.app, a);
    expect(own.find((p) => p.name === 'messages')!.text).toContain(SECRET);
    expect(own.find((p) => p.name === 'tickets')!.count).toBe(1);
  });

  it('ignores a parameter naming another user, and gives guests nothing personal', async () => {
    for (const name of ['appointments', 'messages', 'dialogs', 'tickets', 'my_events', 'relations']) {
      // The pull's scope is the session's user; an extra parameter is dropped by the schema.
      const plain = await s.app.inject({ url: `/sync/v1/${name}/pull?checkpoint=0`, headers: bearer(c) });
      for (const q of [`user_id=${a.id}`, `userId=${a.id}`, `scope[user_id]=${a.id}`]) {
        const named = await s.app.inject({ url: `/sync/v1/${name}/pull?checkpoint=0&${q}`, headers: bearer(c) });
        expect(named.statusCode, `${name} ${q}`).toBe(200);
        expect(named.json(), `${name} ${q}`).toEqual(plain.json());
      }
      const guest = await s.app.inject({ url: `/sync/v1/${name}/pull?checkpoint=0` });
      expect(guest.statusCode, name).toBe(401);
    }
  });

  it("refuses an event's visitors and door tickets to somebody who has no business there", async () => {
    const outsider = await person(s.app.db, otherEventId);
    const visitors = await s.app.inject({ url: `/sync/v1/visitors/pull?checkpoint=0&event_id=${eventId}`, headers: bearer(outsider) });
    expect(visitors.statusCode).toBe(403);
    const door = await s.app.inject({ url: `/sync/v1/door_tickets/pull?checkpoint=0&event_id=${eventId}`, headers: bearer(c) });
    expect(door.statusCode).toBe(403);
    expect(door.body).not.toContain(ticketCode);
  });
});

describe("someone else's data through the sockets", () => {
  it("refuses registering as another user or for another event's chat, lists no dialog of others and delivers nothing of theirs", async () => {
    const impostor = await openSocket(s.url, '/wss/notice', { token: c.token });
    sockets.push(impostor);
    impostor.send({ type: 'register', userId: a.id });
    expect((await impostor.next('Exception')).Exception).toMatchObject({ type: 'userAccessException', code: 'forbidden' });
    impostor.send({ type: 'personalMessageList', targetUserId: b.id });
    expect((await impostor.next('Exception')).Exception.code).toBe('forbidden');

    const chat = await openSocket(s.url, '/wss/chat', { token: c.token });
    sockets.push(chat);
    chat.send({ type: 'register', userId: c.id, eventId: otherEventId });
    expect((await chat.next('Exception')).Exception.code).toBe('ticket_required');
    chat.send({ type: 'commentAdd', comment: 'into the other chat' });
    expect((await chat.next('Exception')).Exception.code).toBe('forbidden');

    const notice = await noticeSocket(s.url, c.token, c.id);
    sockets.push(notice);
    notice.send({ type: 'personalMessageList', targetUserId: a.id });
    const list = await notice.next('personalMessages');
    expect(list.items).toEqual([]);
    expect(JSON.stringify(list)).not.toContain(SECRET);

    const own = await chatSocket(s.url, c.token, c.id, eventId);
    sockets.push(own);
    await commands(s.app, a, [{ kind: 'message.send', payload: { recipient_id: b.id, text: `${SECRET} again` } }]);
    const bNotice = await noticeSocket(s.url, b.token, b.id);
    sockets.push(bNotice);
    await commands(s.app, a, [{ kind: 'message.send', payload: { recipient_id: b.id, text: `${SECRET} third` } }]);
    await bNotice.next((f) => f.type === 'personalMessageCreated');
    expect(await notice.silent((f) => JSON.stringify(f).includes(SECRET), 300)).toBe(true);
    expect(await own.silent((f) => JSON.stringify(f).includes(SECRET), 10)).toBe(true);
  });
});
