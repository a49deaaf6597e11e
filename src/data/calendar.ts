import { useCallback, useEffect, useMemo } from 'react';
import { buildCalendar, EMPTY_CALENDAR, type CalendarItem } from '../../sync/views/calendar/calendar.ts';
import { feedState, feedUrls, newFeedToken, type FeedSources, type FeedState } from '../../sync/views/calendar/feed.ts';
import { starsOf, type EventStars, type StarsByEvent } from '../../sync/views/calendar/stars.ts';
import type { Loadable } from './api.ts';
import { query } from './device.ts';
import { useDevice, useRuntime } from './hooks.ts';
import { useRefreshOnSync } from './refresh-on-sync.ts';

const FEED_KEYS = ['calendar_feed'] as const;
/** The reads' values before the device answers. */
const NO_STARS: StarsByEvent = new Map();
const NO_FEED: FeedSources = { own: null, status: null, commands: [] };

export type { CalendarItem, CalendarKind, CalendarStatus } from '../../sync/views/calendar/calendar.ts';
export { agenda, itemsOn, weekOf } from '../../sync/views/calendar/calendar.ts';
export type { FeedState } from '../../sync/views/calendar/feed.ts';

export interface SpeechStars extends EventStars {
  /** Stars or unstars a speech; queued like every edit, so it works offline. */
  set(speechId: number, starred: boolean): Promise<void>;
}

/** The stars of one event's speeches (the live stage). */
export function useSpeechStars(eventId: number): SpeechStars {
  const runtime = useRuntime();
  const all = useDevice(query('stars'), NO_STARS).value;
  const stars = starsOf(all, eventId);
  const set = useCallback(
    (speechId: number, starred: boolean) => runtime.enqueue('speech.star', { event_id: eventId, speech_id: speechId, starred }),
    [runtime, eventId],
  );
  return useMemo(() => ({ ...stars, set }), [stars, set]);
}

/** Everything the calendar shows, sorted; starred speeches of events not on the device are asked for. */
export function useCalendar(): Loadable<CalendarItem[]> {
  const runtime = useRuntime();
  const sources = useDevice(query('calendarSources'), EMPTY_CALENDAR);
  const starredEvents = useMemo(() => [...sources.value.stars.entries()].filter(([, s]) => s.starred.size > 0).map(([id]) => id), [sources.value.stars]);
  // A starred speech's programme stays on the device (sync/engine/scoped.ts) once asked for.
  useEffect(() => {
    for (const id of starredEvents) runtime.requestScope('schedule', id);
  }, [runtime, starredEvents]);
  const data = useMemo(() => buildCalendar(sources.value), [sources.value]);
  return useMemo(() => ({ data, isLoading: sources.loading }), [data, sources.loading]);
}

export interface CalendarFeed {
  state: FeedState;
  /** The addresses of this device's feed (https, webcal: and Google's "add by URL"), or null. */
  urls: { https: string; webcal: string; google: string } | null;
  /** A new address, replacing any other; works offline. */
  create(): Promise<void>;
  /** No address any more: calendar apps get nothing from the old one. */
  revoke(): Promise<void>;
}

export function useCalendarFeed(): CalendarFeed {
  const runtime = useRuntime();
  const sources = useDevice(query('feedSources'), NO_FEED).value;
  // Whether an address is active is the server's to say; asked whenever the page opens online.
  useRefreshOnSync(FEED_KEYS);
  const state = useMemo(() => feedState(sources), [sources]);
  const origin = runtime.baseUrl || (typeof location === 'undefined' ? '' : location.origin);
  const token = state.kind === 'mine' ? state.token : null;
  const urls = useMemo(() => (token ? feedUrls(origin, token) : null), [origin, token]);
  const create = useCallback(async () => {
    const own = await newFeedToken();
    await runtime.call('writeOwnFeed', own);
    await runtime.enqueue('calendar.feed', { token: own.token });
  }, [runtime]);
  const revoke = useCallback(async () => {
    await runtime.enqueue('calendar.feed', { token: null });
    await runtime.call('writeOwnFeed', null);
  }, [runtime]);
  return useMemo(() => ({ state, urls, create, revoke }), [state, urls, create, revoke]);
}
