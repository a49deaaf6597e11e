import type { CommandKind, CommandPayload } from '../contract/commands.ts';
import { importTicketPublicKey } from '../contract/checkin.ts';
import type { FoyerDatabase } from '../sync/engine/database.ts';
import { dismiss, enqueue, retryParked } from '../sync/engine/outbox.ts';
import { readScopes, releaseScope, requestScope } from '../sync/engine/scoped.ts';
import { replicationKey } from '../sync/engine/scopes.ts';
import { endSession, readSession, writeSession, type SessionUser } from '../sync/engine/session.ts';
import { markViewed } from '../sync/store/local.ts';
import { countUnsent } from '../sync/store/observe.ts';
import { isAvailabilityAnswer, storeAvailability } from '../sync/views/appointments/store.ts';
import { writeOwnFeed } from '../sync/views/calendar/feed.ts';
import { setChatHistoryOpen, wantOlderComments } from '../sync/views/chat/history.ts';
import { markDoorForbidden, storeDoorConflicts, storeDoorKey, storeDoorListed, storeUnmatchedScans, type OnlineCheck } from '../sync/views/checkin/answers.ts';
import { recordDoorScan, type DoorScanOutcome } from '../sync/views/checkin/checkin.ts';
import { ensureDeviceId, readDoorEvent } from '../sync/views/checkin/device.ts';
import { markNotificationsSeen } from '../sync/views/notifications/notifications.ts';
import { clearCart, saveCart } from '../sync/views/tickets/cart.ts';
import { lockTicketEmail } from '../sync/views/tickets/tickets.ts';

/**
 * Every local write a screen may ask of the device, by name, beside the live reads of queries.ts.
 * Commands for the server go through `enqueue` into the outbox like before; the rest are the
 * device's own documents (a cart, the door's answers, what the user has seen).
 */

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

/** Judges and records one scan with what the device holds; `online` is the server's word on it, when the door asked. */
async function scanAtDoor(db: FoyerDatabase, eventId: number, raw: string, online?: OnlineCheck): Promise<DoorScanOutcome> {
  const deviceId = await ensureDeviceId(db);
  const doc = await readDoorEvent(db, eventId);
  const publicKey = await doorKey(doc.public_key);
  if (online) return recordDoorScan(db, { eventId, raw, deviceId, publicKey, online });
  const listComplete = ((await readScopes(db)).synced?.[replicationKey('door_tickets', eventId)] ?? null) !== null;
  return recordDoorScan(db, { eventId, raw, deviceId, publicKey, listComplete });
}

export const ACTIONS = {
  /** Queues a command and answers its id; only a signed-in session may queue. */
  enqueue: async <K extends CommandKind>(db: FoyerDatabase, kind: K, payload: CommandPayload<K>): Promise<string> => {
    const session = await readSession(db);
    if (!session.user || session.ended) throw new Error('auth_required');
    return (await enqueue(db, kind, payload)).id;
  },
  dismiss: (db: FoyerDatabase, id: string) => dismiss(db, id),
  retryParked: (db: FoyerDatabase, id: string) => retryParked(db, id),
  markViewed: async (db: FoyerDatabase, eventId: number) => {
    await markViewed(db, eventId);
  },

  readSession: (db: FoyerDatabase) => readSession(db),
  writeSession: (db: FoyerDatabase, user: SessionUser) => writeSession(db, user),
  endSession: (db: FoyerDatabase) => endSession(db),
  unsentCount: (db: FoyerDatabase) => countUnsent(db),

  requestScope: (db: FoyerDatabase, collection: string, eventId: number) => requestScope(db, collection, eventId),
  releaseScope: (db: FoyerDatabase, collection: string, eventId: number) => releaseScope(db, collection, eventId),

  storeAvailability: async (db: FoyerDatabase, eventId: number, userId: number, answer: unknown): Promise<boolean> => {
    if (!isAvailabilityAnswer(answer)) return false;
    await storeAvailability(db, eventId, userId, answer);
    return true;
  },
  writeOwnFeed: (db: FoyerDatabase, own: Parameters<typeof writeOwnFeed>[1]) => writeOwnFeed(db, own),
  setChatHistoryOpen: (db: FoyerDatabase, eventId: number, open: boolean) => setChatHistoryOpen(db, eventId, open),
  wantOlderComments: (db: FoyerDatabase, eventId: number, pages: number) => wantOlderComments(db, eventId, pages),
  markNotificationsSeen: (db: FoyerDatabase, items: Parameters<typeof markNotificationsSeen>[1]) => markNotificationsSeen(db, items),

  saveCart: (db: FoyerDatabase, cart: Parameters<typeof saveCart>[1]) => saveCart(db, cart),
  clearCart: (db: FoyerDatabase, eventId: number) => clearCart(db, eventId),
  lockTicketEmail: (db: FoyerDatabase, ticketId: number, atMs: number, serverUntilMs: number) => lockTicketEmail(db, ticketId, atMs, serverUntilMs),

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
  /** The server said this device may not check this event: no door here, and its tickets stop replicating. */
  forbidDoor: async (db: FoyerDatabase, eventId: number) => {
    await markDoorForbidden(db, eventId);
    await releaseScope(db, 'door_tickets', eventId);
  },
} as const;

export type DeviceActions = typeof ACTIONS;
export type ActionName = keyof DeviceActions;
export type ActionArgs<N extends ActionName> = DeviceActions[N] extends (db: FoyerDatabase, ...args: infer A) => unknown ? A : never;
export type ActionValue<N extends ActionName> = DeviceActions[N] extends (...args: never[]) => infer R ? Awaited<R> : never;

export function isActionName(name: string): name is ActionName {
  return Object.hasOwn(ACTIONS, name);
}
