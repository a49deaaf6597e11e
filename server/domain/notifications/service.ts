import { noticeText, type NotificationReadPayload, type ServerNoticeKind } from '../../../contract/notifications.ts';
import type { Tx } from '../../db/tx.ts';
import { quiet, type Effect } from '../effects.ts';
import { commentFacts, gatherComment, gatherVote, insertNotice, markNoticesRead } from './repository.ts';

/**
 * The notices the server records (contract/notifications.ts), written by the services whose writes
 * they tell about, inside the same transaction, so a notice exists exactly when its cause does,
 * whichever entry point (a device's command, a legacy call, a socket) made the write. They reach
 * the recipient's devices inside the my_events document of the event: a service that tells
 * somebody adds `my_events` for them to its Effect (`withNotices`).
 */

/** The Effect of a write that also told `userIds` something: their my_events documents moved. */
export function withNotices(effect: Effect, userIds: readonly number[]): Effect {
  if (userIds.length === 0) return effect;
  const collections = effect.collections.includes('my_events') ? effect.collections : [...effect.collections, 'my_events'];
  return { ...effect, collections, userIds: [...new Set([...effect.userIds, ...userIds])] };
}

export type AppointmentNoticeKind = Extract<ServerNoticeKind, 'invited' | 'updated' | 'approved' | 'rejected' | 'canceled'>;

/** Tells `to` what `actorId` did to their appointment `meeting` (with the request's message or the reason). */
export async function tellAppointment(
  trx: Tx,
  kind: AppointmentNoticeKind,
  meeting: { id: number; event_id: number },
  to: number,
  actorId: number,
  text: string,
  at: Date,
): Promise<void> {
  if (to === actorId) return;
  await insertNotice(trx, { user_id: to, event_id: meeting.event_id, kind, actor_id: actorId, meeting_id: meeting.id, text: noticeText(text), at });
}

/**
 * A comment on an event tells the event's organisers (events.md §9 NEW_COMMENT), gathered into one
 * unread notice per organiser and event. Answers who was told.
 */
export function tellComment(trx: Tx, c: { eventId: number; commentId: number; authorId: number; text: string; at: Date }): Promise<number[]> {
  return gatherComment(trx, { event_id: c.eventId, actor_id: c.authorId, comment_id: c.commentId, text: noticeText(c.text), at: c.at });
}

/**
 * A new vote on a comment tells its author (events.md §9 COMMENT_VOTED), gathered into one unread
 * notice per comment. A vote changed from like to dislike is not news. Answers who was told.
 */
export async function tellVote(trx: Tx, v: { commentId: number; voterId: number; at: Date }): Promise<number[]> {
  const c = await commentFacts(trx, v.commentId);
  if (!c || c.user_id === v.voterId) return [];
  await gatherVote(trx, { user_id: c.user_id, event_id: c.event_id, actor_id: v.voterId, comment_id: v.commentId, text: noticeText(c.comment), at: v.at });
  return [c.user_id];
}

/**
 * notification.read: the user's own notices among the ids become read on every device. Ids that are
 * not the user's, unknown or already read change nothing, and answer alike, so the command says
 * nothing about other people's notices.
 */
export async function readNotices(trx: Tx, userId: number, p: NotificationReadPayload, now = new Date()): Promise<Effect> {
  const changed = await markNoticesRead(trx, userId, [...new Set(p.ids)], now);
  if (changed === 0) return quiet(p.ids);
  return { ids: p.ids.map(String), collections: ['my_events'], userIds: [userId] };
}
