import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { avatarUrl } from '../../../contract/avatars.ts';
import { chatImageUrl, COMMENTS_WINDOW, type CommentDoc } from '../../../contract/chat.ts';
import type { WsComment, WsUser } from '../../../contract/ws.ts';
import { validTicket } from '../../db/sql.ts';
import { toUnix, type Q, type Tx } from '../../db/tx.ts';
import { onlyRow } from '../../db/rows.ts';

/**
 * SQL of the event chat: who may read and moderate it, its comments (the feed window, the legacy
 * list, the fan-out), votes and blocks; the pictures uploaded for comments are upload-repository.ts's.
 */

// Access -----------------------------------------------------------------------------------------

/**
 * The SQL condition "user may read event's chat": a valid ticket, or owner, moderator, or checked
 * in to a free event. Kept in one place so the REST list, the feed, the sockets and the picture
 * downloads agree.
 */
export function mayReadSql(userId: RawBuilder<unknown>, eventId: RawBuilder<unknown>): RawBuilder<SqlBool> {
  // The inner aliases are names no caller passes in: an inner `events e` once captured the `e.id`
  // chatStanding passes, and a check-in to any free event opened every event's chat.
  return sql<SqlBool>`(
    EXISTS (SELECT 1 FROM tickets mr_t WHERE mr_t.event_id = ${eventId} AND mr_t.user_id = ${userId} AND ${validTicket('mr_t')})
    OR EXISTS (SELECT 1 FROM user_events mr_ue JOIN events mr_e ON mr_e.id = mr_ue.event_id
      WHERE mr_ue.event_id = ${eventId} AND mr_ue.user_id = ${userId} AND NOT mr_ue.deleted
        AND (mr_ue.is_owner OR mr_ue.is_moderator OR (mr_ue.checked_in AND mr_e.is_free))))`;
}

/**
 * The event's removal flag and the user's standing in its chat; undefined when there is no such
 * event. With `postedSince`, also how many comments the user has posted there since then (the
 * chat's rate limit; 0 without): a post needs both, and on the embedded database a second statement
 * costs about as much as the count itself.
 */
export async function chatStanding(q: Q, userId: number, eventId: number, postedSince?: Date) {
  const posted = postedSince
    ? sql<number>`(SELECT count(*)::int FROM chat_comments c WHERE c.event_id = e.id AND c.user_id = ${userId} AND c.received_at > ${postedSince})`
    : sql<number>`0`;
  const r = await sql<{ deleted: boolean; participant: boolean; staff: boolean; blocked: boolean; posted: number }>`
    SELECT e.deleted, ${posted} AS posted,
      ${mayReadSql(sql`${userId}::int`, sql`e.id`)} AS participant,
      EXISTS (SELECT 1 FROM user_events ue WHERE ue.event_id = e.id AND ue.user_id = ${userId}
        AND NOT ue.deleted AND (ue.is_owner OR ue.is_moderator)) AS staff,
      EXISTS (SELECT 1 FROM chat_blocks b WHERE b.event_id = e.id AND b.user_id = ${userId}
        AND b.active AND NOT b.deleted) AS blocked
    FROM events e WHERE e.id = ${eventId}`.execute(q);
  return r.rows[0];
}

/** Of these (event, user) pairs, the ones where the user may read the event's chat, as "event:user". */
export async function readersAmong(q: Q, pairs: { eventId: number; userId: number }[]): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const r = await sql<{ event_id: number; user_id: number }>`
    SELECT p.e AS event_id, p.u AS user_id
    FROM unnest(${pairs.map((x) => x.eventId)}::int[], ${pairs.map((x) => x.userId)}::int[]) AS p(e, u)
    WHERE EXISTS (SELECT 1 FROM events ev WHERE ev.id = p.e AND NOT ev.deleted)
      AND ${mayReadSql(sql.ref('p.u'), sql.ref('p.e'))}`.execute(q);
  return new Set(r.rows.map((x) => `${x.event_id}:${x.user_id}`));
}

