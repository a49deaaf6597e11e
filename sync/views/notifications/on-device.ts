import type { FoyerDatabase } from '../../engine/database.ts';
import { markNotificationsSeen } from './notifications.ts';
import { observeNotificationSources } from './notifications.ts';

/**
 * The live reads of the notifications' sources, as the worker serves them to the page by name
 * (workers/queries.ts merges every area's). A screen reads one with useDevice(query(name,
 * ...args)).
 */
export const NOTIFICATION_READS = {
  notificationSources: (db: FoyerDatabase) => observeNotificationSources(db),
} as const;

/**
 * The local writes of the notifications: what this device has seen, which the page asks of the
 * device by name (workers/actions.ts merges every area's).
 */
export const NOTIFICATION_WRITES = {
  markNotificationsSeen: (db: FoyerDatabase, items: Parameters<typeof markNotificationsSeen>[1]) => markNotificationsSeen(db, items),
} as const;
