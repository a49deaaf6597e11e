/**
 * The event day's bookkeeping across all its phases: which command ids the server answered
 * `applied` (for the exactly-once check on PostgreSQL at the end) and why calls failed (printed
 * under the error count). One ledger is made per run and handed to every phase, so the check covers
 * every phase's commands.
 */
import type pg from 'pg';

export class Ledger {
  /** Command ids the server answered `applied`, by what they made, for the exactly-once check. */
  readonly appliedComments = new Set<string>();
  readonly appliedMessages = new Set<string>();
  readonly failures = new Map<string, number>();

  failed(key: string): void {
    this.failures.set(key, (this.failures.get(key) ?? 0) + 1);
  }
}

/** Prints, for comments and messages, how many of the applied command ids are in the database once; answers duplicates + missing. */
export async function checkExactlyOnce(client: pg.Client, ledger: Ledger): Promise<number> {
  // Writes answered before the last phase ended may still be committing on the way out: none are, the
  // answer comes after the commit, so the rows are there when it is read.
  const check = async (table: 'chat_comments' | 'messages', ids: Set<string>) => {
    const rows = (
      await client.query<{ client_id: string; n: number }>(`SELECT client_id, count(*)::int AS n FROM ${table} WHERE client_id = ANY($1) GROUP BY client_id`, [
        [...ids],
      ])
    ).rows;
    const duplicated = rows.filter((r) => r.n > 1).length;
    const missing = ids.size - rows.length;
    console.log(`exactly once, ${table}: ${ids.size} command ids answered applied, ${rows.length} found, ${duplicated} duplicated, ${missing} missing`);
    return duplicated + missing;
  };
  console.log('');
  let onceErrors = 0;
  onceErrors += await check('chat_comments', ledger.appliedComments);
  onceErrors += await check('messages', ledger.appliedMessages);
  return onceErrors;
}
