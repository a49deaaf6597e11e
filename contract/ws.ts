import { Type, type Static } from '@sinclair/typebox';
import { BLOCK_REASON_MAX_LENGTH, COMMENT_MAX_LENGTH, MESSAGE_MAX_LENGTH } from './chat.ts';
import type { ErrorCode } from './errors.ts';

/**
 * The websocket protocol of the specs (events.md §7, networking.md §7): `/wss/notice` and
 * `/wss/chat`. Every frame is one JSON object with a `type`.
 *
 * Connecting: the session cookie (the PWA), `Authorization: Bearer` (other clients), or
 * `?token=`. The PWA puts a socket pass there, from POST /api/auth/socket-pass (answering
 * {pass, expires_in}; /api/auth/socket-ticket answers {ticket, expires_in} for clients built before
 * the rename): random, single use, valid for SOCKET_PASS_TTL_MS. Clients built to the specs (the
 * mobile app) put their session token there, and that is accepted too: the specs say so and those
 * clients cannot change. The log never holds either (server/plugins/log.ts redacts `token`).
 * A browser's Origin must be this server's host. Without credentials the upgrade is answered
 * HTTP 401, from another origin HTTP 403, beyond the per-user or per-address cap HTTP 429.
 *
 * After opening, the client sends `register` with its userId (and eventId on /wss/chat). A userId
 * that is not the authenticated user's, or an event chat the user may not read, is answered with an
 * Exception of type userAccessException and nothing is subscribed. The server acknowledges a
 * registration with `registered` (not in the specs: it tells the client it is subscribed and
 * carries the initial online counter).
 *
 * Beyond the specs' frames: `commentAdd` (post to the registered chat, the same rules as REST),
 * `commentVoted` (like counters changed), `meetingNotice` on the notice channel, and `ping`/`pong`
 * for browsers, which cannot send protocol-level pings. The server pings every client every
 * heartbeat interval and drops one that has not answered the previous ping.
 */

export const WS_PATHS = { notice: '/wss/notice', chat: '/wss/chat' } as const;
export type SocketChannel = keyof typeof WS_PATHS;

/** How long a socket pass opens a socket; it is used up by the first attempt either way. */
export const SOCKET_PASS_TTL_MS = 60_000;
/** A frame larger than this closes the socket with 1009 (message too big). */
export const WS_MAX_PAYLOAD_BYTES = 32 * 1024;
/** Token bucket per socket: this many frames at once, refilled at WS_RATE_PER_SEC. */
export const WS_RATE_BURST = 20;
export const WS_RATE_PER_SEC = 5;
/** Frames dropped for rate beyond this close the socket with 1008 (policy violation). */
export const WS_RATE_MAX_DROPS = 50;
/** Open sockets one user may hold on one server instance. */
export const WS_MAX_SOCKETS_PER_USER = 20;
/** The most messages one personalMessageList answers. */
export const WS_PAGE_MAX = 100;
/** Open sockets one client address may hold on one server instance (SOCKETS_PER_ADDRESS overrides). */
export const WS_MAX_SOCKETS_PER_ADDRESS = 1000;
export const WS_DEFAULT_HEARTBEAT_MS = 30_000;
/** sessionEnded: the session the socket was opened with ended (logout, account disabled); sign in again. */
export const WS_CLOSE = { normal: 1000, goingAway: 1001, policy: 1008, tooBig: 1009, sessionEnded: 4401 } as const;

export const WS_CLIENT = {
  register: 'register',
  userBlock: 'userBlock',
  userUnblock: 'userUnblock',
  personalMessageList: 'personalMessageList',
  personalMessageSend: 'personalMessageSend',
  commentAdd: 'commentAdd',
  ping: 'ping',
} as const;

export const WS_SERVER = {
  registered: 'registered',
  personalMessages: 'personalMessages',
  personalMessageCreated: 'personalMessageCreated',
  commentCreated: 'commentCreated',
  commentDeleted: 'commentDeleted',
  commentVoted: 'commentVoted',
  chatUserBlockedNotice: 'chatUserBlockedNotice',
  chatUserUnblockResult: 'chatUserUnblockResult',
  chatUserUnblockedNotice: 'chatUserUnblockedNotice',
  meetingNotice: 'meetingNotice',
  pong: 'pong',
  exception: 'Exception',
} as const;

/**
 * Exception types. Clients ignore userAccessException and show the others as an error toast
 * (events.md §8), translated by `code` (errors.<code>) when they know it.
 */
