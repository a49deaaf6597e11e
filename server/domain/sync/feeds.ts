import type { CollectionName } from '../../../contract/entities.ts';
import { eventsFeed, myEventsFeed } from '../documents/events.ts';
import { relationsFeed, visitorsFeed, visitorsFeedJson } from '../visitors/feed.ts';
import { appointmentsFeed } from '../appointments/feed.ts';
import { companiesFeed } from '../companies/feed.ts';
import { ticketsFeed } from '../documents/tickets.ts';
import { doorTicketsFeed } from '../checkin/feed.ts';
import { dialogsFeed, messagesFeed } from '../messages/feed.ts';
import { commentsFeed } from '../chat/feed.ts';
import { scheduleFeed } from '../schedule/feed.ts';
import type { Feed, JsonFeed } from '../feed/feed.ts';

/**
 * One feed per replicated collection. Each applies the user's scope in SQL, before LIMIT, and
 * orders by rev, so a page shorter than the limit always means "caught up".
 */
export const FEEDS: Record<CollectionName, Feed> = {
  // The public list and the user's relation to each event; see documents/events.ts.
  events: eventsFeed,
  my_events: myEventsFeed,
  // Scoped by event_id and guarded by the feed itself (401, 400, 404, 403); see visitors/feed.ts.
  visitors: visitorsFeed,
  relations: relationsFeed,
  // The user's own appointments, each with the other person's card; see appointments/feed.ts.
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

/**
 * Feeds whose pages the database also writes as JSON, which the pull route sends as they come
 * instead of building and serialising the documents. Only where it pays: the visitors page is the
 * largest and most asked for on a first sync (bench:pull).
 */
export const JSON_FEEDS: Partial<Record<CollectionName, JsonFeed>> = {
  visitors: visitorsFeedJson,
};
