/* Appointment constants (networking.md §9, events.md §9). contract/appointments.ts re-exports them. */

export const SLOT_STATUS = { available: 1, mine: 2, theirs: 3, both: 4, disabled: 5 } as const;
export type SlotStatus = (typeof SLOT_STATUS)[keyof typeof SLOT_STATUS];

/** The request's place when the slot has no free table (networking.md §4 submit flow). */
export const PLACE_NO_TABLE = 5;
export const WHERE_TYPE = { table: 1, place: 2 } as const;
/** Stored response codes: null pending, 1 accepted, 3 rejected or canceled. */
export const RESPONSE = { accepted: 1, closed: 3 } as const;

export const APPOINTMENT_DEFAULT_SLOT_MINUTES = 15;

/** A meeting's end in unix seconds: its own, or its planned length after the start. */
export function meetingEnd(timeStart: number, timeEnd: number): number {
  return timeEnd > timeStart ? timeEnd : timeStart + APPOINTMENT_DEFAULT_SLOT_MINUTES * 60;
}
export const MY_APPOINTMENTS_PAGE_SIZE = 10;
export const MY_APPOINTMENT_EVENTS_PAGE_SIZE = 10;
/** The visitor card shows this many characters of a request message before "see more". */
export const REQUEST_MESSAGE_PREVIEW_CHARS = 300;
/** Server bound on comments and rejection reasons; the specs set none, the database needs one. */
export const APPOINTMENT_TEXT_MAX = 2000;
export const APPOINTMENT_EXTEND_MINUTES = [5, 10, 15] as const;
/** Agenda of a 15-minute call: view the other person, view yourself, the topic, summary. */
export const APPOINTMENT_AGENDA_MINUTES = [3, 3, 6, 3] as const;
/** People one invite call may add to a meeting's video call. */
export const APPOINTMENT_INVITES_MAX = 20;

/** The my-appointments role filter (networking.md §2): 1 is all. */
export const MEETING_ROLE_FILTER: Record<number, string | null> = {
  1: null,
  2: 'visitor',
  3: 'organizer',
  4: 'speaker',
  5: 'sponsor',
  6: 'volunteer',
};
