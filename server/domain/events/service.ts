import { DomainError } from '../../../contract/errors.ts';
import type { Q, Tx } from '../../db/tx.ts';
import { quiet, type Effect } from '../effects.ts';
import { bumpEventCounter, findEvent, findUserEvent, hasValidTicket, touchUserEvent, writeUsersOnline, type EventHeader } from './repository.ts';

/**
 * The event an action is about: event_not_found when there is none, event_removed when it was
 * removed. Every area checks its event this way, so the two answers mean the same everywhere.
 */
export async function requireEvent(q: Q, eventId: number): Promise<EventHeader> {
  const event = await findEvent(q, eventId);
  if (!event) throw new DomainError('event_not_found');
  if (event.deleted) throw new DomainError('event_removed');
  return event;
}

/**
 * Sets (not toggles) the favorite flag: a command replayed after a lost answer, or sent from two
 * devices, then lands on the state the user asked for instead of flipping it back.
 */
export async function setFavorite(trx: Tx, userId: number, eventId: number, favorite: boolean): Promise<Effect> {
  await requireEvent(trx, eventId);
  const was = (await findUserEvent(trx, eventId, userId))?.is_favorite ?? false;
  await touchUserEvent(trx, eventId, userId, { is_favorite: favorite });
  const collections = ['my_events'];
  if (was !== favorite) {
    await bumpEventCounter(trx, eventId, 'favorites_count', favorite ? 1 : -1);
    collections.push('events');
  }
  return { ids: [String(eventId)], collections, userIds: [userId] };
}

/** The legacy toggle: flips the favorite as it stands inside this transaction, so two quick taps give on-off. */
export async function toggleFavorite(trx: Tx, userId: number, eventId: number): Promise<{ liked: boolean; effect: Effect }> {
  const current = await findUserEvent(trx, eventId, userId);
  const liked = !(current && !current.deleted && current.is_favorite);
  return { liked, effect: await setFavorite(trx, userId, eventId, liked) };
}

/**
 * Check-in says "I take part in this event". A free event admits anyone; a paid one needs a valid
 * ticket. A finished event cannot be checked into any more.
 */
export async function checkin(trx: Tx, userId: number, eventId: number): Promise<Effect> {
  const event = await requireEvent(trx, eventId);
  if (event.ends_at.getTime() < Date.now()) throw new DomainError('event_finished');
  if (!event.is_free && !(await hasValidTicket(trx, userId, eventId))) throw new DomainError('ticket_required');
  return setCheckedIn(trx, userId, eventId, true);
}

export async function uncheckin(trx: Tx, userId: number, eventId: number): Promise<Effect> {
  await requireEvent(trx, eventId);
  return setCheckedIn(trx, userId, eventId, false);
}

async function setCheckedIn(trx: Tx, userId: number, eventId: number, checkedIn: boolean): Promise<Effect> {
  const was = (await findUserEvent(trx, eventId, userId))?.checked_in ?? false;
  await touchUserEvent(trx, eventId, userId, { checked_in: checkedIn, checked_in_at: checkedIn ? new Date() : null });
  const collections = ['my_events'];
  if (was !== checkedIn) {
    await bumpEventCounter(trx, eventId, 'total_people', checkedIn ? 1 : -1);
    collections.push('events');
  }
  return { ids: [String(eventId)], collections, userIds: [userId] };
}

/** Remembers that the user opened the event page, for the "recently viewed" lists. */
export async function markViewed(trx: Tx, userId: number, eventId: number): Promise<Effect> {
  await requireEvent(trx, eventId);
  await touchUserEvent(trx, eventId, userId, { viewed_at: new Date() });
  return { ids: [String(eventId)], collections: ['my_events'], userIds: [userId] };
}

/**
 * Writes the live counter of the event's chat. It is not announced: the chats show it from their
 * own frames, and announcing it every few seconds would make every device pull the events feed.
 */
export async function recordUsersOnline(trx: Tx, eventId: number, n: number): Promise<Effect> {
  await writeUsersOnline(trx, eventId, n);
  return quiet([eventId]);
}
