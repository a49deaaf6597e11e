import type { ReferralClaimPayload, ReferralsAnswer, ReferredPerson } from '../../../contract/referrals.ts';
import { toUnix, type Q, type Tx } from '../../db/tx.ts';
import { quiet, type Effect } from '../effects.ts';
import { findEvent } from '../events/repository.ts';
import { insertReferral, noteTicket, referralCodeOf, referralCounts, referredPeople, referrerByCode } from './repository.ts';

/**
 * Referrals (issue 16): who came to an event through whose link. Recorded at sign-up (accounts
 * service), when an existing account opens a link (`referral.claim`), and, for the ticket it leads
 * to, by whatever path issues tickets (`noteReferredTicket`).
 *
 * A link that names nobody, a removed event or a draft, one's own link or a second link for the
 * same event change nothing and answer like any other: a referral is a thank-you, and a stale link in a mail
 * must not stop anybody's sign-up or fill their screen with refusals.
 */

export interface ReferralInput {
  code: string;
  eventId: number;
  userId: number;
  via: 'signup' | 'link';
  at?: Date;
}

/** Records the referral when it counts; answers whether it was recorded. */
export async function recordReferral(trx: Tx, r: ReferralInput): Promise<boolean> {
  const referrerId = await referrerByCode(trx, r.code);
  if (referrerId === undefined || referrerId === r.userId) return false;
  const event = await findEvent(trx, r.eventId);
  // A draft is nobody's to be referred to: recording it would put its name on the referrer's page.
  if (!event || event.deleted || event.status === 'draft') return false;
  return insertReferral(trx, { user_id: r.userId, event_id: r.eventId, referrer_id: referrerId, via: r.via, at: r.at ?? new Date() });
}

/** referral.claim: nobody's device holds referrals (the page reads GET /api/referrals), so it is quiet. */
export async function claimReferral(trx: Tx, userId: number, p: ReferralClaimPayload): Promise<Effect> {
  await recordReferral(trx, { code: p.code, eventId: p.event_id, userId, via: 'link' });
  return quiet([p.event_id]);
}

/**
 * For the path that issues a ticket (ticket buying, an organiser's issue): call it in the same
 * transaction, after the ticket row exists. When the holder came to the event through somebody's
 * link, the ticket is noted on that referral (the first one only). The counts themselves come from
 * the tickets table, so a ticket issued without this call still counts; the note keeps when it was
 * got. Answers the referrer, if there was one.
 */
export async function noteReferredTicket(trx: Tx, t: { userId: number; eventId: number; ticketId: number; at?: Date }): Promise<number | undefined> {
  return noteTicket(trx, { user_id: t.userId, event_id: t.eventId, ticket_id: t.ticketId, at: t.at ?? new Date() });
}

/** GET /api/referrals: the user's code and, per event, who came through their links. */
export async function referralsOf(q: Q, userId: number): Promise<ReferralsAnswer> {
  const [code, counts, people] = await Promise.all([referralCodeOf(q, userId), referralCounts(q, userId), referredPeople(q, userId)]);
  const byEvent = new Map<number, ReferredPerson[]>();
  for (const p of people) {
    const list = byEvent.get(p.event_id) ?? [];
    byEvent.set(p.event_id, list);
    list.push({
      user_id: p.shown ? p.user_id : 0,
      first_name: p.shown ? p.first_name : '',
      last_name: p.shown ? p.last_name : '',
      avatar: p.shown ? p.avatar : '',
      via: p.via === 'signup' ? 'signup' : 'link',
      at: toUnix(p.created_at),
      has_ticket: p.has_ticket,
      ticket_at: toUnix(p.ticket_at),
    });
  }
  return {
    code,
    events: counts.map((c) => ({ event_id: c.event_id, name: c.name, signed_up: c.signed_up, tickets: c.tickets, people: byEvent.get(c.event_id) ?? [] })),
  };
}
