import type { Kysely } from 'kysely';
import { parseId } from '../../../contract/ids.ts';
import { DomainError, type ErrorCode } from '../../../contract/errors.ts';
import type { DB } from '../../db/types.ts';
import type { CachedPage, PageCache } from './page-cache.ts';

/**
 * What every change feed shares: its arguments and page, and the checks of a feed scoped to one
 * event. It stands below the areas: the area feeds (<area>/feed.ts) import it, and the table of
 * feeds (sync/feeds.ts) stands above them and imports the area feeds, so no area reaches up into
 * the sync protocol that serves it.
 */

export interface FeedArgs {
  userId: number | null;
  checkpoint: number;
  limit: number;
  /** Scope parameters from the query string (event_id and the like), already validated as strings. */
  scope: Record<string, string>;
  /** What a feed may remember about the user between pulls (server/plugins/session-cache.ts). */
  memo?: UserMemo;
}

/** A short memory per user that every instance empties when the user's data or sessions change. */
export interface UserMemo {
  /** What `load` answers for this user, remembered for a few seconds. */
  get<T>(name: string, load: () => Promise<T>): Promise<T>;
  /** Forgets `name` (a feed that suspects it is stale asks again). */
  forget(name: string): void;
}

export interface FeedPage {
  documents: (Record<string, unknown> & { rev: number; deleted: boolean })[];
}

export type Feed = (db: Kysely<DB>, args: FeedArgs) => Promise<FeedPage>;

/**
 * A page the database wrote as JSON: the documents' texts joined by commas (no brackets) and the
 * rev of the last one (null for an empty page). The text is what JSON.stringify makes of the
 * documents of the same feed's FeedPage.
 */
export interface FeedJsonPage {
  documents: string;
  lastRev: number | null;
}

/** A pull's whole answer as text, with the cache entry it came from when it may be shared. */
export interface PullBody {
  text: string;
  shared?: CachedPage;
  /** The documents in `text` and the checkpoint it ends at, which the route also sends as headers. */
  count: number;
  checkpoint: number;
}

/** A page the database wrote as JSON, as the pull's answer. */
export function pullBody(page: FeedJsonPage & { count: number }, checkpoint: number): PullBody {
  return { text: pullText(page, checkpoint), count: page.count, checkpoint: page.lastRev ?? checkpoint };
}

export type JsonFeed = (db: Kysely<DB>, args: FeedArgs & { pages?: PageCache }) => Promise<PullBody>;

/** The answer of a pull: what JSON.stringify makes of `{ documents, checkpoint }`. */
export function pullText(page: FeedJsonPage, checkpoint: number): string {
  return `{"documents":[${page.documents}],"checkpoint":${page.lastRev ?? checkpoint}}`;
}

/** A feed asked for a scope it may not have; `statusCode` is what the pull answers with. */
export class FeedScopeError extends DomainError {
  constructor(
    code: ErrorCode,
    readonly statusCode: number,
    detail?: string,
  ) {
    super(code, detail);
  }
}

/** The event of an event-scoped feed: 400 when event_id is missing or malformed. */
export function feedEventId(scope: Record<string, string>): number {
  const id = parseId(scope.event_id);
  if (id === undefined) throw new FeedScopeError('invalid_input', 400, 'event_id');
  return id;
}

/** A signed-in user, for feeds a guest may not pull: 401 otherwise. */
export function feedUser(userId: number | null): number {
  if (userId === null) throw new FeedScopeError('auth_required', 401);
  return userId;
}

/** The event row of a scoped feed: 404 when it is unknown or removed, and devices drop its documents. */
export function feedEvent<E extends { deleted: boolean }>(event: E | undefined): E {
  if (!event || event.deleted) throw new FeedScopeError('event_not_found', 404);
  return event;
}

/**
 * A document built from several rows takes the greatest of their revs, so documents can share a
 * rev (one holder's tickets all carry the holder's rev after a profile change). A page must never
 * end inside such a group: the next pull asks for revs above the last one and would skip the rest.
 * Given a page ordered by (rev, id), this appends the remaining rows of its last rev.
 */
export async function withTies<R extends { rev: number; id: number }>(
  rows: R[],
  limit: number,
  sameRev: (rev: number, afterId: number) => Promise<R[]>,
): Promise<R[]> {
  const last = rows.at(-1);
  if (!last || rows.length < limit) return rows;
  return [...rows, ...(await sameRev(last.rev, last.id))];
}
