import { eventPictureUrl } from '../../../contract/admin-refs.ts';
import {
  checkStandFields,
  normaliseStand,
  STAND_FIELD_ORDER,
  standPictures,
  standProblemCode,
  type StandMemberRemovePayload,
  type StandMemberSetPayload,
  type StandSetPayload,
} from '../../../contract/admin-stands.ts';
import type { ClientRef } from '../../../contract/admin-refs.ts';
import { DomainError } from '../../../contract/errors.ts';
import type { Tx } from '../../db/tx.ts';
import { pictureOfEvent } from '../organisers/pictures.ts';
import { requireOrganiser } from '../organisers/service.ts';
import { inviteByEmail, rightsHolder, type InvitationBudget } from '../organisers/invitations.ts';
import type { Invitation } from '../organisers/invitation-mail.ts';
import { requireEvent } from '../events/service.ts';
import type { Effect } from '../effects.ts';
import { deleteMember, findStandRow, insertStand, managesStand, markStandDeleted, updateStand, upsertMember, type StandRow } from './admin-repository.ts';

/**
 * Stands organisers and stand managers edit (issue 14, slice 5). An event's organisers create,
 * edit and remove its stands; a stand's managers edit that stand and its members (the specs' Open
 * Stand) and nothing else. Each command checks the actor's right inside its own transaction.
 * Members change one at a time, so nobody's copy of the list decides who else stays.
 */

/** The companies feed and the legacy stand calls read the same rows, so every device and call sees it. */
function standEffect(eventId: number, userIds: number[], ids: (string | number)[]): Effect {
  return { ids: ids.map(String), collections: ['companies'], userIds: [...new Set(userIds)], eventIds: [eventId] };
}

/** The stand the actor may edit: an organiser any of the event's, a manager only their own. */
async function editableStand(trx: Tx, eventId: number, userId: number, ref: ClientRef): Promise<StandRow> {
  const event = await requireOrganiserOrStaff(trx, eventId, userId);
  const stand = await findStandRow(trx, eventId, ref);
  if (!stand) {
    if (!event.organiser) throw new DomainError('organiser_required');
    throw new DomainError('stand_not_found', 'stand');
  }
  if (!event.organiser && !(await managesStand(trx, stand.id, userId))) throw new DomainError('organiser_required');
  return stand;
}

/** The event exists and is not removed; whether the actor organises it (a stand manager may not). */
async function requireOrganiserOrStaff(trx: Tx, eventId: number, userId: number): Promise<{ organiser: boolean }> {
  try {
    await requireOrganiser(trx, eventId, userId);
    return { organiser: true };
  } catch (err) {
    if (err instanceof DomainError && err.code === 'organiser_required') return { organiser: false };
    throw err;
  }
}

/**
 * A picture field: unchanged keeps what the stand shows (the demo's drawn logos too); '' takes it
 * off; anything else must be a picture uploaded for this event.
 */
async function pictureValue(trx: Tx, eventId: number, url: string, current: string, field: 'logo' | 'picture'): Promise<string | null> {
  if (url === current) return null;
  const name = await pictureOfEvent(trx, eventId, url, ['logo', 'picture'], field);
  return name ? eventPictureUrl(name) : '';
}

/** A new stand (organisers; named by `commandId` until the device learns its id), or a stand's fields anew. */
export async function setStand(trx: Tx, userId: number, p: StandSetPayload, commandId: string | null): Promise<Effect> {
  const stand = p.stand ? await editableStand(trx, p.event_id, userId, p.stand) : null;
  if (!stand) await requireOrganiser(trx, p.event_id, userId);
  const f = normaliseStand(p.fields);
  const problems = checkStandFields(f);
  for (const field of STAND_FIELD_ORDER) {
    const problem = problems[field];
    if (problem) throw new DomainError(standProblemCode(problem), field);
  }
  const current = stand ? standPictures(stand) : { logo: '', picture: '' };
  const logo = await pictureValue(trx, p.event_id, f.logo, current.logo, 'logo');
  const picture = await pictureValue(trx, p.event_id, f.picture, current.picture, 'picture');
  const values = {
    name: f.name,
    location: f.location,
    link: f.link,
    description: f.description,
    phone: f.phone,
    email: f.email,
    image_thumb: logo === null ? (stand?.image_thumb ?? '') : logo && `${logo}?size=small`,
    image: picture === null ? (stand?.image ?? '') : picture,
  };
  if (stand) {
    await updateStand(trx, stand.id, values);
    return standEffect(p.event_id, [userId], [stand.id]);
  }
  const id = await insertStand(trx, p.event_id, values, commandId);
  return standEffect(p.event_id, [userId], [id]);
}

export async function removeStand(trx: Tx, userId: number, p: { event_id: number; stand: ClientRef }): Promise<Effect> {
  await requireOrganiser(trx, p.event_id, userId);
  const stand = await findStandRow(trx, p.event_id, p.stand);
  if (!stand) return standEffect(p.event_id, [userId], []);
  await markStandDeleted(trx, stand.id);
  return standEffect(p.event_id, [userId], [stand.id]);
}

/**
 * Adds a member or changes one. A person named by email is invited to the stand (the same answer
 * for any address; admin/invitations.ts) and joins once they follow the link; by id, only somebody
 * among the event's people, a member already included.
 */
export async function setMember(
  trx: Tx,
  userId: number,
  p: StandMemberSetPayload,
  budget?: InvitationBudget,
): Promise<{ effect: Effect; mail: Invitation | null }> {
  const stand = await editableStand(trx, p.event_id, userId, p.stand);
  const position = p.position.trim();
  if ('email' in p.who) {
    const event = await requireEvent(trx, p.event_id);
    const stands = { id: stand.id, name: stand.name, position, isManager: p.is_manager };
    return inviteByEmail(trx, userId, { eventId: p.event_id, eventName: event.name, email: p.who.email, role: 'stand', stand: stands }, budget);
  }
  const member = await rightsHolder(trx, p.event_id, p.who.user_id, { confirmed: false });
  await upsertMember(trx, stand.id, member, position, p.is_manager);
  return { effect: standEffect(p.event_id, [userId, member], [stand.id]), mail: null };
}

export async function removeMember(trx: Tx, userId: number, p: StandMemberRemovePayload): Promise<Effect> {
  const stand = await editableStand(trx, p.event_id, userId, p.stand);
  await deleteMember(trx, stand.id, p.user_id);
  return standEffect(p.event_id, [userId, p.user_id], [stand.id]);
}
