import type { WaitlistAdminView } from '../../../contract/waitlist.ts';
import { toUnix, type Q } from '../../db/tx.ts';
import { requireOrganiser } from '../organisers/service.ts';
import { eventEntries, offerHoursOf } from './waitlist-repository.ts';

/** The most entries the organiser's list reads at once. */
export const WAITLIST_LIST_MAX = 5000;

/**
 * The organiser's view of the event's waitlists, read online like the orders list: it holds
 * people's addresses and moves with every sale and offer, so no device keeps it (DESIGN.md).
 */
export async function waitlistView(db: Q, userId: number, eventId: number): Promise<WaitlistAdminView> {
  await requireOrganiser(db, eventId, userId);
  const [rows, hours] = await Promise.all([eventEntries(db, eventId, WAITLIST_LIST_MAX), offerHoursOf(db, eventId)]);
  return {
    offer_hours: hours,
    entries: rows.map(({ created_at, offer_expires_at, ...r }) => ({
      ...r,
      joined_at: toUnix(created_at),
      offer_expires: r.state === 'offered' ? toUnix(offer_expires_at) : 0,
    })),
  };
}
