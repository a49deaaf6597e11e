import type { FoyerDatabase } from '../../engine/database.ts';
import { writeOwnFeed } from './feed.ts';
import { observeCalendarSources } from './calendar.ts';
import { observeFeedSources } from './feed.ts';
import { observeStars } from './stars.ts';

/**
 * The live reads of the calendar: starred speeches, what the calendar shows, and the feed's
 * address, as the worker serves them to the page by name (workers/queries.ts merges every area's).
 * A screen reads one with useDevice(query(name, ...args)).
 */
export const CALENDAR_READS = {
  stars: (db: FoyerDatabase) => observeStars(db),
  calendarSources: (db: FoyerDatabase) => observeCalendarSources(db),
  feedSources: (db: FoyerDatabase) => observeFeedSources(db),
} as const;

/**
 * The local writes of the calendar: this device's own feed address, which the page asks of the
 * device by name (workers/actions.ts merges every area's).
 */
export const CALENDAR_WRITES = {
  writeOwnFeed: (db: FoyerDatabase, own: Parameters<typeof writeOwnFeed>[1]) => writeOwnFeed(db, own),
} as const;
