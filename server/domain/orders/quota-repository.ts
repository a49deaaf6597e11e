import { sql } from 'kysely';
import type { SharedQuotaFields } from '../../../contract/quotas.ts';
import type { Q, Tx } from '../../db/tx.ts';

/**
 * SQL of shared quotas (063_hidden_types_shared_quotas.sql). Places are taken and given back in
 * types-repository.ts beside the types' own, by the same kind of conditional statement.
 */

const QUOTA_COLUMNS = ['id', 'event_id', 'name', 'size', 'taken', 'deleted'] as const;

/** The quotas of these events that are not removed, with the types in each. */
export async function sharedQuotasOf(q: Q, eventIds: number[]) {
  if (!eventIds.length) return [];
  const r = await sql<{ id: number; event_id: number; name: string; size: number; taken: number; type_ids: number[] | null }>`
    SELECT sq.id, sq.event_id, sq.name, sq.size, sq.taken,
      (SELECT array_agg(t.id ORDER BY t.id) FROM ticket_types t WHERE t.shared_quota_id = sq.id AND NOT t.deleted) AS type_ids
    FROM ticket_quotas sq
    WHERE sq.event_id IN (${sql.join(eventIds)}) AND NOT sq.deleted
    ORDER BY sq.event_id, sq.id`.execute(q);
  return r.rows.map((x) => ({ ...x, type_ids: x.type_ids ?? [] }));
}
export type SharedQuotaRow = Awaited<ReturnType<typeof sharedQuotasOf>>[number];

/** Locks the quota's row until the transaction ends: checkouts taking its places wait meanwhile. */
export async function lockSharedQuota(trx: Tx, quotaId: number) {
  return trx.selectFrom('ticket_quotas').select(QUOTA_COLUMNS).where('id', '=', quotaId).forUpdate().executeTakeFirst();
}

/** Locks these types' rows in id order, the order checkouts take them in, and answers what they hold. */
export async function lockTypesOfQuota(trx: Tx, typeIds: readonly number[]) {
  if (!typeIds.length) return [];
  return trx
    .selectFrom('ticket_types')
    .select(['id', 'event_id', 'taken', 'shared_quota_id', 'deleted'])
    .where('id', 'in', [...typeIds])
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function typeIdsInQuota(q: Q, quotaId: number): Promise<number[]> {
  const r = await q.selectFrom('ticket_types').select('id').where('shared_quota_id', '=', quotaId).execute();
  return r.map((x) => x.id);
}

export async function insertSharedQuota(trx: Tx, eventId: number, f: SharedQuotaFields, taken: number): Promise<number> {
  const r = await trx.insertInto('ticket_quotas').values({ event_id: eventId, name: f.name, size: f.size, taken }).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function writeSharedQuota(trx: Tx, quotaId: number, f: Pick<SharedQuotaFields, 'name' | 'size'>, taken: number): Promise<void> {
  await trx.updateTable('ticket_quotas').set({ name: f.name, size: f.size, taken }).where('id', '=', quotaId).execute();
}

export async function markSharedQuotaDeleted(trx: Tx, quotaId: number): Promise<void> {
  await trx.updateTable('ticket_quotas').set({ deleted: true, taken: 0 }).where('id', '=', quotaId).execute();
}

/** Puts exactly these types in the quota: the ones it held before and not now leave it. */
export async function assignTypes(trx: Tx, quotaId: number, typeIds: readonly number[]): Promise<void> {
  let leave = trx.updateTable('ticket_types').set({ shared_quota_id: null }).where('shared_quota_id', '=', quotaId);
  if (typeIds.length) leave = leave.where('id', 'not in', [...typeIds]);
  await leave.execute();
  if (typeIds.length)
    await trx
      .updateTable('ticket_types')
      .set({ shared_quota_id: quotaId })
      .where('id', 'in', [...typeIds])
      .execute();
}
