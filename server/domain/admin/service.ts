import {
  checkEventFields,
  EVENT_FIELD_NAMES,
  normaliseEventFields,
  problemCode,
  type EventFields,
  type EventRolePayload,
  type EventStatus,
} from '../../../contract/admin.ts';
import { DomainError } from '../../../contract/errors.ts';
import type { Q, Tx } from '../../db/tx.ts';
import { addStaff, removeStaff } from '../checkin/service.ts';
import { eventPictureUrl } from '../../../contract/admin-refs.ts';
import type { Effect } from '../effects.ts';
import { pictureOfEvent } from './pictures.ts';
import type { CancelledEvent, Recipient } from './mail.ts';
import { accountByEmail, accountState } from '../profile/repository.ts';
import {
  cityIdByName,
  editableEvent,
  eventRecipients,
  insertEvent,
  isOrganiser,
  markEventDeleted,
  setTeamFlag,
  touchEvent,
  writeEventFields,
  writeEventStatus,
  writePoster,
} from './repository.ts';

/**
 * The organiser's admin area (issue 14). Any signed-in person may create an event and becomes its
 * owner; an owner's co-organisers have the same rights. Every write here checks the actor's right
 * first, inside the write's own transaction, so a right taken away a moment ago is already gone.
 */

/** The event, not removed, that the user organises: event_not_found, event_removed or organiser_required otherwise. */
export async function requireOrganiser(q: Q, eventId: number, userId: number) {
  const event = await editableEvent(q, eventId);
  if (!event) throw new DomainError('event_not_found');
  if (event.deleted) throw new DomainError('event_removed');
  if (!(await isOrganiser(q, eventId, userId))) throw new DomainError('organiser_required');
  return event;
}

function refuseProblems(fields: EventFields): void {
  const problems = checkEventFields(fields);
  for (const field of EVENT_FIELD_NAMES) {
    const problem = problems[field];
    if (problem) throw new DomainError(problemCode(problem), field);
  }
}

/** Every device holds the events list, and the organisers' own my_events rows change with it. */
function eventEffect(eventId: number, userIds: number[]): Effect {
  return { ids: [String(eventId)], collections: ['events', 'my_events'], userIds, eventIds: [eventId] };
}

/** A new event, a draft only its creator sees until it is published; the creator is its owner. */
export async function createEvent(trx: Tx, userId: number, raw: EventFields): Promise<Effect> {
  const fields = normaliseEventFields(raw);
  refuseProblems(fields);
  const eventId = await insertEvent(trx, fields, await cityIdByName(trx, fields.city), userId);
  await setTeamFlag(trx, eventId, userId, 'organizer', true);
  return eventEffect(eventId, [userId]);
}

/**
 * Changes only the fields the organiser changed. Two organisers editing at once each keep theirs,
 * and the later change of one field wins; their forms say so before it happens (src/features/admin).
 */
export async function updateEvent(trx: Tx, userId: number, eventId: number, patch: Partial<EventFields>): Promise<Effect> {
  const event = await requireOrganiser(trx, eventId, userId);
  const fields = normaliseEventFields({ ...event.fields, ...patch });
  refuseProblems(fields);
  await writeEventFields(trx, eventId, fields, await cityIdByName(trx, fields.city), event.options);
  return eventEffect(eventId, [userId]);
}

/**
 * Publish, unpublish (back to a draft) or cancel. A cancelled event stays on every device, marked
 * so, which is how the people who take part are told in the app, and they are written to after the
 * commit (`cancelled` names them); a draft leaves every device but its organisers' (events/feed.ts).
 */
export async function setEventStatus(
  trx: Tx,
  userId: number,
  eventId: number,
  status: EventStatus,
): Promise<{ effect: Effect; cancelled: { event: CancelledEvent; people: Recipient[] } | null }> {
  const event = await requireOrganiser(trx, eventId, userId);
  if (event.status === status) return { effect: eventEffect(eventId, [userId]), cancelled: null };
  await writeEventStatus(trx, eventId, status);
  // Who to write to is read here, as of this commit; the mail goes out after it (admin/mail.ts).
  const cancelled =
    status === 'cancelled'
      ? {
          event: {
            name: event.fields.name,
            starts_at: new Date(event.fields.starts_at * 1000),
            ends_at: new Date(event.fields.ends_at * 1000),
            timezone: event.fields.timezone,
          },
          people: await eventRecipients(trx, eventId, userId),
        }
      : null;
  return { effect: eventEffect(eventId, [userId]), cancelled };
}

/** Removes the event: every device drops it through the feed, and the legacy calls answer event_removed. */
export async function deleteEvent(trx: Tx, userId: number, eventId: number): Promise<Effect> {
  await requireOrganiser(trx, eventId, userId);
  await markEventDeleted(trx, eventId);
  return eventEffect(eventId, [userId]);
}

/** The user a role change names: by id or by email, an account that can sign in. */
export async function teamTarget(trx: Tx, who: EventRolePayload['who']): Promise<number> {
  const user = 'user_id' in who ? await accountState(trx, who.user_id) : await accountByEmail(trx, who.email);
  if (!user || user.deleted || user.disabled) throw new DomainError('user_not_found');
  return user.id;
}

/**
 * Gives or takes one role. The event's creator always stays an organiser, so no co-organiser can
 * lock the owner out. The event gets a new rev, because its organisers' copies carry the team and
 * a new co-organiser's device must now be sent the event (a draft, say) it was not sent before.
 */
export async function setRole(trx: Tx, userId: number, p: EventRolePayload): Promise<Effect> {
  const event = await requireOrganiser(trx, p.event_id, userId);
  const target = await teamTarget(trx, p.who);
  if (p.role === 'organizer' && !p.granted && target === event.createdBy) throw new DomainError('event_creator_kept');
  if (p.role === 'door') {
    if (p.granted) await addStaff(trx, p.event_id, userId, { user_id: target });
    else await removeStaff(trx, p.event_id, userId, target);
  } else {
    await setTeamFlag(trx, p.event_id, target, p.role, p.granted);
  }
  await touchEvent(trx, p.event_id);
  return eventEffect(p.event_id, [userId, target]);
}

/**
 * The event's poster: an uploaded one (admin/pictures.ts, in the specs' three sizes) or '' for the
 * drawn one. The events feed and the legacy calls build poster_small, _middle and _big from it.
 */
export async function setPoster(trx: Tx, userId: number, eventId: number, poster: string): Promise<Effect> {
  await requireOrganiser(trx, eventId, userId);
  const name = await pictureOfEvent(trx, eventId, poster.trim(), ['poster'], 'poster');
  await writePoster(trx, eventId, name ? eventPictureUrl(name) : '');
  return eventEffect(eventId, [userId]);
}
