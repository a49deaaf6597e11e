import { describe, expect, it } from 'vitest';
import { createEvent } from '../fixtures/factories.ts';
import { command, commandId, makeStaff } from './chat-helpers.ts';
import { errorText } from '../../server/domain/error-texts.ts';
import { s, auth, list, post, attendee, signedIn, liveCount, serveChatFiles } from './chat-api-helpers.ts';

serveChatFiles();

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
