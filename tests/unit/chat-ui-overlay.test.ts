import { describe, expect, it } from 'vitest';
import type { CommentDoc } from '../../contract/chat.ts';
import { canSendComment, commentsFromLegacy, overlayComments, shouldAutoScroll, type ChatCommand } from '../../sync/views/chat/chat.ts';

const doc = (id: number, over: Partial<CommentDoc> = {}): CommentDoc => ({
  id: String(id),
  comment_id: id,
  event_id: 7,
  user_id: 2,
  first_name: 'Ann',
  last_name: 'Lee',
  avatar: '/files/avatars/2.svg',
  comment: `c${id}`,
  image: '',
  date: 1000 + id,
  likes_count: 0,
  dislikes_count: 0,
  my_like_type: 0,
  is_blocked_in_chat: false,
  client_id: '',
  rev: id,
  ...over,
});
let seq = 0;
const cmd = (kind: string, payload: Record<string, unknown>, over: Partial<ChatCommand> = {}): ChatCommand => ({
  id: `cmd-${++seq}`,
  kind,
  payload,
  seq,
  status: 'pending',
  occurredAt: '2030-01-01T10:00:00.000Z',
  ...over,
});
const me = { user_id: 9, first_name: 'Me', last_name: 'Myself', avatar: '/files/avatars/9.svg' };

describe('overlayComments', () => {
  it('shows a queued comment at once as pending, after the server comments', () => {
    const add = cmd('comment.add', { event_id: 7, comment: 'hello' });
    const items = overlayComments(7, [doc(2), doc(1)], [], [add], me);
    expect(items.map((i) => [i.key, i.state])).toEqual([
      ['1', 'sent'],
      ['2', 'sent'],
      [add.id, 'pending'],
    ]);
    expect(items[2]).toMatchObject({ comment: 'hello', user_id: 9, comment_id: null, date: Date.parse('2030-01-01T10:00:00Z') / 1000 });
  });

  it('shows a comment once when the server sends it back while its entry is still in the outbox', () => {
    const add = cmd('comment.add', { event_id: 7, comment: 'hello' }, { status: 'applied' });
    const items = overlayComments(7, [doc(1), doc(5, { user_id: 9, comment: 'hello', client_id: add.id })], [], [add], me);
    expect(items.filter((i) => i.comment === 'hello')).toHaveLength(1);
    expect(items.at(-1)).toMatchObject({ key: '5', state: 'sent' });
  });

  it('keeps a rejected comment visible with its code, and ignores other events', () => {
    const rejected = cmd('comment.add', { event_id: 7, comment: 'no' }, { status: 'rejected', code: 'chat_blocked' });
    const other = cmd('comment.add', { event_id: 8, comment: 'elsewhere' });
    const items = overlayComments(7, [], [], [rejected, other], me);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ state: 'rejected', code: 'chat_blocked', outbox_id: rejected.id });
  });

  it('shows a parked comment as not sent, with the code and a way to try again; a parked vote changes nothing', () => {
    const parked = cmd('comment.add', { event_id: 7, comment: 'stuck' }, { status: 'parked', code: 'server_failed' });
    const items = overlayComments(
      7,
      [doc(1)],
      [],
      [parked, cmd('comment.like', { comment_id: 1, like_type: 1 }, { status: 'parked', code: 'server_failed' })],
      me,
    );
    expect(items.map((i) => [i.key, i.state])).toEqual([
      ['1', 'sent'],
      [parked.id, 'rejected'],
    ]);
    expect(items[1]).toMatchObject({ code: 'server_failed', outbox_id: parked.id, parked: true });
    expect(items[0]).toMatchObject({ my_like_type: 0, likes_count: 0 });
    expect(items.find((i) => i.key === '1')?.parked).toBeUndefined();
  });

  it('moves the counters from the document vote to the queued one, never counting twice', () => {
    const base = doc(1, { likes_count: 3, dislikes_count: 1, my_like_type: 1 });
    const toDislike = cmd('comment.like', { comment_id: 1, like_type: 2 });
    expect(overlayComments(7, [base], [], [toDislike], me)[0]).toMatchObject({ my_like_type: 2, likes_count: 2, dislikes_count: 2 });
    // The server already counted it (applied, pulled): the overlay changes nothing.
    const counted = doc(1, { likes_count: 2, dislikes_count: 2, my_like_type: 2 });
    expect(overlayComments(7, [counted], [], [{ ...toDislike, status: 'applied' }], me)[0]).toMatchObject({ likes_count: 2, dislikes_count: 2 });
    const unlike = cmd('comment.unlike', { comment_id: 1 });
    expect(overlayComments(7, [base], [], [unlike], me)[0]).toMatchObject({ my_like_type: 0, likes_count: 2, dislikes_count: 1 });
    // A rejected vote changes nothing.
    expect(overlayComments(7, [base], [], [{ ...toDislike, status: 'rejected' }], me)[0]).toMatchObject({ my_like_type: 1, likes_count: 3 });
  });

  it('hides a comment whose removal is queued, and merges older pages with the window once', () => {
    const remove = cmd('comment.remove', { comment_id: 3 });
    const items = overlayComments(7, [doc(3), doc(4, { comment: 'fresh' })], [doc(1), doc(2), doc(4, { comment: 'stale' })], [remove], me);
    expect(items.map((i) => i.comment)).toEqual(['c1', 'c2', 'fresh']);
  });
});

describe('chat rules', () => {
  it('auto-scrolls only within 280 px of the bottom', () => {
    expect(shouldAutoScroll({ scrollHeight: 2000, clientHeight: 500, scrollTop: 1500 })).toBe(true);
    expect(shouldAutoScroll({ scrollHeight: 2000, clientHeight: 500, scrollTop: 1220 })).toBe(true);
    expect(shouldAutoScroll({ scrollHeight: 2000, clientHeight: 500, scrollTop: 1219 })).toBe(false);
    expect(shouldAutoScroll({ scrollHeight: 2000, clientHeight: 500, scrollTop: 0 })).toBe(false);
  });

  it('never sends a trimmed-empty text, nor while a send is under way', () => {
    expect(canSendComment('   \n\t', false)).toBe(false);
    expect(canSendComment('hi', true)).toBe(false);
    expect(canSendComment(' hi ', false)).toBe(true);
  });

  it('reads the legacy list into documents, text kept verbatim', () => {
    const docs = commentsFromLegacy(7, {
      users: { '4': { first_name: 'Bo', last_name: 'Ng', avatar: '/a.png' } },
      comment_data: {
        items: [{ id: 11, user_id: 4, comment: '<b>x</b>', image: '', date: 5, likes: { like: 2, dislike: 1, my_like_type: 1 }, is_blocked_in_chat: false }],
      },
    });
    expect(docs).toEqual([
      expect.objectContaining({ comment_id: 11, first_name: 'Bo', comment: '<b>x</b>', likes_count: 2, dislikes_count: 1, my_like_type: 1 }),
    ]);
  });
});
