import type { FoyerDatabase } from '../../engine/database.ts';
import { observeSchedule } from './schedule.ts';

/**
 * The live reads of an event's programme, as the worker serves them to the page by name
 * (workers/queries.ts merges every area's). A screen reads one with useDevice(query(name,
 * ...args)).
 */
export const SCHEDULE_READS = {
  schedule: (db: FoyerDatabase, eventId: number) => observeSchedule(db, eventId),
} as const;
