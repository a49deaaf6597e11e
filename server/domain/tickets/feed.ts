import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import type { FeedArgs, FeedPage } from '../sync/feeds.ts';
import { toTicketDoc, userTicketsSince } from './repository.ts';
import { ticketSigner } from './signing.ts';

/**
 * Change feed of the `tickets` collection (contract/tickets.ts), with the signature of FEEDS in
 * server/domain/sync/feeds.ts. User-scoped: the signed-in user's own tickets, each with its signed
 * QR payload and the event summary, so My tickets and the ticket's QR work offline. A guest gets
 * nothing. Removed tickets and tickets of removed events come as tombstones.
 */
export async function ticketsFeed(db: Kysely<DB>, { userId, checkpoint, limit }: FeedArgs): Promise<FeedPage> {
  if (userId === null) return { documents: [] };
  const rows = await userTicketsSince(db, userId, checkpoint, limit);
  if (!rows.length) return { documents: [] };
  const sign = await ticketSigner(db);
  return { documents: rows.map((r) => toTicketDoc(r, sign)) };
}
