import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import type { FeedArgs, FeedPage } from '../feed/feed.ts';
import { toAppointmentDoc } from './documents.ts';
import { viewerAppointmentsSince } from './viewer-repository.ts';

/**
 * Change feed of the `appointments` collection (contract/appointments.ts), with the signature of
 * FEEDS in server/domain/sync/feeds.ts. User-scoped: the signed-in user's appointments as requester
 * or recipient, tombstones included, each with the other person's card; a guest gets nothing.
 *
 * The document rev is greatest(appointment rev, other person's rev): both come from the one rev
 * sequence allocated under the change-feed lock, so the greatest of them still never lets a
 * document appear behind a checkpoint already passed, and a change of the other person's card
 * (or their hidden phone) re-sends the appointment.
 */
export async function appointmentsFeed(db: Kysely<DB>, { userId, checkpoint, limit }: FeedArgs): Promise<FeedPage> {
  if (userId === null) return { documents: [] };
  const rows = await viewerAppointmentsSince(db, userId, checkpoint, limit);
  return { documents: rows.map(toAppointmentDoc) };
}
