import { EMPTY_CALENDAR, type CalendarSources } from '../../../sync/views/calendar/calendar.ts';
import type { FeedSources, OwnFeed } from '../../../sync/views/calendar/feed.ts';
import type { StarsByEvent } from '../../../sync/views/calendar/stars.ts';
import { query, type Device } from '../device.ts';
import { LiveStore } from '../live-store.ts';

/** The calendar's live reads (sync/views/calendar) and the one local write it makes (its address). */
export class CalendarStores {
  readonly stars = new LiveStore<StarsByEvent>(query('stars'), new Map());
  readonly sources = new LiveStore<CalendarSources>(query('calendarSources'), EMPTY_CALENDAR);
  readonly feed = new LiveStore<FeedSources>(query('feedSources'), { own: null, status: null, commands: [] });
  private device: Device | null = null;

  setDevice(device: Device | null): void {
    this.device = device;
    this.stars.setDevice(device);
    this.sources.setDevice(device);
    this.feed.setDevice(device);
  }

  async writeOwnFeed(own: OwnFeed | null): Promise<void> {
    if (this.device) await this.device.call('writeOwnFeed', own);
  }
}
