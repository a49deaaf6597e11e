import { describe, expect, it } from 'vitest';
import { createEvent, createTicket } from '../fixtures/factories.ts';
import { COMMENTS_WINDOW } from '../../contract/chat.ts';
import { commentsFeed } from '../../server/domain/chat/feed.ts';
import { command, commandId, makeStaff } from './chat-helpers.ts';
import { s, post, attendee, signedIn, liveCount, serveChatFiles } from './chat-api-helpers.ts';

serveChatFiles();

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
