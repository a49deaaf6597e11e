import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import type { RelationDoc, VisitorDoc } from '../../../contract/visitors.ts';
import { findEvent } from '../events/repository.ts';
import {
  feedEvent,
  feedEventId,
  FeedScopeError,
  feedUser,
  pullBody,
  pullText,
  type FeedArgs,
  type FeedPage,
  type PullBody,
  type UserMemo,
} from '../feed/feed.ts';
import type { PageCache } from '../feed/page-cache.ts';
import { toVisitorDoc, visitorDocId, visitorTombstone } from './documents.ts';
import { feedJson, feedRows, feedStamp, type FeedStamp } from './feed-repository.ts';
import { anyParticipant, loadViewer, type Viewer } from './repository.ts';
import { relationsSince, type RelationRow } from './relations-repository.ts';
import { cardTexts, type ContactField } from '../../../contract/contacts.ts';

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

/**
 * visitorsFeed with the same checks, its page written as JSON by the database (the pull route's).
 *
 * Every participant gets the same documents of everybody else (see above), so a page is shared
 * through `pages`: it is built for anyParticipant and kept with the feed version it was read at.
 * Each pull reads the version now in one small query (repository feedStamp, with the event check and
 * the viewer's own row), and uses a kept page only at that same version: no committed write leaves
 * the version unchanged (repository feedVersion). The viewer's walk through visitor_revs is the
 * shared one except at their own row, which only they see unmasked (and see even when hidden), so:
 * - their row at or below the checkpoint, or past the end of a full page: the page is theirs as is;
 * - their row in the page as others see it: the page with their own phone, email, trip status, gender and age in
 *   that document (same rows, same order);
 * - otherwise (they hide: their row is a tombstone in the page, or on a first pull skipped where
 *   theirs would read one row less): the page is built for them.
 */
export async function visitorsFeedJson(db: Kysely<DB>, args: FeedArgs & { pages?: PageCache }): Promise<PullBody> {
  const { checkpoint, limit, pages } = args;
  if (!pages?.enabled) {
    const { viewer, eventId } = await visitorsScope(db, args);
    return pullBody(await feedJson(db, viewer, eventId, checkpoint, limit, visitorTombstone(eventId, 0, 0)), checkpoint);
  }
  const eventId = feedEventId(args.scope);
  const user = feedUser(args.userId);
  const tombstone = visitorTombstone(eventId, 0, 0);
  const stamp = await feedStamp(db, eventId, user);
  feedEvent(stamp.event);
  const viewer = await participant(db, user, eventId, args.memo);
  const own = async () => pullBody(await feedJson(db, viewer, eventId, checkpoint, limit, tombstone), checkpoint);
  const page = await pages.get(`visitors:${eventId}:${checkpoint}:${limit}`, stamp.version, async () => {
    const built = await feedJson(db, anyParticipant(eventId), eventId, checkpoint, limit, tombstone);
    return { text: pullText(built, checkpoint), version: built.version, count: built.count, lastRev: built.lastRev };
  });
  // A page built just now may be of a later version than the stamp, which then does not describe it.
  if (page.version !== stamp.version) return own();
  const ownRev = stamp.own;
  const shape = { count: page.count, checkpoint: page.lastRev ?? checkpoint };
  if (ownRev === null || ownRev <= checkpoint) return { text: page.text, shared: page, ...shape };
  if (page.count >= limit && page.lastRev !== null && page.lastRev < ownRev) return { text: page.text, shared: page, ...shape };
  // The same rows in the same order, one of them with the viewer's own fields.
  const text = stamp.self && withOwnFields(page.text, `{"id":${JSON.stringify(visitorDocId(eventId, user))},`, stamp.self);
  return text ? { text, ...shape } : own();
}

/**
 * `text` (a pull's answer) with the document that starts with `head` given the person's own
 * fields, or null when that document is not there or is a tombstone. Inside a JSON string every
 * quote is escaped, so a document boundary (`{"id":"` after `[` or `,`, up to the next `,{"id":"` or
 * the `],"checkpoint":` that ends the list) cannot appear within a value. The document's text is
 * JSON.stringify's (repository visitorDocJson), so parsing and writing it again changes nothing else.
 */
function withOwnFields(text: string, head: string, self: NonNullable<FeedStamp['self']>): string | null {
  let start = text.indexOf(`[${head}`);
  if (start === -1) start = text.indexOf(`,${head}`);
  if (start === -1) return null;
  start += 1;
  let end = text.indexOf(',{"id":"', start + head.length);
  if (end === -1) end = text.lastIndexOf('],"checkpoint":');
  if (end < start) return null;
  const doc = JSON.parse(text.slice(start, end)) as VisitorDoc & { deleted: boolean };
  if (doc.deleted) return null;
  // outerColumns' `self`: what the person sees of themselves and others may not.
  doc.phone = self.phone;
  doc.email = self.email;
  doc.trip_status = self.trip_status;
  doc.sex = self.sex;
  doc.birth_year = self.birth_year;
  return text.slice(0, start) + JSON.stringify(doc) + text.slice(end);
}

async function visitorsScope(db: Kysely<DB>, { userId, scope, memo }: FeedArgs): Promise<{ viewer: Viewer; eventId: number }> {
  const eventId = feedEventId(scope);
  const user = feedUser(userId);
  feedEvent(await findEvent(db, eventId));
  return { viewer: await participant(db, user, eventId, memo), eventId };
}

/** The viewer of an event's feed, who must take part in it (403 otherwise). */
async function participant(db: Kysely<DB>, user: number, eventId: number, memo: UserMemo | undefined): Promise<Viewer> {
  // A device pulls an event's pages one after another: the viewer is remembered between them. A
  // remembered viewer without this event may predate the user joining it, so a refusal is decided
  // on a fresh one. Leaving an event is heard as a my_events hint, which empties the memory.
  let viewer = memo ? await memo.get('visitors:viewer', () => loadViewer(db, user)) : await loadViewer(db, user);
  if (!viewer.events.includes(eventId) && memo) {
    memo.forget('visitors:viewer');
    viewer = await memo.get('visitors:viewer', () => loadViewer(db, user));
  }
  if (!viewer.events.includes(eventId)) throw new FeedScopeError('participation_required', 403);
  return viewer;
}

export async function relationsFeed(db: Kysely<DB>, { userId, checkpoint, limit }: FeedArgs): Promise<FeedPage> {
  if (userId === null) return { documents: [] };
  const rows = await relationsSince(db, userId, checkpoint, limit);
  const documents: (RelationDoc & { deleted: boolean })[] = rows.map((r) => {
    const contact = contactOf(r);
    return {
      id: String(r.target_user_id),
      user_id: r.target_user_id,
      like_status: r.like_status,
      favorite: r.favorite,
      ...(contact ? { contact } : {}),
      rev: r.rev,
      deleted: r.deleted,
    };
  });
  return { documents };
}

/** The contact met by QR the row holds (066_contacts.sql), as the device shows it; none once removed. */
function contactOf(r: RelationRow): ContactField | null {
  if (r.deleted || r.contact_at === null || r.contact_card === null) return null;
  return {
    ...cardTexts(typeof r.contact_card === 'string' ? JSON.parse(r.contact_card) : r.contact_card),
    event_id: r.contact_event_id ?? 0,
    event_name: r.event_name ?? '',
    met_at: new Date(r.contact_at).toISOString(),
    note: r.contact_note,
  };
}
