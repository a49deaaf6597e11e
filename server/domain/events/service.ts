import { sql } from 'kysely';
import { DomainError } from '../../../contract/errors.ts';
import type { Tx } from '../../db/tx.ts';
import { touchUserEvent } from './repository.ts';

/** What a service call changed, for the command answer and the live hints. */
export interface Effect {
  ids: string[];
  collections: string[];
  /** Users who can see the change in user-scoped collections. */
  userIds: number[];
  /**
   * For event-scoped collections (sync/scopes.ts): the events whose documents changed. The hint
   * carries them, so a device wakes only the replications of those events; absent means any.
   */
  eventIds?: number[];
}

async function loadEvent(trx: Tx, eventId: number) {
  const event = await trx
    .selectFrom('events')
    .select(['id', 'ends_at', 'is_free', 'deleted'])
    .where('id', '=', eventId)
    .executeTakeFirst();
  if (!event) throw new DomainError('event_not_found');
  if (event.deleted) throw new DomainError('event_removed');
  return event;
}

/**
 * Sets (not toggles) the favorite flag: a command replayed after a lost answer, or sent from two
 * devices, then lands on the state the user asked for instead of flipping it back.
 */
export async function setFavorite(trx: Tx, userId: number, eventId: number, favorite: boolean): Promise<Effect> {
  await loadEvent(trx, eventId);
  const current = await trx
    .selectFrom('user_events')
    .select('is_favorite')
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const was = current?.is_favorite ?? false;
  await touchUserEvent(trx, eventId, userId, { is_favorite: favorite });
  const collections = ['my_events'];
  if (was !== favorite) {
    await trx
      .updateTable('events')
      .set({ favorites_count: sql`greatest(favorites_count + ${favorite ? 1 : -1}, 0)` })
      .where('id', '=', eventId)
      .execute();
    collections.push('events');
  }
  return { ids: [String(eventId)], collections, userIds: [userId] };
}

/**
 * Check-in says "I take part in this event". A free event admits anyone; a paid one needs a valid
 * ticket. A finished event cannot be checked into any more.
 */
export async function checkin(trx: Tx, userId: number, eventId: number): Promise<Effect> {
  const event = await loadEvent(trx, eventId);
  if (event.ends_at.getTime() < Date.now()) throw new DomainError('event_finished');
  if (!event.is_free) {
    const ticket = await trx
      .selectFrom('tickets')
      .select('id')
      .where('event_id', '=', eventId)
      .where('user_id', '=', userId)
      .where('status', '=', 'valid')
      .where('invalid', '=', false)
      .where('deleted', '=', false)
      .executeTakeFirst();
    if (!ticket) throw new DomainError('ticket_required');
  }
  return setCheckedIn(trx, userId, eventId, true);
}

export async function uncheckin(trx: Tx, userId: number, eventId: number): Promise<Effect> {
  await loadEvent(trx, eventId);
  return setCheckedIn(trx, userId, eventId, false);
}

async function setCheckedIn(trx: Tx, userId: number, eventId: number, checkedIn: boolean): Promise<Effect> {
  const current = await trx
    .selectFrom('user_events')
    .select('checked_in')
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const was = current?.checked_in ?? false;
  await touchUserEvent(trx, eventId, userId, { checked_in: checkedIn, checked_in_at: checkedIn ? new Date() : null });
  const collections = ['my_events'];
  if (was !== checkedIn) {
    await trx
      .updateTable('events')
      .set({ total_people: sql`greatest(total_people + ${checkedIn ? 1 : -1}, 0)` })
      .where('id', '=', eventId)
      .execute();
    collections.push('events');
  }
  return { ids: [String(eventId)], collections, userIds: [userId] };
}

/** Remembers that the user opened the event page, for the "recently viewed" lists. */
export async function markViewed(trx: Tx, userId: number, eventId: number): Promise<Effect> {
  await loadEvent(trx, eventId);
  await touchUserEvent(trx, eventId, userId, { viewed_at: new Date() });
  return { ids: [String(eventId)], collections: ['my_events'], userIds: [userId] };
}
