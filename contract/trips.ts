import { Type, type Static } from '@sinclair/typebox';

/**
 * The trip plan (events.md §3 "Trip plan": transport before, hotel, transport after, a picture): a
 * participant's own plan for an event. The texts are edited with `trip.save`, queued like every
 * edit; the picture is uploaded (POST /api/events/{id}/trip-plan?save=1, field img), which needs the
 * network.
 */

/** Each text of a plan, in characters. */
export const TRIP_TEXT_MAX = 500;

const Text = Type.String({ maxLength: TRIP_TEXT_MAX });

/** The fields the form changed; a field left out keeps its value. */
export const TripSavePayload = Type.Object(
  {
    event_id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
    hotel: Type.Optional(Text),
    transport_before: Type.Optional(Text),
    transport_after: Type.Optional(Text),
  },
  { additionalProperties: false, minProperties: 2 },
);
export type TripSavePayload = Static<typeof TripSavePayload>;

export const TRIP_FIELDS = ['transport_before', 'hotel', 'transport_after'] as const;
export type TripField = (typeof TRIP_FIELDS)[number];

/** The plan as the user's my_events document carries it; `image` is the picture's URL or ''. */
export const OwnTripSchema = Type.Object({
  hotel: Type.String(),
  transport_before: Type.String(),
  transport_after: Type.String(),
  image: Type.String(),
});
export type OwnTrip = Static<typeof OwnTripSchema>;

export const NO_TRIP: OwnTrip = { hotel: '', transport_before: '', transport_after: '', image: '' };

/** Where a plan's picture is served from (only to those who may see the plan). */
export function tripImageUrl(file: string): string {
  return file ? `/api/events/trip-images/${file}` : '';
}
