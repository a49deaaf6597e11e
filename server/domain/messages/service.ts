import { CHAT_RATE_WINDOW_MS, MESSAGE_MAX_LENGTH, MESSAGES_PER_WINDOW, type DialogUpdatePayload, type MessageSendPayload } from '../../../contract/chat.ts';
import { DomainError } from '../../../contract/errors.ts';
import type { Tx } from '../../db/tx.ts';
import { withJobs, type Effect } from '../effects.ts';
import { noticeJobs } from '../notices/jobs.ts';
import { cleanText, deviceTime, type DeviceTextOptions } from '../chat/text.ts';
import { accountState } from '../profile/repository.ts';
import {
  countRecentMessages,
  findDialog,
  insertMessage,
  markRead,
  mayMessage,
  openDialog,
  setDialogFlags,
  touchDialog,
  type DialogFlags,
} from './repository.ts';

/**
 * Private messages (the MESSAGE RULES of contract/chat.ts), one transaction each, shared by the
 * sync commands, the legacy REST calls and the chat socket. Effects name both people of a dialog:
 * `dialogs` and `messages` are user-scoped collections.
 */

/** `ids` are document ids: a message's own id, or the partner's user id for a dialog document. */
function messagesEffect(ids: number[], userIds: number[], collections = ['dialogs', 'messages']): Effect {
  return { ids: ids.map(String), collections, userIds: [...new Set(userIds)] };
}

export async function sendMessage(
  trx: Tx,
  actorId: number,
  p: MessageSendPayload,
  o: DeviceTextOptions = {},
): Promise<{ effect: Effect; messageId: number; dialogId: number }> {
  const text = cleanText(p.text, MESSAGE_MAX_LENGTH, 'text');
  if (p.recipient_id === actorId) throw new DomainError('invalid_input', 'recipient_id');
  const recipient = await accountState(trx, p.recipient_id);
  if (!recipient || recipient.deleted || recipient.disabled) throw new DomainError('not_found', 'recipient_id');
  if (!(await mayMessage(trx, actorId, p.recipient_id))) throw new DomainError('meeting_required');
  const now = o.now ?? new Date();
  if ((await countRecentMessages(trx, actorId, new Date(now.getTime() - CHAT_RATE_WINDOW_MS))) >= MESSAGES_PER_WINDOW) throw new DomainError('rate_limited');

  // A new message reopens the dialog on both sides: closing hides a conversation until it moves.
  const dialogId = await openDialog(trx, actorId, p.recipient_id, now);
  const messageId = await insertMessage(trx, {
    dialog_id: dialogId,
    sender_id: actorId,
    text,
    client_id: o.clientId ?? null,
    created_at: deviceTime(o.occurredAt, now),
    received_at: now,
  });
  const notice = noticeJobs({ kind: 'message', messageId, actorId, recipientId: p.recipient_id });
  return { effect: withJobs(messagesEffect([messageId], [actorId, p.recipient_id]), ...notice), messageId, dialogId };
}

async function ownDialog(trx: Tx, viewer: number, peerId: number) {
  const d = await findDialog(trx, viewer, peerId);
  if (!d || viewer === peerId) throw new DomainError('dialog_not_found');
  return d;
}

/**
 * Marks the messages the partner sent to the viewer read. The dialog row is touched so its unread
 * count replicates, and the messages' revs move so the partner's devices see them read.
 */
export async function readDialog(trx: Tx, viewer: number, peerId: number, now = new Date()): Promise<Effect & { marked: number }> {
  const d = await ownDialog(trx, viewer, peerId);
  const marked = await markRead(trx, d.id, peerId, now);
  if (marked > 0) await touchDialog(trx, d.id);
  return { ...messagesEffect([peerId], [viewer, peerId]), marked };
}

/** Sets the viewer's own flags on the dialog; the partner never sees them. */
export async function updateDialog(trx: Tx, viewer: number, p: DialogUpdatePayload): Promise<Effect> {
  const d = await ownDialog(trx, viewer, p.user_id);
  const side = d.user_a === viewer ? 'a' : 'b';
  const patch: DialogFlags = {};
  if (p.muted !== undefined) patch[`muted_by_${side}`] = p.muted;
  if (p.starred !== undefined) patch[`starred_by_${side}`] = p.starred;
  if (p.closed !== undefined) patch[`closed_by_${side}`] = p.closed;
  if (Object.keys(patch).length > 0) await setDialogFlags(trx, d.id, patch);
  return messagesEffect([p.user_id], [viewer], ['dialogs']);
}
