import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import type { TSchema } from '@sinclair/typebox';
import { sql, type Kysely } from 'kysely';
import {
  COMMAND_PAYLOADS,
  isCommandKind,
  type CommandEnvelope,
  type CommandKind,
  type CommandPayload,
  type CommandResult,
} from '../../contract/commands.ts';
import { DomainError, isErrorCode } from '../../contract/errors.ts';
import type { DB } from '../db/types.ts';
import { writeTx, type Tx } from '../db/tx.ts';
import type { Effect } from './events/service.ts';
import * as events from './events/service.ts';
import * as visitors from './visitors/service.ts';
import { updateProfile } from './profile/service.ts';
import * as appointments from './appointments/service.ts';
import * as chat from './chat/service.ts';
import * as messages from './messages/service.ts';
import { recordScan } from './checkin/service.ts';

export interface CommandContext {
  userId: number;
  /** When the user did it on the device; may be skewed, so rules use server time. */
  occurredAt: Date | null;
  /** The command's own id: stored with what it creates, so devices match it to their outbox. */
  commandId?: string;
}

type Handler<K extends CommandKind> = (trx: Tx, ctx: CommandContext, payload: CommandPayload<K>) => Promise<Effect>;

/** Each kind of the contract is handled by one domain service call inside one transaction. */
const HANDLERS: { [K in CommandKind]: Handler<K> } = {
  'event.favorite': (trx, ctx, p) => events.setFavorite(trx, ctx.userId, p.event_id, p.favorite),
  'event.checkin': (trx, ctx, p) => events.checkin(trx, ctx.userId, p.event_id),
  'event.uncheckin': (trx, ctx, p) => events.uncheckin(trx, ctx.userId, p.event_id),
  'visitor.like': async (trx, ctx, p) => (await visitors.setLike(trx, ctx.userId, p.user_id, p.status)).effect,
  'visitor.favorite': (trx, ctx, p) => visitors.setUserFavorite(trx, ctx.userId, p.user_id, p.favorite),
  'profile.update': (trx, ctx, p) => updateProfile(trx, ctx.userId, p),
  'appointment.request': (trx, ctx, p) => appointments.requestAppointment(trx, ctx.userId, p, ctx.occurredAt),
  'appointment.approve': (trx, ctx, p) => appointments.approveAppointment(trx, ctx.userId, p, ctx.occurredAt),
  'appointment.reject': (trx, ctx, p) => appointments.rejectAppointment(trx, ctx.userId, p, ctx.occurredAt),
  'comment.add': async (trx, ctx, p) => (await chat.addComment(trx, ctx.userId, p, { clientId: ctx.commandId, occurredAt: ctx.occurredAt })).effect,
  'comment.like': (trx, ctx, p) => chat.likeComment(trx, ctx.userId, p.comment_id, p.like_type),
  'comment.unlike': (trx, ctx, p) => chat.unlikeComment(trx, ctx.userId, p.comment_id),
  'comment.remove': (trx, ctx, p) => chat.removeComment(trx, ctx.userId, p.comment_id),
  'chat.block': (trx, ctx, p) => chat.blockUser(trx, ctx.userId, p),
  'chat.unblock': (trx, ctx, p) => chat.unblockUser(trx, ctx.userId, p),
  'message.send': async (trx, ctx, p) => (await messages.sendMessage(trx, ctx.userId, p, { clientId: ctx.commandId, occurredAt: ctx.occurredAt })).effect,
  'dialog.read': (trx, ctx, p) => messages.readDialog(trx, ctx.userId, p.user_id),
  'dialog.update': (trx, ctx, p) => messages.updateDialog(trx, ctx.userId, p),
  'ticket.scan': (trx, ctx, p) => recordScan(trx, ctx.userId, ctx.commandId!, p),
};

const CHECKS = Object.fromEntries(
  Object.entries(COMMAND_PAYLOADS).map(([k, s]) => [k, TypeCompiler.Compile(s as TSchema)]),
) as Record<CommandKind, TypeCheck<TSchema>>;

export function parseOccurredAt(value: string): Date | null {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Below this, a device's clock is taken as right: the difference is mostly the request's own trip. */
const CLOCK_SKEW_TOLERANCE_MS = 60_000;

/**
 * How far the device's clock is behind the server's (negative: ahead), from the time the device
 * stamped on the batch as it sent it. A phone a day off would otherwise date its offline comments and
 * requests a day off; the same difference applied to when each command happened puts them on the
 * server's clock. 0 when the device did not say, or its clock is close enough.
 */
export function clockSkewMs(sentAt: string | undefined, receivedAt: number): number {
  if (!sentAt) return 0;
  const sent = Date.parse(sentAt);
  if (Number.isNaN(sent)) return 0;
  const skew = receivedAt - sent;
  return Math.abs(skew) < CLOCK_SKEW_TOLERANCE_MS ? 0 : skew;
}

/**
 * Applies one command exactly once. The stored answer is looked up inside the same transaction
 * that applies it (after the change-feed lock), so two deliveries of one id racing each other
 * still apply it once. Rejections with a domain code are stored too: the same command always gets
 * the same answer. Unexpected failures are not stored, so the device may retry them.
 */
export async function applyCommand(
  db: Kysely<DB>,
  userId: number,
  cmd: CommandEnvelope,
  onEffect: (effect: Effect) => void,
  skewMs = 0,
): Promise<CommandResult> {
  const stated = parseOccurredAt(cmd.occurredAt);
  const occurredAt = stated && skewMs ? new Date(stated.getTime() + skewMs) : stated;
  const reject = async (code: CommandResult['code']): Promise<CommandResult> => {
    const result: CommandResult = { id: cmd.id, status: 'rejected', code };
    return writeTx(db, async (trx) => {
      const stored = await findStored(trx, userId, cmd.id);
      if (stored) return stored;
      await trx
        .insertInto('commands')
        .values({ user_id: userId, id: cmd.id, kind: cmd.kind, status: 'rejected', code: code ?? null, result: JSON.stringify(result), occurred_at: occurredAt })
        .execute();
      return result;
    });
  };

  if (!isCommandKind(cmd.kind)) return reject('unknown_command');
  const kind = cmd.kind;
  if (!CHECKS[kind].Check(cmd.payload)) return reject('invalid_input');

  let effect: Effect | undefined;
  try {
    const result = await writeTx(db, async (trx) => {
      const stored = await findStored(trx, userId, cmd.id);
      if (stored) return stored;
      const handler = HANDLERS[kind] as Handler<CommandKind>;
      effect = await handler(trx, { userId, occurredAt, commandId: cmd.id }, cmd.payload as CommandPayload<CommandKind>);
      const res: CommandResult = { id: cmd.id, status: 'applied', ids: effect.ids };
      await trx
        .insertInto('commands')
        .values({ user_id: userId, id: cmd.id, kind, status: 'applied', code: null, result: JSON.stringify(res), occurred_at: occurredAt })
        .execute();
      return res;
    });
    if (effect) onEffect(effect);
    return result;
  } catch (err) {
    if (err instanceof DomainError && isErrorCode(err.code)) return reject(err.code);
    throw err;
  }
}

async function findStored(trx: Tx, userId: number, id: string): Promise<CommandResult | undefined> {
  const row = await trx
    .selectFrom('commands')
    .select('result')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return (typeof row.result === 'string' ? JSON.parse(row.result) : row.result) as CommandResult;
}

/** Exposed for tests that need to see the dedupe table. */
export async function countStoredCommands(db: Kysely<DB>, userId: number): Promise<number> {
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM commands WHERE user_id = ${userId}`.execute(db);
  return r.rows[0]!.n;
}
