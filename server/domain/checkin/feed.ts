import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { findEvent } from '../events/repository.ts';
import { feedEvent, feedEventId, FeedScopeError, feedUser, type FeedArgs, type FeedPage } from '../feed/feed.ts';
import { doorRole, doorTicketsSince } from './repository.ts';

/**
 * Change feed of the `door_tickets` collection (contract/tickets.ts), with the signature of FEEDS in
 * server/domain/sync/feeds.ts. Scoped per event (`event_id`) and given only to the event's owners
 * and door staff: a guest gets 401, anybody else 403 (a device whose user lost door access drops
 * the event's tickets), a missing or malformed event_id 400, an unknown or removed event 404.
 *
 * The event's public key, which offline validation also needs, is a separate call
 * (GET /api/checkin/key?event_id=) so it is not repeated in every document.
 */
export async function doorTicketsFeed(db: Kysely<DB>, { userId, checkpoint, limit, scope }: FeedArgs): Promise<FeedPage> {
  const eventId = feedEventId(scope);
  const user = feedUser(userId);
  feedEvent(await findEvent(db, eventId));
  if (!(await doorRole(db, eventId, user))) throw new FeedScopeError('forbidden', 403);
  return { documents: await doorTicketsSince(db, eventId, checkpoint, limit) };
}
