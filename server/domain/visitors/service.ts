import { DomainError } from '../../../contract/errors.ts';
import { isLiked, LIKE_STATUS, storedLike, type LikeRequest } from '../../../contract/visitors.ts';
import type { Tx } from '../../db/tx.ts';
import { quiet, type Effect } from '../effects.ts';
import { findUserEvent, isParticipant, relatedEvents, setUserEventMenu } from '../events/repository.ts';
import { requireEvent } from '../events/service.ts';
import { visitorDocId } from './documents.ts';
import { findRelation, upsertRelation, userExists } from './repository.ts';

/**
 * Write services of the visitors area. Each runs in the write runner's transaction (domain/write.ts)
 * and returns the Effect that feeds the command answer and the live hints.
 */

/**
 * Whether a like or a star can be recorded: never for the actor, and only when the id names an
 * account. Every other id answers alike, whatever the account's state and whether it exists: a
 * hidden profile must not be told apart from a missing one (docs/DESIGN.md, "Likes and stars
 * answer alike"). A missing id records nothing; an existing account's row is recorded as usual,
 * hidden, disabled or deleted, since a like is the actor's own note and others never see it.
 */
async function recordable(trx: Tx, actorId: number, targetId: number): Promise<boolean> {
  if (actorId === targetId) throw new DomainError('invalid_input', 'user_id');
  return userExists(trx, targetId);
}

/**
 * Stores a like (2) or an unlike (1) and answers the stored like_status. 3 is "liked both ways":
 * when the other person already likes the actor, both rows become 3; when either side unlikes, the
 * other side's 3 goes back to 2. Both sides' relation documents then replicate the change.
 * Rows that already hold the right value are not rewritten, so a replay changes no rev.
 */
export async function setLike(trx: Tx, actorId: number, targetId: number, request: LikeRequest): Promise<{ like_status: number; effect: Effect }> {
  // An id that names no account: the same answer as any other, with nothing to pull.
  if (!(await recordable(trx, actorId, targetId))) return { like_status: storedLike(request, false), effect: quiet([targetId]) };
  const mine = await findRelation(trx, actorId, targetId);
  const theirs = await findRelation(trx, targetId, actorId);
  const theyLikeMe = theirs !== undefined && !theirs.deleted && isLiked(theirs.like_status);
  const next = storedLike(request, theyLikeMe);
  const userIds = [actorId];
  if (!mine || mine.deleted || mine.like_status !== next) await upsertRelation(trx, actorId, targetId, { like_status: next });
  if (theyLikeMe) {
    const theirNext = request === 2 ? LIKE_STATUS.mutual : LIKE_STATUS.liked;
    if (theirs.like_status !== theirNext) {
      await upsertRelation(trx, targetId, actorId, { like_status: theirNext });
      userIds.push(targetId);
    }
  }
  return { like_status: next, effect: { ids: [String(targetId)], collections: ['relations'], userIds } };
}

/** Sets (not toggles) the star, so a replayed command lands on what the user asked for. */
export async function setUserFavorite(trx: Tx, actorId: number, targetId: number, favorite: boolean): Promise<Effect> {
  if (!(await recordable(trx, actorId, targetId))) return quiet([targetId]);
  const mine = await findRelation(trx, actorId, targetId);
  const was = Boolean(mine && !mine.deleted && mine.favorite);
  if (was !== favorite || (mine?.deleted ?? false)) await upsertRelation(trx, actorId, targetId, { favorite });
  return { ids: [String(targetId)], collections: ['relations'], userIds: [actorId] };
}

/**
 * The legacy star: `wanted` when the client says, else the opposite of the star as it stands inside
 * this transaction, so two quick taps give on-off.
 */
export async function starUser(trx: Tx, actorId: number, targetId: number, wanted: boolean | undefined): Promise<{ favorite: boolean; effect: Effect }> {
  let favorite = wanted;
  if (favorite === undefined) {
    const mine = await findRelation(trx, actorId, targetId);
    favorite = !(mine && !mine.deleted && mine.favorite);
  }
  return { favorite, effect: await setUserFavorite(trx, actorId, targetId, favorite) };
}

/**
 * Chooses the actor's visitor category (menu item) at an event they take part in; null clears it.
 * The id must be one of the event's own menu items.
 */
export async function setVisitorCategory(trx: Tx, userId: number, eventId: number, menuId: number | null): Promise<Effect> {
  const event = await requireEvent(trx, eventId);
  if (!(await isParticipant(trx, userId, eventId))) throw new DomainError('participation_required');
  if (menuId !== null) {
    const options = (typeof event.options === 'string' ? JSON.parse(event.options) : event.options) as { menu?: { id: unknown }[] } | null;
    if (!(options?.menu ?? []).some((m) => m?.id === menuId)) throw new DomainError('invalid_input', 'category_id');
  }
  const current = await findUserEvent(trx, eventId, userId);
  if (!current || current.deleted || current.menu_id !== menuId) await setUserEventMenu(trx, eventId, userId, menuId);
  return { ids: [visitorDocId(eventId, userId)], collections: ['visitors', 'my_events'], userIds: [userId] };
}

/** Visitor document ids of every event the user takes part in, for an Effect about the person. */
export async function visitorDocIdsOf(trx: Tx, userId: number): Promise<string[]> {
  return (await relatedEvents(trx, userId)).map((eventId) => visitorDocId(eventId, userId));
}
