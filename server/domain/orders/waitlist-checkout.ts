import { DomainError } from '../../../contract/errors.ts';
import type { Tx } from '../../db/tx.ts';
import { releaseQuota, releaseSharedQuota } from './types-repository.ts';
import { lockOfferByKey, type EntryRow } from './waitlist-repository.ts';

/**
 * Buying through a waitlist offer. The offer holds one place of its type (and quota) in `taken`; the
 * order is placed like any other and takes its tickets with the same conditional statements, so the
 * offer first gives its place back, under the locks the checkout already holds, and the order takes
 * it again at once: nobody else can come between. Only the open offer of this buyer, for a type in
 * the order, counts; any other key (unknown, somebody else's, expired, used) is refused on `offer`.
 */
export async function claimOffer(trx: Tx, userId: number, eventId: number, key: string, counts: ReadonlyMap<number, number>, now: Date): Promise<EntryRow> {
  const entry = key ? await lockOfferByKey(trx, key) : undefined;
  if (!entry || entry.user_id !== userId || entry.event_id !== eventId || !counts.has(entry.ticket_type_id)) {
    throw new DomainError('waitlist_offer_invalid', 'offer');
  }
  if (!entry.offer_expires_at || entry.offer_expires_at <= now) throw new DomainError('waitlist_offer_invalid', 'offer');
  const quotaId = await releaseQuota(trx, entry.ticket_type_id, 1);
  if (quotaId !== null) await releaseSharedQuota(trx, quotaId, 1);
  return entry;
}
