import type { FoyerDatabase } from '../../engine/database.ts';
import { observeCompanies } from './companies.ts';

/**
 * The live reads of an event's stands, as the worker serves them to the page by name
 * (workers/queries.ts merges every area's). A screen reads one with useDevice(query(name,
 * ...args)).
 */
export const COMPANY_READS = {
  companies: (db: FoyerDatabase, eventId: number) => observeCompanies(db, eventId),
} as const;
