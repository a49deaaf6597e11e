import type { FoyerDatabase } from '../../../sync/engine/database.ts';
import {
  EMPTY_SOURCES,
  markNotificationsSeen,
  observeNotificationSources,
  type NotificationItem,
  type NotificationSources,
} from '../../../sync/views/notifications/notifications.ts';
import { LiveStore } from '../live-store.ts';

/** The notifications' sources (sync/views/notifications), read while a screen or the header listens. */
export class NotificationStores {
  readonly sources = new LiveStore<NotificationSources>(observeNotificationSources, EMPTY_SOURCES);
  private db: FoyerDatabase | null = null;

  setDatabase(db: FoyerDatabase | null): void {
    this.db = db;
    this.sources.setDatabase(db);
  }

  markSeen(items: readonly NotificationItem[]): Promise<void> {
    return this.db ? markNotificationsSeen(this.db, items) : Promise.resolve();
  }
}
