import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import type { CollectionName } from '../../../contract/entities.ts';
import { selectEventRows, selectMyEventRows, toEventDoc, toMyEventDoc } from '../events/repository.ts';
import { relationsFeed, visitorsFeed } from '../visitors/feed.ts';
import { appointmentsFeed } from '../appointments/feed.ts';
import { companiesFeed } from '../companies/feed.ts';
import { ticketsFeed } from '../tickets/feed.ts';
import { doorTicketsFeed } from '../checkin/feed.ts';
import { dialogsFeed, messagesFeed } from '../messages/feed.ts';
import { commentsFeed } from '../chat/feed.ts';
import { scheduleFeed } from '../schedule/feed.ts';

export interface FeedArgs {
  userId: number | null;
  checkpoint: number;
  limit: number;
  /** Scope parameters from the query string (event_id and the like), already validated as strings. */
  scope: Record<string, string>;
}

export interface FeedPage {
  documents: (Record<string, unknown> & { rev: number; deleted: boolean })[];
}

type Feed = (db: Kysely<DB>, args: FeedArgs) => Promise<FeedPage>;

/**
 * One feed per replicated collection. Each applies the user's scope in SQL, before LIMIT, and
 * orders by rev, so a page shorter than the limit always means "caught up".
 */
export const FEEDS: Record<CollectionName, Feed> = {
  async events(db, { checkpoint, limit }) {
    const rows = await selectEventRows(db).where('e.rev', '>', checkpoint).orderBy('e.rev').limit(limit).execute();
    return { documents: rows.map(toEventDoc) };
  },
  async my_events(db, { userId, checkpoint, limit }) {
    if (userId === null) return { documents: [] };
    const rows = await selectMyEventRows(db, userId).where('ue.rev', '>', checkpoint).orderBy('ue.rev').limit(limit).execute();
    return { documents: rows.map(toMyEventDoc) };
  },
  // Scoped by event_id and guarded by the feed itself (401, 400, 404, 403); see visitors/feed.ts.
  visitors: visitorsFeed,
  relations: relationsFeed,
  // The user's own meetings, each with the other person's card; see appointments/feed.ts.
  appointments: appointmentsFeed,
  // The user's own tickets with their signed QR codes; see tickets/feed.ts.
  tickets: ticketsFeed,
  // Scoped by event_id, open to guests; see companies/feed.ts.
  companies: companiesFeed,
  // Scoped by event_id, owners and door staff only (401, 403); see checkin/feed.ts.
  door_tickets: doorTicketsFeed,
  // The user's own dialogs (closed ones too, flagged) and their messages; see messages/feed.ts.
  dialogs: dialogsFeed,
  messages: messagesFeed,
  // Scoped by event_id, chat readers only (401, 403, 404); see chat/feed.ts.
  comments: commentsFeed,
  // Scoped by event_id, open to guests; presentation links for participants only; see schedule/feed.ts.
  schedule: scheduleFeed,
};
