import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { myEventCounts, namedCounts, queryEvents } from '../../sync/views/events/queries.ts';
import type {
  EventActions,
  EventsPage,
  EventsQuery,
  EventView,
  Loadable,
  MyEventCounts,
  NamedCount,
  QueuedCommand,
  RejectionsState,
  SessionState,
  SyncStatus,
} from './api.ts';
import type { ScopesDoc } from '../../sync/engine/scoped.ts';
import type { CacheEntry } from '../../sync/store/caches.ts';
import type { CacheData, CacheKey } from '../../workers/caches.ts';
import { query, type QueryRef } from './device.ts';
import type { DataRuntime } from './runtime.ts';
import type { Loaded, ValueStore } from './value-store.ts';

export const DataContext = createContext<DataRuntime | null>(null);

export function useRuntime(): DataRuntime {
  const runtime = useContext(DataContext);
  if (!runtime) throw new Error('src/data hooks need a <DataProvider> above them');
  return runtime;
}

export function useStore<T>(store: Pick<ValueStore<T>, 'subscribe' | 'get'>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/**
 * A live read of the device: the query's answer as the worker has it, `initial` until it answers.
 * Screens of one query share one read (live-reads.ts); `initial` is a constant beside the view.
 */
export function useDevice<T>(ref: QueryRef<T>, initial: T): Loaded<T> {
  return useStore(useRuntime().live.get(ref, initial));
}

const NO_CAUGHT_UP: Record<string, number> = {};

/** Which scoped collections the device holds and when each last caught up (sync/engine/scoped.ts). */
export function useScopes(): Loaded<ScopesDoc | null> {
  return useDevice(query('scopes'), null);
}

/** The collections that caught up at least once since the user signed in on this device, and when. */
export function useCaughtUp(): Loaded<Record<string, number>> {
  return useDevice(query('caughtUp'), NO_CAUGHT_UP);
}

/** The last answer of a read-through cache (workers/caches.ts), as of when it came; null before any. */
export function useCacheEntry<K extends CacheKey>(key: K): Loaded<CacheEntry<CacheData<K>> | null> {
  // The worker serves every key through one read; the key says what the answer holds.
  return useDevice(query('cache', key), null) as Loaded<CacheEntry<CacheData<K>> | null>;
}

/**
 * Unix seconds, refreshed once a minute: enough for "future", "running" and "past" to move as time
 * passes without re-filtering every list each second.
 */
const NOW_REFRESH_MS = 60_000;
export function useNowSeconds(): number {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    const timer = setInterval(() => setNow(Math.floor(Date.now() / 1000)), NOW_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function useSession(): SessionState {
  const runtime = useRuntime();
  const snap = useStore(runtime.session);
  return useMemo(
    () => ({
      status: snap.status,
      user: snap.user,
      login: (email: string, password: string) => runtime.login(email, password),
      logout: () => runtime.logout(),
    }),
    [runtime, snap],
  );
}

export function useViews() {
  return useStore(useRuntime().views);
}

/**
 * A device that has never finished a sync and is on its way to its first. An empty answer then means
 * "not here yet" rather than "there is none": a first visit's lists keep their placeholders instead of
 * saying "no events" for the seconds before the catalogue arrives. Offline or failing, the empty
 * answer is the truth the device has, and is shown as such.
 */
export function useFirstSyncPending(): boolean {
  return useStore(useRuntime().firstSyncPending);
}

/**
 * `untilFirstSync: false` is for a list the first sync cannot fill, such as a guest's favourites:
 * it is not loading while that sync runs, and the screen is not drawn again when the sync ends.
 */
export function useEvents(query: EventsQuery, { untilFirstSync = true }: { untilFirstSync?: boolean } = {}): Loadable<EventsPage> {
  const views = useViews();
  const now = useNowSeconds();
  // Screens pass the query inline; its content, not its identity, decides when to recompute.
  const key = JSON.stringify(query);
  const data = useMemo(() => queryEvents(views.value, JSON.parse(key) as EventsQuery, now), [views.value, key, now]);
  const isLoading = useStillArriving(untilFirstSync && data.items.length === 0) || views.loading;
  return useMemo(() => ({ data, isLoading }), [data, isLoading]);
}

/**
 * True while `empty` and the first sync is still pending. It reads the flag through a snapshot of
 * its own, so a list that already has items is not drawn again when the first sync ends: on a
 * guest's first visit that was every row of home, each card with its dates and prices, for a
 * screen that did not change (the longest task after the first render, issue 32).
 */
function useStillArriving(empty: boolean): boolean {
  const pending = useRuntime().firstSyncPending;
  const read = () => empty && pending.get();
  return useSyncExternalStore(pending.subscribe, read, read);
}

export function useEvent(eventId: number): Loadable<EventView | undefined> {
  const views = useViews();
  const data = useMemo(() => views.value.find((e) => e.event_id === eventId), [views.value, eventId]);
  return useMemo(() => ({ data, isLoading: views.loading }), [data, views.loading]);
}

export function useMyEventCounts(): Loadable<MyEventCounts> {
  const views = useViews();
  const now = useNowSeconds();
  const data = useMemo(() => myEventCounts(views.value, now), [views.value, now]);
  return useMemo(() => ({ data, isLoading: views.loading }), [data, views.loading]);
}

export function useEventCategories(): Loadable<NamedCount[]> {
  const views = useViews();
  const data = useMemo(() => namedCounts(views.value, 'category'), [views.value]);
  return useMemo(() => ({ data, isLoading: views.loading }), [data, views.loading]);
}

export function useEventCities(): Loadable<NamedCount[]> {
  const views = useViews();
  const data = useMemo(() => namedCounts(views.value, 'city'), [views.value]);
  return useMemo(() => ({ data, isLoading: views.loading }), [data, views.loading]);
}

export function useEventActions(): EventActions {
  const runtime = useRuntime();
  return useMemo(
    () => ({
      setFavorite: (eventId: number, favorite: boolean) => runtime.enqueue('event.favorite', { event_id: eventId, favorite }),
      checkin: (eventId: number) => runtime.enqueue('event.checkin', { event_id: eventId }),
      uncheckin: (eventId: number) => runtime.enqueue('event.uncheckin', { event_id: eventId }),
      markViewed: (eventId: number) => runtime.call('markViewed', eventId),
    }),
    [runtime],
  );
}

export function useSyncStatus(): SyncStatus {
  const runtime = useRuntime();
  const snap = useStore(runtime.sync);
  return useMemo(() => ({ ...snap, retry: () => runtime.retry() }), [runtime, snap]);
}

/** The outbox entries not yet answered by the server, oldest first. */
export function useUnsentCommands(): Loaded<QueuedCommand[]> {
  return useDevice(query('unsentCommands'), NO_QUEUED);
}

const NO_QUEUED: QueuedCommand[] = [];

export function useRejections(): RejectionsState {
  const runtime = useRuntime();
  const { value } = useStore(runtime.rejections);
  return useMemo(
    () => ({ items: value, dismiss: (id: string) => void runtime.dismiss(id), retry: (id: string) => void runtime.retryParked(id) }),
    [runtime, value],
  );
}