/** Owners and moderators of the event among these users. */
export async function staffAmong(q: Q, eventId: number, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await q
    .selectFrom('user_events')
    .select('user_id')
    .where('event_id', '=', eventId)
    .where('user_id', 'in', userIds)
    .where('deleted', '=', false)
    .where((eb) => eb.or([eb('is_owner', '=', true), eb('is_moderator', '=', true)]))
    .execute();
  return new Set(rows.map((x) => x.user_id));
}

// Comments ---------------------------------------------------------------------------------------

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

/**
 * The columns of a CommentRow, from a comment `c`, its author `u` and the author's block `b` (which
 * every comment read names so); `myLikeType` is the viewer's vote.
 */
function commentColumns(myLikeType: RawBuilder<unknown>) {
  return sql`c.id, c.event_id, c.user_id, c.comment, c.image, c.client_id, c.received_at,
      c.likes_count, c.dislikes_count, c.deleted, c.rev AS row_rev,
      u.first_name, u.last_name, u.avatar,
      coalesce(b.active AND NOT b.deleted, false) AS is_blocked,
      ${myLikeType} AS my_like_type,
      greatest(c.rev, u.rev, coalesce(b.rev, 0)) AS doc_rev`;
}

/** The FROM part every comment read shares; `viewer` decides my_like_type (0 for nobody). */
function commentSelect(viewer: number) {
  return sql`
    SELECT ${commentColumns(sql`coalesce(l.like_type, 0)::int`)}
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
  // The page first, then its authors, blocks and the viewer's votes by key, as in
  // commentsChangedSince: a planner without statistics (PGlite never analyzes, and a fresh
  // PostgreSQL table waits for autovacuum) joined all of a big chat's comments before sorting them,
  // 5 ms per read against 0.3 ms.
  const r = await sql<CommentRow>`
    SELECT ${commentColumns(sql`coalesce(l.like_type, 0)::int`)}
    FROM (SELECT * FROM chat_comments c WHERE c.event_id = ${eventId} AND NOT c.deleted ${before}
          ORDER BY ${order} LIMIT ${o.limit} OFFSET ${o.offset}) c
    CROSS JOIN LATERAL (SELECT first_name, last_name, avatar, rev FROM users WHERE id = c.user_id OFFSET 0) u
    LEFT JOIN LATERAL (SELECT active, deleted, rev FROM chat_blocks WHERE event_id = c.event_id AND user_id = c.user_id OFFSET 0) b ON TRUE
    LEFT JOIN LATERAL (SELECT like_type FROM comment_likes WHERE comment_id = c.id AND user_id = ${viewer} OFFSET 0) l ON TRUE
    ORDER BY ${order}`.execute(q);
  const n = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM chat_comments c WHERE c.event_id = ${eventId} AND NOT c.deleted ${before}`.execute(q);
  return { rows: r.rows, count: n.rows[0]?.n ?? 0 };
}

export async function findComment(q: Q, viewer: number, id: number): Promise<CommentRow | undefined> {
  const r = await sql<CommentRow>`${commentSelect(viewer)} WHERE c.id = ${id}`.execute(q);
  return r.rows[0];
}

/**
 * Comments changed after `rev` (any event), for the realtime fan-out; oldest change first. The
 * fan-out reads this after every chat write, usually for one row. commentSelect's joins let a
 * planner without statistics (PGlite never analyzes) hash the whole users table for that row, a
 * few milliseconds on the path to the sockets; here the changed rows come first and each author
 * and block is looked up by its key (OFFSET 0 keeps the lookups from being turned into joins).
 * The columns are commentSelect's for a viewer who has voted on nothing.
 */
