import { PLACE_NO_TABLE, WHERE_TYPE, daySlots, hasOtherPlace, meetingDays, type MeetingSettings, type Slot } from '../../../contract/appointments.ts';
import { tableWhereText } from '../../../contract/admin-meetings.ts';
import { tableZone } from '../../../contract/appointment-slots.ts';

/**
 * The server's pure pieces of booking: the slot a request names, and where an appointment takes
 * place (the event's settings with their defaults are the event's: events/meeting-settings.ts). The slot statuses themselves are in contract/appointments.ts
 * because devices compute them offline too.
 */

/** The slot of `day` that starts at `timeStart`, or undefined when the grid has none there. */
export function findSlot(settings: MeetingSettings, timezone: string, day: string, timeStart: number): Slot | undefined {
  if (!meetingDays(settings).includes(day)) return undefined;
  return daySlots(settings, timezone, day).find((s) => s.start === timeStart);
}

/** Named places, lowest id first. */
export function placeIds(settings: MeetingSettings): number[] {
  return Object.keys(settings.places)
    .map(Number)
    .sort((a, b) => a - b);
}

export interface Placement {
  where_type: number | null;
  place: number | null;
  table_num: number | null;
  where_text: string;
}

const NOWHERE: Placement = { where_type: null, place: null, table_num: null, where_text: '' };

export type PlacementResult = { ok: Placement } | { error: 'unavailable' | 'invalid_place' };

function atPlace(settings: MeetingSettings, id: number): Placement {
  return { where_type: WHERE_TYPE.place, place: id, table_num: null, where_text: settings.places[String(id)] ?? '' };
}

/**
 * Where an appointment takes place (networking.md §4 submit flow, decided in contract/appointments.ts):
 * - online, or an any-time request without a place: nowhere in particular;
 * - a named place id: there;
 * - PLACE_NO_TABLE: the first named place, or "a place to be agreed" (place 5, no label) when the
 *   event names none;
 * - no place: the lowest free table (the current one when `keepTable` is still free), and when
 *   every table is taken the same as PLACE_NO_TABLE if the event has other places.
 */
export function placeAppointment(input: {
  online: boolean;
  settings: MeetingSettings;
  place: number | null | undefined;
  /** Free tables of the slot, lowest first; null for an any-time request. */
  freeTables: number[] | null;
  keepTable?: number | null;
}): PlacementResult {
  const { settings } = input;
  if (input.online) return { ok: NOWHERE };
  const place = input.place || null;
  if (place !== null && settings.places[String(place)] !== undefined) return { ok: atPlace(settings, place) };
  if (place !== null && place !== PLACE_NO_TABLE) return { error: 'invalid_place' };
  const elsewhere = (): PlacementResult => {
    if (!hasOtherPlace(settings)) return { error: 'unavailable' };
    const first = placeIds(settings)[0];
    return { ok: first === undefined ? { where_type: WHERE_TYPE.place, place: PLACE_NO_TABLE, table_num: null, where_text: '' } : atPlace(settings, first) };
  };
  if (place === PLACE_NO_TABLE) return elsewhere();
  if (input.freeTables === null) return { ok: NOWHERE };
  const table = input.keepTable && input.freeTables.includes(input.keepTable) ? input.keepTable : input.freeTables[0];
  if (table !== undefined)
    return { ok: { where_type: WHERE_TYPE.table, place: null, table_num: table, where_text: tableWhereText(table, tableZone(settings, table)) } };
  return elsewhere();
}
