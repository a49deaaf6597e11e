import { sql } from 'kysely';
import type { Q, Tx } from '../../db/tx.ts';
import { mayReadSql } from './repository.ts';

/** SQL of the pictures uploaded for chat comments: counted, recorded, attached to a comment, swept, and who may see them. */

/** Uploads of the user not yet shown by a comment, made after `since`. */
export async function countUnattachedUploads(q: Q, userId: number, since: Date): Promise<number> {
  const r = await q
    .selectFrom('chat_uploads')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('comment_id', 'is', null)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

export async function insertUploadRow(
  q: Q,
  row: { name: string; user_id: number; event_id: number; bytes: number; width: number; height: number },
): Promise<void> {
  await q.insertInto('chat_uploads').values(row).execute();
}

/** Attaches the user's unused upload for the event to a comment; answers whether there was one. */
export async function attachUpload(trx: Tx, userId: number, eventId: number, name: string, commentId: number): Promise<boolean> {
  const r = await sql<{ name: string }>`
    UPDATE chat_uploads SET comment_id = ${commentId}
    WHERE name = ${name} AND user_id = ${userId} AND event_id = ${eventId} AND comment_id IS NULL
    RETURNING name`.execute(trx);
  return r.rows.length > 0;
}

/** Deletes up to 20 unattached uploads older than `before`; answers their names, whose files go too. */
export async function deleteStaleUploads(q: Q, before: Date): Promise<string[]> {
  const r = await sql<{ name: string }>`
    DELETE FROM chat_uploads WHERE name IN (
      SELECT name FROM chat_uploads WHERE comment_id IS NULL AND created_at < ${before}
      LIMIT 20)
    RETURNING name`.execute(q);
  return r.rows.map((row) => row.name);
}

/**
 * May this viewer download the picture? A posted one: anybody who may read that event's chat,
 * while the comment is not deleted. An unposted one: only its uploader.
 */
export async function uploadVisibleTo(q: Q, name: string, viewerId: number): Promise<boolean> {
  const r = await sql<{ ok: boolean }>`
    SELECT CASE
      WHEN up.comment_id IS NULL THEN up.user_id = ${viewerId}
      ELSE EXISTS (SELECT 1 FROM chat_comments c JOIN events e ON e.id = c.event_id
        WHERE c.id = up.comment_id AND NOT c.deleted AND NOT e.deleted
          AND ${mayReadSql(sql`${viewerId}::int`, sql`c.event_id`)})
    END AS ok
    FROM chat_uploads up WHERE up.name = ${name}`.execute(q);
  return r.rows[0]?.ok === true;
}
