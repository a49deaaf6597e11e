import { DomainError } from '../../../contract/errors.ts';
import type { Q, Tx } from '../../db/tx.ts';
import { editableEvent, isOrganiser, setTeamFlag, touchEvent } from './repository.ts';

/**
 * Who organises an event, for every area that lets organisers do something: the admin area, sales,
 * the door, stands and the programme. It stands below them all, so each asks it the same way and
 * none of them has to import another's whole service to check a right.
 */

/** The event, not removed, that the user organises: event_not_found, event_removed or organiser_required otherwise. */
export async function requireOrganiser(q: Q, eventId: number, userId: number) {
  const event = await editableEvent(q, eventId);
  if (!event) throw new DomainError('event_not_found');
  if (event.deleted) throw new DomainError('event_removed');
  if (!(await isOrganiser(q, eventId, userId))) throw new DomainError('organiser_required');
  return event;
}

/**
 * Gives or takes a team role. The event gets a new rev whatever the role, because its organisers'
 * copies carry the team; the organiser and moderator flags are kept here, the door's list by the
 * door (checkin/), which the caller has already written.
 */
export async function setTeamRole(trx: Tx, eventId: number, userId: number, role: 'organizer' | 'moderator' | 'door', granted: boolean): Promise<void> {
  if (role !== 'door') await setTeamFlag(trx, eventId, userId, role, granted);
  await touchEvent(trx, eventId);
}
