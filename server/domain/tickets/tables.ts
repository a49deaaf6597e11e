import type { ColumnType, Kysely } from 'kysely';
import { DomainError, type ErrorCode } from '../../../contract/errors.ts';
import type { DB } from '../../db/types.ts';
import type { Tx } from '../../db/tx.ts';

/**
 * The tables and columns 005_tickets.sql adds, typed here rather than in db/types.ts so this area
 * stays within its own files; `withTickets(db)` gives a query builder that knows both.
 */
type Auto<T> = ColumnType<T, T | undefined, T>;

export type TicketTables = {
  door_staff: { event_id: number; user_id: number; added_by: number; created_at: Auto<Date> };
  ticket_signing_secret: { id: number; seed: Uint8Array; created_at: Auto<Date> };
  ticket_email_sends: { ticket_id: number; sent_at: Date; sent_by: number };
  checkins: { server_result: Auto<string> };
};

export type TicketsDB = DB & TicketTables;
export type Q = Kysely<DB> | Tx;

/** Inside a transaction this is still that transaction, only typed with the new tables. */
export function withTickets(db: Q): Kysely<TicketsDB> {
  return db.withTables<TicketTables>() as unknown as Kysely<TicketsDB>;
}

/**
 * A document built from several rows takes the greatest of their revs, so documents can share a
 * rev (one holder's tickets all carry the holder's rev after a profile change). A page must never
 * end inside such a group: the next pull asks for revs above the last one and would skip the rest.
 * Given a page ordered by (rev, id), this appends the remaining rows of its last rev.
 */
export async function withTies<R extends { rev: number; id: number }>(
  rows: R[],
  limit: number,
  sameRev: (rev: number, afterId: number) => Promise<R[]>,
): Promise<R[]> {
  const last = rows.at(-1);
  if (!last || rows.length < limit) return rows;
  return [...rows, ...(await sameRev(last.rev, last.id))];
}

/** A feed asked for a scope it may not have; `statusCode` is what the pull answers with. */
export class FeedScopeError extends DomainError {
  constructor(
    code: ErrorCode,
    readonly statusCode: number,
    detail?: string,
  ) {
    super(code, detail);
  }
}

export function feedEventId(scope: Record<string, string>): number {
  const raw = scope.event_id;
  if (typeof raw !== 'string' || !/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2147483647) throw new FeedScopeError('invalid_input', 400, 'event_id');
  return Number(raw);
}
