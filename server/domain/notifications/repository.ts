import { sql } from 'kysely';
import { avatarUrl } from '../../../contract/avatars.ts';
import { NOTICES_PER_EVENT, type Notice, type ServerNoticeKind } from '../../../contract/notifications.ts';
import { toUnix, type Q, type Tx } from '../../db/tx.ts';

/**
 * SQL of notifications (050_notifications.sql). Every insert and update stamps the recipient's
 * my_events document of that event by trigger, so the feed re-sends it.
 */

export interface NoticeValues {
  user_id: number;
  event_id: number;
  kind: ServerNoticeKind;
  actor_id: number;
  meeting_id?: number | null;
  comment_id?: number | null;
  text: string;
  at: Date;
}

export async function insertNotice(trx: Tx, v: NoticeValues): Promise<void> {
  await trx
    .insertInto('notifications')
    .values({
      user_id: v.user_id,
      event_id: v.event_id,
      kind: v.kind,
      actor_id: v.actor_id,
      meeting_id: v.meeting_id ?? null,
      comment_id: v.comment_id ?? null,
      text: v.text,
      created_at: v.at,
      updated_at: v.at,
    })
    .execute();
}

/**
 * A new comment on an event, told to each of its organisers but its author: added to the organiser's
 * unread comments notice of the event, or a new one. Answers who was told.
 */
export async function gatherComment(trx: Tx, v: { event_id: number; actor_id: number; comment_id: number; text: string; at: Date }): Promise<number[]> {
  const r = await sql<{ user_id: number }>`
    INSERT INTO notifications (user_id, event_id, kind, actor_id, comment_id, text, created_at, updated_at)
    SELECT ue.user_id, ${v.event_id}, 'comment', ${v.actor_id}, ${v.comment_id}, ${v.text}, ${v.at}, ${v.at}
    FROM user_events ue
    WHERE ue.event_id = ${v.event_id} AND ue.is_owner AND NOT ue.deleted AND ue.user_id <> ${v.actor_id}
    ON CONFLICT (user_id, event_id) WHERE kind = 'comment' AND read_at IS NULL
    DO UPDATE SET count = notifications.count + 1, actor_id = EXCLUDED.actor_id, comment_id = EXCLUDED.comment_id,
      text = EXCLUDED.text, updated_at = EXCLUDED.updated_at
    RETURNING user_id`.execute(trx);
  return r.rows.map((x) => x.user_id);
}

/** A new vote on a comment, added to its author's unread notice of that comment, or a new one. */
export async function gatherVote(
  trx: Tx,
  v: { user_id: number; event_id: number; actor_id: number; comment_id: number; text: string; at: Date },
): Promise<void> {
  await sql`
    INSERT INTO notifications (user_id, event_id, kind, actor_id, comment_id, text, created_at, updated_at)
    VALUES (${v.user_id}, ${v.event_id}, 'vote', ${v.actor_id}, ${v.comment_id}, ${v.text}, ${v.at}, ${v.at})
    ON CONFLICT (user_id, comment_id) WHERE kind = 'vote' AND read_at IS NULL
    DO UPDATE SET count = notifications.count + 1, actor_id = EXCLUDED.actor_id, updated_at = EXCLUDED.updated_at`.execute(trx);
}

/** Marks the user's own unread notices among `ids` read; answers how many changed. */
export async function markNoticesRead(trx: Tx, userId: number, ids: readonly number[], at: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const r = await trx
    .updateTable('notifications')
    .set({ read_at: at })
    .where('user_id', '=', userId)
    .where('id', 'in', [...ids])
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

interface NoticeRow {
  id: number;
  event_id: number;
  kind: string;
  count: number;
  text: string;
  updated_at: Date;
  read_at: Date | null;
  meeting_id: number | null;
  comment_id: number | null;
  actor_id: number | null;
  first_name: string | null;
  last_name: string | null;
  avatar: string | null;
  actor_gone: boolean | null;
}

/** The newest NOTICES_PER_EVENT notices of the user in each of these events, newest first. */
export async function noticesOf(q: Q, userId: number, eventIds: readonly number[]): Promise<Map<number, Notice[]>> {
  const out = new Map<number, Notice[]>();
  if (eventIds.length === 0) return out;
  const r = await sql<NoticeRow>`
    SELECT n.id, n.event_id, n.kind, n.count, n.text, n.updated_at, n.read_at, n.meeting_id, n.comment_id, n.actor_id,
      u.first_name, u.last_name, u.avatar, (u.deleted OR u.disabled) AS actor_gone
    FROM (
      SELECT *, row_number() OVER (PARTITION BY event_id ORDER BY updated_at DESC, id DESC) AS k
      FROM notifications WHERE user_id = ${userId} AND event_id IN (${sql.join([...eventIds])})
    ) n
    LEFT JOIN users u ON u.id = n.actor_id
    WHERE n.k <= ${NOTICES_PER_EVENT}
    ORDER BY n.event_id, n.updated_at DESC, n.id DESC`.execute(q);
  for (const row of r.rows) {
    const list = out.get(row.event_id) ?? [];
    out.set(row.event_id, list);
    list.push(toNotice(row));
  }
  return out;
}

function toNotice(r: NoticeRow): Notice {
  // A removed or disabled account is nobody the user can open or answer any more.
  const actorId = r.actor_gone === false ? r.actor_id : null;
  return {
    id: r.id,
    kind: r.kind,
    at: toUnix(r.updated_at),
    read: r.read_at !== null,
    count: r.count,
    actor:
      actorId === null
        ? { user_id: 0, first_name: '', last_name: '', avatar: '' }
        : { user_id: actorId, first_name: r.first_name ?? '', last_name: r.last_name ?? '', avatar: avatarUrl(actorId, r.avatar ?? '') },
    meeting_id: r.meeting_id ?? 0,
    comment_id: r.comment_id ?? 0,
    text: r.text,
  };
}

/** A comment's author, event and text, for a notice about votes on it. */
export async function commentFacts(q: Q, commentId: number) {
  return q.selectFrom('chat_comments').select(['user_id', 'event_id', 'comment']).where('id', '=', commentId).where('deleted', '=', false).executeTakeFirst();
}
