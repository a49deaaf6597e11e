import { Type, type Static } from '@sinclair/typebox';

/**
 * The personal calendar (issue 16): the user's meetings, the events they take part in and the
 * speeches they starred on the live stage, on a page and as a feed calendar apps subscribe to.
 */

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

/** Stars or unstars a speech of the event: the wanted value, so a replay lands on the same state. */
export const SpeechStarPayload = Type.Object({ event_id: Id, speech_id: Id, starred: Type.Boolean() }, { additionalProperties: false });
export type SpeechStarPayload = Static<typeof SpeechStarPayload>;

/**
 * The feed's secret: 32 random bytes in base64url, made on the device (the address works offline
 * to show and to copy; calendar apps reach it once the command has reached the server). The server
 * keeps only its SHA-256.
 */
export const CALENDAR_TOKEN_PATTERN = '^[A-Za-z0-9_-]{43}$';

/** Sets the user's feed address (replacing the one they had), or with null revokes it. */
export const CalendarFeedPayload = Type.Object(
  { token: Type.Union([Type.String({ pattern: CALENDAR_TOKEN_PATTERN, maxLength: 43 }), Type.Null()]) },
  { additionalProperties: false },
);
export type CalendarFeedPayload = Static<typeof CalendarFeedPayload>;

/**
 * Where calendar apps fetch the feed. The secret is a query parameter named `token`, which the
 * server's request log redacts like every credential (server/plugins/log.ts).
 */
export const CALENDAR_FEED_PATH = '/calendar/feed.ics';

export function calendarFeedPath(token: string): string {
  return `${CALENDAR_FEED_PATH}?token=${token}`;
}

/** The feed keeps meetings and speeches this far back; older ones drop out of subscribed calendars. */
export const CALENDAR_PAST_DAYS = 60;

/**
 * How the device and the server name one address without the device learning anybody's hash of
 * anything it does not hold: the first 16 hex digits of the token's SHA-256.
 */
export const CALENDAR_KEY_HEX = 16;
