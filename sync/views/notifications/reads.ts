import type { FoyerDatabase } from '../../engine/database.ts';
import { observeNotificationSources } from './notifications.ts';

/**
 * The live reads of the notifications' sources, as the worker serves them to the page by name (workers/queries.ts
 * merges every area's). A screen reads one with useDevice(query(name, ...args)).
 */
export const NOTIFICATION_READS = {
  notificationSources: (db: FoyerDatabase) => observeNotificationSources(db),
} as const;
