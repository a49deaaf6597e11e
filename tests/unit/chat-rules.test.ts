import { describe, expect, it } from 'vitest';
import { cleanText, deviceTime } from '../../server/domain/chat/text.ts';
import { avatarUrl } from '../../contract/avatars.ts';
import { toCommentDoc, toWsComment, type CommentRow } from '../../server/domain/chat/repository.ts';
import { toDialogDoc, toMessageDoc, type DialogRow, type MessageRow } from '../../server/domain/messages/repository.ts';
import { createMemoryPresence } from '../../server/realtime/presence.ts';
import { chatImageUrl, UPLOAD_NAME_PATTERN } from '../../contract/chat.ts';

describe('chat text', () => {
  it('keeps what people wrote, trimmed, and refuses what cannot be stored', () => {
    expect(cleanText('  <b>hi</b> & "you"\n', 100, 'comment')).toBe('<b>hi</b> & "you"');
    expect(cleanText('a\u202eb', 100, 'comment')).toBe('a\u202eb');
    for (const bad of ['', '   ', '\n\t', 'a\u0000b', 42, null, undefined]) {
      expect(() => cleanText(bad, 100, 'comment')).toThrowError(expect.objectContaining({ code: 'invalid_input' }));
    }
    expect(() => cleanText('x'.repeat(11), 10, 'comment')).toThrowError(/longer than 10/);
    expect(cleanText(`  ${'x'.repeat(10)}  `, 10, 'comment')).toHaveLength(10);
  });

  it('never dates an action later than the server received it', () => {
    const now = new Date('2030-01-01T12:00:00Z');
    expect(deviceTime(new Date('2030-01-01T11:00:00Z'), now).toISOString()).toBe('2030-01-01T11:00:00.000Z');
    expect(deviceTime(new Date('2030-01-01T13:00:00Z'), now)).toBe(now);
    expect(deviceTime(null, now)).toBe(now);
    expect(deviceTime(new Date('nonsense'), now)).toBe(now);
  });

  it('points at stored pictures and drawn avatars only', () => {
    expect(chatImageUrl('')).toBe('');
    expect(chatImageUrl('0123456789abcdef0123456789abcdef.png')).toBe('/files/uploads/chat/0123456789abcdef0123456789abcdef.png');
    const re = new RegExp(UPLOAD_NAME_PATTERN);
    expect(re.test('0123456789abcdef0123456789abcdef.webp')).toBe(true);
    for (const bad of ['../x.png', '0123456789abcdef0123456789abcdef.svg', '0123456789abcdef0123456789abcdef.png/..', 'ABCDEF0123456789abcdef0123456789.png']) {
      expect(re.test(bad)).toBe(false);
    }
    expect(avatarUrl(7, '')).toBe('/files/avatars/7.svg');
    expect(avatarUrl(7, '/a.png')).toBe('/a.png');
  });
});

const comment = (over: Partial<CommentRow> = {}): CommentRow => ({
  id: 5,
  event_id: 2,
  user_id: 9,
  comment: 'secret words',
  image: '0123456789abcdef0123456789abcdef.jpg',
  client_id: 'cmd-1',
  received_at: new Date('2030-01-01T00:00:10Z'),
  likes_count: 3,
  dislikes_count: 1,
  deleted: false,
  first_name: 'Anna',
  last_name: 'K',
  avatar: '',
  is_blocked: false,
  my_like_type: 2,
  row_rev: 40,
  doc_rev: 41,
  ...over,
});

describe('comment documents', () => {
  it("carry the puller's own vote and outbox id, and the document rev", () => {
    const mine = toCommentDoc(comment(), 9);
    expect(mine).toMatchObject({ id: '5', comment_id: 5, client_id: 'cmd-1', my_like_type: 2, rev: 41, date: 1893456010, deleted: false });
    expect(mine.image).toBe('/files/uploads/chat/0123456789abcdef0123456789abcdef.jpg');
    expect(toCommentDoc(comment(), 10).client_id).toBe('');
  });

  it('say nothing of a deleted comment but that it is gone', () => {
    const doc = toCommentDoc(comment({ deleted: true }), 10);
    expect(doc).toMatchObject({
      deleted: true,
      comment: '',
      image: '',
      first_name: '',
      last_name: '',
      avatar: '',
      likes_count: 0,
      dislikes_count: 0,
      my_like_type: 0,
    });
    expect(JSON.stringify(doc)).not.toContain('secret');
  });

  it('keep the legacy shape for the list and the sockets', () => {
    expect(toWsComment(comment())).toEqual({
      id: 5,
      event_id: 2,
      user_id: 9,
      comment: 'secret words',
      image: '/files/uploads/chat/0123456789abcdef0123456789abcdef.jpg',
      date: 1893456010,
      likes: { like: 3, dislike: 1, my_like_type: 2 },
      is_blocked_in_chat: false,
    });
  });
});

describe('dialog and message documents', () => {
  const dialog: DialogRow = {
    dialog_id: 3,
    peer_id: 12,
    first_name: 'Bohdan',
    last_name: 'L',
    avatar: '',
    locality: 'Kyiv',
    muted: true,
    starred: false,
    closed: false,
    deleted: false,
    last_message_at: null,
    last_message: null,
    last_sender: null,
    unread: 0,
    doc_rev: 77,
  };
  it("are keyed by the partner, from the viewer's side", () => {
    expect(toDialogDoc(dialog)).toMatchObject({
      id: '12',
      dialog_id: 3,
      user_id: 12,
      fullname: 'Bohdan L',
      last_message: '',
      last_message_at: 0,
      muted: true,
      rev: 77,
    });
  });
  it('show the outbox id to the sender only and blank deleted text', () => {
    const m: MessageRow = {
      id: 8,
      dialog_id: 3,
      sender_id: 12,
      peer_id: 12,
      text: 'hello',
      client_id: 'cmd-9',
      received_at: new Date('2030-01-01T00:00:00Z'),
      read_at: null,
      deleted: false,
      rev: 90,
      sender_first_name: 'B',
      sender_last_name: 'L',
      sender_avatar: '',
    };
    expect(toMessageDoc(m, 12)).toMatchObject({ client_id: 'cmd-9', read: false, peer_id: 12 });
    expect(toMessageDoc(m, 4).client_id).toBe('');
    expect(toMessageDoc({ ...m, deleted: true }, 4).text).toBe('');
  });
});

describe('presence on one instance', () => {
  it('counts distinct users per event, each until their last socket closes', async () => {
    const p = createMemoryPresence();
    await p.join(1, 10);
    await p.join(1, 10);
    await p.join(1, 11);
    await p.join(2, 10);
    expect(await p.count(1)).toBe(2);
    expect(await p.count(2)).toBe(1);
    await p.leave(1, 10);
    expect(await p.count(1)).toBe(2);
    await p.leave(1, 10);
    expect(await p.count(1)).toBe(1);
    // A leave without a join (a socket that never registered) changes nothing.
    await p.leave(1, 99);
    expect(await p.count(1)).toBe(1);
    await p.leave(1, 11);
    expect(await p.count(1)).toBe(0);
    expect(p.localEvents()).toEqual([2]);
  });
});
