import { Type, type Static } from '@sinclair/typebox';
import { LiteralUnion } from './schema.ts';

/**
 * The waitlist of sold-out ticket types (issue 30; pretix's waiting list, Hi.Events' waitlist). A
 * signed-in person joins the line of a type that is sold out; when a place frees up, the next in
 * line gets an offer that holds the place for the organiser's hours; they buy it through the
 * ordinary checkout with the offer's key. Joining and leaving are commands (queued offline); the
 * person's entries ride in their `tickets` collection as documents of kind `waitlist`.
 */

export const WAITLIST_STATES = ['waiting', 'offered', 'expired', 'bought', 'left', 'removed'] as const;
export type WaitlistState = (typeof WAITLIST_STATES)[number];
/** The states that keep a person in a type's line (one such entry per person and type). */
export const OPEN_WAITLIST_STATES: readonly WaitlistState[] = ['waiting', 'offered'];

export const WAITLIST_LIMITS = {
  /** How long an offer holds its place, in hours: from one hour to a month. */
  minOfferHours: 1,
  maxOfferHours: 720,
  defaultOfferHours: 24,
} as const;

/** The key of an offer as the checkout sends it; anything but an open offer of the buyer is refused on the field `offer`. */
export const OfferKey = Type.String({ maxLength: 128 });

const EventId = Type.Integer({ minimum: 1 });
/** A person joins or leaves the line of one type; a replay lands on the same state. */
export const WaitlistJoinPayload = Type.Object({ event_id: EventId, type_id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
export const WaitlistLeavePayload = WaitlistJoinPayload;
/** The organiser offers the place to one entry by hand, or removes it from the line. */
export const WaitlistEntryPayload = Type.Object({ event_id: EventId, entry_id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
/** The organiser's setting: how many hours an offer holds its place. */
export const WaitlistSettingsPayload = Type.Object(
  { event_id: EventId, offer_hours: Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 }) },
  { additionalProperties: false },
);

/** The entry as its person's document carries it (tickets collection, kind `waitlist`). */
export const WaitlistPart = Type.Object({
  entry_id: Type.Integer({ minimum: 0 }),
  type_id: Type.Integer({ minimum: 0 }),
  state: LiteralUnion(WAITLIST_STATES),
  /** The place in the type's line while waiting (1 is next), else 0. */
  place: Type.Integer({ minimum: 0 }),
  /** While offered: the key the checkout sends, and until when (unix seconds). */
  offer_key: Type.String(),
  offer_expires: Type.Integer({ minimum: 0 }),
  /** When the place was last offered (unix seconds), kept after the offer ends; 0 never offered. */
  offered_at: Type.Integer({ minimum: 0 }),
});
export type WaitlistPart = Static<typeof WaitlistPart>;
export const NO_WAITLIST: WaitlistPart = { entry_id: 0, type_id: 0, state: 'left', place: 0, offer_key: '', offer_expires: 0, offered_at: 0 };

/** The document id of an entry in the tickets collection. */
export const waitlistDocId = (entryId: number) => `waitlist-${entryId}`;

/** One entry as the organiser's line shows it (GET /api/events/:id/waitlist, read online). */
export interface WaitlistAdminEntry {
  id: number;
  type_id: number;
  state: WaitlistState;
  /** Place in the line while waiting, else 0. */
  place: number;
  name: string;
  email: string;
  joined_at: number;
  offer_expires: number;
}
export interface WaitlistAdminView {
  offer_hours: number;
  entries: WaitlistAdminEntry[];
}

export function checkOfferHours(hours: number): 'out_of_range' | null {
  return Number.isInteger(hours) && hours >= WAITLIST_LIMITS.minOfferHours && hours <= WAITLIST_LIMITS.maxOfferHours ? null : 'out_of_range';
}

/** The refusals of the waitlist, each on its field. */
export const WAITLIST_ERROR_CODES = {
  // The type still has places: buy it instead.
  waitlist_not_sold_out: { legacyStatus: 409 },
  waitlist_entry_not_found: { legacyStatus: 404 },
  // The entry is no longer waiting (offered, bought, left) or the offer is no longer open.
  waitlist_entry_state: { legacyStatus: 409 },
  // The offer's key is unknown, not the buyer's, expired or used (field `offer`).
  waitlist_offer_invalid: { legacyStatus: 403 },
  // The offer hours are out of range (field `offer_hours`).
  waitlist_offer_hours: { legacyStatus: 400 },
  // Nothing is free to offer by hand.
  waitlist_no_place: { legacyStatus: 409 },
} as const;
