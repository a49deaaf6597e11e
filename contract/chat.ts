import { Type, type Static } from '@sinclair/typebox';
import { RevField, defineCollection, type DocOf } from './schema.ts';

/**
 * Event chat (events.md §4–7) and private messages (networking.md §2–7).
 *
 * Three replicated collections live here, not yet listed in COLLECTIONS (entities.ts):
 *
 * - `comments`, scoped by event_id: the recent window of one event's chat (the newest
 *   COMMENTS_WINDOW comments) plus tombstones of deleted comments; older pages come from the legacy
 *   call events/get-chat-messages. Pulled only by people who may read that chat (see CHAT RULES).
 *   The checkpoint belongs to (collection, event). A document's rev is the greatest rev of the
 *   comment, its author and the author's block row, so a renamed author or a block re-sends it.
 *   `my_like_type` and `client_id` are the puller's own; a like changes the comment's counts and
 *   so its rev, which re-sends it to everybody.
 * - `dialogs`, user-scoped: one document per conversation partner, id = the partner's user id, so a
 *   device can show a dialog it is about to create offline. The flags are the viewer's side.
 * - `messages`, user-scoped: the messages of the viewer's dialogs, each once, in id order.
 *
 * CHAT RULES (decided where the specs are silent):
 * - Reading and posting need a session and access to the event: a valid ticket, ownership or
 *   moderation (user_events.is_owner / is_moderator), or a check-in to a free event (which sells no
 *   tickets) — the people the live page lets in (events.md §4 "Live gating", §6).
 * - A blocked user still reads the chat but cannot post, like or dislike (chat_blocked, "You are not
 *   allowed to send comments"); removing their own like and their own comments stays possible.
 *   The rule is checked when the server applies the action, so a comment queued offline before
 *   the block and replayed after it is refused too.
 * - Owners and moderators of THAT event delete any comment and block or unblock others with a
 *   reason; never themselves, and never another owner or moderator (chat_block_not_allowed).
 *   Authors may delete their own comments: people expect to take back what they wrote.
 * - Nobody likes their own comment (events.md §5: "never on one's own card"). A like is set, not
 *   toggled: comment.like carries the wanted type, so a replay lands on the same state.
 * - Text is stored as the user wrote it, trimmed of surrounding whitespace; a text that is empty
 *   after trimming is never stored. Nothing is HTML-escaped or stripped: clients render text as
 *   text. A NUL character cannot be stored and is refused as invalid input.
 * - Comments are listed in the order the server received them (id); `date` is that receipt time.
 *   The device's time of writing is recorded but never reorders a live chat.
 *
 * MESSAGE RULES:
 * - Two people may write to each other once a meeting between them has been approved
 *   (appointments.response = 1, any event), or when a dialog between them already exists (it was
 *   opened under an approved meeting, and networking.md §4 offers "send message" on a canceled
 *   meeting). Otherwise meeting_required.
 * - The first message creates the dialog; a new message reopens it for a side that closed it.
 *   Closing hides the dialog from that side's list; muting keeps delivery but tells clients not to
 *   notify; starring marks it. Opening a dialog (its first page) marks the messages to the viewer
 *   read.
 */

export const COMMENTS_WINDOW = 200;
export const COMMENT_MAX_LENGTH = 2000;
export const MESSAGE_MAX_LENGTH = 4000;
export const BLOCK_REASON_MAX_LENGTH = 500;
export const LIKE_TYPES = { like: 1, dislike: 2 } as const;
export type LikeType = 1 | 2;

/** Pictures attached to comments: checked by their bytes, re-encoded, and served as images only. */
export const CHAT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** A decoded picture larger than this many pixels is refused before it can exhaust memory. */
export const CHAT_IMAGE_MAX_PIXELS = 40_000_000;
/** Re-encoded pictures fit inside this many pixels on their longer side. */
export const CHAT_IMAGE_MAX_SIDE_PX = 1600;
/** Generated names of stored uploads: 128 random bits and the format the server wrote. */
export const UPLOAD_NAME_PATTERN = '^[a-f0-9]{32}\\.(png|jpg|webp)$';
export const CHAT_IMAGE_URL_PREFIX = '/files/uploads/chat/';

/** Per user and event (comments) or per user (messages), over CHAT_RATE_WINDOW_MS, on every path. */
export const COMMENTS_PER_WINDOW = 30;
export const MESSAGES_PER_WINDOW = 60;
export const CHAT_RATE_WINDOW_MS = 60_000;

const Int = (max: number) => Type.Integer({ minimum: 0, maximum: max, multipleOf: 1 });
const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

