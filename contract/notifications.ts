import { Type, type Static } from '@sinclair/typebox';

/**
 * Notifications (events.md §4 "Dashboard notifications", issue 16): the history of what the
 * dashboard raised. The server records what other people did to the user at an event (a request,
 * its change, an approval, a rejection or cancellation, comments on an event the user organises,
 * votes on the user's comment) and sends each person's notices inside their `my_events` document
 * of that event (docs/DESIGN.md "Notifications on the device"). The device adds what it knows by
 * itself: "very soon" from its meetings and new private messages from its dialogs.
 */

/** What the server records. */
export const SERVER_NOTICE_KINDS = ['invited', 'updated', 'approved', 'rejected', 'canceled', 'comment', 'vote'] as const;
export type ServerNoticeKind = (typeof SERVER_NOTICE_KINDS)[number];

/** The newest notices of one event a my_events document carries; older ones stay on the server only. */
export const NOTICES_PER_EVENT = 50;
/** A notice quotes at most this much of a comment or a request's message. */
export const NOTICE_TEXT_MAX = 160;
/** One notification.read marks at most this many; the device sends more in several commands. */
export const NOTICE_READ_BATCH = 100;

const Int = (max: number) => Type.Integer({ minimum: 0, maximum: max, multipleOf: 1 });

export const NoticeSchema = Type.Object({
  id: Int(2147483647),
  kind: Type.String(),
  /** Unix seconds of the latest occurrence. */
  at: Int(1e11),
  read: Type.Boolean(),
  /** How many comments or votes a gathered notice stands for; 1 otherwise. */
  count: Int(2147483647),
  /** Who did it (the latest of a gathered notice); user_id 0 and empty names for a removed account. */
  actor: Type.Object({ user_id: Int(2147483647), first_name: Type.String(), last_name: Type.String(), avatar: Type.String() }),
  /** The appointment of invited, updated, approved, rejected and canceled; 0 otherwise. */
  meeting_id: Int(2147483647),
  /** The (latest) comment of comment and vote; 0 otherwise. */
  comment_id: Int(2147483647),
  /** A request's message, a rejection's reason, or the start of the comment; at most NOTICE_TEXT_MAX. */
  text: Type.String(),
});
export type Notice = Static<typeof NoticeSchema>;

/** Marks the user's own notices read (unknown ids and other people's are ignored), so every device sees it. */
export const NotificationReadPayload = Type.Object(
  { ids: Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }), { minItems: 1, maxItems: NOTICE_READ_BATCH }) },
  { additionalProperties: false },
);
export type NotificationReadPayload = Static<typeof NotificationReadPayload>;

/** A quote of a text for a notice: whitespace folded, cut with an ellipsis. */
export function noticeText(text: string): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  // Counted in code points, so an emoji is never cut in half.
  return chars.length <= NOTICE_TEXT_MAX ? chars.join('') : `${chars.slice(0, NOTICE_TEXT_MAX - 1).join('')}…`;
}
