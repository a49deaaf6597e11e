import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import type { FeedArgs, FeedPage } from '../feed/feed.ts';
import { feedDialogs, feedMessages, toDialogDoc, toMessageDoc } from './repository.ts';

/**
 * Change feeds of the user-scoped `dialogs` and `messages` collections (contract/chat.ts), with the
 * signature of FEEDS in server/domain/sync/feeds.ts. Only the signed-in user's own dialogs and
 * their messages; a guest gets nothing. Closed dialogs are sent too (with closed: true), so a
 * device hides them instead of forgetting them.
 *
 * A dialog document's rev is greatest(dialog rev, partner rev); a new message, a read receipt
 * and a flag change all touch the dialog row, so its last message and unread count never go stale.
 */
export async function dialogsFeed(db: Kysely<DB>, { userId, checkpoint, limit }: FeedArgs): Promise<FeedPage> {
  if (userId === null) return { documents: [] };
  const rows = await feedDialogs(db, userId, checkpoint, limit);
  return { documents: rows.map(toDialogDoc) };
}

export async function messagesFeed(db: Kysely<DB>, { userId, checkpoint, limit }: FeedArgs): Promise<FeedPage> {
  if (userId === null) return { documents: [] };
  const rows = await feedMessages(db, userId, checkpoint, limit);
  return { documents: rows.map((r) => toMessageDoc(r, userId)) };
}
