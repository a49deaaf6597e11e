import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { findEvent } from '../events/repository.ts';
import { draftHiddenFrom, isOrganiser } from '../organisers/repository.ts';
import { feedEvent, feedEventId, FeedScopeError, type FeedArgs, type FeedPage } from '../feed/feed.ts';
import { standsSince } from './repository.ts';

/**
 * Change feed of the `companies` collection (contract/companies.ts), with the signature of FEEDS in
 * server/domain/sync/feeds.ts. Scoped per event (`event_id`), open to guests like the companies
 * list. A missing or malformed event_id answers 400, an unknown or removed event, or a draft to
 * anybody but its organisers, 404 (devices drop that event's stands). The event's organisers, and
 * each stand's managers for that stand, also get the members who hide from visitor lists, marked
 * `hidden`: they edit the list, and must see whom they would be editing.
 */
export async function companiesFeed(db: Kysely<DB>, { userId, checkpoint, limit, scope }: FeedArgs): Promise<FeedPage> {
  const eventId = feedEventId(scope);
  const event = feedEvent(await findEvent(db, eventId));
  if (await draftHiddenFrom(db, eventId, event.status, userId)) throw new FeedScopeError('event_not_found', 404);
  const organiser = userId !== null && (await isOrganiser(db, eventId, userId));
  return { documents: await standsSince(db, eventId, userId, checkpoint, limit, organiser) };
}
