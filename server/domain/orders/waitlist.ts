import { DomainError } from '../../../contract/errors.ts';
import { LOCALES } from '../../../contract/constants.ts';
import { checkOfferHours, waitlistDocId } from '../../../contract/waitlist.ts';
import type { Tx } from '../../db/tx.ts';
import { requireOrganiser } from '../organisers/service.ts';
import { withJobs, type Effect } from '../effects.ts';
import { offerMailJob } from './waitlist-mail.ts';
import { buyerOf } from './repository.ts';
import { releaseQuota, releaseSharedQuota } from './types-repository.ts';
import { makeOffers, offerFreedPlaces, withWaitlist, type WaitlistOutcome } from './waitlist-offers.ts';
import {
  addPlace,
  insertEntry,
  lineEvent,
  lockCounts,
  lockEntry,
  lockOpenEntry,
  setEntryState,
  touchLineBehind,
  typesWithLines,
  writeOfferHours,
  type EntryRow,
} from './waitlist-repository.ts';

/**
 * The waitlist's commands (contract/waitlist.ts): a person joins or leaves a sold-out type's line;
 * the organiser offers a place by hand, removes somebody, and sets how long offers hold. Each runs
 * in one transaction; what it frees or adds goes to the line through offerFreedPlaces, under the
 * same locks as every other path. A command that already happened answers as done, so a replay
 * from the outbox changes nothing.
 */

function entryEffect(entries: readonly Pick<EntryRow, 'id' | 'user_id' | 'event_id'>[], alsoUsers: readonly number[] = []): Effect {
  return {
    ids: entries.map((e) => waitlistDocId(e.id)),
    collections: ['tickets'],
    userIds: [...new Set([...entries.map((e) => e.user_id), ...alsoUsers])],
    eventIds: [...new Set(entries.map((e) => e.event_id))],
  };
}

/** The effect of a write that may have made offers, with their mails after the commit. */
function withOffers(effect: Effect, w: WaitlistOutcome): Effect {
  return withWaitlist({ effect }, w).effect;
}

/**
 * After an organiser's write that may have added places (a type's quota or a shared quota raised,
 * a type taken out of a quota): the lines of these types get what is free, with the offer mails.
 */
export async function settleLines(trx: Tx, typeIds: readonly number[], effect: Effect): Promise<Effect> {
  return withOffers(effect, await offerFreedPlaces(trx, typeIds, new Date()));
}

/** A type of the event a person may queue for: on sale to everybody, not ended. */
async function lineableType(trx: Tx, eventId: number, typeId: number, now: Date) {
  const event = await lineEvent(trx, eventId);
  if (!event || event.status === 'draft') throw new DomainError('event_not_found');
  if (event.deleted) throw new DomainError('event_removed');
  if (event.status === 'cancelled') throw new DomainError('event_cancelled');
  if (event.ends_at <= now) throw new DomainError('event_finished');
  const { types, quotas } = await lockCounts(trx, [typeId]);
  const t = types.find((x) => x.id === typeId);
  if (!t || t.deleted || t.event_id !== eventId) throw new DomainError('ticket_type_not_found', 'type_id');
  if (t.hidden) throw new DomainError('ticket_type_not_found', 'type_id');
  if (t.sale_ends_at && now >= t.sale_ends_at) throw new DomainError('sale_ended', 'type_id');
  const quota = quotas.find((q) => q.id === t.shared_quota_id);
  const room = Math.min(t.quota === null ? Number.POSITIVE_INFINITY : t.quota - t.taken, quota ? quota.size - quota.taken : Number.POSITIVE_INFINITY);
  return { type: t, room };
}

export async function joinWaitlist(trx: Tx, userId: number, eventId: number, typeId: number, now = new Date()): Promise<Effect> {
  const { room } = await lineableType(trx, eventId, typeId, now);
  const open = await lockOpenEntry(trx, typeId, userId);
  if (open) return entryEffect([open]);
  // Places that are free and nobody waits for are bought, not queued for.
  if (room > 0 && !(await hasLine(trx, typeId))) throw new DomainError('waitlist_not_sold_out', 'type_id');
  const person = await buyerOf(trx, userId);
  const locale = (LOCALES as readonly string[]).includes(person.locale) ? person.locale : 'en';
  const id = await insertEntry(trx, { event_id: eventId, ticket_type_id: typeId, user_id: userId, locale });
  return withOffers(entryEffect([{ id, user_id: userId, event_id: eventId }]), await offerFreedPlaces(trx, [typeId], now));
}

