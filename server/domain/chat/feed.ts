import type { Kysely } from 'kysely';
import { DomainError } from '../../../contract/errors.ts';
import type { DB } from '../../db/types.ts';
import { feedEventId, FeedScopeError, feedUser, type FeedArgs, type FeedPage } from '../feed/feed.ts';
import { chatAccess } from './access.ts';
import { feedComments, toCommentDoc } from './repository.ts';

/**
 * Change feed of the `comments` collection (contract/chat.ts), with the signature of FEEDS in
 * server/domain/sync/feeds.ts, scoped by event_id: the recent window of that event's chat and its
 * tombstones, for people who may read it.
 *
 * Answers a guest with 401, a missing or malformed event_id with 400, an unknown or removed event
 * with 404 and a user who may not read the chat with 403 (devices then drop that event's comments).
 */
export async function commentsFeed(db: Kysely<DB>, { userId, checkpoint, limit, scope }: FeedArgs): Promise<FeedPage> {
  const eventId = feedEventId(scope);
  const viewer = feedUser(userId);
  let participant: boolean;
  try {
    participant = (await chatAccess(db, viewer, eventId)).participant;
  } catch (err) {
    if (err instanceof DomainError) throw new FeedScopeError(err.code, 404);
    throw err;
  }
  if (!participant) throw new FeedScopeError('ticket_required', 403);
  const rows = await feedComments(db, viewer, eventId, checkpoint, limit);
  return { documents: rows.map((r) => toCommentDoc(r, viewer)) };
}
