import type { Kysely } from 'kysely';
import { DomainError, type ErrorCode } from '../../../contract/errors.ts';
import type { DB } from '../../db/types.ts';
import type { FeedArgs, FeedPage } from '../sync/feeds.ts';
import { chatAccess } from './access.ts';
import { feedComments, toCommentDoc } from './repository.ts';

/**
 * Change feed of the `comments` collection (contract/chat.ts), with the signature of FEEDS in
 * server/domain/sync/feeds.ts, scoped by event_id: the recent window of that event's chat and its
 * tombstones, for people who may read it.
 *
 * Answers a guest with 401, a missing or malformed event_id with 400, an unknown or removed event
 * with 404 and a user who may not read the chat with 403 (devices then drop that event's comments).
 * The errors carry `statusCode`, which the app's error handler answers with.
 */

export class ChatFeedError extends DomainError {
  constructor(
    code: ErrorCode,
    readonly statusCode: number,
    detail?: string,
  ) {
    super(code, detail);
  }
}

function eventIdOf(scope: Record<string, string>): number {
  const raw = scope.event_id;
  if (typeof raw !== 'string' || !/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2147483647) {
    throw new ChatFeedError('invalid_input', 400, 'event_id');
  }
  return Number(raw);
}

export async function commentsFeed(db: Kysely<DB>, { userId, checkpoint, limit, scope }: FeedArgs): Promise<FeedPage> {
  const eventId = eventIdOf(scope);
  if (userId === null) throw new ChatFeedError('auth_required', 401);
  let participant: boolean;
  try {
    participant = (await chatAccess(db, userId, eventId)).participant;
  } catch (err) {
    if (err instanceof DomainError) throw new ChatFeedError(err.code, 404);
    throw err;
  }
  if (!participant) throw new ChatFeedError('ticket_required', 403);
  const rows = await feedComments(db, userId, eventId, checkpoint, limit);
  return { documents: rows.map((r) => toCommentDoc(r, userId)) };
}
