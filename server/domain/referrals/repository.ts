import { sql } from 'kysely';
import { REFERRALS_LISTED } from '../../../contract/referrals.ts';
import { avatarSql, openTo, validTicket, visibleUser } from '../../db/sql.ts';
import type { Q, Tx } from '../../db/tx.ts';

/** SQL of referrals (053_referrals.sql). */

/** The owner of a referral code, among accounts that still exist. */
export async function referrerByCode(q: Q, code: string): Promise<number | undefined> {
  const row = await q
    .selectFrom('users')
    .select('id')
    .where('referral_code', '=', code)
    .where('deleted', '=', false)
    .where('disabled', '=', false)
    .executeTakeFirst();
  return row?.id;
}

export async function referralCodeOf(q: Q, userId: number): Promise<string> {
  const row = await q.selectFrom('users').select('referral_code').where('id', '=', userId).executeTakeFirst();
  return row?.referral_code ?? '';
}

/** The first link per person and event counts; later ones change nothing. Answers whether it was new. */
export async function insertReferral(
  trx: Tx,
  v: { user_id: number; event_id: number; referrer_id: number; via: 'signup' | 'link'; at: Date },
): Promise<boolean> {
  const r = await trx
    .insertInto('referrals')
    .values({ user_id: v.user_id, event_id: v.event_id, referrer_id: v.referrer_id, via: v.via, created_at: v.at })
    .onConflict((oc) => oc.columns(['user_id', 'event_id']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return r !== undefined;
}

/** Notes the first ticket a referred person got for the event; answers the referrer, if any. */
export async function noteTicket(trx: Tx, v: { user_id: number; event_id: number; ticket_id: number; at: Date }): Promise<number | undefined> {
  const r = await trx
    .updateTable('referrals')
    .set({ ticket_id: v.ticket_id, ticketed_at: v.at })
    .where('user_id', '=', v.user_id)
    .where('event_id', '=', v.event_id)
    .where('ticket_id', 'is', null)
    .returning('referrer_id')
    .executeTakeFirst();
  return r?.referrer_id;
}

export interface ReferralCountRow {
  event_id: number;
  name: string;
  signed_up: number;
  tickets: number;
  latest: Date;
}

/**
 * Per event, how many people came through the referrer's links: signed up there, and hold a valid
 * ticket for it now (counted from the tickets table, so a cancelled ticket stops counting).
 */
export async function referralCounts(q: Q, referrerId: number): Promise<ReferralCountRow[]> {
  const r = await sql<ReferralCountRow>`
    SELECT r.event_id, e.name,
      count(*) FILTER (WHERE r.via = 'signup')::int AS signed_up,
      count(*) FILTER (WHERE EXISTS (SELECT 1 FROM tickets t WHERE t.event_id = r.event_id AND t.user_id = r.user_id AND ${validTicket('t')}))::int AS tickets,
      max(r.created_at) AS latest
    FROM referrals r JOIN events e ON e.id = r.event_id
    WHERE r.referrer_id = ${referrerId} AND NOT e.deleted AND ${openTo(sql`${referrerId}::int`, 'e')}
    GROUP BY r.event_id, e.name
    ORDER BY latest DESC`.execute(q);
  return r.rows;
}

export interface ReferredPersonRow {
  event_id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  avatar: string;
  shown: boolean;
  via: string;
  created_at: Date;
  has_ticket: boolean;
  ticket_at: Date | null;
}

/**
 * The newest REFERRALS_LISTED people per event. Whether their name may be shown is decided here, from
 * their own "hide from visitor list" switch and the account's state (server/db/sql.ts visibleUser):
 * a hidden person is counted and listed, without a name.
 */
export async function referredPeople(q: Q, referrerId: number): Promise<ReferredPersonRow[]> {
  const r = await sql<ReferredPersonRow>`
    SELECT x.event_id, x.user_id, x.first_name, x.last_name, x.avatar, x.shown, x.via, x.created_at, x.ticket_at IS NOT NULL AS has_ticket, x.ticket_at
    FROM (
      SELECT r.event_id, r.user_id, u.first_name, u.last_name, ${avatarSql('u')} AS avatar, ${visibleUser('u')} AS shown, r.via, r.created_at,
        (SELECT CASE WHEN count(*) > 0 THEN coalesce(r.ticketed_at, min(t.created_at)) END FROM tickets t
          WHERE t.event_id = r.event_id AND t.user_id = r.user_id AND ${validTicket('t')}) AS ticket_at,
        row_number() OVER (PARTITION BY r.event_id ORDER BY r.created_at DESC, r.user_id) AS k
      FROM referrals r JOIN users u ON u.id = r.user_id
      WHERE r.referrer_id = ${referrerId}
    ) x
    WHERE x.k <= ${REFERRALS_LISTED}
    ORDER BY x.event_id, x.created_at DESC, x.user_id`.execute(q);
  return r.rows;
}
