import {
  checkCategories,
  checkMeetingSettings,
  meetingsOutside,
  nextPlaceId,
  totalTables,
  type CategoriesSetPayload,
  type MeetingsSetPayload,
} from '../../../contract/admin-meetings.ts';
import { eventDates } from '../../../contract/admin-schedule.ts';
import { DomainError } from '../../../contract/errors.ts';
import type { Tx } from '../../db/tx.ts';
import { recountEvent } from '../appointments/repository.ts';
import { withJobs, type Effect } from '../effects.ts';
import { noticeJobs } from '../notices/jobs.ts';
import {
  cancelForOrganisers,
  eventMenu,
  openMeetings,
  dropCategories,
  storedMeetingSettings,
  writeEventMenu,
  writeMeetingSettings,
} from './meetings-repository.ts';
import { requireOrganiser } from '../organisers/service.ts';

/**
 * The organisers' meeting settings (issue 14, slice 4): days and hours, slot length, tables and
 * places, and the visitor categories of the event's menu. Every device computes the slot grid from
 * the event document, which carries the settings, so a change reaches every device's booking
 * screens through the feed; the legacy get-meeting-data reads the same row.
 *
 * A change never drops booked meetings silently. The organisers' form shows the meetings it would
 * leave outside (contract/admin-meetings.ts meetingsOutside, on the device's copy of the booked
 * meetings) and the organiser chooses: keep them as booked, or cancel them, which tells both
 * people in the app and by email. The server checks again in the same transaction that writes:
 * a meeting booked since the form looked makes a `refuse` fail with `meetings_outside`, and the
 * organiser is asked again.
 */

/** Both people's devices and the event (its counters) hear of it; the outside meetings' people too. */
function meetingEffect(eventId: number, userIds: number[], withAppointments: boolean): Effect {
  return {
    ids: [String(eventId)],
    collections: withAppointments ? ['events', 'appointments', 'my_events'] : ['events', 'my_events'],
    userIds: [...new Set(userIds)],
    eventIds: [eventId],
  };
}

export async function setMeetingSettings(trx: Tx, userId: number, p: MeetingsSetPayload, now = new Date()): Promise<{ effect: Effect; cancelled: number[] }> {
  const event = await requireOrganiser(trx, p.event_id, userId);
  const s = {
    ...p.settings,
    places: p.settings.places.map((x) => ({ ...x, label: x.label.trim() })),
  };
  const problems = checkMeetingSettings(s, eventDates(event.fields.starts_at, event.fields.ends_at, event.fields.timezone));
  const field = (['slot_minutes', 'tables', 'windows', 'places'] as const).find((k) => problems[k]);
  if (field) throw new DomainError('invalid_input', field);

  // Places keep their ids (booked meetings point at them); new ones get fresh ids, never PLACE_NO_TABLE.
  const stored = await storedMeetingSettings(trx, p.event_id);
  const known = new Set(Object.keys(stored?.places ?? {}).map(Number));
  for (const x of s.places) if (x.id !== undefined && !known.has(x.id)) throw new DomainError('invalid_input', 'places');
  const ids = s.places.map((x) => x.id).filter((id): id is number => id !== undefined);
  if (new Set(ids).size !== ids.length) throw new DomainError('invalid_input', 'places');
  const taken = new Set([...known, ...ids]);
  // A place sent without its id but named like a stored one that no other row claims is that place.
  const byLabel = new Map(Object.entries(stored?.places ?? {}).map(([id, label]) => [label.trim().toLowerCase(), Number(id)]));
  const claimed = new Set(ids);
  const places = s.places.map((x) => {
    if (x.id !== undefined) return { ...x, id: x.id };
    const same = byLabel.get(x.label.toLowerCase());
    if (same !== undefined && !claimed.has(same)) {
      claimed.add(same);
      return { ...x, id: same };
    }
    const id = nextPlaceId(taken);
    taken.add(id);
    return { ...x, id };
  });

  const booked = await openMeetings(trx, p.event_id, true);
  const outside = meetingsOutside({ windows: s.windows, tables: s.tables, places }, event.fields.timezone, booked);
  if (outside.length > 0 && p.outside === 'refuse') throw new DomainError('meetings_outside', String(outside.length));

  await writeMeetingSettings(trx, p.event_id, {
    slot_minutes: s.slot_minutes,
    tables_count: totalTables({ tables: s.tables, places }),
    places: Object.fromEntries(places.map((x) => [String(x.id), x.label])),
    place_tables: Object.fromEntries(places.filter((x) => x.tables > 0).map((x) => [String(x.id), x.tables])),
    allowed_times: [...s.windows].sort((a, b) => (a.day + a.from < b.day + b.from ? -1 : 1)),
  });

  const cancelled: number[] = [];
  const people: number[] = [userId];
  if (outside.length > 0 && p.outside === 'cancel') {
    const gone = new Set(outside.map((o) => o.id));
    const rows = booked.filter((m) => gone.has(m.id));
    await cancelForOrganisers(trx, [...gone], userId, 'The organisers changed the meeting hours or places.', now);
    await recountEvent(trx, p.event_id);
    for (const m of rows) {
      people.push(m.from_user_id, m.to_user_id);
      cancelled.push(m.id);
    }
  }
  // Both people of each meeting the organisers cancelled are told, in their own language.
  const mails = cancelled.flatMap((appointmentId) => noticeJobs({ kind: 'organiserCancel', appointmentId, actorId: userId }));
  return { effect: withJobs(meetingEffect(p.event_id, people, cancelled.length > 0), ...mails), cancelled };
}

/**
 * The event's visitor categories (the specs' menu), the visitors filter's list. A category keeps
 * its id, so visitors keep it through a rename (devices name a category from the event document);
 * one that is removed is taken from its visitors.
 */
export async function setCategories(trx: Tx, userId: number, p: CategoriesSetPayload): Promise<Effect> {
  await requireOrganiser(trx, p.event_id, userId);
  const list = p.categories.map((c) => ({ ...c, name: c.name.trim() }));
  if (checkCategories(list)) throw new DomainError('invalid_input', 'categories');
  const before = await eventMenu(trx, p.event_id);
  const known = new Map(before.map((m) => [m.id, m.name]));
  const ids = list.map((c) => c.id).filter((id): id is number => id !== undefined);
  if (ids.some((id) => !known.has(id)) || new Set(ids).size !== ids.length) throw new DomainError('invalid_input', 'categories');
  let next = Math.max(0, ...known.keys()) + 1;
  const menu = list.map((c) => ({ id: c.id ?? next++, name: c.name }));
  const kept = new Set(menu.map((m) => m.id));
  const removed = before.filter((m) => !kept.has(m.id)).map((m) => m.id);
  await writeEventMenu(trx, p.event_id, menu);
  await dropCategories(trx, p.event_id, removed);
  return { ...meetingEffect(p.event_id, [userId], false), collections: removed.length ? ['events', 'my_events', 'visitors'] : ['events', 'my_events'] };
}
