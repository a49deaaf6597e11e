import { describe, expect, it } from 'vitest';
import { messageablePeople } from '../../src/features/messages/format.ts';
import type { DialogDoc, MessageDoc } from '../../contract/chat.ts';
import {
  DIALOGS_PAGE_SIZE,
  dialogMessages,
  mayMessage,
  messageToSend,
  overlayDialogs,
  pageOfDialogs,
  unreadTotal,
  type MessageCommand,
} from '../../sync/views/messages/messages.ts';

const ME = 1;

function dialog(peer: number, over: Partial<DialogDoc> = {}): DialogDoc {
  return {
    id: String(peer),
    dialog_id: 100 + peer,
    user_id: peer,
    first_name: `F${peer}`,
    last_name: `L${peer}`,
    fullname: `F${peer} L${peer}`,
    avatar: '',
    locality: '',
    last_message: 'hi',
    last_message_sender_id: peer,
    last_message_at: 1000 + peer,
    unread_count: 0,
    muted: false,
    starred: false,
    closed: false,
    rev: 1,
    ...over,
  };
}
function message(id: number, peer: number, over: Partial<MessageDoc> = {}): MessageDoc {
  return {
    id: String(id),
    message_id: id,
    dialog_id: 100 + peer,
    peer_id: peer,
    sender_id: peer,
    text: `m${id}`,
    created_at: 2000 + id,
    read: false,
    client_id: '',
    rev: id,
    ...over,
  };
}
let seq = 0;
function cmd(kind: string, payload: Record<string, unknown>, over: Partial<MessageCommand> = {}): MessageCommand {
  seq++;
  return { id: `c${seq}`, kind, payload, seq, status: 'pending', occurredAt: new Date(5_000_000 + seq * 1000).toISOString(), ...over };
}

describe('dialog messages', () => {
  it('lists server messages by id, then queued sends in queue order, each once', () => {
    const a = cmd('message.send', { recipient_id: 2, text: 'first' });
    const b = cmd('message.send', { recipient_id: 2, text: 'second' }, { status: 'applied' });
    const other = cmd('message.send', { recipient_id: 3, text: 'elsewhere' });
    const docs = [message(5, 2), message(3, 2), message(7, 2, { sender_id: ME, client_id: b.id, text: 'second' })];
    const list = dialogMessages(docs, [b, other, a], 2, ME);
    expect(list.map((m) => m.text)).toEqual(['m3', 'm5', 'second', 'first']);
    expect(list.map((m) => m.state)).toEqual(['sent', 'sent', 'sent', 'pending']);
  });

  it('keeps a refused send as failed with its code', () => {
    const r = cmd('message.send', { recipient_id: 2, text: 'nope' }, { status: 'rejected', code: 'meeting_required' });
    const [m] = dialogMessages([], [r], 2, ME);
    expect(m).toMatchObject({ state: 'failed', code: 'meeting_required', commandId: r.id, sender_id: ME });
  });

  it('keeps a parked send as failed, marked so it can be tried again, and the dialog knows it failed', () => {
    const p = cmd('message.send', { recipient_id: 2, text: 'stuck' }, { status: 'parked', code: 'server_failed' });
    const [m] = dialogMessages([], [p], 2, ME);
    expect(m).toMatchObject({ state: 'failed', code: 'server_failed', commandId: p.id, parked: true });
    expect(overlayDialogs([dialog(2)], [p], ME).find((d) => d.user_id === 2)).toMatchObject({ failed: true, pending: false });
  });
});

