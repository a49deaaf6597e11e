import { SLOT_STATUS, hasOtherPlace, slotState, type BusyMeeting, type SlotStatus } from '../../../contract/appointments.ts';
import { holdsSlot, type AppointmentView } from './overlay.ts';

/**
 * The slot picker's statuses (networking.md §3: 1 available, 2 mine, 3 theirs, 4 both, 5
 * disabled), computed on the device so the appointment modal works offline, and merged with the
 * server's last answer of meetings/get-meeting-data when there is one.
 *
 * What the device knows by itself: the user's own meetings in every event (the `appointments`
 * collection, with queued commands applied), which include every meeting with the other person
 * that concerns the user. What only the server knows: the other person's meetings with third
 * parties and the tables other people took. Those come from the cached answer for this person
 * and day; without one the slot is shown as free, and the whole picker says "provisional" until
 * a fresh answer arrives with nothing of the user's still queued.
 */

/** One slot of a get-meeting-data answer (server/domain/appointments/service.ts SlotView). */
export interface ServerSlot {
  start: number;
  end: number;
  status: number;
  exist_tables: boolean;
  exist_other_place: boolean;
  meeting_id?: number;
}

/** The event's slot grid, from get-meeting-data answers; the same for every person asked about. */
export interface MeetingGrid {
  fetchedAt: number;
  dates: string[];
  timezone: string;
  placeItems: Record<string, string>;
  slot_minutes: number;
  tables_count: number;
  /** day -> the slots of that day (unix seconds), as the server last listed them. */
  days: Record<string, { start: number; end: number }[]>;
}

/** The statuses the server gave for one (event, person, day). */
export interface CachedDaySlots {
  fetchedAt: number;
  times: ServerSlot[];
}

export interface SlotView {
  start: number;
  end: number;
  status: SlotStatus;
  exist_tables: boolean;
  exist_other_place: boolean;
  /** The user's own appointment in this slot (statuses 2 and 4), when the device has it. */
  mine: AppointmentView | null;
}

export interface MergeInput {
  grid: readonly { start: number; end: number }[];
  /** The server's statuses for this person and day, or null when the device never got them. */
  server: readonly ServerSlot[] | null;
  /** The user's appointments with queued commands applied, every event. */
  own: readonly AppointmentView[];
  viewerId: number;
  otherId: number;
  eventId: number;
  /** An online event: no tables, no places. */
  online: boolean;
  tablesCount: number;
  places: Record<string, string>;
  /** The appointment being edited does not compete with itself. */
  excludeMeetingId?: number;
  nowSeconds: number;
}

const BUSY_STATUSES: ReadonlySet<number> = new Set([SLOT_STATUS.mine, SLOT_STATUS.both]);
const THEIRS_STATUSES: ReadonlySet<number> = new Set([SLOT_STATUS.theirs, SLOT_STATUS.both]);

function busyOf(views: readonly AppointmentView[]): { busy: BusyMeeting[]; byId: Map<number, AppointmentView> } {
  let localId = -1;
  const byId = new Map<number, AppointmentView>();
  const busy = views.filter(holdsSlot).map((v) => {
    // A local request has no id yet; a negative one cannot collide with a server id.
    const id = v.meeting_id || localId--;
    byId.set(id, v);
    return {
      id,
      event_id: v.event_id,
      from_user_id: v.from_user_id,
      to_user_id: v.to_user_id,
      start: v.time_start,
      end: v.time_end || v.time_start + 1,
      table_num: v.table_num || null,
    };
  });
  return { busy, byId };
}

export function mergeSlots(input: MergeInput): SlotView[] {
  const { busy, byId } = busyOf(input.own);
  const ownIds = new Set(input.own.map((v) => v.meeting_id).filter((id) => id > 0));
  const serverByStart = new Map((input.server ?? []).map((s) => [s.start, s]));
  const settings = { tables_count: input.tablesCount, places: input.places };
  const otherPlace = !input.online && hasOtherPlace(settings);
  return input.grid.map((slot) => {
    const local = slotState(slot, {
      eventId: input.eventId,
      viewerId: input.viewerId,
      otherId: input.otherId,
      now: input.nowSeconds,
      online: input.online,
      settings,
      meetings: busy,
      excludeMeetingId: input.excludeMeetingId,
    });
    const server = serverByStart.get(slot.start);
    // The device's own meetings are newer than any answer (a cancel made offline frees the slot);
    // a meeting of the user's that the server knows and the device has not pulled yet still counts.
    const serverOnlyMine = Boolean(
      server && BUSY_STATUSES.has(server.status) && server.meeting_id && !ownIds.has(server.meeting_id) && server.meeting_id !== input.excludeMeetingId,
    );
    const mine = local.mine !== null || serverOnlyMine;
    const theirs = local.status === SLOT_STATUS.theirs || local.status === SLOT_STATUS.both || Boolean(server && THEIRS_STATUSES.has(server.status));
    // Tables other people took are known only to the server.
    const existTables = input.online ? false : server ? server.exist_tables : local.exist_tables;
    let status: SlotStatus;
    if (slot.start <= input.nowSeconds) status = SLOT_STATUS.disabled;
    else if (mine && theirs) status = SLOT_STATUS.both;
    else if (mine) status = SLOT_STATUS.mine;
    else if (theirs) status = SLOT_STATUS.theirs;
    else if (!input.online && !existTables && !otherPlace) status = SLOT_STATUS.disabled;
    else status = SLOT_STATUS.available;
    return {
      start: slot.start,
      end: slot.end,
      status,
      exist_tables: existTables,
      exist_other_place: otherPlace,
      mine: local.mine ? (byId.get(local.mine.id) ?? null) : null,
    };
  });
}
