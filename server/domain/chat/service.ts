import { sql } from 'kysely';
import {
  BLOCK_REASON_MAX_LENGTH,
  CHAT_RATE_WINDOW_MS,
  COMMENT_MAX_LENGTH,
  COMMENTS_PER_WINDOW,
  type ChatBlockPayload,
  type ChatUnblockPayload,
  type CommentAddPayload,
  type LikeType,
} from '../../../contract/chat.ts';
import { DomainError } from '../../../contract/errors.ts';
import type { Tx } from '../../db/tx.ts';
import type { Effect } from '../events/service.ts';
import { chatAccess, requireReader, requireSpeaker, requireStaff } from './access.ts';
import { claimUpload } from './images.ts';
import { recountLikes } from './repository.ts';
import { cleanText, deviceTime } from './text.ts';

/**
 * The event chat's writes (the CHAT RULES of contract/chat.ts), one transaction each, shared by
 * the sync commands, the legacy REST calls and the websocket. Each answers with the Effect the
 * caller announces after commit: `comments` (scoped by event, not by user, so userIds only name
 * the people directly concerned), which also wakes the realtime fan-out (server/realtime).
 */

function chatEffect(eventId: number, ids: number[], userIds: number[]): Effect {
  return { ids: ids.map(String), collections: ['comments'], userIds: [...new Set(userIds)], eventIds: [eventId] };
}

async function loadComment(trx: Tx, commentId: number) {
  const c = await trx
    .selectFrom('chat_comments')
    .select(['id', 'event_id', 'user_id', 'deleted'])
    .where('id', '=', commentId)
    .forUpdate()
    .executeTakeFirst();
  if (!c || c.deleted) throw new DomainError('comment_not_found');
  return c;
}

export interface AddCommentOptions {
  /** The outbox command id, when the comment comes from a device's queue. */
  clientId?: string | null;
  occurredAt?: Date | null;
  now?: Date;
}