export const WS_EXCEPTIONS = {
  userAccess: 'userAccessException',
  chatBlocked: 'chatBlockedException',
  invalidInput: 'invalidInputException',
  rateLimit: 'rateLimitException',
  personalMessage: 'personalMessageException',
  notFound: 'notFoundException',
  unknown: 'unknownException',
} as const;
export type WsExceptionType = (typeof WS_EXCEPTIONS)[keyof typeof WS_EXCEPTIONS];

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
/** Old clients send ids as numbers or numeric strings. */
const IdLike = Type.Union([Id, Type.String({ pattern: '^[1-9][0-9]{0,9}$' })]);

/** `lang` (uk, en, ru, pl) asks for the socket's Exception messages in that language, as `?lang=` on its URL does. */
export const RegisterFrame = Type.Object({
  type: Type.Literal('register'),
  userId: IdLike,
  eventId: Type.Optional(IdLike),
  lang: Type.Optional(Type.String({ maxLength: 16 })),
});
export const UserBlockFrame = Type.Object({
  type: Type.Literal('userBlock'),
  targetUserId: IdLike,
  reasonText: Type.String({ maxLength: BLOCK_REASON_MAX_LENGTH }),
});
export const UserUnblockFrame = Type.Object({ type: Type.Literal('userUnblock'), targetUserId: IdLike });
export const PersonalMessageListFrame = Type.Object({
  type: Type.Literal('personalMessageList'),
  targetUserId: IdLike,
  /** Above WS_PAGE_MAX is clamped to it, as the REST calls clamp theirs. */
  limit: Type.Optional(Type.Integer({ minimum: 1 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
});
export const PersonalMessageSendFrame = Type.Object({
  type: Type.Literal('personalMessageSend'),
  recipientId: IdLike,
  text: Type.String({ maxLength: MESSAGE_MAX_LENGTH }),
});
export const CommentAddFrame = Type.Object({ type: Type.Literal('commentAdd'), comment: Type.String({ maxLength: COMMENT_MAX_LENGTH }) });
export const PingFrame = Type.Object({ type: Type.Literal('ping') });

export const ClientFrame = Type.Union([
  RegisterFrame,
  UserBlockFrame,
  UserUnblockFrame,
  PersonalMessageListFrame,
  PersonalMessageSendFrame,
  CommentAddFrame,
  PingFrame,
]);
export type ClientFrame = Static<typeof ClientFrame>;

export interface BroadcastStatistics {
  users_online: number;
}

/** A comment as the legacy list and the socket frames carry it. */
export interface WsComment {
  id: number;
  event_id: number;
  user_id: number;
  comment: string;
  image: string;
  /** Unix seconds. */
  date: number;
  likes: { like: number; dislike: number; my_like_type: number };
  is_blocked_in_chat: boolean;
}

export interface WsUser {
  id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  name: string;
  avatar: string;
  is_blocked_in_chat: boolean;
}

/** A personal message as the specs' entity has it (sender{id}, text, created_at) plus ids. */
export interface WsPersonalMessage {
  id: number;
  dialog_id: number;
  sender: { id: number };
  recipient: { id: number };
  text: string;
  /** Unix seconds. */
  created_at: number;
}

export type ServerFrame =
  | { type: 'registered'; channel: SocketChannel; userId: number; eventId?: number; broadcast_statistics?: BroadcastStatistics }
  | { type: 'commentCreated'; comment: WsComment; users: Record<string, WsUser>; broadcast_statistics: BroadcastStatistics }
  | { type: 'commentDeleted'; comment_id: number; event_id: number; broadcast_statistics: BroadcastStatistics }
  | { type: 'commentVoted'; comment_id: number; event_id: number; likes: { like: number; dislike: number }; broadcast_statistics: BroadcastStatistics }
  | { type: 'chatUserBlockedNotice'; event_id: number; userId: number; reasonText?: string }
  | { type: 'chatUserUnblockedNotice'; event_id: number; userId: number }
  | { type: 'chatUserUnblockResult'; event_id: number; targetUserId: number; result: boolean }
  | { type: 'personalMessages'; targetUserId: number; items: WsPersonalMessage[]; count: number; offset: number }
  | { type: 'personalMessageCreated'; message: WsPersonalMessage; muted: boolean }
  | { type: 'meetingNotice'; meetingNotice: { meeting_id: number; event_type: MeetingNoticeType } }
  | { type: 'pong' }
  | { type: 'Exception'; Exception: { type: WsExceptionType; message: string; code: ErrorCode; detail?: string } };

/** events.md §9 social event names, as the notice channel carries them. */
export type MeetingNoticeType = 'CURRENT_USER_INVITED' | 'APPOINTMENT_APPROVED' | 'APPOINTMENT_REJECTED' | 'APPOINTMENT_UPDATED';
