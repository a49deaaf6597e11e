import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import type { RelationDoc } from '../../../contract/visitors.ts';
import { findEvent } from '../events/repository.ts';
import { feedEvent, feedEventId, FeedScopeError, feedUser, type FeedArgs, type FeedJsonPage, type FeedPage } from '../sync/feed.ts';
import { toVisitorDoc, visitorTombstone } from './documents.ts';
import { feedJson, feedRows, loadViewer, relationsSince, type Viewer } from './repository.ts';

/**
 * Change feeds of the `visitors` and `relations` collections (contract/visitors.ts), with the
 * signature of FEEDS in server/domain/sync/feeds.ts.
 *
 * visitors, scoped by event_id:
 * - Only people who take part in the event may pull it (as ARCHITECTURE.md scopes it: "the visitors
 *   of the events the user takes part in"). Every such viewer shares the event with every visitor,
 *   so show_status 1 and 2 both show and the documents are the same for all of them; the viewer's
 *   own document is the exception (always shown, with their own phone and email).
 * - The checkpoint belongs to (collection, event): a device joining another event starts that
 *   event's feed at 0 and nothing else has to change rev.
 * - A document's rev is the greatest rev of the rows it is made of (user, user_events, tickets of
 *   the event; see repository eventColumns). Hiding, changing show_status, a check-out or a
 *   cancelled ticket therefore re-sends the document, now as a tombstone (`deleted: true`, no
 *   personal data), and devices drop the person. Any user_events change (a page view, a favorite)
 *   also re-sends it: that costs a little traffic and never a missed change.
 * - Answers a guest with 401, a missing or malformed event_id with 400, an unknown or removed
 *   event with 404 (devices drop that event's visitors) and a viewer who does not take part with
 *   403 (the same). The errors carry `statusCode`, which the app's error handler answers with.
 *
 * relations, scoped to the signed-in user: their likes and stars, one document per other person,
 * id = that person's user id. Liking or starring changes one small document of one user instead
 * of a visitor document every participant's device would download again.
 */

export async function visitorsFeed(db: Kysely<DB>, args: FeedArgs): Promise<FeedPage> {
  const { viewer, eventId } = await visitorsScope(db, args);
  const rows = await feedRows(db, viewer, eventId, args.checkpoint, args.limit);
  return { documents: rows.map((r) => toVisitorDoc(eventId, r)) };
}

/** visitorsFeed with the same checks, its page written as JSON by the database (the pull route's). */
export async function visitorsFeedJson(db: Kysely<DB>, args: FeedArgs): Promise<FeedJsonPage> {
  const { viewer, eventId } = await visitorsScope(db, args);
  return feedJson(db, viewer, eventId, args.checkpoint, args.limit, visitorTombstone(eventId, 0, 0));
}

async function visitorsScope(db: Kysely<DB>, { userId, scope, memo }: FeedArgs): Promise<{ viewer: Viewer; eventId: number }> {
  const eventId = feedEventId(scope);
  const user = feedUser(userId);
  feedEvent(await findEvent(db, eventId));
  // A device pulls an event's pages one after another: the viewer is remembered between them. A
  // remembered viewer without this event may predate the user joining it, so a refusal is decided
  // on a fresh one. Leaving an event is heard as a my_events hint, which empties the memory.
  let viewer = memo ? await memo.get('visitors:viewer', () => loadViewer(db, user)) : await loadViewer(db, user);
  if (!viewer.events.includes(eventId) && memo) {
    memo.forget('visitors:viewer');
    viewer = await memo.get('visitors:viewer', () => loadViewer(db, user));
  }
  if (!viewer.events.includes(eventId)) throw new FeedScopeError('participation_required', 403);
  return { viewer, eventId };
}

export async function relationsFeed(db: Kysely<DB>, { userId, checkpoint, limit }: FeedArgs): Promise<FeedPage> {
  if (userId === null) return { documents: [] };
  const rows = await relationsSince(db, userId, checkpoint, limit);
  const documents: (RelationDoc & { deleted: boolean })[] = rows.map((r) => ({
    id: String(r.target_user_id),
    user_id: r.target_user_id,
    like_status: r.like_status,
    favorite: r.favorite,
    rev: r.rev,
    deleted: r.deleted,
  }));
  return { documents };
}