export async function addComment(
  trx: Tx,
  actorId: number,
  p: CommentAddPayload,
  o: AddCommentOptions = {},
): Promise<{ effect: Effect; commentId: number }> {
  const text = cleanText(p.comment, COMMENT_MAX_LENGTH, 'comment');
  await requireSpeaker(trx, actorId, p.event_id);
  const now = o.now ?? new Date();
  // Counted inside the transaction, after the change-feed lock: every instance sees the same count.
  const recent = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM chat_comments
    WHERE event_id = ${p.event_id} AND user_id = ${actorId} AND received_at > ${new Date(now.getTime() - CHAT_RATE_WINDOW_MS)}`.execute(trx);
  if ((recent.rows[0]?.n ?? 0) >= COMMENTS_PER_WINDOW) throw new DomainError('rate_limited');
  const row = await trx
    .insertInto('chat_comments')
    .values({
      event_id: p.event_id,
      user_id: actorId,
      comment: text,
      image: p.image ?? '',
      client_id: o.clientId ?? null,
      created_at: deviceTime(o.occurredAt, now),
      received_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (p.image) await claimUpload(trx, actorId, p.event_id, p.image, row.id);
  return { effect: chatEffect(p.event_id, [row.id], [actorId]), commentId: row.id };
}

/** Sets the actor's vote on a comment to `likeType`; a repeat of the same vote changes nothing. */
export async function likeComment(trx: Tx, actorId: number, commentId: number, likeType: LikeType): Promise<Effect> {
  const c = await loadComment(trx, commentId);
  await requireSpeaker(trx, actorId, c.event_id);
  if (c.user_id === actorId) throw new DomainError('forbidden', 'own comment');
  const current = await trx
    .selectFrom('comment_likes')
    .select('like_type')
    .where('comment_id', '=', commentId)
    .where('user_id', '=', actorId)
    .executeTakeFirst();
  if (current?.like_type !== likeType) {
    await trx
      .insertInto('comment_likes')
      .values({ comment_id: commentId, user_id: actorId, like_type: likeType })
      .onConflict((oc) => oc.columns(['comment_id', 'user_id']).doUpdateSet({ like_type: likeType }))
      .execute();
    await recountLikes(trx, commentId);
  }
  return chatEffect(c.event_id, [commentId], [actorId]);
}

/**
 * Removes the actor's vote. With `likeType` (the legacy unset-like-comment carries one) only a vote
 * of that type is removed, so a late "unset like" cannot erase a newer dislike.
 */
export async function unlikeComment(trx: Tx, actorId: number, commentId: number, likeType?: LikeType): Promise<Effect> {
  const c = await loadComment(trx, commentId);
  await requireReader(trx, actorId, c.event_id);
  let del = trx.deleteFrom('comment_likes').where('comment_id', '=', commentId).where('user_id', '=', actorId);
  if (likeType !== undefined) del = del.where('like_type', '=', likeType);
  const res = await del.executeTakeFirst();
  if (Number(res.numDeletedRows) > 0) await recountLikes(trx, commentId);
  return chatEffect(c.event_id, [commentId], [actorId]);
}

/**
 * Deletes a comment: its author, or an owner or moderator of its event. The row stays as a
 * tombstone (devices drop it; its text and picture are never served again). Deleting a comment
 * that is already deleted answers like the first time, so two moderators racing both succeed.
 */
export async function removeComment(trx: Tx, actorId: number, commentId: number): Promise<Effect> {
  const c = await trx
    .selectFrom('chat_comments')
    .select(['id', 'event_id', 'user_id', 'deleted'])
    .where('id', '=', commentId)
    .forUpdate()
    .executeTakeFirst();
  if (!c) throw new DomainError('comment_not_found');
  if (c.user_id !== actorId) {
    const access = await chatAccess(trx, actorId, c.event_id);
    if (!access.staff) throw new DomainError('moderator_required');
  }
  if (!c.deleted) {
    await trx.updateTable('chat_comments').set({ deleted: true, deleted_by: actorId }).where('id', '=', commentId).execute();
  }
  return chatEffect(c.event_id, [commentId], [actorId, c.user_id]);
}

async function checkTarget(trx: Tx, actorId: number, eventId: number, targetId: number): Promise<void> {
  if (targetId === actorId) throw new DomainError('chat_block_not_allowed', 'yourself');
  const target = await trx.selectFrom('users').select(['id', 'deleted']).where('id', '=', targetId).executeTakeFirst();
  if (!target || target.deleted) throw new DomainError('not_found', 'user_id');
  const access = await chatAccess(trx, targetId, eventId);
  if (access.staff) throw new DomainError('chat_block_not_allowed', 'owner or moderator');
}

/**
 * Blocks a user in one event's chat, with a reason. Blocking somebody already blocked replaces the
 * reason and the moderator; the notice goes out again.
 */
export async function blockUser(trx: Tx, actorId: number, p: ChatBlockPayload, now = new Date()): Promise<Effect> {
  const reason = cleanText(p.reason, BLOCK_REASON_MAX_LENGTH, 'reason');
  await requireStaff(trx, actorId, p.event_id);
  await checkTarget(trx, actorId, p.event_id, p.user_id);
  await trx
    .insertInto('chat_blocks')
    .values({ event_id: p.event_id, user_id: p.user_id, blocked_by: actorId, reason, active: true, created_at: now })
    .onConflict((oc) =>
      oc.columns(['event_id', 'user_id']).doUpdateSet({ blocked_by: actorId, reason, active: true, created_at: now, deleted: false }),
    )
    .execute();
  // No document of its own: the block shows as is_blocked_in_chat on the author's comments.
  return { ids: [], collections: ['comments'], userIds: [p.user_id, actorId], eventIds: [p.event_id] };
}

/** Lifts a block; unblocking somebody who is not blocked changes nothing and still succeeds. */
export async function unblockUser(trx: Tx, actorId: number, p: ChatUnblockPayload): Promise<Effect & { changed: boolean }> {
  await requireStaff(trx, actorId, p.event_id);
  if (p.user_id === actorId) throw new DomainError('chat_block_not_allowed', 'yourself');
  const res = await trx
    .updateTable('chat_blocks')
    .set({ active: false })
    .where('event_id', '=', p.event_id)
    .where('user_id', '=', p.user_id)
    .where('active', '=', true)
    .executeTakeFirst();
  const changed = Number(res.numUpdatedRows) > 0;
  return { ids: [], collections: ['comments'], userIds: [p.user_id, actorId], eventIds: [p.event_id], changed };
}
