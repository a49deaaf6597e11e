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
import { PUBLISH_BLOCKERS, publishProblems } from '../../../contract/publish.ts';
import { salesSettingsOf, ticketTypesOf } from '../orders/types-repository.ts';
import type { Tx } from '../../db/tx.ts';
import { addStaff, removeStaff, requireOwner } from '../checkin/service.ts';
import { normalizeEmail } from '../../../contract/accounts.ts';
import { liveAccountByEmail } from '../accounts/repository.ts';
import { inviteByEmail, isKnownToEvent, rightsHolder, withdrawInvitations, type InvitationBudget } from '../organisers/invitations.ts';
import type { Invitation } from '../organisers/invitation-mail.ts';
import { eventPictureUrl } from '../../../contract/admin-refs.ts';
import { quiet, withJobs, type Effect } from '../effects.ts';
import { recountPeople } from '../events/repository.ts';
import { pictureOfEvent } from '../organisers/pictures.ts';
import { mailCancellation, type CancelledEvent, type Recipient } from './mail.ts';
import { cityIdByName, eventRecipients, insertEvent, markEventDeleted, writeEventFields, writeEventStatus, writePoster } from './repository.ts';
import { requireOrganiser, setTeamRole } from '../organisers/service.ts';

/**
 * The organiser's admin area (issue 14). Any signed-in person may create an event and becomes its
 * owner; an owner's co-organisers have the same rights. Every write here checks the actor's right
 * first, inside the write's own transaction, so a right taken away a moment ago is already gone.
 */

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
  await setTeamRole(trx, eventId, userId, 'organizer', true);
  // The owner takes part, and is counted among the event's participants as in its visitors list.
  await recountPeople(trx, [eventId]);
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
 * commit (`cancelled` names them); a draft leaves every device but its organisers' (documents/events.ts).
 */
export async function setEventStatus(
  trx: Tx,
  userId: number,
  eventId: number,
  status: EventStatus,
  cardAvailable = false,
): Promise<{ effect: Effect; cancelled: { event: CancelledEvent; people: Recipient[] } | null }> {
  const event = await requireOrganiser(trx, eventId, userId);
  if (event.status === status) return { effect: eventEffect(eventId, [userId]), cancelled: null };
  if (status === 'published') await refuseUnworkable(trx, eventId, event.fields, cardAvailable);
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
  const effect = eventEffect(eventId, [userId]);
  if (!cancelled || cancelled.people.length === 0) return { effect, cancelled };
  // In the organiser's language where a ticket holder's own is unknown (JobDeps.lang).
  const mailed = withJobs(effect, async ({ mail, lang, log }) => {
    if (mail) await mailCancellation(mail, lang, cancelled.event, cancelled.people, log);
  });
  return { effect: mailed, cancelled };
}

/**
 * The pre-flight before going public (contract/sales.ts publishProblems). What cannot work at all
 * (no date; paid types with no way to pay) refuses; a paid event with no ticket type yet may still
 * be announced, and only the organiser's screen warns about it.
 */
async function refuseUnworkable(trx: Tx, eventId: number, fields: EventFields, cardAvailable: boolean): Promise<void> {
  const [types, [settings]] = await Promise.all([ticketTypesOf(trx, [eventId]), salesSettingsOf(trx, [eventId])]);
  const problems = publishProblems({
    starts_at: fields.starts_at,
    ends_at: fields.ends_at,
    is_free: fields.is_free,
    types: types.filter((t) => !t.deleted).map((t) => ({ name: t.name, price: Number(t.price), hidden: t.hidden })),
    transfer_enabled: settings?.transfer_enabled ?? false,
    card_enabled: settings?.card_enabled ?? false,
    card_available: cardAvailable,
  }).filter((p) => PUBLISH_BLOCKERS.includes(p.code));
  if (problems.length) throw new DomainError('publish_blocked', problems.map((p) => p.code).join(','));
}

/** Removes the event: every device drops it through the feed, and the legacy calls answer event_removed. */
export async function deleteEvent(trx: Tx, userId: number, eventId: number): Promise<Effect> {
  await requireOrganiser(trx, eventId, userId);
  await markEventDeleted(trx, eventId);
  return eventEffect(eventId, [userId]);
}

/**
 * Gives or takes one role. A person named by email is invited (invitations.ts): the role is theirs
 * once they follow the link, and the answer is the same for any address; taking a role by email
 * takes it from the account of that address if it has it, and withdraws the address's pending
 * invitation. A person named by id must be among the event's people (invitations.ts rightsHolder).
 * The event's creator always stays an organiser, so no co-organiser can lock the owner out. The
 * event gets a new rev, because its organisers' copies carry the team and a new co-organiser's
 * device must now be sent the event (a draft, say) it was not sent before.
 */
export async function setRole(trx: Tx, userId: number, p: EventRolePayload, budget?: InvitationBudget): Promise<{ effect: Effect; mail: Invitation | null }> {
  const event = await requireOrganiser(trx, p.event_id, userId);
  if ('email' in p.who) {
    if (p.granted) {
      if (p.role === 'door') await requireOwner(trx, p.event_id, userId);
      return inviteByEmail(trx, userId, { eventId: p.event_id, eventName: event.fields.name, email: p.who.email, role: p.role }, budget);
    }
    const email = normalizeEmail(p.who.email);
    await withdrawInvitations(trx, p.event_id, email, [p.role]);
    const account = await liveAccountByEmail(trx, email);
    if (!account || !(await isKnownToEvent(trx, p.event_id, account.id))) return { effect: quiet([p.event_id]), mail: null };
    return { effect: await takeRole(trx, userId, event.createdBy, p.event_id, account.id, p.role), mail: null };
  }
  const target = p.who.user_id;
  if (!p.granted) {
    if (!(await isKnownToEvent(trx, p.event_id, target))) return { effect: quiet([p.event_id]), mail: null };
    return { effect: await takeRole(trx, userId, event.createdBy, p.event_id, target, p.role), mail: null };
  }
  await rightsHolder(trx, p.event_id, target);
  if (p.role === 'door') await addStaff(trx, p.event_id, userId, { user_id: target });
  await setTeamRole(trx, p.event_id, target, p.role, true);
  // An organiser takes part, so the event's people counts may change with the role.
  await recountPeople(trx, [p.event_id]);
  return { effect: eventEffect(p.event_id, [userId, target]), mail: null };
}

async function takeRole(trx: Tx, userId: number, createdBy: number | null, eventId: number, target: number, role: EventRolePayload['role']): Promise<Effect> {
  if (role === 'organizer' && target === createdBy) throw new DomainError('event_creator_kept');
  if (role === 'door') await removeStaff(trx, eventId, userId, target);
  await setTeamRole(trx, eventId, target, role, false);
  await recountPeople(trx, [eventId]);
  return eventEffect(eventId, [userId, target]);
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
