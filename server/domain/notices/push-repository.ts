import { sql } from 'kysely';
import { PUSH_SUBSCRIPTIONS_MAX } from '../../../contract/push.ts';
import type { Q, Tx } from '../../db/tx.ts';
import type { PushEndpoint } from '../effects.ts';

/** SQL of Web Push: the browsers' subscriptions and the generated VAPID pair (069_web_push.sql). */

export type StoredSubscription = PushEndpoint;

/**
 * Keeps a browser's subscription for this person. The endpoint names the browser: one that was
 * signed in as somebody else before now pushes to this person only.
 */
export async function saveSubscription(trx: Tx, userId: number, sessionHash: Uint8Array, s: StoredSubscription): Promise<void> {
  const row = { user_id: userId, session_hash: sessionHash, p256dh: s.p256dh, auth: s.auth };
  await trx
    .insertInto('push_subscriptions')
    .values({ ...row, endpoint: s.endpoint })
    .onConflict((oc) => oc.column('endpoint').doUpdateSet(row))
    .execute();
  // Each notice is pushed to every browser of the person: a bounded number, whatever a script subscribes.
  await trx
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('id', 'not in', (eb) =>
      eb.selectFrom('push_subscriptions').select('id').where('user_id', '=', userId).orderBy('id', 'desc').limit(PUSH_SUBSCRIPTIONS_MAX),
    )
    .execute();
}

/** Forgets the person's own subscription of that browser; another person's row of it stays. */
export async function removeSubscription(trx: Tx, userId: number, endpoint: string): Promise<void> {
  await trx.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).execute();
}

/** The person's browsers whose session is still live: an expired one is signed out there. */
export async function subscriptionsOf(q: Q, userId: number, now = new Date()): Promise<StoredSubscription[]> {
  return q
    .selectFrom('push_subscriptions as p')
    .innerJoin('sessions as s', 's.token_hash', 'p.session_hash')
    .select(['p.endpoint', 'p.p256dh', 'p.auth'])
    .where('p.user_id', '=', userId)
    .where('s.user_id', '=', userId)
    .where('s.expires_at', '>', now)
    .orderBy('p.id')
    .execute();
}

/** The push service forgot this browser (404 or 410): nothing will reach it again. */
export async function dropEndpoint(q: Q, endpoint: string): Promise<void> {
  await q.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
}

/** A person as a push needs them: language, push preferences, whether they can be written to. */
export async function pushPerson(q: Q, userId: number) {
  return q
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'locale', 'notify_push', 'deleted', 'disabled'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function storedVapidKeys(q: Q): Promise<{ public_key: string; private_key: string } | undefined> {
  return q.selectFrom('push_vapid_keys').select(['public_key', 'private_key']).where('id', '=', 1).executeTakeFirst();
}

/** Stores a pair unless another instance stored one first; the caller reads back whichever won. */
export async function offerVapidKeys(q: Q, keys: { public_key: string; private_key: string }): Promise<void> {
  await q
    .insertInto('push_vapid_keys')
    .values({ id: 1, ...keys })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/**
 * Claims the accepted meetings starting after `from` and by `until` that were not reminded for
 * that start, where somebody of the two has a subscription; answers their ids. A claim another
 * transaction took first is skipped (the primary key), so two instances never remind twice.
 */
export async function claimDueReminders(trx: Tx, from: Date, until: Date): Promise<number[]> {
  const rows = await sql<{ appointment_id: number }>`
    INSERT INTO push_reminders_sent (appointment_id, starts_at)
    SELECT a.id, a.starts_at FROM appointments a
    WHERE a.response = 1 AND a.canceled_by IS NULL AND NOT a.deleted
      AND a.starts_at > ${from} AND a.starts_at <= ${until}
      AND EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.user_id IN (a.from_user_id, a.to_user_id))
    ON CONFLICT DO NOTHING
    RETURNING appointment_id`.execute(trx);
  return rows.rows.map((r) => Number(r.appointment_id));
}
