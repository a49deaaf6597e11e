import { COMPANY_USERS_PER_STAND } from '../../../contract/constants.ts';
import { isStandManager, type CompanyDoc } from '../../../contract/companies.ts';
import { DomainError } from '../../../contract/errors.ts';
import type { Q } from '../../db/tx.ts';
import { draftHiddenFrom } from '../organisers/repository.ts';
import { requireEvent } from '../events/service.ts';
import { findStand, listStands } from './repository.ts';

/**
 * The companies calls of events.md §7 (events/get-stands, events/get-stand-users,
 * events/get-stand, the companies fetch), answered from the same SQL as the feed.
 *
 * Decisions: a stand of the old API is the document under its old names (stand_id, users) plus
 * `isManager` for the viewer; lists carry the first COMPANY_USERS_PER_STAND members and
 * `users_count`; one stand carries all its visible members. Stand groups are flattened (a stand is
 * listed once, in display order).
 */

export function toLegacyStand(doc: CompanyDoc, viewerId: number | null, usersShown: number | null) {
  const users = doc.members.map(({ hidden: _hidden, ...m }) => ({ ...m, id: m.user_id }));
  return {
    stand_id: doc.stand_id,
    id: doc.stand_id,
    event_id: doc.event_id,
    name: doc.name,
    location: doc.location,
    link: doc.link,
    description: doc.description,
    image: doc.image,
    image_thumb: doc.image_thumb,
    logo: doc.logo,
    sort: doc.sort,
    users: usersShown === null ? users : users.slice(0, usersShown),
    users_count: users.length,
    isManager: isStandManager(doc, viewerId),
  };
}

/** The event of a stands call: unknown, removed, or a draft the viewer may not see, as the events calls answer. */
async function standsEvent(db: Q, eventId: number, viewerId: number | null) {
  const event = await requireEvent(db, eventId);
  if (await draftHiddenFrom(db, eventId, event.status, viewerId)) throw new DomainError('event_not_found');
  return event;
}

export async function standsPage(db: Q, eventId: number, viewerId: number | null, limit: number, offset: number, withUsers: boolean) {
  await standsEvent(db, eventId, viewerId);
  const { docs, count } = await listStands(db, eventId, viewerId, limit, offset);
  const results = docs.map((d) => {
    const stand = toLegacyStand(d, viewerId, COMPANY_USERS_PER_STAND);
    return withUsers ? stand : { ...stand, users: [] };
  });
  return { results, count, offset };
}

export async function standDetail(db: Q, eventId: number, standId: number, viewerId: number | null) {
  await standsEvent(db, eventId, viewerId);
  const doc = await findStand(db, eventId, standId, viewerId);
  if (!doc || doc.deleted) throw new DomainError('not_found');
  return toLegacyStand(doc, viewerId, null);
}

export async function standUsers(db: Q, eventId: number, standId: number, viewerId: number | null, limit: number, offset: number) {
  const stand = await standDetail(db, eventId, standId, viewerId);
  return { results: stand.users.slice(offset, offset + limit), count: stand.users.length, offset };
}
