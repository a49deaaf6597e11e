import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { createTestDatabase, type TestDatabase } from '../fixtures/db.ts';
import { login } from '../fixtures/server.ts';
import { createEvent, createTicket, createUser } from '../fixtures/factories.ts';
import { SESSION_COOKIE } from '../../contract/constants.ts';
import { WS_MAX_PAYLOAD_BYTES, WS_MAX_SOCKETS_PER_USER } from '../../contract/ws.ts';
import { approvedMeeting, chatSocket, command, makeStaff, noticeSocket, openSocket, socketPass, upgradeStatus, wait, type TestSocket } from './chat-helpers.ts';

/**
 * Short enough for the dead-peer and lost-access tests to finish in seconds, long enough that a live
 * client on a loaded test machine always answers a ping before the next one (or it would be dropped).
 */
const HEARTBEAT_MS = 1000;
let app: FastifyInstance;
let database: TestDatabase;
let url: string;
const open: TestSocket[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const config = {
    ...loadConfig({ DATA_DIR: '.tmp/test-data', SEED: 'none' }),
    distDir: '/nonexistent',
    socketHeartbeatMs: HEARTBEAT_MS,
    usersOnlineWriteMs: 100,
  };
  app = await buildApp({ config, database });
  url = await app.listen({ port: 0, host: '127.0.0.1' });
});
// Each test's sockets close with it, so later tests do not pay for earlier chats' heartbeats.
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

const track = <T extends TestSocket>(s: T): T => {
  open.push(s);
  return s;
};

async function person(eventId?: number) {
  const u = await createUser(app.db);
  if (eventId) await createTicket(app.db, eventId, u.id);
  return { id: u.id, token: (await login(app, u.email)).token };
}

async function postComment(token: string, eventId: number, comment: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/events/add-comment',
    headers: { authorization: `Bearer ${token}` },
    payload: { event_id: eventId, comment },
  });
  return res.json();
}

