import { describe, expect, it } from 'vitest';
import { createEvent } from '../fixtures/factories.ts';
import { command, commandId, makeStaff } from './chat-helpers.ts';
import { s, list, post, attendee, serveChatFiles } from './chat-api-helpers.ts';

serveChatFiles();

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