export const CommentsCollection = defineCollection({
  name: 'comments',
  version: 0,
  schema: Type.Object({
    /** The comment id as a string. */
    id: Type.String(),
    comment_id: Int(2147483647),
    event_id: Int(2147483647),
    user_id: Int(2147483647),
    first_name: Type.String(),
    last_name: Type.String(),
    /** Always a URL: the uploaded picture or the drawn /files/avatars/{id}.svg. */
    avatar: Type.String(),
    /** Plain text; render it as text, never as markup. '' on a tombstone. */
    comment: Type.String(),
    /** URL of the attached picture under CHAT_IMAGE_URL_PREFIX, or ''. */
    image: Type.String(),
    /** Unix seconds when the server received it. */
    date: Int(1e11),
    likes_count: Int(2147483647),
    dislikes_count: Int(2147483647),
    /** The puller's own vote: 0 none, 1 like, 2 dislike. */
    my_like_type: Int(2),
    /** The author is blocked in this event's chat. */
    is_blocked_in_chat: Type.Boolean(),
    /** The outbox command id that created it, on the author's own comments only; '' otherwise. */
    client_id: Type.String(),
    ...RevField,
  }),
  indexes: ['event_id', ['event_id', 'comment_id']],
});
export type CommentDoc = DocOf<typeof CommentsCollection>;

export const DialogsCollection = defineCollection({
  name: 'dialogs',
  version: 0,
  schema: Type.Object({
    /** The conversation partner's user id as a string. */
    id: Type.String(),
    dialog_id: Int(2147483647),
    /** The partner. */
    user_id: Int(2147483647),
    first_name: Type.String(),
    last_name: Type.String(),
    fullname: Type.String(),
    avatar: Type.String(),
    /** The partner's city name, or ''. */
    locality: Type.String(),
    last_message: Type.String(),
    last_message_sender_id: Int(2147483647),
    /** Unix seconds; 0 before the first message. */
    last_message_at: Int(1e11),
    /** Messages from the partner the viewer has not read. */
    unread_count: Int(2147483647),
    muted: Type.Boolean(),
    starred: Type.Boolean(),
    closed: Type.Boolean(),
    ...RevField,
  }),
  indexes: ['last_message_at'],
});
export type DialogDoc = DocOf<typeof DialogsCollection>;

export const MessagesCollection = defineCollection({
  name: 'messages',
  version: 0,
  schema: Type.Object({
    /** The message id as a string. */
    id: Type.String(),
    /** Server order within a dialog: the order messages were received. */
    message_id: Int(2147483647),
    dialog_id: Int(2147483647),
    /** The viewer's conversation partner: the dialogs document this message belongs to. */
    peer_id: Int(2147483647),
    sender_id: Int(2147483647),
    /** Plain text; render it as text, never as markup. */
    text: Type.String(),
    /** Unix seconds when the server received it. */
    created_at: Int(1e11),
    /** The recipient has read it. */
    read: Type.Boolean(),
    /** The outbox command id that created it, on the viewer's own messages only; '' otherwise. */
    client_id: Type.String(),
    ...RevField,
  }),
  indexes: [['peer_id', 'message_id']],
});
export type MessageDoc = DocOf<typeof MessagesCollection>;

// Command payloads --------------------------------------------------------------------------------

export const CommentAddPayload = Type.Object(
  {
    event_id: Id,
    comment: Type.String({ maxLength: COMMENT_MAX_LENGTH }),
    /**
     * The name a prior POST /api/events/upload-chat-image answered with. The upload must be the
     * actor's, made for this event, and not attached to another comment.
     */
    image: Type.Optional(Type.String({ pattern: UPLOAD_NAME_PATTERN })),
  },
  { additionalProperties: false },
);
export type CommentAddPayload = Static<typeof CommentAddPayload>;

export const LikeTypeSchema = Type.Union([Type.Literal(1), Type.Literal(2)]);
export const CommentLikePayload = Type.Object({ comment_id: Id, like_type: LikeTypeSchema }, { additionalProperties: false });
export type CommentLikePayload = Static<typeof CommentLikePayload>;
export const CommentRefPayload = Type.Object({ comment_id: Id }, { additionalProperties: false });
export type CommentRefPayload = Static<typeof CommentRefPayload>;

export const ChatBlockPayload = Type.Object(
  { event_id: Id, user_id: Id, reason: Type.String({ maxLength: BLOCK_REASON_MAX_LENGTH }) },
  { additionalProperties: false },
);
export type ChatBlockPayload = Static<typeof ChatBlockPayload>;
export const ChatUnblockPayload = Type.Object({ event_id: Id, user_id: Id }, { additionalProperties: false });
export type ChatUnblockPayload = Static<typeof ChatUnblockPayload>;

export const MessageSendPayload = Type.Object({ recipient_id: Id, text: Type.String({ maxLength: MESSAGE_MAX_LENGTH }) }, { additionalProperties: false });
export type MessageSendPayload = Static<typeof MessageSendPayload>;

/** Marks the messages from this partner read. */
export const DialogReadPayload = Type.Object({ user_id: Id }, { additionalProperties: false });
export type DialogReadPayload = Static<typeof DialogReadPayload>;

/** Sets (not toggles) the viewer's flags on the dialog with this partner; absent flags stay. */
export const DialogUpdatePayload = Type.Object(
  { user_id: Id, muted: Type.Optional(Type.Boolean()), starred: Type.Optional(Type.Boolean()), closed: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type DialogUpdatePayload = Static<typeof DialogUpdatePayload>;

/** Where a stored chat picture is served. */
export function chatImageUrl(name: string): string {
  return name ? `${CHAT_IMAGE_URL_PREFIX}${name}` : '';
}
