import type { Tx } from '../../db/tx.ts';
import { waitlistDocId } from '../../../contract/waitlist.ts';
import { withJobs, type Effect } from '../effects.ts';
import { offerMailJob } from './waitlist-mail.ts';
import { releaseQuota, releaseSharedQuota, takeQuota, takeSharedQuota } from './types-repository.ts';
import {
  lockCounts,
  newOfferKeys,
  offerHoursOf,
  overdueOffers,
  setEntryState,
  touchLineBehind,
  linesToSettle,
  waitingOf,
  type EntryRow,
  type LockedQuota,
  type LockedType,
} from './waitlist-repository.ts';

/**
 * Freed places go to the waitlist by counting, not by a hook in each path that frees one. For the
 * types given (with every type sharing a quota with them), under the locks of their rows taken in
 * the checkouts' order, this expires the offers whose time is up (giving their places back), then
 * works out what is free now (a type's quota less what pending and paid orders and open offers
 * hold, bounded by its shared quota's) and offers that many places to the first in line. An order
 * that ends, a quota raised, a ticket its holder cancels: each shows up here as a count, run in the
 * transaction of the write where that is easy (ended orders, the organiser's type and quota edits,
 * checkouts) and by the sweep of every instance for the rest. The locks make it exact: a second run
 * on another instance waits for the first and finds the places held.
 */

/** What settling the lines changed: its effect carries the offers' mails as a job. */
export interface WaitlistOutcome {
  effect: Effect;
  offered: number;
}

export const NO_WAITLIST_OUTCOME: WaitlistOutcome = { effect: { ids: [], collections: [], userIds: [] }, offered: 0 };

/** How many places each type could give to its line now: its own room, bounded by its quota's. */
function roomOf(types: readonly LockedType[], quotas: readonly LockedQuota[], now: Date) {
  const quotaRoom = new Map(quotas.filter((q) => !q.deleted).map((q) => [q.id, Math.max(0, q.size - q.taken)]));
  const typeRoom = new Map<number, number>();
  for (const t of types) {
    const onSale = !t.deleted && now < t.ends_at && !(t.sale_ends_at && now >= t.sale_ends_at);
    typeRoom.set(t.id, onSale ? (t.quota === null ? Number.POSITIVE_INFINITY : Math.max(0, t.quota - t.taken)) : 0);
  }
  return { typeRoom, quotaRoom };
}

/** Ends the overdue offers of these types and gives their places back. */
async function expireOffers(trx: Tx, typeIds: readonly number[], now: Date): Promise<EntryRow[]> {
  const overdue = await overdueOffers(trx, typeIds, now);
  await setEntryState(
    trx,
    overdue.map((e) => e.id),
    { state: 'expired', ended_at: now, offer_key: null },
  );
  for (const e of overdue) {
    const quotaId = await releaseQuota(trx, e.ticket_type_id, 1);
    if (quotaId !== null) await releaseSharedQuota(trx, quotaId, 1);
  }
  return overdue;
}

/** Holds one place for the entry in its type and its quota; the counts were checked under the locks. */
async function hold(trx: Tx, typeId: number): Promise<void> {
  const taken = await takeQuota(trx, typeId, 1);
  if (!taken) throw new Error(`waitlist: type ${typeId} had no place left under its lock`);
  if (taken.shared !== null && !(await takeSharedQuota(trx, taken.shared, 1)))
    throw new Error(`waitlist: quota ${taken.shared} had no place left under its lock`);
}

/**
 * Offers the free places of these types (null: of every type with a line) to the first in line.
 * Answers the change (the offered, the expired and everybody whose place moved) and the offer mails.
 */
export async function offerFreedPlaces(trx: Tx, typeIds: readonly number[] | null, now: Date): Promise<WaitlistOutcome> {
  const lined = await linesToSettle(trx, typeIds, now);
  if (!lined.length) return NO_WAITLIST_OUTCOME;
  const before = await lockCounts(trx, lined);
  const quotaOf = new Map(before.types.map((t) => [t.id, t.shared_quota_id]));
  const all = before.types.map((t) => t.id);
  const expired = await expireOffers(trx, all, now);
  const { types, quotas } = expired.length ? await lockCounts(trx, lined) : before;
  const { typeRoom, quotaRoom } = roomOf(types, quotas, now);
  const chosen: EntryRow[] = [];
  for (const e of await waitingOf(trx, all)) {
    const room = typeRoom.get(e.ticket_type_id) ?? 0;
    const quotaId = quotaOf.get(e.ticket_type_id) ?? null;
    const shared = quotaId === null ? Number.POSITIVE_INFINITY : (quotaRoom.get(quotaId) ?? 0);
    if (room < 1 || shared < 1) continue;
    typeRoom.set(e.ticket_type_id, room - 1);
    if (quotaId !== null) quotaRoom.set(quotaId, shared - 1);
    chosen.push(e);
  }
  const moved = await makeOffers(trx, chosen, now);
  const touched = [...expired, ...chosen];
  const userIds = [...new Set([...touched.map((e) => e.user_id), ...moved])];
  if (!userIds.length) return NO_WAITLIST_OUTCOME;
  return {
    effect: withJobs(
      { ids: touched.map((e) => waitlistDocId(e.id)), collections: ['tickets'], userIds, eventIds: [...new Set(touched.map((e) => e.event_id))] },
      ...(chosen.length ? [offerMailJob(chosen.map((e) => e.id))] : []),
    ),
    offered: chosen.length,
  };
}

/**
 * Turns the chosen entries into offers holding their places, each valid for its event's hours.
 * Answers the people behind them, whose place in line moved up.
 */
export async function makeOffers(trx: Tx, chosen: readonly EntryRow[], now: Date): Promise<number[]> {
  if (!chosen.length) return [];
  const keys = await newOfferKeys(trx, chosen.length);
  const hours = new Map<number, number>();
  for (const [i, e] of chosen.entries()) {
    if (!hours.has(e.event_id)) hours.set(e.event_id, await offerHoursOf(trx, e.event_id));
    await hold(trx, e.ticket_type_id);
    await setEntryState(trx, [e.id], {
      state: 'offered',
      offer_key: keys[i] ?? null,
      offered_at: now,
      offer_expires_at: new Date(now.getTime() + (hours.get(e.event_id) ?? 24) * 3600_000),
    });
  }
  const first = new Map<number, number>();
  for (const e of chosen) first.set(e.ticket_type_id, Math.min(first.get(e.ticket_type_id) ?? e.id, e.id));
  const moved: number[] = [];
  for (const [typeId, id] of first) moved.push(...(await touchLineBehind(trx, typeId, id)));
  return moved;
}

/** Merges a waitlist outcome into another write's effect, its mail job included. */
export function withWaitlist<T extends { effect: Effect }>(outcome: T, w: WaitlistOutcome): T {
  if (!w.effect.userIds.length) return outcome;
  const uniq = <X>(xs: X[]) => [...new Set(xs)];
  return {
    ...outcome,
    effect: {
      ...outcome.effect,
      ids: uniq([...outcome.effect.ids, ...w.effect.ids]),
      collections: uniq([...outcome.effect.collections, ...w.effect.collections]),
      userIds: uniq([...outcome.effect.userIds, ...w.effect.userIds]),
      ...(outcome.effect.eventIds ? { eventIds: uniq([...outcome.effect.eventIds, ...(w.effect.eventIds ?? [])]) } : {}),
      jobs: [...(outcome.effect.jobs ?? []), ...(w.effect.jobs ?? [])],
    },
  };
}
