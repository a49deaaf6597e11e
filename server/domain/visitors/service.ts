import { sql } from 'kysely';
import { DomainError } from '../../../contract/errors.ts';
import { isLiked, LIKE_STATUS, storedLike, type LikeRequest } from '../../../contract/visitors.ts';
import type { Tx } from '../../db/tx.ts';
import type { Effect } from '../events/service.ts';
import { isParticipant } from '../events/queries.ts';
import { visitorDocId } from './repository.ts';

/**
 * Write services of the visitors area. Each runs inside the caller's writeTx (one transaction,
 * change-feed lock first) and returns the Effect that feeds the command answer and the live hints.
 */

/** The other person must be a real, open account and not the actor. */
async function loadTarget(trx: Tx, actorId: number, targetId: number): Promise<void> {
  if (actorId === targetId) throw new DomainError('invalid_input', 'user_id');
  const target = await trx.selectFrom('users').select(['disabled', 'deleted']).where('id', '=', targetId).executeTakeFirst();
  if (!target || target.deleted || target.disabled) throw new DomainError('not_found', 'user');
}

async function relation(trx: Tx, userId: number, targetId: number) {
  return trx
    .selectFrom('user_relations')
    .select(['like_status', 'favorite', 'deleted'])
    .where('user_id', '=', userId)
    .where('target_user_id', '=', targetId)
    .executeTakeFirst();
}

async function upsertRelation(trx: Tx, userId: number, targetId: number, patch: { like_status?: number; favorite?: boolean }): Promise<void> {
  await trx
    .insertInto('user_relations')
    .values({ user_id: userId, target_user_id: targetId, ...patch })
    .onConflict((oc) => oc.columns(['user_id', 'target_user_id']).doUpdateSet({ ...patch, deleted: false }))
    .execute();
}

/**
 * Stores a like (2) or an unlike (1) and answers the stored like_status. 3 is "liked both ways":
 * when the other person already likes the actor, both rows become 3; when either side unlikes, the
 * other side's 3 goes back to 2. Both sides' relation documents then replicate the change.
 * Rows that already hold the right value are not rewritten, so a replay changes no rev.
 */
export async function setLike(trx: Tx, actorId: number, targetId: number, request: LikeRequest): Promise<{ like_status: number; effect: Effect }> {
  await loadTarget(trx, actorId, targetId);
  const mine = await relation(trx, actorId, targetId);
  const theirs = await relation(trx, targetId, actorId);
  const theyLikeMe = Boolean(theirs && !theirs.deleted && isLiked(theirs.like_status));
  const next = storedLike(request, theyLikeMe);
  const userIds = [actorId];
  if (!mine || mine.deleted || mine.like_status !== next) await upsertRelation(trx, actorId, targetId, { like_status: next });
  if (theyLikeMe) {
    const theirNext = request === 2 ? LIKE_STATUS.mutual : LIKE_STATUS.liked;
    if (theirs!.like_status !== theirNext) {
      await upsertRelation(trx, targetId, actorId, { like_status: theirNext });
      userIds.push(targetId);
    }
  }
  return { like_status: next, effect: { ids: [String(targetId)], collections: ['relations'], userIds } };
}

/** Sets (not toggles) the star, so a replayed command lands on what the user asked for. */
export async function setUserFavorite(trx: Tx, actorId: number, targetId: number, favorite: boolean): Promise<Effect> {
  await loadTarget(trx, actorId, targetId);
  const mine = await relation(trx, actorId, targetId);
  const was = Boolean(mine && !mine.deleted && mine.favorite);
  if (was !== favorite || (mine?.deleted ?? false)) await upsertRelation(trx, actorId, targetId, { favorite });
  return { ids: [String(targetId)], collections: ['relations'], userIds: [actorId] };
}

/** The current star, read inside the transaction that flips it (the legacy toggle). */
export async function isUserFavorite(trx: Tx, actorId: number, targetId: number): Promise<boolean> {
  const mine = await relation(trx, actorId, targetId);
  return Boolean(mine && !mine.deleted && mine.favorite);
}

/**
 * Chooses the actor's visitor category (menu item) at an event they take part in; null clears it.
 * The id must be one of the event's own menu items.
 */
export async function setVisitorCategory(trx: Tx, userId: number, eventId: number, menuId: number | null): Promise<Effect> {
  const event = await trx.selectFrom('events').select(['options', 'deleted']).where('id', '=', eventId).executeTakeFirst();
  if (!event) throw new DomainError('event_not_found');
  if (event.deleted) throw new DomainError('event_removed');
  if (!(await isParticipant(trx, userId, eventId))) throw new DomainError('participation_required');
  if (menuId !== null) {
    const options = (typeof event.options === 'string' ? JSON.parse(event.options) : event.options) as { menu?: { id: unknown }[] } | null;
    if (!(options?.menu ?? []).some((m) => m?.id === menuId)) throw new DomainError('invalid_input', 'category_id');
  }
  const current = await trx
    .selectFrom('user_events')
    .select(['menu_id', 'deleted'])
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!current || current.deleted || current.menu_id !== menuId) {
    // The same upsert as events/repository touchUserEvent, whose patch has no menu_id.
    await trx
      .insertInto('user_events')
      .values({ event_id: eventId, user_id: userId, menu_id: menuId })
      .onConflict((oc) => oc.columns(['event_id', 'user_id']).doUpdateSet({ menu_id: menuId, deleted: false }))
      .execute();
  }
  return { ids: [visitorDocId(eventId, userId)], collections: ['visitors', 'my_events'], userIds: [userId] };
}

/** Visitor document ids of every event the user takes part in, for an Effect about the person. */
export async function visitorDocIdsOf(trx: Tx, userId: number): Promise<string[]> {
  const r = await sql<{ id: number }>`
    SELECT e.id FROM events e
    WHERE NOT e.deleted AND e.id IN (SELECT event_id FROM user_events WHERE user_id = ${userId} UNION SELECT event_id FROM tickets WHERE user_id = ${userId})
    ORDER BY e.id`.execute(trx);
  return r.rows.map((row) => visitorDocId(row.id, userId));
}

