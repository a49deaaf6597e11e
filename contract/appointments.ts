import { Type, type Static } from '@sinclair/typebox';
import { RevField, defineCollection, type DocOf, LiteralUnion } from './schema.ts';
import { IsoDay, UnixSeconds as UnixSecondsSchema } from './storable.ts';

export * from './appointment-constants.ts';
export * from './appointment-time.ts';
export * from './appointment-slots.ts';
export * from './appointment-status.ts';
import { APPOINTMENT_TEXT_MAX } from './appointment-constants.ts';
import { APPOINTMENT_STATES } from './appointment-status.ts';

/**
 * One-to-one appointments (networking.md §2–9): the rules both the server and the device apply, so
 * a slot or a visitor card shows the same status offline (from local data) as the server will
 * decide when the queued command arrives.
 *
 * Decisions the specs leave open, in one place:
 * - A pending request blocks its slot for both people, like an accepted meeting. Nobody has two open
 *   (pending or accepted) meetings overlapping in time, in any event; no table hosts two open meetings
 *   at once; a pair has at most one open appointment per event. The database enforces all three
 *   (server/db/migrations/003_appointments.sql).
 * - Places: `placeItems` are the event's named places (id -> label). A request's `place` is one of
 *   those ids (meet there), or PLACE_NO_TABLE (5, what the client sends when a slot has no free
 *   table), or absent (a table). Tables are allocated by the server: the lowest free number in the
 *   slot. PLACE_NO_TABLE lands on the event's first named place, or on "a place to be agreed" when
 *   the event names none. An in-person event with no tables at all meets at other places; named
 *   places have no capacity limit. Online events have neither tables nor places.
 * - Editing (create-meeting with meeting_id) moves the meeting back to pending and makes the editor
 *   its requester (from_user_id): the other person confirms the change, as the dashboard's
 *   "updated" notification with its Confirm button expects. An accepted meeting may be edited by
 *   either person before it starts; a pending request by its requester at any time (moving a
 *   request whose time passed unanswered to a new time is the way forward for it).
 * - Reject by the recipient of a pending request is a rejection; any other reject-meeting call (the
 *   requester withdrawing, either person calling off an accepted meeting) is a cancellation and
 *   records who canceled. Neither is possible once the meeting's time has begun.
 * - An any-time request (the quick appointment) has a date and no time; it blocks no slot and
 *   counts as begun when its day has ended in the event's timezone.
 * - Who may ask (networking.md §5, the tickets-required dialog): a valid ticket, ownership of the
 *   event, or a check-in to a free event; the person asked must be a visitor of the event whom the
 *   requester can see in its list. An online meeting also needs the requester's phone.
 */

// ---------------------------------------------------------------------------------------------
// Command payloads (contract/commands.ts lists them)

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const UnixSeconds = UnixSecondsSchema();
const Day = IsoDay();

/**
 * The body of meetings/create-meeting. `time_start` picks a slot of `date` (its end comes from the
 * slot, so time_end is accepted and ignored); any_time true (or no time_start) is an any-time
 * request. With meeting_id it edits that meeting.
 */
export const AppointmentRequestPayload = Type.Object(
  {
    event_id: Id,
    user_id: Id,
    date: Day,
    comment: Type.Optional(Type.String({ maxLength: APPOINTMENT_TEXT_MAX })),
    any_time: Type.Optional(Type.Boolean()),
    time_start: Type.Optional(Type.Union([UnixSeconds, Type.Null()])),
    time_end: Type.Optional(Type.Union([UnixSeconds, Type.Null()])),
    place: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 1_000_000 }), Type.Null()])),
    meeting_id: Type.Optional(Type.Union([Id, Type.Null()])),
  },
  { additionalProperties: false },
);
export type AppointmentRequestPayload = Static<typeof AppointmentRequestPayload>;

export const AppointmentApprovePayload = Type.Object({ meeting_id: Id }, { additionalProperties: false });
export type AppointmentApprovePayload = Static<typeof AppointmentApprovePayload>;

/** Reject (by the recipient of a request) or cancel (anything else); the reason is free text. */
export const AppointmentRejectPayload = Type.Object(
  { meeting_id: Id, reason: Type.String({ maxLength: APPOINTMENT_TEXT_MAX }) },
  { additionalProperties: false },
);
export type AppointmentRejectPayload = Static<typeof AppointmentRejectPayload>;

// ---------------------------------------------------------------------------------------------
// Replicated collection

const Int32 = Type.Integer({ minimum: 0, maximum: 2147483647, multipleOf: 1 });
const Unix = Type.Integer({ minimum: 0, maximum: 1e11, multipleOf: 1 });

/**
 * `appointments`: the signed-in user's own meetings, as requester or recipient, each with the other
 * person's card. User-scoped: the same meeting is a different document for its two people (each
 * sees the other's user_info). Its rev is the greater of the meeting's and the other person's, so a
 * renamed or newly hidden phone re-sends the document. 0 stands for "none" in the numeric fields.
 */
export const AppointmentsCollection = defineCollection({
  name: 'appointments',
  version: 0,
  schema: Type.Object({
    /** The meeting id as a string. */
    id: Type.String(),
    meeting_id: Int32,
    event_id: Int32,
    from_user_id: Int32,
    to_user_id: Int32,
    /** The invitee, as the specs name it (= to_user_id). */
    user_id: Int32,
    /** The other person, for this document's owner. */
    other_user_id: Int32,
    date: Type.String({ maxLength: 10 }),
    /** Unix seconds; 0 for an any-time request. */
    time_start: Unix,
    time_end: Unix,
    any_time: Type.Boolean(),
    comment: Type.String(),
    place: Type.Integer(),
    table_num: Type.Integer(),
    where_type: Type.Integer(),
    where: Type.String(),
    timezone: Type.String(),
    is_online: Type.Boolean(),
    state: LiteralUnion(APPOINTMENT_STATES),
    response_msg: Type.String(),
    canceled_by: Type.Integer(),
    request_date: Unix,
    /** The call frame's address (manage-meeting/join-by-meeting) once accepted, else ''. */
    video_link: Type.String(),
    user_info: Type.Object({
      user_id: Type.Integer(),
      first_name: Type.String(),
      last_name: Type.String(),
      avatar: Type.String(),
      position: Type.String(),
      company: Type.String(),
      /** '' when the person hides it. */
      phone: Type.String(),
    }),
    ...RevField,
  }),
  indexes: ['time_start', ['event_id', 'time_start']],
});
export type AppointmentDoc = DocOf<typeof AppointmentsCollection>;