async function hasLine(trx: Tx, typeId: number): Promise<boolean> {
  return (await typesWithLines(trx, [typeId])).length > 0;
}

/** Ends an open entry; an offered one gives its place back, and the line moves up either way. */
async function endEntry(trx: Tx, entry: EntryRow, state: 'left' | 'removed', now: Date): Promise<Effect> {
  await setEntryState(trx, [entry.id], { state, ended_at: now, offer_key: null, offer_expires_at: null });
  if (entry.state === 'offered') {
    const quotaId = await releaseQuota(trx, entry.ticket_type_id, 1);
    if (quotaId !== null) await releaseSharedQuota(trx, quotaId, 1);
  }
  const behind = await touchLineBehind(trx, entry.ticket_type_id, entry.id);
  return withOffers(entryEffect([entry], behind), await offerFreedPlaces(trx, [entry.ticket_type_id], now));
}

export async function leaveWaitlist(trx: Tx, userId: number, eventId: number, typeId: number, now = new Date()): Promise<Effect> {
  await lockCounts(trx, [typeId]);
  const open = await lockOpenEntry(trx, typeId, userId);
  if (!open || open.event_id !== eventId) return { ids: [], collections: ['tickets'], userIds: [userId] };
  return endEntry(trx, open, 'left', now);
}

async function organisersEntry(trx: Tx, userId: number, eventId: number, entryId: number): Promise<EntryRow> {
  await requireOrganiser(trx, eventId, userId);
  const peek = await lockEntry(trx, entryId);
  if (!peek || peek.event_id !== eventId) throw new DomainError('waitlist_entry_not_found', 'entry_id');
  // Counts first, then the entry again: the lock order of every other path.
  await lockCounts(trx, [peek.ticket_type_id]);
  const entry = await lockEntry(trx, entryId);
  if (!entry) throw new DomainError('waitlist_entry_not_found', 'entry_id');
  return entry;
}

/** Removes the entry from its line; an open offer's place passes on. Removed already: done. */
export async function removeFromWaitlist(trx: Tx, userId: number, eventId: number, entryId: number, now = new Date()): Promise<Effect> {
  const entry = await organisersEntry(trx, userId, eventId, entryId);
  if (entry.state === 'removed') return entryEffect([entry]);
  if (entry.state !== 'waiting' && entry.state !== 'offered') throw new DomainError('waitlist_entry_state', 'entry_id');
  return endEntry(trx, entry, 'removed', now);
}

/**
 * The organiser's offer by hand, to whoever they choose in the line: a free place if there is one,
 * else one more place made for this person (the type's quota and its shared quota's size grow by
 * one), so the hand-made offer never takes a place promised to somebody else.
 */
export async function offerByHand(trx: Tx, userId: number, eventId: number, entryId: number, now = new Date()): Promise<Effect> {
  const entry = await organisersEntry(trx, userId, eventId, entryId);
  if (entry.state === 'offered') return entryEffect([entry]);
  if (entry.state !== 'waiting') throw new DomainError('waitlist_entry_state', 'entry_id');
  const { room, type } = await lineableType(trx, eventId, entry.ticket_type_id, now);
  if (room < 1) await addPlace(trx, type.id, type.shared_quota_id);
  const behind = await makeOffers(trx, [entry], now);
  return withJobs(entryEffect([entry], behind), offerMailJob([entry.id]));
}

export async function setOfferHours(trx: Tx, userId: number, eventId: number, hours: number): Promise<Effect> {
  await requireOrganiser(trx, eventId, userId);
  if (checkOfferHours(hours)) throw new DomainError('waitlist_offer_hours', 'offer_hours');
  await writeOfferHours(trx, eventId, hours);
  return { ids: [String(eventId)], collections: [], userIds: [userId], eventIds: [eventId] };
}
