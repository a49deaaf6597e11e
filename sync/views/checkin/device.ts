import { map, type Observable } from 'rxjs';
import type { KnownScan, ScanDirection, ScanVerdict, TicketConflict } from '../../../contract/checkin.ts';
import type { CheckinList, CheckinListsAnswer } from '../../../contract/checkin-lists.ts';
import { SCAN_RESULTS, type ScanResult } from '../../../contract/tickets.ts';
import type { FoyerDatabase, OutboxStatus } from '../../engine/database.ts';
import { modifyLocal, observeLocal, readLocal } from '../../store/local.ts';

/*
 * What a door device keeps of itself and of each event it serves, in local documents: its id,
 * the event's key, role, conflicts, unmatched scans and the scans it showed (checkin.ts applies
 * the rules to them; answers.ts reads the server's answers into them).
 */

export const LOCAL_DOOR_DEVICE = 'door_device';
export const localDoorId = (eventId: number) => `door:${eventId}`;

/** How many of this device's scans the door keeps on screen per event. */
export const DOOR_RECENT_KEEP = 30;

export interface DoorDeviceDoc {
  /** Sent with every scan; matches the command's device_id pattern. */
  id: string;
  created_at: number;
}

export type DoorRole = 'owner' | 'staff';

/** A conflict as the door keeps it (contract/checkin.ts TicketConflict). */
export type DoorConflict = TicketConflict<{ id: string; device_id: string; scanned_at_ms: number; received_at_ms: number; duplicate_of: string }>;

/** A recorded scan that matches no ticket, as GET /api/checkin/scans?unmatched=1 lists it. */
export interface UnmatchedScan {
  id: string;
  code: string;
  device_id: string;
  scanned_at_ms: number;
  received_at_ms: number;
  result: ScanResult;
}

/** How many unmatched scans the door keeps (the newest): enough to spot someone trying codes. */
export const DOOR_UNMATCHED_KEEP = 100;

/** What this device scanned, as the door showed it. */
export interface RecentScan {
  id: string;
  scanned_at_ms: number;
  result: ScanResult;
  code: string;
  ticket_id: number | null;
  holder_name: string;
  type: string;
  unlisted: boolean;
  used_by: ScanVerdict['usedBy'];
}

export interface DoorEventDoc {
  event_id: number;
  /** The event's Ed25519 public key (base64url); null until this device downloaded it. */
  public_key: string | null;
  key_fetched_at: number | null;
  role: DoorRole | null;
  /** The server said this user may not check this event's tickets; cleared by a later yes. */
  forbidden_at: number | null;
  /** The server's last conflicts answer. */
  conflicts: DoorConflict[] | null;
  conflicts_fetched_at: number | null;
  /** Newest first. */
  recent: RecentScan[];
  /**
   * The server's latest scans that match no ticket (unknown, forged or another event's codes) from
   * any device: the door tickets carry every other scan, these have no ticket to travel in.
   */
  unmatched: UnmatchedScan[] | null;
  unmatched_fetched_at: number | null;
  /** How many tickets the event's door feed holds, as the server last said: the download's "of N". */
  listed: number | null;
  listed_fetched_at: number | null;
  /** The event's check-in lists as the server last said (GET /api/checkin/lists); null until then. */
  lists: CheckinListsAnswer | null;
  lists_fetched_at: number | null;
  /** The list this door works, as it was when chosen or last read; null: the implicit list. */
  list: CheckinList | null;
  /** Whether a scan records an entry or, on a list with re-entry, an exit. */
  direction: ScanDirection;
}

export function emptyDoorEvent(eventId: number): DoorEventDoc {
  return {
    event_id: eventId,
    public_key: null,
    key_fetched_at: null,
    role: null,
    forbidden_at: null,
    conflicts: null,
    conflicts_fetched_at: null,
    recent: [],
    unmatched: null,
    unmatched_fetched_at: null,
    listed: null,
    listed_fetched_at: null,
    lists: null,
    lists_fetched_at: null,
    list: null,
    direction: 'in',
  };
}

// ---- the device id ----

const ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A short id a person can read out ("door-K7mP2q…"), from 10 random characters (~58 bits). */
export function newDeviceId(random: Uint8Array = crypto.getRandomValues(new Uint8Array(10))): string {
  let out = 'door-';
  for (const b of random) out += ID_ALPHABET[b % ID_ALPHABET.length];
  return out;
}

/**
 * This device's id, made once and kept in a local document. Signing out wipes the database and so
 * the id: the next user's scans come from a new device as far as the records go.
 */
export async function ensureDeviceId(db: FoyerDatabase): Promise<string> {
  const doc = await modifyLocal<DoorDeviceDoc>(db, LOCAL_DOOR_DEVICE, { id: newDeviceId(), created_at: Date.now() }, (d) => d);
  return doc.id;
}

export function observeDeviceId(db: FoyerDatabase): Observable<string | null> {
  return observeLocal<DoorDeviceDoc>(db, LOCAL_DOOR_DEVICE).pipe(map((d) => d?.id ?? null));
}

// ---- the event's door document ----

export function modifyDoorEvent(db: FoyerDatabase, eventId: number, fn: (d: DoorEventDoc) => DoorEventDoc): Promise<DoorEventDoc> {
  return modifyLocal<DoorEventDoc>(db, localDoorId(eventId), emptyDoorEvent(eventId), (d) => fn({ ...emptyDoorEvent(eventId), ...d }));
}

export async function readDoorEvent(db: FoyerDatabase, eventId: number): Promise<DoorEventDoc> {
  return { ...emptyDoorEvent(eventId), ...((await readLocal<DoorEventDoc>(db, localDoorId(eventId))) ?? {}) };
}

export function observeDoorEvent(db: FoyerDatabase, eventId: number): Observable<DoorEventDoc> {
  return observeLocal<DoorEventDoc>(db, localDoorId(eventId)).pipe(map((d) => ({ ...emptyDoorEvent(eventId), ...(d ?? {}) })));
}

/** A `ticket.scan` outbox entry of one event, read as a scan. */
export interface OutboxScan extends KnownScan {
  code: string;
  status: OutboxStatus;
}

export function isScanResult(v: unknown): v is ScanResult {
  return typeof v === 'string' && (SCAN_RESULTS as readonly string[]).includes(v);
}
