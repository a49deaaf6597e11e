import type { FoyerDatabase } from '../../engine/database.ts';
import { observeCalendarSources } from './calendar.ts';
import { observeFeedSources } from './feed.ts';
import { observeStars } from './stars.ts';

/**
 * The live reads of the calendar: starred speeches, what the calendar shows, and the feed's address, as the worker serves them to the page by name (workers/queries.ts
 * merges every area's). A screen reads one with useDevice(query(name, ...args)).
 */
export const CALENDAR_READS = {
  stars: (db: FoyerDatabase) => observeStars(db),
  calendarSources: (db: FoyerDatabase) => observeCalendarSources(db),
  feedSources: (db: FoyerDatabase) => observeFeedSources(db),
} as const;
