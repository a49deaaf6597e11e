import { sql, type Kysely } from 'kysely';
import { chatImageUrl, COMMENTS_WINDOW, type CommentDoc } from '../../../contract/chat.ts';
import type { WsComment, WsUser } from '../../../contract/ws.ts';
import type { DB } from '../../db/types.ts';
import { toUnix, type Tx } from '../../db/tx.ts';
import { avatarOf } from './text.ts';

type Q = Kysely<DB> | Tx;

/** One comment with its author, the author's block state and the viewer's vote. */
export interface CommentRow {
  id: number;
  event_id: number;
  user_id: number;
  comment: string;
  image: string;
  client_id: string | null;
  received_at: Date;
  likes_count: number;
  dislikes_count: number;
  deleted: boolean;
  first_name: string;
  last_name: string;
  avatar: string;
  is_blocked: boolean;
  my_like_type: number;
  /** The comment row's own rev. */
  row_rev: number;
  /** greatest(comment rev, author rev, block rev): the document's rev in the feed. */
  doc_rev: number;
}

/** The FROM part every comment read shares; `viewer` decides my_like_type (0 for nobody). */
function commentSelect(viewer: number) {
  return sql`
    SELECT c.id, c.event_id, c.user_id, c.comment, c.image, c.client_id, c.received_at,
      c.likes_count, c.dislikes_count, c.deleted, c.rev AS row_rev,
      u.first_name, u.last_name, u.avatar,
      coalesce(b.active AND NOT b.deleted, false) AS is_blocked,
      coalesce(l.like_type, 0)::int AS my_like_type,
      greatest(c.rev, u.rev, coalesce(b.rev, 0)) AS doc_rev
    FROM chat_comments c
    JOIN users u ON u.id = c.user_id
    LEFT JOIN chat_blocks b ON b.event_id = c.event_id AND b.user_id = c.user_id
    LEFT JOIN comment_likes l ON l.comment_id = c.id AND l.user_id = ${viewer}`;
}

/**
 * The feed page of one event: the newest COMMENTS_WINDOW comments (deleted ones counted too, so the
 * window's lower bound only ever moves forward and no old row can slip into it behind a
 * checkpoint) and every tombstone, with doc_rev > checkpoint, in doc_rev order.
 */
export async function feedComments(q: Q, viewer: number, eventId: number, checkpoint: number, limit: number): Promise<CommentRow[]> {
  const r = await sql<CommentRow>`
    WITH bound AS (
      SELECT coalesce(min(id), 0) AS min_id FROM (
        SELECT id FROM chat_comments WHERE event_id = ${eventId} ORDER BY id DESC LIMIT ${COMMENTS_WINDOW}) w)
    SELECT * FROM (${commentSelect(viewer)}
      WHERE c.event_id = ${eventId} AND (c.id >= (SELECT min_id FROM bound) OR c.deleted)) x
    WHERE x.doc_rev > ${checkpoint}
    ORDER BY x.doc_rev, x.id
    LIMIT ${limit}`.execute(q);
  return r.rows;
}

export interface ListOptions {
  offset: number;
  limit: number;
  newestFirst: boolean;
  /** Only comments older than this id: a stable cursor for scrolling up while comments arrive. */
  beforeId?: number;
  /** Only comments from this id on: with beforeId, a range a device re-reads to refresh its copy. */
  fromId?: number;
}

/** Live comments of an event for the legacy list, and how many there are in all. */
export async function listComments(q: Q, viewer: number, eventId: number, o: ListOptions): Promise<{ rows: CommentRow[]; count: number }> {
  const before = sql`${o.beforeId ? sql`AND c.id < ${o.beforeId}` : sql``} ${o.fromId ? sql`AND c.id >= ${o.fromId}` : sql``}`;
  const order = o.newestFirst ? sql`c.id DESC` : sql`c.id ASC`;
  const r = await sql<CommentRow>`${commentSelect(viewer)}
    WHERE c.event_id = ${eventId} AND NOT c.deleted ${before}
    ORDER BY ${order} LIMIT ${o.limit} OFFSET ${o.offset}`.execute(q);
  const n = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM chat_comments c WHERE c.event_id = ${eventId} AND NOT c.deleted ${before}`.execute(q);
  return { rows: r.rows, count: n.rows[0]?.n ?? 0 };
}

export async function findComment(q: Q, viewer: number, id: number): Promise<CommentRow | undefined> {
  const r = await sql<CommentRow>`${commentSelect(viewer)} WHERE c.id = ${id}`.execute(q);
  return r.rows[0];
}

/** Comments changed after `rev` (any event), for the realtime fan-out; oldest change first. */
export async function commentsChangedSince(q: Q, rev: number, limit: number): Promise<CommentRow[]> {
  const r = await sql<CommentRow>`${commentSelect(0)} WHERE c.rev > ${rev} ORDER BY c.rev LIMIT ${limit}`.execute(q);
  return r.rows;
}

export function toCommentDoc(r: CommentRow, viewer: number): CommentDoc & { deleted: boolean } {
  const own = r.user_id === viewer;
  return {
    id: String(r.id),
    comment_id: r.id,
    event_id: r.event_id,
    user_id: r.user_id,
    first_name: r.deleted ? '' : r.first_name,
    last_name: r.deleted ? '' : r.last_name,
    avatar: r.deleted ? '' : avatarOf(r.user_id, r.avatar),
    // A deleted comment's words and picture never leave the server again.
    comment: r.deleted ? '' : r.comment,
    image: r.deleted ? '' : chatImageUrl(r.image),
    date: toUnix(r.received_at),
    likes_count: r.deleted ? 0 : r.likes_count,
    dislikes_count: r.deleted ? 0 : r.dislikes_count,
    my_like_type: r.deleted ? 0 : r.my_like_type,
    is_blocked_in_chat: r.is_blocked,
    client_id: own ? (r.client_id ?? '') : '',
    rev: r.doc_rev,
    deleted: r.deleted,
  };
}

export function toWsComment(r: CommentRow): WsComment {
  return {
    id: r.id,
    event_id: r.event_id,
    user_id: r.user_id,
    comment: r.comment,
    image: chatImageUrl(r.image),
    date: toUnix(r.received_at),
    likes: { like: r.likes_count, dislike: r.dislikes_count, my_like_type: r.my_like_type },
    is_blocked_in_chat: r.is_blocked,
  };
}

export function toWsUser(r: Pick<CommentRow, 'user_id' | 'first_name' | 'last_name' | 'avatar' | 'is_blocked'>): WsUser {
  return {
    id: r.user_id,
    user_id: r.user_id,
    first_name: r.first_name,
    last_name: r.last_name,
    name: `${r.first_name} ${r.last_name}`.trim(),
    avatar: avatarOf(r.user_id, r.avatar),
    is_blocked_in_chat: r.is_blocked,
  };
}

/** The legacy list's `users` map: each author once, keyed by id. */
export function usersMap(rows: CommentRow[]): Record<string, WsUser> {
  const users: Record<string, WsUser> = {};
  for (const r of rows) users[String(r.user_id)] ??= toWsUser(r);
  return users;
}

/** Likes and dislikes recounted from the votes, so the counters cannot drift from them. */
export async function recountLikes(trx: Tx, commentId: number): Promise<void> {
  await sql`
    UPDATE chat_comments SET
      likes_count = (SELECT count(*) FROM comment_likes WHERE comment_id = ${commentId} AND like_type = 1),
      dislikes_count = (SELECT count(*) FROM comment_likes WHERE comment_id = ${commentId} AND like_type = 2)
    WHERE id = ${commentId}`.execute(trx);
}
