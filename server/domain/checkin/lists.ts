import {
  CHECKIN_LISTS_MAX,
  checkCheckinList,
  eventDays,
  type CheckinListFieldName,
  type CheckinListProblem,
  type CheckinListSavePayload,
  type CheckinListsAnswer,
} from '../../../contract/checkin-lists.ts';
import { DomainError, type ErrorCode } from '../../../contract/errors.ts';
import type { Q, Tx } from '../../db/tx.ts';
import { requireOrganiser } from '../organisers/service.ts';
import type { Effect } from '../effects.ts';
import { requireEvent } from '../events/service.ts';
import { doorRole, doorUserIds } from './repository.ts';
import { countLists, eventLists, insertList, listableTypes, listCounts, markListDeleted, updateList } from './lists-repository.ts';

/**
 * Check-in lists on the server (contract/checkin-lists.ts): the organiser's commands, the lists
 * with their counts as the door and the admin screen read them, and which admission repeats which
 * on each list. Door devices hold the lists in their event's door document, read after every sync;
 * a change to a list hints their door tickets, so they sync and read the lists again.
 */

const PROBLEM_CODES: Record<CheckinListProblem, ErrorCode> = {
  required: 'checkin_list_name',
  too_long: 'checkin_list_name',
  unknown_type: 'checkin_list_unknown_type',
  outside_event: 'checkin_list_day',
};
const FIELDS: CheckinListFieldName[] = ['name', 'type_ids', 'day'];

async function doorsEffect(trx: Tx, eventId: number, ids: string[]): Promise<Effect> {
  return { ids, collections: ['door_tickets'], userIds: await doorUserIds(trx, eventId), eventIds: [eventId] };
}

export async function saveCheckinList(trx: Tx, userId: number, p: CheckinListSavePayload): Promise<Effect> {
  await requireOrganiser(trx, p.event_id, userId);
  const event = await requireEvent(trx, p.event_id);
  const types = (await listableTypes(trx, p.event_id)).map((t) => t.id);
  const days = eventDays(event.starts_at.getTime(), event.ends_at.getTime(), event.timezone);
  const problems = checkCheckinList(p.fields, types, days);
  for (const field of FIELDS) {
    const problem = problems[field];
    if (problem) throw new DomainError(PROBLEM_CODES[problem], field);
  }
  const values = { name: p.fields.name.trim(), type_ids: [...new Set(p.fields.type_ids)].sort((a, b) => a - b), day: p.fields.day, reentry: p.fields.reentry };
  let listId = p.list_id;
  if (listId === undefined) {
    if ((await countLists(trx, p.event_id)) >= CHECKIN_LISTS_MAX) throw new DomainError('checkin_list_too_many');
    listId = await insertList(trx, p.event_id, values);
  } else if (!(await updateList(trx, p.event_id, listId, values))) {
    throw new DomainError('checkin_list_not_found', 'list_id');
  }
  return doorsEffect(trx, p.event_id, [`checkin-list-${listId}`]);
}

/** Marks the list deleted: doors that still work it upload their scans, which keep its id. */
export async function deleteCheckinList(trx: Tx, userId: number, eventId: number, listId: number): Promise<Effect> {
  await requireOrganiser(trx, eventId, userId);
  if (!(await markListDeleted(trx, eventId, listId))) throw new DomainError('checkin_list_not_found', 'list_id');
  return doorsEffect(trx, eventId, [`checkin-list-${listId}`]);
}

/**
 * GET /api/checkin/lists: what the door keeps offline and the organiser's screen shows, so for
 * the event's doors (owners and staff) and its organisers.
 */
export async function checkinListsOf(db: Q, eventId: number, userId: number): Promise<CheckinListsAnswer> {
  const event = await requireEvent(db, eventId);
  if (!(await doorRole(db, eventId, userId))) await requireOrganiser(db, eventId, userId);
  const [lists, counts, types] = await Promise.all([eventLists(db, eventId), listCounts(db, eventId), listableTypes(db, eventId)]);
  return {
    lists: lists.map((l) => ({ ...l, ...(counts.get(l.id) ?? { inside: 0, allowed: 0 }) })),
    timezone: event.timezone,
    days: eventDays(event.starts_at.getTime(), event.ends_at.getTime(), event.timezone),
    types,
  };
}
