import type { FoyerDatabase } from '../../../sync/engine/database.ts';
import { EMPTY_CALENDAR, observeCalendarSources, type CalendarSources } from '../../../sync/views/calendar/calendar.ts';
import { observeFeedSources, writeOwnFeed, type FeedSources } from '../../../sync/views/calendar/feed.ts';
import { observeStars, type StarsByEvent } from '../../../sync/views/calendar/stars.ts';
import { LiveStore } from '../live-store.ts';

/** The calendar's live reads (sync/views/calendar) and the one local write it makes (its address). */
export class CalendarStores {
  readonly stars = new LiveStore<StarsByEvent>(observeStars, new Map());
  readonly sources = new LiveStore<CalendarSources>(observeCalendarSources, EMPTY_CALENDAR);
  readonly feed = new LiveStore<FeedSources>(observeFeedSources, { own: null, status: null, commands: [] });
  private db: FoyerDatabase | null = null;

  setDatabase(db: FoyerDatabase | null): void {
    this.db = db;
    this.stars.setDatabase(db);
    this.sources.setDatabase(db);
    this.feed.setDatabase(db);
  }

  async writeOwnFeed(own: Parameters<typeof writeOwnFeed>[1]): Promise<void> {
    if (this.db) await writeOwnFeed(this.db, own);
  }
}
