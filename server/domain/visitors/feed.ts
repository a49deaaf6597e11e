import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { DomainError, type ErrorCode } from '../../../contract/errors.ts';
import type { RelationDoc } from '../../../contract/visitors.ts';
import type { FeedArgs, FeedPage } from '../sync/feeds.ts';
import { feedRows, loadViewer, toVisitorDoc } from './repository.ts';

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

export class FeedScopeError extends DomainError {
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
    throw new FeedScopeError('invalid_input', 400, 'event_id');
  }
  return Number(raw);
}

export async function visitorsFeed(db: Kysely<DB>, { userId, checkpoint, limit, scope }: FeedArgs): Promise<FeedPage> {
  const eventId = eventIdOf(scope);
  if (userId === null) throw new FeedScopeError('auth_required', 401);
  const event = await db.selectFrom('events').select('deleted').where('id', '=', eventId).executeTakeFirst();
  if (!event || event.deleted) throw new FeedScopeError('event_not_found', 404);
  const viewer = await loadViewer(db, userId);
  if (!viewer.events.includes(eventId)) throw new FeedScopeError('participation_required', 403);
  const rows = await feedRows(db, viewer, eventId, checkpoint, limit);
  return { documents: rows.map((r) => toVisitorDoc(eventId, r)) };
}

export async function relationsFeed(db: Kysely<DB>, { userId, checkpoint, limit }: FeedArgs): Promise<FeedPage> {
  if (userId === null) return { documents: [] };
  const rows = await db
    .selectFrom('user_relations')
    .select(['target_user_id', 'like_status', 'favorite', 'rev', 'deleted'])
    .where('user_id', '=', userId)
    .where('rev', '>', checkpoint)
    .orderBy('rev')
    .limit(limit)
    .execute();
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
