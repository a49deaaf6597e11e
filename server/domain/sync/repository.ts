import { sql } from 'kysely';
import type { CommandResult } from '../../../contract/commands.ts';
import type { Q, Tx } from '../../db/tx.ts';
import { onlyRow } from '../../db/rows.ts';

/** SQL of the sync commands: the stored answer of every command a device sent (commands.ts). */

export async function findStoredCommand(trx: Tx, userId: number, id: string) {
  return trx.selectFrom('commands').select(['result', 'payload_hash']).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}

export async function storeCommand(
  trx: Tx,
  cmd: { userId: number; id: string; kind: string; occurredAt: Date | null; hash: string },
  result: CommandResult,
): Promise<void> {
  await trx
    .insertInto('commands')
    .values({
      user_id: cmd.userId,
      id: cmd.id,
      kind: cmd.kind,
      status: result.status,
      code: result.code ?? null,
      result: JSON.stringify(result),
      occurred_at: cmd.occurredAt,
      payload_hash: cmd.hash,
    })
    .execute();
}

/** Whether the account may still act: neither removed nor disabled. */
export async function actorIsLive(trx: Tx, userId: number): Promise<boolean> {
  const row = await trx.selectFrom('users').select('id').where('id', '=', userId).where('deleted', '=', false).where('disabled', '=', false).executeTakeFirst();
  return row !== undefined;
}

/** How many answers are stored for the user; tests look at the dedupe table through it. */
export async function countStoredCommands(q: Q, userId: number): Promise<number> {
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM commands WHERE user_id = ${userId}`.execute(q);
  return r.rows[0]?.n ?? 0;
}

/**
 * Where the realtime fan-out (realtime/changes.ts) starts reading: the newest comment, block,
 * message and appointment revs and ids at the time it starts.
 */
export async function fanoutWatermarks(q: Q) {
  const r = await sql<{ commentRev: number; commentId: number; blockRev: number; messageId: number; appointmentRev: number; appointmentId: number }>`
    SELECT (SELECT coalesce(max(rev), 0) FROM chat_comments) AS "commentRev",
      (SELECT coalesce(max(id), 0) FROM chat_comments) AS "commentId",
      (SELECT coalesce(max(rev), 0) FROM chat_blocks) AS "blockRev",
      (SELECT coalesce(max(id), 0) FROM messages) AS "messageId",
      (SELECT coalesce(max(rev), 0) FROM appointments) AS "appointmentRev",
      (SELECT coalesce(max(id), 0) FROM appointments) AS "appointmentId"`.execute(q);
  return onlyRow(r, 'fan-out watermarks');
}
