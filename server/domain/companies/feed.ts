import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import type { FeedArgs, FeedPage } from '../sync/feeds.ts';
import { FeedScopeError, feedEventId } from '../tickets/tables.ts';
import { eventState, standsSince } from './repository.ts';

/**
 * Change feed of the `companies` collection (contract/companies.ts), with the signature of FEEDS in
 * server/domain/sync/feeds.ts. Scoped per event (`event_id`), open to guests like the companies
 * list. A missing or malformed event_id answers 400, an unknown or removed event 404 (devices drop
 * that event's stands).
 */
export async function companiesFeed(db: Kysely<DB>, { userId, checkpoint, limit, scope }: FeedArgs): Promise<FeedPage> {
  const eventId = feedEventId(scope);
  if ((await eventState(db, eventId)) !== 'ok') throw new FeedScopeError('event_not_found', 404);
  return { documents: await standsSince(db, eventId, userId, checkpoint, limit) };
}
