import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { toOrderDoc, waitlistDocsSince } from '../orders/documents.ts';
import { userOrdersSince } from '../orders/repository.ts';
import type { FeedArgs, FeedPage } from '../feed/feed.ts';
import { toTicketDoc, userTicketsSince } from '../tickets/repository.ts';
import { ticketSigner } from '../signing/keys.ts';

/**
 * Change feed of the `tickets` collection (contract/tickets.ts), with the signature of FEEDS in
 * server/domain/sync/feeds.ts. User-scoped: the signed-in user's own tickets, each with its signed
 * QR payload and the event summary, so My tickets and the ticket's QR work offline, and the user's
 * orders (documents of kind `order`), so a pending order and how to pay it show offline too. A
 * guest gets nothing. Removed tickets and tickets of removed events come as tombstones.
 *
 * Three sources (tickets, orders, places in waitlists), one rev order: each gives its first `limit` documents (with their ties), and the
 * page keeps everything up to the lower of the two last revs of a source that was not exhausted,
 * so no document of either source below the page's checkpoint is left behind. That is at least
 * `limit` documents whenever more are waiting, so a short page still means "caught up".
 *
 * It is composed here, above the areas, because a ticket's document and an order's come from two
 * areas (tickets/ and orders/) that this feed alone puts side by side.
 */
export async function ticketsFeed(db: Kysely<DB>, { userId, checkpoint, limit }: FeedArgs): Promise<FeedPage> {
  if (userId === null) return { documents: [] };
  const [tickets, orders, entries] = await Promise.all([
    userTicketsSince(db, userId, checkpoint, limit),
    userOrdersSince(db, userId, checkpoint, limit),
    waitlistDocsSince(db, userId, checkpoint, limit),
  ]);
  if (!tickets.length && !orders.length && !entries.length) return { documents: [] };
  // A source that filled its page bounds the page at its last rev; a short one is exhausted.
  const boundOf = (rows: readonly { rev: number }[]) => (rows.length >= limit ? (rows.at(-1)?.rev ?? Number.POSITIVE_INFINITY) : Number.POSITIVE_INFINITY);
  const bound = Math.min(boundOf(tickets), boundOf(orders), boundOf(entries));
  const sign = await ticketSigner(db);
  const documents = [
    ...tickets.filter((r) => r.rev <= bound).map((r) => toTicketDoc(r, sign)),
    ...orders.filter((r) => r.rev <= bound).map(toOrderDoc),
    ...entries.filter((r) => r.rev <= bound),
  ].sort((a, b) => a.rev - b.rev);
  return { documents };
}