export async function commentsChangedSince(q: Q, rev: number, limit: number): Promise<CommentRow[]> {
  const r = await sql<CommentRow>`
    SELECT ${commentColumns(sql`0`)}
    FROM (SELECT * FROM chat_comments WHERE rev > ${rev} ORDER BY rev LIMIT ${limit}) c
    CROSS JOIN LATERAL (SELECT first_name, last_name, avatar, rev FROM users WHERE id = c.user_id OFFSET 0) u
    LEFT JOIN LATERAL (SELECT active, deleted, rev FROM chat_blocks WHERE event_id = c.event_id AND user_id = c.user_id OFFSET 0) b ON TRUE
    ORDER BY c.rev`.execute(q);
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
    avatar: r.deleted ? '' : avatarUrl(r.user_id, r.avatar),
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
    avatar: avatarUrl(r.user_id, r.avatar),
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

/** The comment's event, author and removal flag, locked for the rest of the transaction. */
export async function lockComment(trx: Tx, commentId: number) {
  return trx.selectFrom('chat_comments').select(['id', 'event_id', 'user_id', 'deleted']).where('id', '=', commentId).forUpdate().executeTakeFirst();
}

/**
 * Inserts a comment and answers it as the fan-out sends it, with its author, from the one
 * statement: the socket frame is built from this row, with no read after the commit.
 */
export async function insertComment(
  trx: Tx,
  v: { event_id: number; user_id: number; comment: string; image: string; client_id: string | null; created_at: Date; received_at: Date },
): Promise<CommentRow> {
  const r = await sql<CommentRow>`
    WITH c AS (
      INSERT INTO chat_comments (event_id, user_id, comment, image, client_id, created_at, received_at)
      VALUES (${v.event_id}, ${v.user_id}, ${v.comment}, ${v.image}, ${v.client_id}, ${v.created_at}, ${v.received_at})
      RETURNING *)
    SELECT ${commentColumns(sql`0`)}
    FROM c
    JOIN users u ON u.id = c.user_id
    LEFT JOIN chat_blocks b ON b.event_id = c.event_id AND b.user_id = c.user_id`.execute(trx);
  return onlyRow(r, 'chat comment insert');
}

export async function markCommentDeleted(trx: Tx, commentId: number, by: number): Promise<void> {
  await trx.updateTable('chat_comments').set({ deleted: true, deleted_by: by }).where('id', '=', commentId).execute();
}

// Votes ------------------------------------------------------------------------------------------

export async function findVote(trx: Tx, commentId: number, userId: number): Promise<number | undefined> {
  return (await trx.selectFrom('comment_likes').select('like_type').where('comment_id', '=', commentId).where('user_id', '=', userId).executeTakeFirst())
    ?.like_type;
}

export async function upsertVote(trx: Tx, commentId: number, userId: number, likeType: number): Promise<void> {
  await trx
    .insertInto('comment_likes')
    .values({ comment_id: commentId, user_id: userId, like_type: likeType })
    .onConflict((oc) => oc.columns(['comment_id', 'user_id']).doUpdateSet({ like_type: likeType }))
    .execute();
}

/** Removes the user's vote (only of `likeType` when given); answers whether there was one. */
export async function deleteVote(trx: Tx, commentId: number, userId: number, likeType?: number): Promise<boolean> {
  let del = trx.deleteFrom('comment_likes').where('comment_id', '=', commentId).where('user_id', '=', userId);
  if (likeType !== undefined) del = del.where('like_type', '=', likeType);
  return Number((await del.executeTakeFirst()).numDeletedRows) > 0;
}

// Blocks -----------------------------------------------------------------------------------------

/** Blocking somebody already blocked replaces the reason, the moderator and the time. */
export async function upsertBlock(trx: Tx, block: { event_id: number; user_id: number; blocked_by: number; reason: string; created_at: Date }): Promise<void> {
  const { blocked_by, reason, created_at } = block;
  await trx
    .insertInto('chat_blocks')
    .values({ ...block, active: true })
    .onConflict((oc) => oc.columns(['event_id', 'user_id']).doUpdateSet({ blocked_by, reason, active: true, created_at, deleted: false }))
    .execute();
}

/** Lifts an active block; answers whether there was one. */
export async function liftBlock(trx: Tx, eventId: number, userId: number): Promise<boolean> {
  const res = await trx
    .updateTable('chat_blocks')
    .set({ active: false })
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .where('active', '=', true)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Blocks changed after `rev` (any event), for the realtime fan-out; oldest change first. */
export async function blocksChangedSince(q: Q, rev: number, limit: number) {
  return q
    .selectFrom('chat_blocks')
    .select(['event_id', 'user_id', 'active', 'deleted', 'reason', 'rev'])
    .where('rev', '>', rev)
    .orderBy('rev')
    .limit(limit)
    .execute();
}