describe('connecting', () => {
  it('accepts a session cookie, a Bearer header, a single-use socket pass or (as the specs say) the session token in the URL, and nothing else', async () => {
    const a = await person();
    expect(await upgradeStatus(url, '/wss/notice')).toBe(401);
    expect(await upgradeStatus(url, '/wss/notice', { token: a.token })).toBe(101);
    expect(await upgradeStatus(url, '/wss/chat', { headers: { cookie: `${SESSION_COOKIE}=${a.token}` } })).toBe(101);
    // The specs' clients put the session token itself in the URL (the log redacts it).
    expect(await upgradeStatus(url, '/wss/notice', { pass: a.token })).toBe(101);
    expect(await upgradeStatus(url, '/wss/notice', { pass: `${a.token.slice(0, -1)}${a.token.endsWith('A') ? 'B' : 'A'}` })).toBe(401);

    const ticket = await socketPass(url, a.token);
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await upgradeStatus(url, '/wss/notice', { pass: ticket })).toBe(101);
    expect(await upgradeStatus(url, '/wss/notice', { pass: ticket })).toBe(401);
    const stored = await sql<{ n: number }>`SELECT count(*)::int AS n FROM socket_passes WHERE user_id = ${a.id}`.execute(app.db);
    expect(stored.rows[0]!.n).toBe(0);

    const stale = await socketPass(url, a.token);
    await sql`UPDATE socket_passes SET expires_at = now() - interval '1 second' WHERE user_id = ${a.id}`.execute(app.db);
    expect(await upgradeStatus(url, '/wss/notice', { pass: stale })).toBe(401);

    const noSession = await fetch(`${url}/api/auth/socket-pass`, { method: 'POST' });
    expect(noSession.status).toBe(401);
    const crossSite = await fetch(`${url}/api/auth/socket-pass`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.token}`, origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);

    // Clients built before the rename still ask under the old name and read `ticket`.
    const old = await fetch(`${url}/api/auth/socket-ticket`, { method: 'POST', headers: { authorization: `Bearer ${a.token}` } });
    const oldPass = ((await old.json()) as { data: { ticket: string; expires_in: number } }).data;
    expect(oldPass.expires_in).toBeGreaterThan(0);
    expect(await upgradeStatus(url, '/wss/notice', { pass: oldPass.ticket })).toBe(101);
    expect((await fetch(`${url}/api/auth/socket-ticket`, { method: 'POST' })).status).toBe(401);
  });

  it('refuses a browser from another origin and accepts its own', async () => {
    const a = await person();
    expect(await upgradeStatus(url, '/wss/chat', { token: a.token, origin: 'https://evil.example' })).toBe(403);
    expect(await upgradeStatus(url, '/wss/chat', { token: a.token, origin: 'null' })).toBe(403);
    expect(await upgradeStatus(url, '/wss/chat', { token: a.token, origin: url })).toBe(101);
  });

  it('caps the sockets one user holds', async () => {
    const a = await person();
    const sockets = [];
    for (let i = 0; i < WS_MAX_SOCKETS_PER_USER; i++) sockets.push(await openSocket(url, '/wss/notice', { token: a.token }));
    expect(await upgradeStatus(url, '/wss/notice', { token: a.token })).toBe(429);
    await Promise.all(sockets.map((s) => s.close()));
    await wait(50);
    expect(await upgradeStatus(url, '/wss/notice', { token: a.token })).toBe(101);
  });
});

describe('registering', () => {
  it('refuses a userId that is not the signed-in user, and frames before registering', async () => {
    const ev = await createEvent(app.db);
    const a = await person(ev.id);
    const b = await person(ev.id);
    const s = track(await openSocket(url, '/wss/chat', { token: a.token }));
    s.send({ type: 'userBlock', targetUserId: b.id, reasonText: 'x' });
    expect(await s.next('Exception')).toMatchObject({ Exception: { type: 'userAccessException', code: 'forbidden' } });
    s.send({ type: 'register', userId: b.id, eventId: ev.id });
    expect(await s.next('Exception')).toMatchObject({ Exception: { type: 'userAccessException' } });
    await postComment(b.token, ev.id, 'not for the impostor');
    expect(await s.silent('commentCreated')).toBe(true);

    const n = track(await openSocket(url, '/wss/notice', { token: a.token }));
    n.send({ type: 'register', userId: String(b.id) });
    expect(await n.next('Exception')).toMatchObject({ Exception: { type: 'userAccessException' } });
    n.send({ type: 'register', userId: String(a.id) });
    expect(await n.next('registered')).toEqual({ type: 'registered', channel: 'notice', userId: a.id });
  });

  it('refuses the chat of an event the user has no ticket for, or that does not exist', async () => {
    const ev = await createEvent(app.db);
    const insider = await person(ev.id);
    const outsider = await person();
    const s = track(await openSocket(url, '/wss/chat', { token: outsider.token }));
    s.send({ type: 'register', userId: outsider.id, eventId: ev.id });
    expect(await s.next('Exception')).toMatchObject({ Exception: { type: 'userAccessException', code: 'ticket_required' } });
    s.send({ type: 'register', userId: outsider.id, eventId: 987654 });
    expect(await s.next('Exception')).toMatchObject({ Exception: { type: 'userAccessException', code: 'event_not_found' } });
    s.send({ type: 'register', userId: outsider.id });
    expect(await s.next('Exception')).toMatchObject({ Exception: { type: 'invalidInputException' } });
    await postComment(insider.token, ev.id, 'members only');
    expect(await s.silent('commentCreated')).toBe(true);
  });

  it('answers malformed frames with an Exception and keeps the socket open', async () => {
    const a = await person();
    const s = track(await openSocket(url, '/wss/notice', { token: a.token }));
    s.send('not json');
    expect(await s.next('Exception')).toMatchObject({ Exception: { type: 'invalidInputException', code: 'invalid_input' } });
    s.send({ type: 'subscribeEverything' });
    expect(await s.next('Exception')).toMatchObject({ Exception: { type: 'invalidInputException' } });
    s.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(await s.next('Exception')).toMatchObject({ Exception: { type: 'invalidInputException' } });
    s.send({ type: 'ping' });
    expect(await s.next('pong')).toEqual({ type: 'pong' });
  });
});

describe('event chat frames', () => {
  it('delivers comments, votes and deletions of the registered event only, with the online counter', async () => {
    const ev = await createEvent(app.db);
    const other = await createEvent(app.db);
    const a = await person(ev.id);
    const b = await person(ev.id);
    const elsewhere = await person(other.id);
    const mod = await person(ev.id);
    await makeStaff(app.db, ev.id, mod.id, 'moderator');

    const sa = track(await chatSocket(url, a.token, a.id, ev.id));
    const sa2 = track(await chatSocket(url, a.token, a.id, ev.id));
    const sb = track(await chatSocket(url, b.token, b.id, ev.id));
    const se = track(await chatSocket(url, elsewhere.token, elsewhere.id, other.id));

    const posted = await postComment(b.token, ev.id, '<img src=x onerror=alert(1)>');
    const created = await sa.next('commentCreated');
    expect(created).toMatchObject({
      comment: { id: posted.data.comment.id, event_id: ev.id, user_id: b.id, comment: '<img src=x onerror=alert(1)>', likes: { like: 0, dislike: 0 } },
      users: { [String(b.id)]: { id: b.id, avatar: `/files/avatars/${b.id}.svg` } },
      // a's two sockets count once.
      broadcast_statistics: { users_online: 2 },
    });
    expect((await sa2.next('commentCreated')).comment.id).toBe(posted.data.comment.id);
    expect((await sb.next('commentCreated')).comment.id).toBe(posted.data.comment.id);

    // A comment queued offline and replayed through the sync commands reaches sockets too.
    const viaCommand = await command(app, a.token, 'comment.add', { event_id: ev.id, comment: 'from the outbox' });
    expect((await sb.next('commentCreated')).comment).toMatchObject({ id: Number(viaCommand.ids![0]), comment: 'from the outbox' });

    await command(app, a.token, 'comment.like', { comment_id: posted.data.comment.id, like_type: 2 });
    expect(await sb.next('commentVoted')).toMatchObject({ comment_id: posted.data.comment.id, likes: { like: 0, dislike: 1 } });

    await command(app, mod.token, 'comment.remove', { comment_id: posted.data.comment.id });
    expect(await sa.next('commentDeleted')).toMatchObject({ comment_id: posted.data.comment.id, event_id: ev.id, broadcast_statistics: { users_online: 2 } });

    expect(await se.silent((f) => f.type.startsWith('comment'), 300)).toBe(true);
    await postComment(elsewhere.token, other.id, 'other room');
    expect((await se.next('commentCreated')).comment.comment).toBe('other room');
    expect(await sa.silent((f) => f.type === 'commentCreated' && f.comment.comment === 'other room', 300)).toBe(true);
  });

  it('lets moderators block and unblock: the notice reaches everybody, the reason only the person and the staff, and the blocked user cannot post', async () => {
    const ev = await createEvent(app.db);
    const mod = await person(ev.id);
    await makeStaff(app.db, ev.id, mod.id, 'moderator');
    const target = await person(ev.id);
    const bystander = await person(ev.id);
    const sm = track(await chatSocket(url, mod.token, mod.id, ev.id));
    const st = track(await chatSocket(url, target.token, target.id, ev.id));
    const sb = track(await chatSocket(url, bystander.token, bystander.id, ev.id));
    const nt = track(await noticeSocket(url, target.token, target.id));

    sb.send({ type: 'userBlock', targetUserId: target.id, reasonText: 'I do not like them' });
    expect(await sb.next('Exception')).toMatchObject({ Exception: { type: 'userAccessException', code: 'moderator_required' } });
    sm.send({ type: 'userBlock', targetUserId: mod.id, reasonText: 'oops' });
    expect(await sm.next('Exception')).toMatchObject({ Exception: { code: 'chat_block_not_allowed' } });

    sm.send({ type: 'userBlock', targetUserId: String(target.id), reasonText: 'Spam in the event chat' });
    const toStaff = await sm.next('chatUserBlockedNotice');
    const toTarget = await st.next('chatUserBlockedNotice');
    const toOthers = await sb.next('chatUserBlockedNotice');
    expect(toStaff).toEqual({ type: 'chatUserBlockedNotice', event_id: ev.id, userId: target.id, reasonText: 'Spam in the event chat' });
    expect(toTarget).toEqual(toStaff);
    expect(toOthers).toEqual({ type: 'chatUserBlockedNotice', event_id: ev.id, userId: target.id });
    expect(await nt.next('chatUserBlockedNotice')).toEqual(toStaff);

    st.send({ type: 'commentAdd', comment: 'let me in' });
    expect(await st.next('Exception')).toEqual({
      type: 'Exception',
      Exception: { type: 'chatBlockedException', code: 'chat_blocked', message: 'You are not allowed to send comments' },
    });
    expect(await sb.silent('commentCreated', 300)).toBe(true);

    sm.send({ type: 'userUnblock', targetUserId: target.id });
    expect(await sm.next('chatUserUnblockResult')).toEqual({ type: 'chatUserUnblockResult', event_id: ev.id, targetUserId: target.id, result: true });
    expect(await st.next('chatUserUnblockedNotice')).toEqual({ type: 'chatUserUnblockedNotice', event_id: ev.id, userId: target.id });
    expect(await nt.next('chatUserUnblockedNotice')).toMatchObject({ userId: target.id });
    st.send({ type: 'commentAdd', comment: 'thanks' });
    expect((await sb.next('commentCreated')).comment).toMatchObject({ user_id: target.id, comment: 'thanks' });
  });

  it('stops the chat of a user who lost access since registering', async () => {
    const ev = await createEvent(app.db);
    const a = await person(ev.id);
    const b = await person(ev.id);
    const sa = track(await chatSocket(url, a.token, a.id, ev.id));
    await app.db.updateTable('tickets').set({ status: 'cancelled' }).where('event_id', '=', ev.id).where('user_id', '=', a.id).execute();
    expect(await sa.next('Exception', HEARTBEAT_MS * 4)).toMatchObject({ Exception: { type: 'userAccessException', code: 'ticket_required' } });
    await postComment(b.token, ev.id, 'after the refund');
    expect(await sa.silent('commentCreated', 400)).toBe(true);
  });

  it('writes the online counter through to the event at a modest rate', async () => {
    const ev = await createEvent(app.db);
    const a = await person(ev.id);
    const online = async () => (await app.db.selectFrom('events').select('users_online').where('id', '=', ev.id).executeTakeFirstOrThrow()).users_online;
    const s = await chatSocket(url, a.token, a.id, ev.id);
    for (let i = 0; i < 100 && (await online()) !== 1; i++) await wait(50);
    expect(await online()).toBe(1);
    await s.close();
    for (let i = 0; i < 100 && (await online()) !== 0; i++) await wait(50);
    expect(await online()).toBe(0);
  });
});

describe('personal messages over sockets', () => {
  it('sends, lists and pushes only to the two people of the dialog', async () => {
    const ev = await createEvent(app.db);
    const a = await person();
    const b = await person();
    const c = await person();
    const na = track(await noticeSocket(url, a.token, a.id));
    const nb = track(await noticeSocket(url, b.token, b.id));
    const nc = track(await noticeSocket(url, c.token, c.id));
    await createTicket(app.db, ev.id, b.id);
    const cb = track(await chatSocket(url, b.token, b.id, ev.id));

    na.send({ type: 'personalMessageSend', recipientId: b.id, text: 'hi' });
    expect(await na.next('Exception')).toMatchObject({ Exception: { type: 'personalMessageException', code: 'meeting_required' } });

    await approvedMeeting(app.db, ev.id, a.id, b.id);
    na.send({ type: 'personalMessageSend', recipientId: b.id, text: '<script>hi</script>' });
    const mine = await na.next('personalMessageCreated');
    expect(mine).toMatchObject({ message: { sender: { id: a.id }, recipient: { id: b.id }, text: '<script>hi</script>' }, muted: false });
    expect((await nb.next('personalMessageCreated')).message.id).toBe(mine.message.id);
    expect((await cb.next('personalMessageCreated')).message.id).toBe(mine.message.id);
    expect(await nc.silent('personalMessageCreated', 300)).toBe(true);

    // Through the REST call and the sync command as well.
    await command(app, b.token, 'dialog.update', { user_id: a.id, muted: true });
    await command(app, a.token, 'message.send', { recipient_id: b.id, text: 'queued' });
    expect(await nb.next('personalMessageCreated')).toMatchObject({ message: { text: 'queued' }, muted: true });

    nb.send({ type: 'personalMessageList', targetUserId: a.id, limit: 10, offset: 0 });
    const listed = await nb.next('personalMessages');
    expect(listed).toMatchObject({ targetUserId: a.id, count: 2, offset: 0 });
    expect(listed.items.map((m: { text: string }) => m.text)).toEqual(['queued', '<script>hi</script>']);
    const unread = await sql<{ n: number }>`SELECT count(*)::int AS n FROM messages WHERE sender_id = ${a.id} AND read_at IS NULL`.execute(app.db);
    expect(unread.rows[0]!.n).toBe(0);

    nc.send({ type: 'personalMessageList', targetUserId: a.id });
    expect(await nc.next('personalMessages')).toEqual({ type: 'personalMessages', targetUserId: a.id, items: [], count: 0, offset: 0 });
  });

  it('tells the other person about meeting answers on the notice channel', async () => {
    const ev = await createEvent(app.db);
    const a = await person(ev.id);
    const b = await person(ev.id);
    const na = track(await noticeSocket(url, a.token, a.id));
    const nb = track(await noticeSocket(url, b.token, b.id));
    const m1 = await approvedMeeting(app.db, ev.id, a.id, b.id, null);
    expect(await command(app, b.token, 'appointment.approve', { meeting_id: m1.id })).toMatchObject({ status: 'applied' });
    expect(await na.next('meetingNotice')).toEqual({ type: 'meetingNotice', meetingNotice: { meeting_id: m1.id, event_type: 'APPOINTMENT_APPROVED' } });
    expect(await nb.silent('meetingNotice', 300)).toBe(true);
  });
});

describe('keeping sockets healthy', () => {
  it('drops a peer that stops answering pings, and it leaves the online count', async () => {
    const ev = await createEvent(app.db);
    const a = await person(ev.id);
    const dead = await person(ev.id);
    const sa = track(await chatSocket(url, a.token, a.id, ev.id));
    const ghost = await openSocket(url, '/wss/chat', { token: dead.token, autoPong: false });
    ghost.send({ type: 'register', userId: dead.id, eventId: ev.id });
    expect((await ghost.next('registered')).broadcast_statistics!.users_online).toBe(2);
    const closed = await Promise.race([ghost.closed, wait(HEARTBEAT_MS * 10).then(() => null)]);
    expect(closed).not.toBeNull();
    expect(closed!.code).toBe(1006);
    await wait(50);
    await postComment(a.token, ev.id, 'anyone?');
    expect((await sa.next('commentCreated')).broadcast_statistics.users_online).toBe(1);
    // A live peer answering pings stays.
    expect(sa.ws.readyState).toBe(sa.ws.OPEN);
  });

  it('closes a socket that sends a frame over the size limit', async () => {
    const a = await person();
    const s = await openSocket(url, '/wss/notice', { token: a.token });
    s.send({ type: 'personalMessageSend', recipientId: 1, text: 'x'.repeat(WS_MAX_PAYLOAD_BYTES + 10) });
    expect((await s.closed).code).toBe(1009);
  });

  it('drops frames over the rate, says so, and closes a socket that keeps flooding', async () => {
    const a = await person();
    const s = await openSocket(url, '/wss/notice', { token: a.token });
    for (let i = 0; i < 30; i++) s.send({ type: 'ping' });
    expect(await s.next('Exception', (f) => f.Exception.type === 'rateLimitException')).toMatchObject({ Exception: { code: 'rate_limited' } });
    await wait(100);
    const pongs = s.frames.filter((f) => f.type === 'pong').length;
    expect(pongs).toBeGreaterThanOrEqual(20);
    expect(pongs).toBeLessThan(30);
    for (let i = 0; i < 100; i++) s.send({ type: 'ping' });
    expect((await s.closed).code).toBe(1008);
  });
});
