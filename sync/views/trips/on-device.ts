import type { FoyerDatabase } from '../../engine/database.ts';
import { observeOwnTrip } from './trips.ts';

/**
 * The live reads of the user's own trip plan for an event, as the worker serves them to the page
 * by name (workers/queries.ts merges every area's). A screen reads one with useDevice(query(name,
 * ...args)).
 */
export const TRIP_READS = {
  ownTrip: (db: FoyerDatabase, eventId: number) => observeOwnTrip(db, eventId),
} as const;
