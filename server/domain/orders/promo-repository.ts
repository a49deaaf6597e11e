import { sql } from 'kysely';
import type { PromoCodeFields } from '../../../contract/promo.ts';
import type { Q, Tx } from '../../db/tx.ts';

/**
 * SQL of promo codes (062_promo_codes.sql). Uses are taken and given back with single conditional
 * statements, like a ticket type's quota: the database decides who got the last use.
 */

const PROMO_COLUMNS = ['id', 'event_id', 'code', 'kind', 'value', 'type_ids', 'max_uses', 'used', 'valid_from', 'valid_until', 'active'] as const;

/** The codes of these events, oldest first. */
export async function promoCodesOf(q: Q, eventIds: number[]) {
  if (!eventIds.length) return [];
  return q.selectFrom('promo_codes').select(PROMO_COLUMNS).where('event_id', 'in', eventIds).orderBy('event_id').orderBy('id').execute();
}
export type PromoRow = Awaited<ReturnType<typeof promoCodesOf>>[number];

/** The event's code that reads `code` (already in capitals), if any. */
export async function findPromoCode(q: Q, eventId: number, code: string): Promise<PromoRow | undefined> {
  return q.selectFrom('promo_codes').select(PROMO_COLUMNS).where('event_id', '=', eventId).where('code', '=', code).executeTakeFirst();
}

/** Locks the code's row until the transaction ends: an edit cannot slip between a sale's check and its write. */
export async function lockPromoCode(trx: Tx, id: number): Promise<PromoRow | undefined> {
  return trx.selectFrom('promo_codes').select(PROMO_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
}

function promoColumns(f: PromoCodeFields) {
  return {
    code: f.code,
    kind: f.kind,
    value: f.value,
    type_ids: f.type_ids,
    max_uses: f.max_uses,
    valid_from: f.valid_from === null ? null : new Date(f.valid_from * 1000),
    valid_until: f.valid_until === null ? null : new Date(f.valid_until * 1000),
    active: f.active,
  };
}

export async function insertPromoCode(trx: Tx, eventId: number, f: PromoCodeFields): Promise<number> {
  const r = await trx
    .insertInto('promo_codes')
    .values({ event_id: eventId, ...promoColumns(f) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function writePromoCode(trx: Tx, id: number, f: PromoCodeFields): Promise<void> {
  await trx.updateTable('promo_codes').set(promoColumns(f)).where('id', '=', id).execute();
}

/**
 * Takes `count` uses of the code if that many are left; false when they are not. One statement:
 * concurrent checkouts on any instance queue on the row and re-read it, so a code limited to K uses
 * is taken exactly K times; the table's CHECK refuses more even if this were bypassed.
 */
export async function takePromoUses(trx: Tx, id: number, count: number): Promise<boolean> {
  const r = await sql`UPDATE promo_codes SET used = used + ${count}
    WHERE id = ${id} AND (max_uses IS NULL OR used + ${count} <= max_uses)`.execute(trx);
  return Number(r.numAffectedRows ?? 0) === 1;
}

/** Gives uses back to the code (an order that used it expired, was cancelled or refunded). */
export async function releasePromoUses(trx: Tx, id: number, count: number): Promise<void> {
  await sql`UPDATE promo_codes SET used = greatest(used - ${count}, 0) WHERE id = ${id}`.execute(trx);
}

/**
 * A removed ticket type leaves the codes limited to it. A code that named only removed types is
 * switched off rather than left to lower every type, which is what an empty list means.
 */
export async function forgetPromoType(trx: Tx, eventId: number, typeId: number): Promise<void> {
  await sql`UPDATE promo_codes SET type_ids = array_remove(type_ids, ${typeId}),
      active = active AND cardinality(array_remove(type_ids, ${typeId})) > 0
    WHERE event_id = ${eventId} AND ${typeId} = ANY(type_ids)`.execute(trx);
}
