import { Type, type TSchema, type Static } from '@sinclair/typebox';
import type { ErrorCode } from './errors.ts';

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
  { commands: Type.Array(CommandEnvelope, { maxItems: 100 }) },
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
