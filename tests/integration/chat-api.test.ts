import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, login, type TestServer } from '../fixtures/server.ts';
import { createEvent, createTicket, createUser } from '../fixtures/factories.ts';
import type { Envelope } from '../fixtures/envelope.ts';
import { COMMENTS_WINDOW } from '../../contract/chat.ts';
import { commentsFeed } from '../../server/domain/chat/feed.ts';
import { command, commandId, makeStaff } from './chat-helpers.ts';
import { errorText } from '../../server/domain/error-texts.ts';

/** A comment as the chat answers carry it, as far as these tests read it. */
interface Comment {
  id: number;
  comment: string;
  is_blocked_in_chat: boolean;
  likes: { like: number; dislike: number; my_like_type: number };
}
/** A page of the chat: its comments and their authors. */
interface ChatPage {
  comment_data: { count: number; items: Comment[] };
  users: Record<string, { is_blocked_in_chat: boolean }>;
  is_blocked: boolean;
}
/** What the chat's commands answer, as far as these tests read it; each answers some of these. */
interface Done {
  result: boolean;
  comment: Comment;
  likes: unknown;
}
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

const auth = (token?: string | null): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});

async function list(token: string | null, query: string): Promise<{ http: number; body: Envelope<ChatPage>; type: string }> {
  const res = await s.app.inject({ url: `/api/events/get-chat-messages?${query}`, headers: auth(token) });
  return { http: res.statusCode, body: res.json(), type: String(res.headers['content-type']) };
}