describe('dialog list', () => {
  it('puts starred dialogs first, then the most recent, and pages by ten', () => {
    const docs = Array.from({ length: 15 }, (_, i) => dialog(i + 2));
    docs[0] = dialog(2, { starred: true });
    const page = pageOfDialogs(overlayDialogs(docs, [], ME), 1);
    expect(page.items).toHaveLength(DIALOGS_PAGE_SIZE);
    expect(page.hasMore).toBe(true);
    expect(page.items[0]!.user_id).toBe(2);
    expect(page.items[1]!.user_id).toBe(16);
    expect(pageOfDialogs(overlayDialogs(docs, [], ME), 2)).toMatchObject({ hasMore: false, total: 15 });
    expect(pageOfDialogs(overlayDialogs(docs, [], ME), 1, 'starred').items.map((d) => d.user_id)).toEqual([2]);
  });

  it('hides a closed dialog until a new message reopens it', () => {
    const close = cmd('dialog.update', { user_id: 2, closed: true });
    expect(pageOfDialogs(overlayDialogs([dialog(2)], [close], ME), 1).items).toHaveLength(0);
    const send = cmd('message.send', { recipient_id: 2, text: 'back' });
    const [d] = pageOfDialogs(overlayDialogs([dialog(2)], [close, send], ME), 1).items;
    expect(d).toMatchObject({ closed: false, last_message: 'back', last_message_sender_id: ME, pending: true });
  });

  it('shows a dialog whose first message is queued, with the card it is given', () => {
    const send = cmd('message.send', { recipient_id: 9, text: 'hello' });
    const [d] = overlayDialogs([], [send], ME, (id) => (id === 9 ? { first_name: 'Ann', last_name: 'Lee', avatar: '/a.svg' } : undefined));
    expect(d).toMatchObject({ user_id: 9, fullname: 'Ann Lee', local: true, last_message: 'hello' });
    // Reading or flagging a dialog the device has not got creates nothing.
    expect(overlayDialogs([], [cmd('dialog.update', { user_id: 9, starred: true })], ME)).toEqual([]);
  });

  it('counts unread of open, unmuted dialogs; a queued read clears a dialog at once', () => {
    const docs = [
      dialog(2, { unread_count: 3 }),
      dialog(3, { unread_count: 2, muted: true }),
      dialog(4, { unread_count: 4, closed: true }),
      dialog(5, { unread_count: 1 }),
    ];
    expect(unreadTotal(overlayDialogs(docs, [], ME))).toBe(4);
    expect(unreadTotal(overlayDialogs(docs, [cmd('dialog.read', { user_id: 2 })], ME))).toBe(1);
    expect(unreadTotal(overlayDialogs(docs, [cmd('dialog.update', { user_id: 3, muted: false })], ME))).toBe(6);
    // A refused flag change changes nothing.
    expect(unreadTotal(overlayDialogs(docs, [cmd('dialog.read', { user_id: 2 }, { status: 'rejected', code: 'dialog_not_found' })], ME))).toBe(4);
  });
});

describe('who may write', () => {
  it('needs an approved meeting or an existing dialog', () => {
    const appts = [
      { other_user_id: 2, state: 'accepted' as const },
      { other_user_id: 3, state: 'pending' as const },
    ];
    expect(mayMessage(appts, [], 2)).toBe(true);
    expect(mayMessage(appts, [], 3)).toBe(false);
    expect(mayMessage(appts, [dialog(3)], 3)).toBe(true);
    expect(mayMessage([], [], 4)).toBe(false);
  });

  it('never sends a trimmed-empty text', () => {
    expect(messageToSend('   \n ')).toBeNull();
    expect(messageToSend('  hi ')).toBe('hi');
  });
});

describe('messageablePeople (the new message picker)', () => {
  const card = (first: string, position = '', company = '') => ({ first_name: first, last_name: 'X', avatar: '', position, company });
  it('lists each person of an agreed meeting once, by name, and nobody else', () => {
    const people = messageablePeople(
      [
        { other_user_id: 3, state: 'accepted', user_info: card('Olena', 'CTO', 'Acme') },
        { other_user_id: 2, state: 'pending', user_info: card('Bohdan') },
        { other_user_id: 3, state: 'accepted', user_info: card('Olena') },
        { other_user_id: 4, state: 'accepted', user_info: card('Andrii') },
        { other_user_id: 5, state: 'canceled', user_info: card('Zoia') },
        { other_user_id: 1, state: 'accepted', user_info: card('Me') },
      ],
      1,
    );
    expect(people.map((p) => p.user_id)).toEqual([4, 3]);
    expect(people[1]?.about).toBe('CTO, Acme');
  });
});
