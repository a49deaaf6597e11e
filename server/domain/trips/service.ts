import { DomainError } from '../../../contract/errors.ts';
import type { Tx } from '../../db/tx.ts';
import type { Effect } from '../effects.ts';
import { isParticipant } from '../events/repository.ts';
import { requireEvent } from '../events/service.ts';
import { lockTripImage, upsertTrip, type TripPatch } from './repository.ts';

/**
 * Saves the user's plan for an event they take part in. Fields left out of the patch keep their
 * value. Answers the picture the plan had before, so the caller can delete that file once the
 * transaction committed. The plan travels in the user's my_events document of the event (stamped
 * by trigger, 052_trips.sql), so the user's devices are told; nobody else's device holds it.
 */
export async function saveTrip(trx: Tx, userId: number, eventId: number, patch: TripPatch): Promise<{ previousImage: string; effect: Effect }> {
  await requireEvent(trx, eventId);
  if (!(await isParticipant(trx, userId, eventId))) throw new DomainError('participation_required');
  const previousImage = await lockTripImage(trx, eventId, userId);
  await upsertTrip(trx, eventId, userId, patch);
  return { previousImage, effect: { ids: [String(eventId)], collections: ['my_events'], userIds: [userId] } };
}