async function post(token: string | null, url: string, payload: Record<string, unknown>): Promise<Envelope<Done>> {
  const res = await s.app.inject({ method: 'POST', url, headers: auth(token), payload });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** A person with a ticket for the event, signed in. */
async function attendee(eventId: number) {
  const u = await createUser(s.app.db);
  await createTicket(s.app.db, eventId, u.id);
  return { id: u.id, token: (await login(s.app, u.email)).token };
}

async function signedIn() {
  const u = await createUser(s.app.db);
  return { id: u.id, token: (await login(s.app, u.email)).token };
}

async function liveCount(eventId: number): Promise<number> {
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM chat_comments WHERE event_id = ${eventId} AND NOT deleted`.execute(s.app.db);
  return r.rows[0]!.n;
}

describe('events/get-chat-messages catalogue (events.md §8)', () => {
  it('answers 400 for a bad event_id, 403 for an unknown event, 404 without a session or access, HTTP 401 for a dead session', async () => {
    const ev = await createEvent(s.app.db);
    const a = await attendee(ev.id);
    const outsider = await signedIn();

    const bad = await list(a.token, 'event_id=abc');
    expect(bad.body).toMatchObject({ status_code: 400, error: 'invalid_input', message: 'Invalid input data: event_id' });
    expect((await list(a.token, '')).body.status_code).toBe(400);

    expect((await list(a.token, 'event_id=987654')).body).toMatchObject({ status_code: 403, error: 'event_not_found', data: null });
    expect((await list(null, `event_id=${ev.id}`)).body).toMatchObject({ status_code: 404, error: 'auth_required' });
    expect((await list(outsider.token, `event_id=${ev.id}`)).body).toMatchObject({ status_code: 404, error: 'ticket_required' });
    const dead = await list('x'.repeat(43), `event_id=${ev.id}`);
    expect(dead.http).toBe(401);

    await s.app.db.updateTable('events').set({ deleted: true }).where('id', '=', ev.id).execute();
    expect((await list(a.token, `event_id=${ev.id}`)).body).toMatchObject({ status_code: 403, error: 'event_removed' });
  });

  it("gives the 403 and 404 answers a message in the call's lang, English without one", async () => {
    const ev = await createEvent(s.app.db);
    const outsider = await signedIn();
    const en = (await list(outsider.token, `event_id=${ev.id}`)).body;
    expect(en).toMatchObject({ status_code: 404, error: 'ticket_required', message: errorText('ticket_required', 'en') });
    const uk = (await list(outsider.token, `event_id=${ev.id}&lang=uk`)).body;
    expect(uk.message).toBe(errorText('ticket_required', 'uk'));
    expect(uk.message).not.toBe(en.message);
    expect((await list(null, `event_id=${ev.id}&lang=pl`)).body).toMatchObject({ status_code: 404, message: errorText('auth_required', 'pl') });
    expect((await list(outsider.token, 'event_id=987654&lang=ru')).body).toMatchObject({ status_code: 403, message: errorText('event_not_found', 'ru') });
  });
});

describe('posting, listing and paging', () => {
  it('stores trimmed text, never an empty one, and lists newest first with users, likes and block flags', async () => {
    const ev = await createEvent(s.app.db);
    const a = await attendee(ev.id);
    const b = await attendee(ev.id);

    const first = await post(a.token, '/api/events/add-comment', { event_id: ev.id, comment: '  hello all  ' });
    expect(first).toMatchObject({ status_code: 200, data: { result: true, comment: { comment: 'hello all', user_id: a.id, event_id: ev.id } } });
    for (const blank of ['', '   ', '\n\t ']) {
      const r = await post(a.token, '/api/events/add-comment', { event_id: ev.id, comment: blank });
      expect(r).toMatchObject({ status_code: 400, error: 'invalid_input' });
      expect(r.data).toBeNull();
    }
    expect((await post(a.token, '/api/events/add-comment', { event_id: ev.id, comment: 'nul\u0000byte' })).error).toBe('invalid_input');
    expect((await post(a.token, '/api/events/add-comment', { event_id: ev.id, comment: 'x'.repeat(2001) })).error).toBe('invalid_input');
    expect(await liveCount(ev.id)).toBe(1);

    // Form-encoded, as older clients post it.
    const formRes = await s.app.inject({
      method: 'POST',
      url: '/api/events/add-comment',
      headers: { ...auth(b.token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `event_id=${ev.id}&comment=${encodeURIComponent('second one')}`,
    });
    expect(formRes.json().data.result).toBe(true);
    await post(a.token, '/api/events/add-comment', { event_id: ev.id, comment: 'third' });

    const page = (await list(b.token, `event_id=${ev.id}&sort_by=-date&offset=0&limit=2`)).body.data;
    expect(page.comment_data.count).toBe(3);
    expect(page.comment_data.items.map((i) => i.comment)).toEqual(['third', 'second one']);
    expect(Object.keys(page.users).sort()).toEqual([String(a.id), String(b.id)].sort());
    expect(page.users[String(a.id)]).toMatchObject({ id: a.id, avatar: `/files/avatars/${a.id}.svg`, is_blocked_in_chat: false });
    expect(page.comment_data.items[0]).toMatchObject({ likes: { like: 0, dislike: 0, my_like_type: 0 }, is_blocked_in_chat: false });
    expect(page).toMatchObject({ userIsModerator: false, is_owner: false, is_blocked: false });

    const older = (await list(b.token, `event_id=${ev.id}&limit=10&before_id=${page.comment_data.items[1]!.id}`)).body.data;
    expect(older.comment_data.items.map((i) => i.comment)).toEqual(['hello all']);
    const asc = (await list(b.token, `event_id=${ev.id}&sort_by=date`)).body.data;
    expect(asc.comment_data.items.map((i) => i.comment)).toEqual(['hello all', 'second one', 'third']);

    // The answer is the comment as its author lists it (the route once read it back to answer), key for key.
    const mine = (await list(a.token, `event_id=${ev.id}&sort_by=date`)).body.data;
    expect(JSON.stringify(first.data)).toBe(
      JSON.stringify({ result: true, comment: mine.comment_data.items[0], users: { [String(a.id)]: mine.users[String(a.id)] } }),
    );
  });

  it('lets the checked-in visitors of a free event post, and nobody else without a ticket', async () => {
    const ev = await createEvent(s.app.db, { is_free: true });
    const visitor = await signedIn();
    const r1 = await post(visitor.token, '/api/events/add-comment', { event_id: ev.id, comment: 'hi' });
    expect(r1).toMatchObject({ status_code: 403, error: 'ticket_required' });
    await s.app.db.insertInto('user_events').values({ event_id: ev.id, user_id: visitor.id, checked_in: true }).execute();
    expect((await post(visitor.token, '/api/events/add-comment', { event_id: ev.id, comment: 'hi' })).data.result).toBe(true);

    const paid = await createEvent(s.app.db, { is_free: false });
    const checkedInOnly = await signedIn();
    await s.app.db.insertInto('user_events').values({ event_id: paid.id, user_id: checkedInOnly.id, checked_in: true }).execute();
    expect((await post(checkedInOnly.token, '/api/events/add-comment', { event_id: paid.id, comment: 'hi' })).error).toBe('ticket_required');
    const owner = await signedIn();
    await makeStaff(s.app.db, paid.id, owner.id, 'owner');
    expect((await post(owner.token, '/api/events/add-comment', { event_id: paid.id, comment: 'welcome' })).data.result).toBe(true);
    expect((await post(null, '/api/events/add-comment', { event_id: paid.id, comment: 'guest' })).status_code).toBe(403);
  });

  it('stores and returns markup as the text it is, in JSON, never as HTML', async () => {
    const ev = await createEvent(s.app.db);
    const a = await attendee(ev.id);
    const payloads = [
      '<script>alert(document.cookie)</script>',
      '<img src=x onerror="alert(1)">',
      '"><svg/onload=alert(1)>',
      "'; DROP TABLE chat_comments; --",
      '&lt;b&gt;already escaped&lt;/b&gt; & <b>bold</b>',
      'javascript:alert(1) \u202e <iframe srcdoc="<script>x</script>">',
    ];
    for (const p of payloads) {
      const res = await post(a.token, '/api/events/add-comment', { event_id: ev.id, comment: p });
      expect(res.data.comment.comment).toBe(p);
    }
    const got = await list(a.token, `event_id=${ev.id}&sort_by=date&limit=20`);
    expect(got.type).toMatch(/^application\/json/);
    expect(got.body.data.comment_data.items.map((i) => i.comment)).toEqual(payloads);
    const rows = await s.app.db.selectFrom('chat_comments').select('comment').where('event_id', '=', ev.id).orderBy('id').execute();
    expect(rows.map((r) => r.comment)).toEqual(payloads);
    // A browser asking for a page still gets JSON: the text can never be rendered as a document.
    const asPage = await s.app.inject({ url: `/api/events/get-chat-messages?event_id=${ev.id}`, headers: { ...auth(a.token), accept: 'text/html' } });
    expect(asPage.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(asPage.body).data.comment_data.items[0].comment).toBe(payloads.at(-1));
  });
});

describe('likes and dislikes', () => {
  it('sets, switches and removes a vote with consistent counters; nobody votes on their own comment', async () => {
    const ev = await createEvent(s.app.db);
    const author = await attendee(ev.id);
    const v1 = await attendee(ev.id);
    const v2 = await attendee(ev.id);
    const id = (await post(author.token, '/api/events/add-comment', { event_id: ev.id, comment: 'vote me' })).data.comment.id;

    expect((await post(v1.token, '/api/events/set-like-comment', { commentId: id, like_type: 1 })).data).toMatchObject({
      result: true,
      likes: { like: 1, dislike: 0, my_like_type: 1 },
    });
    // The same vote again changes nothing.
    expect((await post(v1.token, '/api/events/set-like-comment', { commentId: id, like_type: '1' })).data.likes).toMatchObject({ like: 1, dislike: 0 });
    expect((await post(v2.token, '/api/events/set-like-comment', { commentId: id, like_type: 2 })).data.likes).toMatchObject({
      like: 1,
      dislike: 1,
      my_like_type: 2,
    });
    expect((await post(v1.token, '/api/events/set-like-comment', { commentId: id, like_type: 2 })).data.likes).toMatchObject({
      like: 0,
      dislike: 2,
      my_like_type: 2,
    });
    // An unset of the other type does not erase the newer vote.
    expect((await post(v1.token, '/api/events/unset-like-comment', { commentId: id, like_type: 1 })).data.likes).toMatchObject({
      like: 0,
      dislike: 2,
      my_like_type: 2,
    });
    expect((await post(v1.token, '/api/events/unset-like-comment', { commentId: id, like_type: 2 })).data.likes).toMatchObject({
      like: 0,
      dislike: 1,
      my_like_type: 0,
    });

    const seen = (await list(v2.token, `event_id=${ev.id}`)).body.data.comment_data.items[0]!;
    expect(seen.likes).toEqual({ like: 0, dislike: 1, my_like_type: 2 });
    const byAuthor = (await list(author.token, `event_id=${ev.id}`)).body.data.comment_data.items[0]!;
    expect(byAuthor.likes.my_like_type).toBe(0);

    expect((await post(author.token, '/api/events/set-like-comment', { commentId: id, like_type: 1 })).error).toBe('forbidden');
    expect((await post(v1.token, '/api/events/set-like-comment', { commentId: id, like_type: 3 })).error).toBe('invalid_input');
    expect((await post(v1.token, '/api/events/set-like-comment', { commentId: 999999, like_type: 1 })).error).toBe('comment_not_found');
    const outsider = await signedIn();
    expect((await post(outsider.token, '/api/events/set-like-comment', { commentId: id, like_type: 1 })).error).toBe('ticket_required');

    const counts = await s.app.db.selectFrom('chat_comments').select(['likes_count', 'dislikes_count']).where('id', '=', id).executeTakeFirstOrThrow();
    const votes = await s.app.db.selectFrom('comment_likes').select('like_type').where('comment_id', '=', id).execute();
    expect(counts).toEqual({ likes_count: votes.filter((v) => v.like_type === 1).length, dislikes_count: votes.filter((v) => v.like_type === 2).length });
  });

  it('applies comment.like commands once and lands a replay on the same state', async () => {
    const ev = await createEvent(s.app.db);
    const author = await attendee(ev.id);
    const v = await attendee(ev.id);
    const id = (await post(author.token, '/api/events/add-comment', { event_id: ev.id, comment: 'c' })).data.comment.id;
    const cid = commandId();
    expect(await command(s.app, v.token, 'comment.like', { comment_id: id, like_type: 1 }, { id: cid })).toMatchObject({
      status: 'applied',
      ids: [String(id)],
    });
    await command(s.app, v.token, 'comment.unlike', { comment_id: id });
    expect(await command(s.app, v.token, 'comment.like', { comment_id: id, like_type: 1 }, { id: cid })).toMatchObject({ status: 'applied' });
    const row = await s.app.db.selectFrom('chat_comments').select('likes_count').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.likes_count).toBe(0);
  });
});

describe('moderation', () => {
  it('lets authors and the event staff delete, nobody else; a deleted comment disappears and stays deleted', async () => {
    const ev = await createEvent(s.app.db);
    const author = await attendee(ev.id);
    const other = await attendee(ev.id);
    const mod = await attendee(ev.id);
    await makeStaff(s.app.db, ev.id, mod.id, 'moderator');
    const otherEvent = await createEvent(s.app.db);
    const foreignMod = await attendee(otherEvent.id);
    await makeStaff(s.app.db, otherEvent.id, foreignMod.id, 'moderator');

    const c1 = (await post(author.token, '/api/events/add-comment', { event_id: ev.id, comment: 'mine' })).data.comment.id;
    const c2 = (await post(author.token, '/api/events/add-comment', { event_id: ev.id, comment: 'spam' })).data.comment.id;
    expect((await post(other.token, '/api/events/remove-comment', { commentId: c2 })).error).toBe('moderator_required');
    expect((await post(foreignMod.token, '/api/events/remove-comment', { commentId: c2 })).error).toBe('moderator_required');
    expect((await post(author.token, '/api/events/remove-comment', { commentId: c1 })).data).toEqual({ result: true, comment_id: c1 });
    expect((await post(mod.token, '/api/events/remove-comment', { comment_id: c2 })).data.result).toBe(true);
    expect((await post(mod.token, '/api/events/remove-comment', { commentId: c2 })).data.result).toBe(true);
    expect((await post(mod.token, '/api/events/remove-comment', { commentId: 999999 })).error).toBe('comment_not_found');
    expect((await list(other.token, `event_id=${ev.id}`)).body.data.comment_data).toMatchObject({ items: [], count: 0 });
    expect((await post(other.token, '/api/events/set-like-comment', { commentId: c2, like_type: 1 })).error).toBe('comment_not_found');
    const row = await s.app.db.selectFrom('chat_comments').select(['deleted', 'deleted_by']).where('id', '=', c2).executeTakeFirstOrThrow();
    expect(row).toEqual({ deleted: true, deleted_by: mod.id });
  });

  it('blocks with a reason: the blocked user cannot post by REST or by a command queued before the block, until unblocked', async () => {
    const ev = await createEvent(s.app.db);
    const owner = await attendee(ev.id);
    await makeStaff(s.app.db, ev.id, owner.id, 'owner');
    const mod = await attendee(ev.id);
    await makeStaff(s.app.db, ev.id, mod.id, 'moderator');
    const spammer = await attendee(ev.id);
    const bystander = await attendee(ev.id);
    const victim = (await post(bystander.token, '/api/events/add-comment', { event_id: ev.id, comment: 'innocent' })).data.comment.id;

    // Written offline before the block; the device only reaches the server after it.
    const queuedAt = new Date(Date.now() - 60_000);
    const queued = { id: commandId(), occurredAt: queuedAt };

    expect(await command(s.app, bystander.token, 'chat.block', { event_id: ev.id, user_id: spammer.id, reason: 'spam' })).toMatchObject({
      status: 'rejected',
      code: 'moderator_required',
    });
    expect(await command(s.app, mod.token, 'chat.block', { event_id: ev.id, user_id: spammer.id, reason: '   ' })).toMatchObject({
      status: 'rejected',
      code: 'invalid_input',
    });
    expect(await command(s.app, mod.token, 'chat.block', { event_id: ev.id, user_id: mod.id, reason: 'me' })).toMatchObject({
      status: 'rejected',
      code: 'chat_block_not_allowed',
    });
    expect(await command(s.app, mod.token, 'chat.block', { event_id: ev.id, user_id: owner.id, reason: 'coup' })).toMatchObject({
      status: 'rejected',
      code: 'chat_block_not_allowed',
    });
    expect(await command(s.app, mod.token, 'chat.block', { event_id: ev.id, user_id: spammer.id, reason: 'Spam in the event chat' })).toMatchObject({
      status: 'applied',
    });

    const viaRest = await post(spammer.token, '/api/events/add-comment', { event_id: ev.id, comment: 'buy now' });
    expect(viaRest).toMatchObject({ status_code: 403, error: 'chat_blocked', message: 'You are not allowed to send comments', data: null });
    expect(await command(s.app, spammer.token, 'comment.add', { event_id: ev.id, comment: 'written before the block' }, queued)).toMatchObject({
      status: 'rejected',
      code: 'chat_blocked',
    });
    expect((await post(spammer.token, '/api/events/set-like-comment', { commentId: victim, like_type: 2 })).error).toBe('chat_blocked');

    const seen = (await list(spammer.token, `event_id=${ev.id}`)).body.data;
    expect(seen.is_blocked).toBe(true);
    const blockRow = await s.app.db
      .selectFrom('chat_blocks')
      .selectAll()
      .where('event_id', '=', ev.id)
      .where('user_id', '=', spammer.id)
      .executeTakeFirstOrThrow();
    expect(blockRow).toMatchObject({ active: true, reason: 'Spam in the event chat', blocked_by: mod.id });

    expect(await command(s.app, owner.token, 'chat.unblock', { event_id: ev.id, user_id: spammer.id })).toMatchObject({ status: 'applied' });
    // The queued command was answered once; its replay keeps that answer and stores nothing.
    expect(await command(s.app, spammer.token, 'comment.add', { event_id: ev.id, comment: 'written before the block' }, queued)).toMatchObject({
      status: 'rejected',
      code: 'chat_blocked',
    });
    expect((await post(spammer.token, '/api/events/add-comment', { event_id: ev.id, comment: 'sorry' })).data.result).toBe(true);
    const texts = (await list(owner.token, `event_id=${ev.id}&sort_by=date`)).body.data.comment_data.items.map((i) => i.comment);
    expect(texts).toEqual(['innocent', 'sorry']);
    expect((await list(owner.token, `event_id=${ev.id}`)).body.data).toMatchObject({ userIsModerator: true, is_owner: true });
  });

  it('marks the blocked author on their comments', async () => {
    const ev = await createEvent(s.app.db);
    const mod = await attendee(ev.id);
    await makeStaff(s.app.db, ev.id, mod.id, 'moderator');
    const a = await attendee(ev.id);
    await post(a.token, '/api/events/add-comment', { event_id: ev.id, comment: 'before' });
    await command(s.app, mod.token, 'chat.block', { event_id: ev.id, user_id: a.id, reason: 'rude' });
    const data = (await list(mod.token, `event_id=${ev.id}`)).body.data;
    expect(data.comment_data.items[0]!.is_blocked_in_chat).toBe(true);
    expect(data.users[String(a.id)]!.is_blocked_in_chat).toBe(true);
  });
});

describe('comment.add commands', () => {
  it('applies a replayed command once and keeps its id on the comment for its author only', async () => {
    const ev = await createEvent(s.app.db);
    const a = await attendee(ev.id);
    const b = await attendee(ev.id);
    const id = commandId();
    const first = await command(
      s.app,
      a.token,
      'comment.add',
      { event_id: ev.id, comment: 'offline hello' },
      { id, occurredAt: new Date(Date.now() - 3_600_000) },
    );
    const again = await command(s.app, a.token, 'comment.add', { event_id: ev.id, comment: 'offline hello' }, { id });
    expect(first.status).toBe('applied');
    expect(again).toEqual(first);
    expect(await liveCount(ev.id)).toBe(1);
    expect(await command(s.app, a.token, 'comment.add', { event_id: ev.id, comment: '  ' })).toMatchObject({ status: 'rejected', code: 'invalid_input' });
    expect(await command(s.app, a.token, 'comment.add', { event_id: ev.id, comment: 'x', image: '../../etc/passwd' })).toMatchObject({
      status: 'rejected',
      code: 'invalid_input',
    });

    const mine = await commentsFeed(s.app.db, { userId: a.id, checkpoint: 0, limit: 100, scope: { event_id: String(ev.id) } });
    const theirs = await commentsFeed(s.app.db, { userId: b.id, checkpoint: 0, limit: 100, scope: { event_id: String(ev.id) } });
    expect(mine.documents[0]).toMatchObject({ id: first.ids![0], client_id: id, comment: 'offline hello' });
    expect(theirs.documents[0]).toMatchObject({ id: first.ids![0], client_id: '' });
    // Listed where the server received it: the device's clock does not reorder the chat.
    const row = await s.app.db
      .selectFrom('chat_comments')
      .select(['created_at', 'received_at'])
      .where('id', '=', Number(first.ids![0]))
      .executeTakeFirstOrThrow();
    expect(row.received_at.getTime() - row.created_at.getTime()).toBeGreaterThan(3_000_000);
  });

  it('limits how fast one person posts in one event', async () => {
    const ev = await createEvent(s.app.db);
    const a = await attendee(ev.id);
    const results = [];
    for (let i = 0; i < 31; i++) results.push((await post(a.token, '/api/events/add-comment', { event_id: ev.id, comment: `m${i}` })).status_code);
    expect(results.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(results[30]).toBe(429);
    // Counted per person and per event: another attendee here, and the same person elsewhere, still post.
    const b = await attendee(ev.id);
    expect((await post(b.token, '/api/events/add-comment', { event_id: ev.id, comment: 'b' })).status_code).toBe(200);
    const other = await createEvent(s.app.db);
    await createTicket(s.app.db, other.id, a.id);
    expect((await post(a.token, '/api/events/add-comment', { event_id: other.id, comment: 'elsewhere' })).status_code).toBe(200);
  });
});

describe('comments feed', () => {
  async function pull(userId: number | null, eventId: number, checkpoint = 0, limit = 1000) {
    return commentsFeed(s.app.db, { userId, checkpoint, limit, scope: { event_id: String(eventId) } });
  }

  it('serves the recent window and tombstones, in rev order, to readers only', async () => {
    const ev = await createEvent(s.app.db);
    const a = await attendee(ev.id);
    const b = await attendee(ev.id);
    const rows = Array.from({ length: COMMENTS_WINDOW + 5 }, (_, i) => ({ event_id: ev.id, user_id: a.id, comment: `c${i}` }));
    const ids = (await s.app.db.insertInto('chat_comments').values(rows).returning('id').execute()).map((r) => r.id);
    // The oldest comment is deleted: outside the window, its tombstone still goes out.
    await s.app.db.updateTable('chat_comments').set({ deleted: true, deleted_by: a.id }).where('id', '=', ids[0]!).execute();

    const page = await pull(b.id, ev.id);
    const live = page.documents.filter((d) => !d.deleted);
    const dead = page.documents.filter((d) => d.deleted);
    expect(live).toHaveLength(COMMENTS_WINDOW);
    expect(live.map((d) => d.comment_id)).toEqual(ids.slice(5));
    expect(dead).toEqual([expect.objectContaining({ comment_id: ids[0], comment: '', image: '', first_name: '', deleted: true })]);
    const revs = page.documents.map((d) => d.rev);
    expect(revs).toEqual([...revs].sort((x, y) => x - y));

    const checkpoint = revs.at(-1)!;
    expect((await pull(b.id, ev.id, checkpoint)).documents).toEqual([]);
    // A vote re-sends the comment to everybody, with each puller's own vote.
    await command(s.app, b.token, 'comment.like', { comment_id: ids.at(-1)!, like_type: 1 });
    const forB = (await pull(b.id, ev.id, checkpoint)).documents;
    const forA = (await pull(a.id, ev.id, checkpoint)).documents;
    expect(forB).toEqual([expect.objectContaining({ comment_id: ids.at(-1), likes_count: 1, my_like_type: 1 })]);
    expect(forA).toEqual([expect.objectContaining({ comment_id: ids.at(-1), likes_count: 1, my_like_type: 0 })]);

    // A block re-sends the author's comments in the window, flagged.
    const mod = await attendee(ev.id);
    await makeStaff(s.app.db, ev.id, mod.id, 'moderator');
    const cp2 = forB[0]!.rev;
    await command(s.app, mod.token, 'chat.block', { event_id: ev.id, user_id: a.id, reason: 'flood' });
    const after = (await pull(b.id, ev.id, cp2)).documents;
    expect(after.filter((d) => !d.deleted)).toHaveLength(COMMENTS_WINDOW);
    expect(after.every((d) => d.is_blocked_in_chat === true)).toBe(true);

    // Short page means caught up, and paging by limit walks the same documents.
    const small = await pull(b.id, ev.id, 0, 50);
    expect(small.documents).toHaveLength(50);
  });

  it('refuses guests, strangers and bad scopes', async () => {
    const ev = await createEvent(s.app.db);
    const stranger = await signedIn();
    await expect(pull(null, ev.id)).rejects.toMatchObject({ code: 'auth_required', statusCode: 401 });
    await expect(pull(stranger.id, ev.id)).rejects.toMatchObject({ code: 'ticket_required', statusCode: 403 });
    await expect(pull(stranger.id, 987654)).rejects.toMatchObject({ code: 'event_not_found', statusCode: 404 });
    await expect(commentsFeed(s.app.db, { userId: stranger.id, checkpoint: 0, limit: 10, scope: {} })).rejects.toMatchObject({ statusCode: 400 });
  });
});
