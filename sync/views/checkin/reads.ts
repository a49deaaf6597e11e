import type { FoyerDatabase } from '../../engine/database.ts';
import { observeDoorData } from './checkin.ts';
import { observeDeviceId, observeDoorEvent } from './device.ts';

/**
 * The live reads of the door: an event's tickets and scans on this device, the door's event, and this device's id, as the worker serves them to the page by name (workers/queries.ts
 * merges every area's). A screen reads one with useDevice(query(name, ...args)).
 */
export const DOOR_READS = {
  doorData: (db: FoyerDatabase, eventId: number) => observeDoorData(db, eventId),
  doorEvent: (db: FoyerDatabase, eventId: number) => observeDoorEvent(db, eventId),
  deviceId: (db: FoyerDatabase) => observeDeviceId(db),
} as const;
