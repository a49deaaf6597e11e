import { DomainError } from '../../../contract/errors.ts';
import type { Q, Tx } from '../../db/tx.ts';
import { quiet, type Effect } from '../effects.ts';
import {
  bumpEventCounter,
  recountPeople,
  findEvent,
  isEventOwner,
  findUserEvent,
  touchUserEvent,
  lastViewedSince,
  writeUsersOnline,
  type EventHeader,
} from './repository.ts';

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
 * requireEvent for what a person does at an event (a favorite, a view, registering, a starred
 * talk): a draft is its organisers' alone, so to anybody else it answers as if it did not exist,
 * as the event page, the lists and the feeds do. Without this, an id tried at random registered a
 * stranger for a draft, which made them a participant of its chat and its visitors.
 */
export async function requireOpenEvent(q: Q, eventId: number, userId: number): Promise<EventHeader> {
  const event = await requireEvent(q, eventId);
  if (event.status === 'draft' && !(await isEventOwner(q, eventId, userId))) throw new DomainError('event_not_found');
  return event;
}

/**
 * Sets (not toggles) the favorite flag: a command replayed after a lost answer, or sent from two
 * devices, then lands on the state the user asked for instead of flipping it back.
 */
export async function setFavorite(trx: Tx, userId: number, eventId: number, favorite: boolean): Promise<Effect> {
  await requireOpenEvent(trx, eventId, userId);
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

/** Marks the person registered or not, recounting the event's people when that changed (tickets/registration.ts decides when). */
export async function setCheckedIn(trx: Tx, userId: number, eventId: number, checkedIn: boolean): Promise<Effect> {
  const was = (await findUserEvent(trx, eventId, userId))?.checked_in ?? false;
  await touchUserEvent(trx, eventId, userId, { checked_in: checkedIn, checked_in_at: checkedIn ? new Date() : null });
  const collections = ['my_events'];
  if (was !== checkedIn && (await recountPeople(trx, [eventId])) > 0) collections.push('events');
  return { ids: [String(eventId)], collections, userIds: [userId] };
}

/**
 * How old the time of the last view may get while the same page is read again. A phone (or the
 * specs' mobile app) re-reading an event page every few seconds would otherwise write, announce to
 * the user's devices and stamp the visitors feed's version on every read.
 */
export const VIEW_REFRESH_MS = 60_000;

/**
 * Whether this read of an event page should be remembered: not when the event is already the
 * user's last viewed one, less than VIEW_REFRESH_MS ago, so the viewed list's order is exact.
 */
export async function viewWorthWriting(q: Q, userId: number, eventId: number, now = new Date()): Promise<boolean> {
  return !(await lastViewedSince(q, eventId, userId, new Date(now.getTime() - VIEW_REFRESH_MS)));
}

/** Remembers that the user opened the event page, for the "recently viewed" lists. */
export async function markViewed(trx: Tx, userId: number, eventId: number): Promise<Effect> {
  await requireOpenEvent(trx, eventId, userId);
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

/**
 * People who gained or lost a ticket of the event outside an order (a transfer): their relation to
 * the event gets a new rev, so `my_events.has_ticket` reaches their devices, and the event's people
 * are counted again.
 */
export async function ticketHoldersChanged(trx: Tx, eventId: number, userIds: readonly number[]): Promise<void> {
  for (const userId of userIds) await touchUserEvent(trx, eventId, userId, {});
  await recountPeople(trx, [eventId]);
}
