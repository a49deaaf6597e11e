import { EMPTY_SOURCES, type NotificationItem, type NotificationSources } from '../../../sync/views/notifications/notifications.ts';
import { query, type Device } from '../device.ts';
import { LiveStore } from '../live-store.ts';

/** The notifications' sources (sync/views/notifications), read while a screen or the header listens. */
export class NotificationStores {
  readonly sources = new LiveStore<NotificationSources>(query('notificationSources'), EMPTY_SOURCES);
  private device: Device | null = null;

  setDevice(device: Device | null): void {
    this.device = device;
    this.sources.setDevice(device);
  }

  markSeen(items: readonly NotificationItem[]): Promise<void> {
    return this.device ? this.device.call('markNotificationsSeen', items) : Promise.resolve();
  }
}
