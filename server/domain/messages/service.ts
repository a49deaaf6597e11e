import { sql, type Kysely } from 'kysely';
import {
  CHAT_RATE_WINDOW_MS,
  MESSAGE_MAX_LENGTH,
  MESSAGES_PER_WINDOW,
  type DialogUpdatePayload,
  type MessageSendPayload,
} from '../../../contract/chat.ts';
import { DomainError } from '../../../contract/errors.ts';
import type { DB } from '../../db/types.ts';
import type { Tx } from '../../db/tx.ts';
import type { Effect } from '../events/service.ts';
import { cleanText, deviceTime } from '../chat/text.ts';

type Q = Kysely<DB> | Tx;

/**
 * Private messages (the MESSAGE RULES of contract/chat.ts), one transaction each, shared by the
 * sync commands, the legacy REST calls and the chat socket. Effects name both people of a dialog:
 * `dialogs` and `messages` are user-scoped collections.
 */

/**
 * May these two people write to each other? An approved meeting between them in any event, or a
 * dialog that already exists (it was opened under one).
 */
export async function mayMessage(q: Q, a: number, b: number): Promise<boolean> {
  const r = await sql<{ ok: boolean }>`
    SELECT (EXISTS (SELECT 1 FROM appointments ap WHERE ap.response = 1 AND NOT ap.deleted
        AND ((ap.from_user_id = ${a} AND ap.to_user_id = ${b}) OR (ap.from_user_id = ${b} AND ap.to_user_id = ${a})))
      OR EXISTS (SELECT 1 FROM dialogs d WHERE d.user_a = ${Math.min(a, b)} AND d.user_b = ${Math.max(a, b)} AND NOT d.deleted)) AS ok`.execute(q);
  return r.rows[0]?.ok === true;
}

function pair(a: number, b: number): { user_a: number; user_b: number } {
  return a < b ? { user_a: a, user_b: b } : { user_a: b, user_b: a };
}

/** `ids` are document ids: a message's own id, or the partner's user id for a dialog document. */
function messagesEffect(ids: number[], userIds: number[], collections = ['dialogs', 'messages']): Effect {
  return { ids: ids.map(String), collections, userIds: [...new Set(userIds)] };
}

export interface SendOptions {
  clientId?: string | null;
  occurredAt?: Date | null;
  now?: Date;
}

export async function sendMessage(
  trx: Tx,
  actorId: number,
  p: MessageSendPayload,
  o: SendOptions = {},
): Promise<{ effect: Effect; messageId: number; dialogId: number }> {
  const text = cleanText(p.text, MESSAGE_MAX_LENGTH, 'text');
  if (p.recipient_id === actorId) throw new DomainError('invalid_input', 'recipient_id');
  const recipient = await trx
    .selectFrom('users')
    .select(['id', 'deleted', 'disabled'])
    .where('id', '=', p.recipient_id)
    .executeTakeFirst();
  if (!recipient || recipient.deleted || recipient.disabled) throw new DomainError('not_found', 'recipient_id');
  if (!(await mayMessage(trx, actorId, p.recipient_id))) throw new DomainError('meeting_required');
  const now = o.now ?? new Date();
  const recent = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM messages
    WHERE sender_id = ${actorId} AND received_at > ${new Date(now.getTime() - CHAT_RATE_WINDOW_MS)}`.execute(trx);
  if ((recent.rows[0]?.n ?? 0) >= MESSAGES_PER_WINDOW) throw new DomainError('rate_limited');

  // A new message reopens the dialog on both sides: closing hides a conversation until it moves.
  const dialog = await trx
    .insertInto('dialogs')
    .values({ ...pair(actorId, p.recipient_id), last_message_at: now })
    .onConflict((oc) =>
      oc.columns(['user_a', 'user_b']).doUpdateSet({ last_message_at: now, closed_by_a: false, closed_by_b: false, deleted: false }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  const message = await trx
    .insertInto('messages')
    .values({
      dialog_id: dialog.id,
      sender_id: actorId,
      text,
      client_id: o.clientId ?? null,
      created_at: deviceTime(o.occurredAt, now),
      received_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { effect: messagesEffect([message.id], [actorId, p.recipient_id]), messageId: message.id, dialogId: dialog.id };
}

async function ownDialog(trx: Tx, viewer: number, peerId: number) {
  const d = await trx
    .selectFrom('dialogs')
    .select(['id', 'user_a', 'user_b'])
    .where('user_a', '=', Math.min(viewer, peerId))
    .where('user_b', '=', Math.max(viewer, peerId))
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (!d || viewer === peerId) throw new DomainError('dialog_not_found');
  return d;
}

/**
 * Marks the messages the partner sent to the viewer read. The dialog row is touched so its unread
 * count replicates, and the messages' revs move so the partner's devices see them read.
 */
export async function readDialog(trx: Tx, viewer: number, peerId: number, now = new Date()): Promise<Effect & { marked: number }> {
  const d = await ownDialog(trx, viewer, peerId);
  const res = await trx
    .updateTable('messages')
    .set({ read_at: now })
    .where('dialog_id', '=', d.id)
    .where('sender_id', '=', peerId)
    .where('read_at', 'is', null)
    .where('deleted', '=', false)
    .executeTakeFirst();
  const marked = Number(res.numUpdatedRows);
  if (marked > 0) await trx.updateTable('dialogs').set({ deleted: false }).where('id', '=', d.id).execute();
  return { ...messagesEffect([peerId], [viewer, peerId]), marked };
}

/** Sets the viewer's own flags on the dialog; the partner never sees them. */
export async function updateDialog(trx: Tx, viewer: number, p: DialogUpdatePayload): Promise<Effect> {
  const d = await ownDialog(trx, viewer, p.user_id);
  const side = d.user_a === viewer ? 'a' : 'b';
  const patch: Partial<Record<'muted_by_a' | 'muted_by_b' | 'starred_by_a' | 'starred_by_b' | 'closed_by_a' | 'closed_by_b', boolean>> = {};
  if (p.muted !== undefined) patch[`muted_by_${side}`] = p.muted;
  if (p.starred !== undefined) patch[`starred_by_${side}`] = p.starred;
  if (p.closed !== undefined) patch[`closed_by_${side}`] = p.closed;
  if (Object.keys(patch).length > 0) await trx.updateTable('dialogs').set(patch).where('id', '=', d.id).execute();
  return messagesEffect([p.user_id], [viewer], ['dialogs']);
}
