import { Type, type TSchema, type Static } from '@sinclair/typebox';
import type { ErrorCode } from './errors.ts';
import { ProfilePatch, VisitorFavoritePayload, VisitorLikePayload } from './visitors.ts';
import { AppointmentApprovePayload, AppointmentRejectPayload, AppointmentRequestPayload } from './appointments.ts';
import {
  ChatBlockPayload,
  ChatUnblockPayload,
  CommentAddPayload,
  CommentLikePayload,
  CommentRefPayload,
  DialogReadPayload,
  DialogUpdatePayload,
  MessageSendPayload,
} from './chat.ts';
import { TicketScanPayload } from './checkin.ts';

/**
 * Commands are what a device asks the server to do. Each carries a client-generated id, so the
 * outbox can resend after any failure and the server applies it once (dedupe by user and id).
 */
const EventRef = Type.Object({ event_id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });

export const COMMAND_PAYLOADS = {
  'event.favorite': Type.Object(
    { event_id: Type.Integer({ minimum: 1 }), favorite: Type.Boolean() },
    { additionalProperties: false },
  ),
  'event.checkin': EventRef,
  'event.uncheckin': EventRef,
  // Visitors and profile (contract/visitors.ts): a like carries the wanted status (1 or 2) and a
  // favorite the wanted value, so a replay lands on the same state instead of flipping it.
  'visitor.like': VisitorLikePayload,
  'visitor.favorite': VisitorFavoritePayload,
  'profile.update': ProfilePatch,
  // Appointments (contract/appointments.ts): request is the body of meetings/create-meeting (with
  // meeting_id it edits); reject also cancels.
  'appointment.request': AppointmentRequestPayload,
  'appointment.approve': AppointmentApprovePayload,
  'appointment.reject': AppointmentRejectPayload,
  // Event chat and private messages (contract/chat.ts). comment.add's image is the name a prior
  // upload answered with; a like carries the wanted type. dialog.read and dialog.update are the
  // messages screen's own actions (mark read; mute, star, close), keyed by the partner's user id
  // so they work on a dialog the device created offline.
  'comment.add': CommentAddPayload,
  'comment.like': CommentLikePayload,
  'comment.unlike': CommentRefPayload,
  'comment.remove': CommentRefPayload,
  'chat.block': ChatBlockPayload,
  'chat.unblock': ChatUnblockPayload,
  'message.send': MessageSendPayload,
  'dialog.read': DialogReadPayload,
  'dialog.update': DialogUpdatePayload,
  // Door check-in (contract/checkin.ts): one scan, admitted or refused; the command id is the
  // scan's own id, so a scan uploaded twice is recorded once.
  'ticket.scan': TicketScanPayload,
} satisfies Record<string, TSchema>;

export type CommandKind = keyof typeof COMMAND_PAYLOADS;
export type CommandPayload<K extends CommandKind> = Static<(typeof COMMAND_PAYLOADS)[K]>;
export const COMMAND_KINDS = Object.keys(COMMAND_PAYLOADS) as CommandKind[];

export function isCommandKind(kind: unknown): kind is CommandKind {
  return typeof kind === 'string' && Object.prototype.hasOwnProperty.call(COMMAND_PAYLOADS, kind);
}

export const CommandEnvelope = Type.Object(
  {
    /** Client-generated, unique per user: a UUID or another 16–64 character token. */
    id: Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
    kind: Type.String({ maxLength: 64 }),
    payload: Type.Unknown(),
    /** When it happened on the device (ISO 8601); kept apart from when the server received it. */
    occurredAt: Type.String({ maxLength: 40 }),
  },
  { additionalProperties: false },
);
export type CommandEnvelope = Static<typeof CommandEnvelope>;

export const CommandBatch = Type.Object(
  {
    commands: Type.Array(CommandEnvelope, { maxItems: 100 }),
    /** The device's clock as it sent the batch (ISO 8601): the server corrects occurredAt by the difference. */
    sentAt: Type.Optional(Type.String({ maxLength: 40 })),
  },
  { additionalProperties: false },
);

export interface CommandResult {
  id: string;
  status: 'applied' | 'rejected';
  code?: ErrorCode;
  /** Ids of the documents the command touched, so the client knows what to expect from the next pull. */
  ids?: string[];
}

export interface PullResponse<T> {
  documents: (T & { deleted: boolean })[];
  checkpoint: number;
}

/** The live hint stream says which collections changed; the worker answers by pulling them. */
export interface SyncHint {
  collections: string[];
}
export const SYNC_RESYNC = 'RESYNC';
