import type { FoyerDatabase } from '../../engine/database.ts';
import { isAvailabilityAnswer, storeAvailability } from './store.ts';
import { observeAppointmentViews, observeDaySlots, observeGrid } from './store.ts';

/**
 * The live reads of the meetings: the user's appointments with their overlay, an event's meeting
 * grid, a day's slots with a person, as the worker serves them to the page by name
 * (workers/queries.ts merges every area's). A screen reads one with useDevice(query(name,
 * ...args)).
 */
export const APPOINTMENT_READS = {
  appointmentViews: (db: FoyerDatabase) => observeAppointmentViews(db),
  grid: (db: FoyerDatabase, eventId: number) => observeGrid(db, eventId),
  daySlots: (db: FoyerDatabase, eventId: number, userId: number, day: string) => observeDaySlots(db, eventId, userId, day),
} as const;

/**
 * The local writes of the meetings: an availability answer kept for later, which the page asks of
 * the device by name (workers/actions.ts merges every area's).
 */
export const APPOINTMENT_WRITES = {
  storeAvailability: async (db: FoyerDatabase, eventId: number, userId: number, answer: unknown): Promise<boolean> => {
    if (!isAvailabilityAnswer(answer)) return false;
    await storeAvailability(db, eventId, userId, answer);
    return true;
  },
} as const;
