import type { FoyerDatabase } from '../../engine/database.ts';
import { cacheSource, legacyGet, looseInt, looseObject, looseString } from '../../store/caches.ts';
import { writeOwnFeed, type CalendarFeedCache } from './feed.ts';
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

/**
 * The calendar's read-through cache (sync/store/caches.ts), merged with every area's in
 * workers/caches.ts. calendar_feed: GET /api/calendar/feed, whether the user's feed address is
 * active and which one (its key); the address itself stays on the device that made it (feed.ts).
 */
export const CALENDAR_CACHES = {
  calendar_feed: cacheSource({
    needsUser: true,
    fetch: async (http, _arg, signal): Promise<CalendarFeedCache> => {
      const d = looseObject(await legacyGet(http, '/api/calendar/feed', signal));
      return { active: d.active === true, key: looseString(d.key), created_at: looseInt(d.created_at), polled_at: looseInt(d.polled_at) };
    },
  }),
} as const;
