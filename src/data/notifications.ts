import { useCallback, useMemo } from 'react';
import { NOTICE_READ_BATCH } from '../../contract/notifications.ts';
import { buildNotifications, EMPTY_SOURCES, unreadNoticeIds, unseenCount, type NotificationItem } from '../../sync/views/notifications/notifications.ts';
import type { Loadable } from './api.ts';
import { query } from './device.ts';
import { useDevice, useNowSeconds, useRuntime } from './hooks.ts';

export type { NotificationItem, NotificationKind, NotificationMeeting } from '../../sync/views/notifications/notifications.ts';

export interface NotificationsData {
  items: NotificationItem[];
  /** Unread and newer than the last look on this device: the header's flag. */
  unseen: number;
  unread: number;
  /** Unread notices that "mark all as read" marks (messages are read in their conversation). */
  markable: number;
}

export interface NotificationActions {
  /** Marks these notices read on every device (derived ones are read through their source). */
  markRead(keys: readonly string[]): Promise<void>;
  markAllRead(): Promise<void>;
  /** The list was shown: the header's flag goes out on this device. */
  markSeen(): Promise<void>;
}

export function useNotifications(): Loadable<NotificationsData> & NotificationActions {
  const runtime = useRuntime();
  const sources = useDevice(query('notificationSources'), EMPTY_SOURCES);
  const now = useNowSeconds();
  const items = useMemo(() => buildNotifications(sources.value, now), [sources.value, now]);
  const seen = sources.value.seen;
  const data = useMemo(
    () => ({ items, unseen: unseenCount(items, seen), unread: items.filter((n) => !n.read).length, markable: unreadNoticeIds(items).length }),
    [items, seen],
  );

  const send = useCallback(
    async (ids: number[]) => {
      for (let i = 0; i < ids.length; i += NOTICE_READ_BATCH) await runtime.enqueue('notification.read', { ids: ids.slice(i, i + NOTICE_READ_BATCH) });
    },
    [runtime],
  );
  const markRead = useCallback((keys: readonly string[]) => send(unreadNoticeIds(items, new Set(keys))), [send, items]);
  const markAllRead = useCallback(() => send(unreadNoticeIds(items)), [send, items]);
  const markSeen = useCallback(() => runtime.call('markNotificationsSeen', items), [runtime, items]);
  return useMemo(() => ({ data, isLoading: sources.loading, markRead, markAllRead, markSeen }), [data, sources.loading, markRead, markAllRead, markSeen]);
}
