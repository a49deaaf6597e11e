import type { FoyerDatabase } from '../../engine/database.ts';
import { importTicketPublicKey } from '../../../contract/checkin.ts';
import { readScopes, releaseScope, requestScope } from '../../engine/scoped.ts';
import { replicationKey } from '../../engine/scopes.ts';
import { markDoorForbidden, storeDoorConflicts, storeDoorKey, storeDoorListed, storeDoorLists, storeUnmatchedScans, type OnlineCheck } from './answers.ts';
import { chooseDoorList, setDoorDirection } from './lists.ts';
import { observeDoorData, recordDoorScan, type DoorScanOutcome } from './checkin.ts';
import { ensureDeviceId, observeDeviceId, observeDoorEvent, readDoorEvent } from './device.ts';

/**
 * The live reads of the door: an event's tickets and scans on this device, the door's event, and
 * this device's id, as the worker serves them to the page by name (workers/queries.ts merges every
 * area's). A screen reads one with useDevice(query(name, ...args)).
 */
export const DOOR_READS = {
  doorData: (db: FoyerDatabase, eventId: number) => observeDoorData(db, eventId),
  doorEvent: (db: FoyerDatabase, eventId: number) => observeDoorEvent(db, eventId),
  deviceId: (db: FoyerDatabase) => observeDeviceId(db),
} as const;

/** Imported once per key text: importing a key on every scan would slow a busy door. */
const doorKeys = new Map<string, Promise<CryptoKey | null>>();

function doorKey(text: string | null): Promise<CryptoKey | null> {
  if (!text) return Promise.resolve(null);
  let key = doorKeys.get(text);
  if (!key) {
    key = importTicketPublicKey(text).catch((err: unknown) => {
      console.error('foyer: the event key could not be imported', err);
      return null;
    });
    doorKeys.set(text, key);
  }
  return key;
}

/**
 * Judges and records one scan with what the device holds; `online` is the server's word on it,
 * when the door asked.
 */
async function scanAtDoor(db: FoyerDatabase, eventId: number, raw: string, online?: OnlineCheck): Promise<DoorScanOutcome> {
  const deviceId = await ensureDeviceId(db);
  const doc = await readDoorEvent(db, eventId);
  const publicKey = await doorKey(doc.public_key);
  const rules = { list: doc.list, direction: doc.direction, timezone: doc.lists?.timezone ?? 'UTC' };
  if (online) return recordDoorScan(db, { eventId, raw, deviceId, publicKey, online, ...rules });
  const listComplete = ((await readScopes(db)).synced?.[replicationKey('door_tickets', eventId)] ?? null) !== null;
  return recordDoorScan(db, { eventId, raw, deviceId, publicKey, listComplete, ...rules });
}

/**
 * The local writes of the door: becoming a door, scans, and the server's answers kept for offline,
 * which the page asks of the device by name (workers/actions.ts merges every area's).
 */
export const DOOR_WRITES = {
  /** This device becomes a door for the event: it gets an id and the event's tickets replicate. */
  openDoor: async (db: FoyerDatabase, eventId: number) => {
    await ensureDeviceId(db);
    await requestScope(db, 'door_tickets', eventId);
  },
  doorScan: (db: FoyerDatabase, eventId: number, raw: string, online?: OnlineCheck) => scanAtDoor(db, eventId, raw, online),
  readDoorEvent: (db: FoyerDatabase, eventId: number) => readDoorEvent(db, eventId),
  storeDoorKey: (db: FoyerDatabase, eventId: number, key: Parameters<typeof storeDoorKey>[2]) => storeDoorKey(db, eventId, key),
  storeDoorListed: (db: FoyerDatabase, eventId: number, listed: number | null) => storeDoorListed(db, eventId, listed),
  storeDoorConflicts: (db: FoyerDatabase, eventId: number, conflicts: Parameters<typeof storeDoorConflicts>[2]) => storeDoorConflicts(db, eventId, conflicts),
  storeUnmatchedScans: (db: FoyerDatabase, eventId: number, scans: Parameters<typeof storeUnmatchedScans>[2]) => storeUnmatchedScans(db, eventId, scans),
  storeDoorLists: (db: FoyerDatabase, eventId: number, lists: Parameters<typeof storeDoorLists>[2]) => storeDoorLists(db, eventId, lists),
  chooseDoorList: (db: FoyerDatabase, eventId: number, list: Parameters<typeof chooseDoorList>[2]) => chooseDoorList(db, eventId, list),
  setDoorDirection: (db: FoyerDatabase, eventId: number, direction: 'in' | 'out') => setDoorDirection(db, eventId, direction),
  /** The server said this device may not check this event: no door here, and its tickets stop replicating. */
  forbidDoor: async (db: FoyerDatabase, eventId: number) => {
    await markDoorForbidden(db, eventId);
    await releaseScope(db, 'door_tickets', eventId);
  },
} as const;
