import { IMPLICIT_LIST_ID, listPresence } from '../../../contract/checkin-lists.ts';
import type { Tx } from '../../db/tx.ts';
import { reentryOf, setDuplicateOf, ticketListScans } from './lists-repository.ts';

/**
 * Re-decides, per list, which admissions of a ticket came while it was already in (contract
 * checkin-lists.ts listPresence: by scan time, then id, as every door orders them) and points each
 * at the admission it repeats. Run on every upload that touches the ticket, so the answer does not
 * depend on which door synced first; only rows whose flag changes are written.
 */
export async function reflagDuplicates(trx: Tx, ticketId: number): Promise<void> {
  const scans = await ticketListScans(trx, ticketId);
  const listIds = [...new Set(scans.map((s) => s.list_id))];
  const reentry = await reentryOf(trx, listIds);
  for (const listId of listIds) {
    const ofList = scans.filter((s) => s.list_id === listId);
    const { duplicates } = listPresence(ofList, listId !== IMPLICIT_LIST_ID && (reentry.get(listId) ?? false));
    for (const s of ofList) {
      const wanted = duplicates.get(s.id) ?? null;
      if ((s.duplicate_of ?? null) !== wanted) await setDuplicateOf(trx, s.id, wanted);
    }
  }
}
