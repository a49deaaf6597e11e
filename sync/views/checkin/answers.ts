import type { DoorTicketDoc } from '../../../contract/tickets.ts';
import type { FoyerDatabase } from '../../engine/database.ts';
import type { CheckinList, CheckinListsAnswer } from '../../../contract/checkin-lists.ts';
import { DOOR_UNMATCHED_KEEP, isScanResult, modifyDoorEvent, type DoorConflict, type DoorRole, type UnmatchedScan } from './device.ts';

/* The legacy check-in calls' answers as the door device reads and stores them (GET /api/checkin/*). */

type Obj = Record<string, unknown>;
/** Loose readers of a legacy answer's fields: a missing or odd field reads as empty, never throws. */
export const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
export const str = (v: unknown): string => (typeof v === 'string' ? v : '');
export const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0);

/** Which scan it is and which device made it when: the same in every answer that lists scans. */
function scanStamp(o: Obj) {
  return { id: str(o.id), device_id: str(o.device_id), scanned_at_ms: num(o.scanned_at_ms), received_at_ms: num(o.received_at_ms) };
}

/** Reads GET /api/checkin/key's data. */
export function toDoorKey(data: unknown): { public_key: string; role: DoorRole } {
  const d = obj(data);
  const key = str(d.public_key);
  if (!key) throw new Error('the key answer carries no public key');
  return { public_key: key, role: d.role === 'owner' ? 'owner' : 'staff' };
}

/** Reads GET /api/checkin/conflicts's data. */
export function toDoorConflicts(data: unknown): DoorConflict[] {
  const items = obj(data).items;
  if (!Array.isArray(items)) return [];
  return items.map((raw) => {
    const c = obj(raw);
    return {
      reason: c.reason === 'transferred' ? ('transferred' as const) : ('duplicate' as const),
      ticket_id: num(c.ticket_id),
      code: str(c.code),
      holder_name: str(c.holder_name),
      type: str(c.type),
      devices: Array.isArray(c.devices) ? c.devices.map(str) : [],
      scans: (Array.isArray(c.scans) ? c.scans : []).map((s) => {
        const o = obj(s);
        return { ...scanStamp(o), duplicate_of: str(o.duplicate_of) };
      }),
    };
  });
}

/** Reads GET /api/checkin/scans's data, keeping the scans that match no ticket. */
export function toUnmatchedScans(data: unknown): UnmatchedScan[] {
  const items = obj(data).items;
  if (!Array.isArray(items)) return [];
  const out: UnmatchedScan[] = [];
  for (const raw of items) {
    const s = obj(raw);
    if (s.ticket_id !== null && s.ticket_id !== undefined) continue;
    const result = s.result;
    if (!isScanResult(result) || !str(s.id)) continue;
    out.push({
      id: str(s.id),
      code: str(s.code),
      device_id: str(s.device_id),
      scanned_at_ms: num(s.scanned_at_ms),
      received_at_ms: num(s.received_at_ms),
      result,
    });
  }
  return out.slice(0, DOOR_UNMATCHED_KEEP);
}

/** Reads GET /api/checkin/stats's data: how many tickets a door downloads for the event. */
export function toDoorListed(data: unknown): number | null {
  const n = obj(data).listed;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : null;
}

export async function storeDoorListed(db: FoyerDatabase, eventId: number, listed: number | null, at = Date.now()): Promise<void> {
  if (listed === null) return;
  await modifyDoorEvent(db, eventId, (d) => ({ ...d, listed, listed_fetched_at: at }));
}

/** The server's answer to a door that could not judge a code (GET /api/checkin/ticket). */
export interface OnlineCheck {
  ticket: DoorTicketDoc | null;
  /** For a signed payload: whether the event's key verifies it; null otherwise. */
  signature: boolean | null;
}

