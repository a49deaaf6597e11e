import { IMPLICIT_LIST_ID, listAdmitsType, listPresence, type CheckinList } from '../../../contract/checkin-lists.ts';
import type { KnownScan } from '../../../contract/checkin.ts';
import type { DoorTicketDoc } from '../../../contract/tickets.ts';
import type { FoyerDatabase } from '../../engine/database.ts';
import { modifyDoorEvent } from './device.ts';

/**
 * The door's check-in list on the device (contract/checkin-lists.ts): which list it works, entry or
 * exit, and the list's count as this device sees it (the server's scans in the door tickets and
 * this device's own not yet back), so the count moves with every scan, offline too.
 */

export interface ListCount {
  /** Tickets in now on the list. */
  inside: number;
  /** Valid tickets the list admits. */
  allowed: number;
}

export function listHeadCount(
  tickets: readonly Pick<DoorTicketDoc, 'ticket_id' | 'type_id' | 'status' | 'invalid' | 'scans'>[],
  pending: readonly KnownScan[],
  list: CheckinList | null,
): ListCount {
  const listId = list?.id ?? IMPLICIT_LIST_ID;
  const mine = new Map<number, KnownScan[]>();
  for (const s of pending) {
    if (s.ticket_id === null || (s.list_id ?? IMPLICIT_LIST_ID) !== listId) continue;
    mine.set(s.ticket_id, [...(mine.get(s.ticket_id) ?? []), s]);
  }
  let inside = 0;
  let allowed = 0;
  for (const t of tickets) {
    if (t.status === 'valid' && !t.invalid && (!list || listAdmitsType(list, t.type_id))) allowed++;
    const own = t.scans.filter((s) => (s.list_id ?? IMPLICIT_LIST_ID) === listId);
    const seen = new Set(own.map((s) => s.id));
    const all = [...own, ...(mine.get(t.ticket_id) ?? []).filter((s) => !seen.has(s.id))];
    if (all.length && listPresence(all, list?.reentry ?? false).inside) inside++;
  }
  return { inside, allowed };
}

/** The door works this list from now on (null: the implicit list); an exit needs a list with re-entry. */
export async function chooseDoorList(db: FoyerDatabase, eventId: number, list: CheckinList | null): Promise<void> {
  await modifyDoorEvent(db, eventId, (d) => ({ ...d, list, direction: 'in' }));
}

export async function setDoorDirection(db: FoyerDatabase, eventId: number, direction: 'in' | 'out'): Promise<void> {
  await modifyDoorEvent(db, eventId, (d) => ({ ...d, direction: d.list?.reentry ? direction : 'in' }));
}
