import { DomainError, type ErrorCode } from '../../../contract/errors.ts';
import { checkSharedQuota, normaliseSharedQuota, SHARED_QUOTA_FIELD_NAMES, type SharedQuotaFields, type SharedQuotaProblem } from '../../../contract/quotas.ts';
import type { Tx } from '../../db/tx.ts';
import { requireOrganiser } from '../organisers/service.ts';
import type { Effect } from '../effects.ts';
import {
  assignTypes,
  insertSharedQuota,
  lockSharedQuota,
  lockTypesOfQuota,
  markSharedQuotaDeleted,
  typeIdsInQuota,
  writeSharedQuota,
} from './quota-repository.ts';
import { salesEffect } from './types.ts';
import { settleLines } from './waitlist.ts';
import { ticketTypesOf } from './types-repository.ts';

/**
 * Quotas shared across ticket types (issue 30): the organiser's commands that create, edit and
 * remove one. A quota's `taken` is the sum of its types' `taken`, kept so by moving a type's tickets
 * with it when it joins or leaves, under the locks of every type involved and of the quota, taken in
 * the order checkouts take them (types by id, then the quota), so no checkout slips in between and
 * none waits in a circle with this. Quotas ride in the organisers' copy of the event (documents.ts).
 */

const PROBLEM_CODES: Record<SharedQuotaProblem, ErrorCode> = {
  required: 'shared_quota_name',
  too_long: 'shared_quota_name',
  no_types: 'shared_quota_no_types',
  unknown_type: 'shared_quota_unknown_type',
  in_other_quota: 'shared_quota_type_taken',
  below_taken: 'shared_quota_below_taken',
};

function refuse(problems: Partial<Record<keyof SharedQuotaFields, SharedQuotaProblem>>): void {
  for (const field of SHARED_QUOTA_FIELD_NAMES) {
    const problem = problems[field];
    if (problem) throw new DomainError(PROBLEM_CODES[problem], field);
  }
}

/**
 * Creates a quota (no `quotaId`) or replaces every field of one. Fewer places than its types'
 * pending and paid orders hold are refused: those tickets exist.
 */
export async function saveSharedQuota(trx: Tx, userId: number, eventId: number, quotaId: number | undefined, raw: SharedQuotaFields): Promise<Effect> {
  await requireOrganiser(trx, eventId, userId);
  const fields = normaliseSharedQuota(raw);
  const eventTypes = (await ticketTypesOf(trx, [eventId])).map((t) => t.id);
  // Shape first, before any lock: a bad name or an unknown type needs none.
  refuse(checkSharedQuota(fields, eventTypes));
  const before = quotaId === undefined ? [] : await typeIdsInQuota(trx, quotaId);
  const locked = await lockTypesOfQuota(trx, [...new Set([...before, ...fields.type_ids])]);
  if (quotaId !== undefined) {
    const current = await lockSharedQuota(trx, quotaId);
    if (!current || current.deleted || current.event_id !== eventId) throw new DomainError('shared_quota_not_found');
  }
  const members = locked.filter((t) => fields.type_ids.includes(t.id));
  const elsewhere = new Map(
    members.filter((t) => t.shared_quota_id !== null && t.shared_quota_id !== quotaId).map((t) => [t.id, t.shared_quota_id ?? 0] as [number, number]),
  );
  const taken = members.reduce((sum, t) => sum + t.taken, 0);
  refuse(checkSharedQuota(fields, eventTypes, elsewhere, taken));
  const id = quotaId ?? (await insertSharedQuota(trx, eventId, fields, taken));
  if (quotaId !== undefined) await writeSharedQuota(trx, quotaId, fields, taken);
  await assignTypes(trx, id, fields.type_ids);
  // A bigger quota, or a type that left it, may free places for the waitlists.
  return settleLines(trx, [...new Set([...before, ...fields.type_ids])], salesEffect(eventId, userId));
}

/** Removes a quota; its types keep their own limits and what they sold. */
export async function deleteSharedQuota(trx: Tx, userId: number, eventId: number, quotaId: number): Promise<Effect> {
  await requireOrganiser(trx, eventId, userId);
  await lockTypesOfQuota(trx, await typeIdsInQuota(trx, quotaId));
  const current = await lockSharedQuota(trx, quotaId);
  if (!current || current.event_id !== eventId) throw new DomainError('shared_quota_not_found');
  if (current.deleted) return salesEffect(eventId, userId);
  const members = await typeIdsInQuota(trx, quotaId);
  await assignTypes(trx, quotaId, []);
  await markSharedQuotaDeleted(trx, quotaId);
  return settleLines(trx, members, salesEffect(eventId, userId));
}