/** Reads GET /api/checkin/ticket's data; a ticket that is not shaped like a door ticket is no ticket. */
export function toOnlineCheck(data: unknown): OnlineCheck {
  const d = obj(data);
  const t = obj(d.ticket);
  const signature = typeof d.signature === 'boolean' ? d.signature : null;
  const ok =
    Number.isInteger(t.ticket_id) &&
    Number.isInteger(t.event_id) &&
    typeof t.code === 'string' &&
    (t.status === 'valid' || t.status === 'cancelled') &&
    Array.isArray(t.scans);
  if (!ok) return { ticket: null, signature };
  const scans = (t.scans as unknown[]).map((raw) => {
    const x = obj(raw);
    return {
      ...scanStamp(x),
      result: isScanResult(x.result) ? x.result : 'unknown',
      duplicate_of: str(x.duplicate_of),
      list_id: num(x.list_id),
    };
  });
  const ticket: DoorTicketDoc = {
    id: String(t.ticket_id),
    ticket_id: t.ticket_id as number,
    event_id: t.event_id as number,
    code: t.code as string,
    holder_name: str(t.holder_name),
    type: str(t.type),
    type_id: num(t.type_id),
    status: t.status as DoorTicketDoc['status'],
    invalid: t.invalid === true,
    revoked: t.revoked === 'transferred' ? 'transferred' : '',
    scans,
    rev: num(t.rev),
  };
  return { ticket, signature };
}

export async function storeUnmatchedScans(db: FoyerDatabase, eventId: number, scans: UnmatchedScan[], at = Date.now()): Promise<void> {
  await modifyDoorEvent(db, eventId, (d) => ({ ...d, unmatched: scans, unmatched_fetched_at: at }));
}

export async function storeDoorKey(db: FoyerDatabase, eventId: number, key: { public_key: string; role: DoorRole }, at = Date.now()): Promise<void> {
  await modifyDoorEvent(db, eventId, (d) => ({ ...d, public_key: key.public_key, role: key.role, key_fetched_at: at, forbidden_at: null }));
}

export async function markDoorForbidden(db: FoyerDatabase, eventId: number, at = Date.now()): Promise<void> {
  await modifyDoorEvent(db, eventId, (d) => ({ ...d, forbidden_at: at }));
}

export async function storeDoorConflicts(db: FoyerDatabase, eventId: number, conflicts: DoorConflict[], at = Date.now()): Promise<void> {
  await modifyDoorEvent(db, eventId, (d) => ({ ...d, conflicts, conflicts_fetched_at: at }));
}

/** Reads GET /api/checkin/lists's data; null when it is not shaped like the answer. */
export function toDoorLists(data: unknown): CheckinListsAnswer | null {
  const d = obj(data);
  if (!Array.isArray(d.lists)) return null;
  const ints = (v: unknown) => (Array.isArray(v) ? v.map(num).filter((n) => Number.isInteger(n) && n > 0) : []);
  return {
    lists: d.lists.map((raw) => {
      const l = obj(raw);
      return {
        id: num(l.id),
        name: str(l.name),
        type_ids: ints(l.type_ids),
        day: str(l.day),
        reentry: l.reentry === true,
        inside: num(l.inside),
        allowed: num(l.allowed),
      };
    }),
    timezone: str(d.timezone) || 'UTC',
    days: Array.isArray(d.days) ? d.days.map(str) : [],
    types: (Array.isArray(d.types) ? d.types : []).map((raw) => ({ id: num(obj(raw).id), name: str(obj(raw).name) })),
  };
}

/**
 * Keeps the event's lists for offline. The list this door works stays chosen with the copy it had;
 * a list the organiser deleted (or never made on this server) is let go, so the door asks again.
 */
export async function storeDoorLists(db: FoyerDatabase, eventId: number, lists: CheckinListsAnswer | null, at = Date.now()): Promise<void> {
  if (!lists) return;
  await modifyDoorEvent(db, eventId, (d) => {
    const chosen: CheckinList | null = d.list ? (lists.lists.find((l) => l.id === d.list?.id) ?? null) : null;
    const list = chosen ? { id: chosen.id, name: chosen.name, type_ids: chosen.type_ids, day: chosen.day, reentry: chosen.reentry } : null;
    return { ...d, lists, lists_fetched_at: at, list, direction: list?.reentry ? d.direction : 'in' };
  });
}
