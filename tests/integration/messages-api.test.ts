import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, login, type TestServer } from '../fixtures/server.ts';
import { createEvent, createUser } from '../fixtures/factories.ts';
import { dialogsFeed, messagesFeed } from '../../server/domain/messages/feed.ts';
import { approvedMeeting, command, commandId } from './chat-helpers.ts';
import type { Envelope } from '../fixtures/envelope.ts';

/** A message or a dialog of the legacy lists, as far as these tests read it. */
interface Item {
  text: string;
  count_new_message: number;
}
/** The data of the answers these tests read; each call answers some of these fields. */
interface Answer {
  result: boolean;
  group_id: number;
  count: number;
  results: Item[];
  dialog: Item;
}
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

const auth = (token?: string | null): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});

async function person() {
  const u = await createUser(s.app.db);
  return { id: u.id, token: (await login(s.app, u.email)).token };
}

async function get(token: string | null, url: string): Promise<Envelope<Answer>> {
  const res = await s.app.inject({ url, headers: auth(token) });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function send(token: string | null, payload: Record<string, unknown>): Promise<Envelope<Answer>> {
  const res = await s.app.inject({ method: 'POST', url: '/api/user/message-send', headers: auth(token), payload });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** Two people who met: an approved meeting at some event. */
async function pair() {
  const ev = await createEvent(s.app.db);
  const a = await person();
  const b = await person();
  await approvedMeeting(s.app.db, ev.id, a.id, b.id);
  return { a, b, ev };
}

describe('who may write to whom', () => {
  it('needs an approved meeting: none, pending or rejected is meeting_required', async () => {
    const ev = await createEvent(s.app.db);
    const a = await person();
    const b = await person();
    expect(await send(a.token, { to_id: b.id, text: 'hi' })).toMatchObject({ status_code: 403, error: 'meeting_required', data: null });
    await approvedMeeting(s.app.db, ev.id, a.id, b.id, null);
    expect((await send(a.token, { to_id: b.id, text: 'hi' })).error).toBe('meeting_required');
    const ev2 = await createEvent(s.app.db);
    await approvedMeeting(s.app.db, ev2.id, b.id, a.id, 3);
    expect((await send(b.token, { recipient_id: a.id, text: 'hi' })).error).toBe('meeting_required');
    expect(await command(s.app, a.token, 'message.send', { recipient_id: b.id, text: 'queued' })).toMatchObject({
      status: 'rejected',
      code: 'meeting_required',
    });
    const rows = await s.app.db.selectFrom('messages').select('id').where('sender_id', 'in', [a.id, b.id]).execute();
    expect(rows).toEqual([]);

    const ev3 = await createEvent(s.app.db);
    const approved = await approvedMeeting(s.app.db, ev3.id, b.id, a.id, 1);
    expect((await send(a.token, { to_id: b.id, text: 'we met' })).data.result).toBe(true);
    // A conversation opened under an approved meeting goes on after the meeting is called off.
    await s.app.db.updateTable('appointments').set({ response: 3, canceled_by: b.id }).where('id', '=', approved.id).execute();
    expect((await send(b.token, { to_id: a.id, text: 'still here' })).data.result).toBe(true);
  });

  it('refuses bad input: oneself, nobody, empty text', async () => {
    const { a, b } = await pair();
    expect((await send(a.token, { to_id: a.id, text: 'me' })).error).toBe('invalid_input');
    expect((await send(a.token, { to_id: 999999, text: 'x' })).error).toBe('not_found');
    expect((await send(a.token, { to_id: b.id, text: '   ' })).error).toBe('invalid_input');
    expect((await send(a.token, { text: 'no one' })).error).toBe('invalid_input');
    expect((await send(null, { to_id: b.id, text: 'guest' })).status_code).toBe(403);
    const dead = await s.app.inject({ method: 'POST', url: '/api/user/message-send', headers: auth('y'.repeat(43)), payload: { to_id: b.id, text: 'x' } });
    expect(dead.statusCode).toBe(401);
  });
});

describe('dialogs and messages over the legacy calls', () => {
  it('creates the dialog on the first message, counts unread, pages, and marks read when opened', async () => {
    const { a, b } = await pair();
    expect(await get(a.token, '/api/user/my-messages')).toEqual({ status_code: 204, data: [] });
    const first = await send(a.token, { to_id: b.id, text: 'Hello <b>Bohdan</b>' });
    expect(first.data).toMatchObject({ result: true, message: { sender: { id: a.id }, recipient: { id: b.id }, text: 'Hello <b>Bohdan</b>', notRead: true } });
    const groupId = first.data.group_id;
    const dialog = await s.app.db.selectFrom('dialogs').selectAll().where('id', '=', groupId).executeTakeFirstOrThrow();
    expect([dialog.user_a, dialog.user_b]).toEqual([Math.min(a.id, b.id), Math.max(a.id, b.id)]);
    for (let i = 0; i < 11; i++) await send(i % 2 ? a.token : b.token, { message: `m${i}`, user_id: i % 2 ? b.id : a.id });

    const bList = await get(b.token, '/api/user/my-messages');
    expect(bList.data.count).toBe(1);
    expect(bList.data.results[0]).toMatchObject({ group_id: groupId, to_id: a.id, message: 'm10', count_new_message: 6, muted: false, starred: false });
    expect((await get(a.token, '/api/user/my-messages')).data.results[0]).toMatchObject({ to_id: b.id, count_new_message: 6 });
    expect((await get(b.token, '/api/user/get-unread-message')).data.count).toBe(6);

    const page1 = await get(b.token, `/api/user/messages-view-by-user?user_id=${a.id}`);
    expect(page1.data.count).toBe(12);
    expect(page1.data.results).toHaveLength(10);
    expect(page1.data.results[0]).toMatchObject({ text: 'm10', sender: { id: b.id }, recipient: { id: a.id } });
    expect(page1.data.dialog.count_new_message).toBe(0);
    expect((await get(b.token, '/api/user/get-unread-message')).data.count).toBe(0);
    const page2 = await get(b.token, `/api/user/messages-view?group_id=${groupId}&offset=10`);
    expect(page2.data.results.map((m) => m.text)).toEqual(['m0', 'Hello <b>Bohdan</b>']);
    expect(page2.data.results[1]).toMatchObject({ fullname: expect.any(String), avatar: `/files/avatars/${a.id}.svg` });
    expect(await get(b.token, `/api/user/messages-view?group_id=${groupId}&offset=50`)).toEqual({ status_code: 204, data: [] });
    // a has not opened it: b's messages to a stay unread.
    expect((await get(a.token, '/api/user/my-messages')).data.results[0]!.count_new_message).toBe(6);
  });

  it("never shows another person's dialog", async () => {
    const { a, b } = await pair();
    const c = await person();
    const groupId = (await send(a.token, { to_id: b.id, text: 'private' })).data.group_id;
    expect(await get(c.token, `/api/user/messages-view?group_id=${groupId}`)).toMatchObject({ status_code: 404, error: 'dialog_not_found', data: null });
    expect((await get(c.token, `/api/user/messages-view-by-user?user_id=${a.id}`)).error).toBe('dialog_not_found');
    expect((await get(a.token, `/api/user/messages-view-by-user?user_id=${a.id}`)).error).toBe('dialog_not_found');
    expect((await get(a.token, '/api/user/messages-view?group_id=abc')).status_code).toBe(400);
    expect(await get(c.token, '/api/user/my-messages')).toEqual({ status_code: 204, data: [] });
    expect((await get(null, '/api/user/my-messages')).status_code).toBe(403);
    expect((await dialogsFeed(s.app.db, { userId: c.id, checkpoint: 0, limit: 100, scope: {} })).documents).toEqual([]);
    expect((await messagesFeed(s.app.db, { userId: c.id, checkpoint: 0, limit: 100, scope: {} })).documents).toEqual([]);
    expect((await messagesFeed(s.app.db, { userId: null, checkpoint: 0, limit: 100, scope: {} })).documents).toEqual([]);
  });

  it('does not mark read on a request the browser labels cross-site', async () => {
    const { a, b } = await pair();
    await send(a.token, { to_id: b.id, text: 'unread' });
    const res = await s.app.inject({ url: `/api/user/messages-view-by-user?user_id=${a.id}`, headers: { ...auth(b.token), 'sec-fetch-site': 'cross-site' } });
    expect(res.json().data.results).toHaveLength(1);
    expect((await get(b.token, '/api/user/get-unread-message')).data.count).toBe(1);
  });
});

describe('message commands and feeds', () => {
  it('delivers a replayed message.send once and keeps its order', async () => {
    const { a, b } = await pair();
    const ids = [commandId(), commandId(), commandId()];
    for (const [i, id] of ids.entries())
      expect((await command(s.app, a.token, 'message.send', { recipient_id: b.id, text: `q${i}` }, { id })).status).toBe('applied');
    const replay = await command(s.app, a.token, 'message.send', { recipient_id: b.id, text: 'q0' }, { id: ids[0] });
    expect(replay.status).toBe('applied');
    const texts = (await get(b.token, `/api/user/messages-view-by-user?user_id=${a.id}`)).data.results.map((m) => m.text);
    expect(texts).toEqual(['q2', 'q1', 'q0']);

    const mine = await messagesFeed(s.app.db, { userId: a.id, checkpoint: 0, limit: 100, scope: {} });
    const theirs = await messagesFeed(s.app.db, { userId: b.id, checkpoint: 0, limit: 100, scope: {} });
    expect(mine.documents.map((d) => d.client_id)).toEqual(ids);
    expect(theirs.documents.every((d) => d.client_id === '' && d.peer_id === a.id)).toBe(true);
    // b opened the dialog above: the messages came back to a's feed as read.
    expect(mine.documents.every((d) => d.read === true)).toBe(true);
  });

  it('mutes, stars and closes per side; a new message reopens; feeds follow', async () => {
    const { a, b } = await pair();
    await command(s.app, a.token, 'message.send', { recipient_id: b.id, text: 'one' });
    const bDialogs = await dialogsFeed(s.app.db, { userId: b.id, checkpoint: 0, limit: 100, scope: {} });
    expect(bDialogs.documents).toEqual([
      expect.objectContaining({
        id: String(a.id),
        user_id: a.id,
        last_message: 'one',
        last_message_sender_id: a.id,
        unread_count: 1,
        muted: false,
        closed: false,
      }),
    ]);
    const cp = bDialogs.documents[0]!.rev;

    expect(await command(s.app, b.token, 'dialog.update', { user_id: a.id, muted: true, starred: true })).toMatchObject({ status: 'applied' });
    expect(await command(s.app, b.token, 'dialog.read', { user_id: a.id })).toMatchObject({ status: 'applied' });
    const changed = (await dialogsFeed(s.app.db, { userId: b.id, checkpoint: cp, limit: 100, scope: {} })).documents;
    expect(changed).toEqual([expect.objectContaining({ muted: true, starred: true, unread_count: 0 })]);
    // a's side is untouched by b's flags.
    const aDoc = (await dialogsFeed(s.app.db, { userId: a.id, checkpoint: 0, limit: 100, scope: {} })).documents[0];
    expect(aDoc).toMatchObject({ id: String(b.id), muted: false, starred: false });
    expect((await get(b.token, '/api/user/my-messages?only_starred=1')).data.count).toBe(1);
    expect(await get(a.token, '/api/user/my-messages?only_starred=1')).toEqual({ status_code: 204, data: [] });

    await command(s.app, b.token, 'dialog.update', { user_id: a.id, closed: true });
    expect(await get(b.token, '/api/user/my-messages')).toEqual({ status_code: 204, data: [] });
    expect((await get(a.token, '/api/user/my-messages')).data.count).toBe(1);
    await command(s.app, a.token, 'message.send', { recipient_id: b.id, text: 'are you there?' });
    expect((await get(b.token, '/api/user/my-messages')).data.results[0]).toMatchObject({ message: 'are you there?', closed: false, muted: true });

    const c = await person();
    expect(await command(s.app, c.token, 'dialog.update', { user_id: a.id, muted: true })).toMatchObject({ status: 'rejected', code: 'dialog_not_found' });
    expect(await command(s.app, c.token, 'dialog.read', { user_id: a.id })).toMatchObject({ status: 'rejected', code: 'dialog_not_found' });
  });

  it('limits how fast one person sends', async () => {
    const { a, b } = await pair();
    let last = 0;
    for (let i = 0; i < 61; i++) last = (await send(a.token, { to_id: b.id, text: `flood ${i}` })).status_code;
    expect(last).toBe(429);
    const n = await s.app.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sender_id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(60);
  });
});
