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
import type { CreatedComment, Effect } from '../effects.ts';
import { chatAccess, requireReader, requireSpeaker, requireSpeakerPosted, requireStaff } from './access.ts';
import {
  deleteVote,
  findVote,
  insertComment,
  liftBlock,
  lockComment,
  markCommentDeleted,
  recountLikes,
  toWsComment,
  toWsUser,
  upsertBlock,
  upsertVote,
} from './repository.ts';
import { accountState } from '../profile/repository.ts';
import { claimUpload } from './uploads.ts';
import { cleanText, deviceTime, type DeviceTextOptions } from './text.ts';
import { tellComment, tellVote, withNotices } from '../notifications/service.ts';

/**
 * The event chat's writes (the CHAT RULES of contract/chat.ts), one transaction each, shared by
 * the sync commands, the legacy REST calls and the websocket. Each answers with the Effect the
 * write runner announces after commit: `comments` (scoped by event, not by user, so userIds only name
 * the people directly concerned), which also wakes the realtime fan-out (server/realtime).
 */

function chatEffect(eventId: number, ids: number[], userIds: number[]): Effect {
  return { ids: ids.map(String), collections: ['comments'], userIds: [...new Set(userIds)], eventIds: [eventId] };
}

/** The comment, locked; comment_not_found when there is none or it was deleted. */
async function liveComment(trx: Tx, commentId: number) {
  const c = await lockComment(trx, commentId);
  if (!c || c.deleted) throw new DomainError('comment_not_found');
  return c;
}

export async function addComment(
  trx: Tx,
  actorId: number,
  p: CommentAddPayload,
  o: DeviceTextOptions = {},
): Promise<{ effect: Effect; commentId: number; created: CreatedComment }> {
  const text = cleanText(p.comment, COMMENT_MAX_LENGTH, 'comment');
  const now = o.now ?? new Date();
  // Counted inside the transaction, after the change-feed lock: every instance sees the same count.
  const { posted } = await requireSpeakerPosted(trx, actorId, p.event_id, new Date(now.getTime() - CHAT_RATE_WINDOW_MS));
  if (posted >= COMMENTS_PER_WINDOW) throw new DomainError('rate_limited');
  const row = await insertComment(trx, {
    event_id: p.event_id,
    user_id: actorId,
    comment: text,
    image: p.image ?? '',
    client_id: o.clientId ?? null,
    created_at: deviceTime(o.occurredAt, now),
    received_at: now,
  });
  if (p.image) await claimUpload(trx, actorId, p.event_id, p.image, row.id);
  const told = await tellComment(trx, { eventId: p.event_id, commentId: row.id, authorId: actorId, text, at: now });
  // The announcement carries the new comment, so every instance's sockets get it without a read.
  const created = { comment: toWsComment(row), user: toWsUser(row), rev: row.row_rev };
  return { effect: withNotices({ ...chatEffect(p.event_id, [row.id], [actorId]), created }, told), commentId: row.id, created };
}

/** Sets the actor's vote on a comment to `likeType`; a repeat of the same vote changes nothing. */
export async function likeComment(trx: Tx, actorId: number, commentId: number, likeType: LikeType): Promise<Effect> {
  const c = await liveComment(trx, commentId);
  await requireSpeaker(trx, actorId, c.event_id);
  if (c.user_id === actorId) throw new DomainError('forbidden', 'own comment');
  const before = await findVote(trx, commentId, actorId);
  let told: number[] = [];
  if (before !== likeType) {
    await upsertVote(trx, commentId, actorId, likeType);
    await recountLikes(trx, commentId);
    if (!before) told = await tellVote(trx, { commentId, voterId: actorId, at: new Date() });
  }
  return withNotices(chatEffect(c.event_id, [commentId], [actorId]), told);
}

/**
 * Removes the actor's vote. With `likeType` (the legacy unset-like-comment carries one) only a vote
 * of that type is removed, so a late "unset like" cannot erase a newer dislike.
 */
export async function unlikeComment(trx: Tx, actorId: number, commentId: number, likeType?: LikeType): Promise<Effect> {
  const c = await liveComment(trx, commentId);
  await requireReader(trx, actorId, c.event_id);
  if (await deleteVote(trx, commentId, actorId, likeType)) await recountLikes(trx, commentId);
  return chatEffect(c.event_id, [commentId], [actorId]);
}

/**
 * Deletes a comment: its author, or an owner or moderator of its event. The row stays as a
 * tombstone (devices drop it; its text and picture are never served again). Deleting a comment
 * that is already deleted answers like the first time, so two moderators racing both succeed.
 */
export async function removeComment(trx: Tx, actorId: number, commentId: number): Promise<Effect> {
  const c = await lockComment(trx, commentId);
  if (!c) throw new DomainError('comment_not_found');
  if (c.user_id !== actorId) {
    const access = await chatAccess(trx, actorId, c.event_id);
    if (!access.staff) throw new DomainError('moderator_required');
  }
  if (!c.deleted) await markCommentDeleted(trx, commentId, actorId);
  return chatEffect(c.event_id, [commentId], [actorId, c.user_id]);
}

async function checkTarget(trx: Tx, actorId: number, eventId: number, targetId: number): Promise<void> {
  if (targetId === actorId) throw new DomainError('chat_block_not_allowed', 'yourself');
  const target = await accountState(trx, targetId);
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
  await upsertBlock(trx, { event_id: p.event_id, user_id: p.user_id, blocked_by: actorId, reason, created_at: now });
  // No document of its own: the block shows as is_blocked_in_chat on the author's comments.
  return { ids: [], collections: ['comments'], userIds: [p.user_id, actorId], eventIds: [p.event_id] };
}

/** Lifts a block; unblocking somebody who is not blocked changes nothing and still succeeds. */
export async function unblockUser(trx: Tx, actorId: number, p: ChatUnblockPayload): Promise<Effect & { changed: boolean }> {
  await requireStaff(trx, actorId, p.event_id);
  if (p.user_id === actorId) throw new DomainError('chat_block_not_allowed', 'yourself');
  const changed = await liftBlock(trx, p.event_id, p.user_id);
  return { ids: [], collections: ['comments'], userIds: [p.user_id, actorId], eventIds: [p.event_id], changed };
}
