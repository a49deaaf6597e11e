import type { EventView } from '../../store/overlay.ts';

/**
 * The list rules behind useEvents and the my-events tabs, pure over the overlaid views so every tab
 * count and page is computed the same way online and offline. Times are unix seconds, as in the
 * documents.
 */

export type EventsFilter = 'all' | 'future' | 'past' | 'running' | 'favorites' | 'viewed' | 'mine';
export type EventsSort = 'when' | '-when' | '-viewed';

export interface EventsQuery {
  filter?: EventsFilter;
  category_id?: number;
  city_id?: number;
  /** Case-insensitive match on name, city, venue (name and address) and category. */
  search?: string;
  /** 'when' ascending (default for future), '-when' descending (default for past and viewed). */
  sort?: EventsSort;
  limit?: number;
  offset?: number;
}

export interface EventsPage {
  items: EventView[];
  /** How many match the query without limit and offset, for pagination and tab counts. */
  total: number;
}

/** The spec splits upcoming from previous by when_end against now, so a running event is upcoming. */
export const isPast = (e: EventView, now: number) => e.when_end < now;
export const isFuture = (e: EventView, now: number) => e.when_end >= now;
export const isRunning = (e: EventView, now: number) => e.when <= now && now <= e.when_end;

/** The user takes part: checked in, holds a ticket, owns or moderates it. A favorite alone is not taking part. */
export function isMine(e: EventView): boolean {
  return e.checked_in || e.has_ticket || e.is_owner || e.is_moderator;
}

export function matchesFilter(e: EventView, filter: EventsFilter, now: number): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'future':
      return isFuture(e, now);
    case 'past':
      return isPast(e, now);
    case 'running':
      return isRunning(e, now);
    case 'favorites':
      return e.is_favorite;
    case 'viewed':
      return e.viewed_at > 0;
    case 'mine':
      return isMine(e);
  }
}

export function defaultSort(filter: EventsFilter): EventsSort {
  return filter === 'past' || filter === 'viewed' ? '-when' : 'when';
}

export function normalizeSearch(search: string | undefined): string {
  return (search ?? '').trim().toLocaleLowerCase();
}

export function matchesSearch(e: EventView, needle: string): boolean {
  if (!needle) return true;
  return [e.name, e.city_name, e.place.name, e.place.address, e.category_name].some((field) => field.toLocaleLowerCase().includes(needle));
}

export function compareBy(sort: EventsSort): (a: EventView, b: EventView) => number {
  switch (sort) {
    case 'when':
      return (a, b) => a.when - b.when || a.event_id - b.event_id;
    case '-when':
      return (a, b) => b.when - a.when || b.event_id - a.event_id;
    case '-viewed':
      return (a, b) => b.viewed_at - a.viewed_at || b.when - a.when || b.event_id - a.event_id;
  }
}

export function queryEvents(views: readonly EventView[], q: EventsQuery, now: number): EventsPage {
  const filter = q.filter ?? 'all';
  const needle = normalizeSearch(q.search);
  const matching = views.filter(
    (e) =>
      matchesFilter(e, filter, now) &&
      (q.category_id === undefined || e.category_id === q.category_id) &&
      (q.city_id === undefined || e.city_id === q.city_id) &&
      matchesSearch(e, needle),
  );
  matching.sort(compareBy(q.sort ?? defaultSort(filter)));
  const offset = Math.max(0, Math.floor(q.offset ?? 0));
  const end = q.limit === undefined ? undefined : offset + Math.max(0, Math.floor(q.limit));
  return { items: matching.slice(offset, end), total: matching.length };
}

export interface MyEventCounts {
  allEvents: number;
  futuredEvents: number;
  pastEvents: number;
  favorites: number;
  lookedEarlier: number;
}

/** The counts in the labels of the profile's my-events tabs. */
export function myEventCounts(views: readonly EventView[], now: number): MyEventCounts {
  const counts: MyEventCounts = { allEvents: 0, futuredEvents: 0, pastEvents: 0, favorites: 0, lookedEarlier: 0 };
  for (const e of views) {
    if (isMine(e)) {
      counts.allEvents++;
      if (isPast(e, now)) counts.pastEvents++;
      else counts.futuredEvents++;
    }
    if (e.is_favorite) counts.favorites++;
    if (e.viewed_at > 0) counts.lookedEarlier++;
  }
  return counts;
}

export interface NamedCount {
  id: number;
  name: string;
  count: number;
}

/** Categories or cities present in the local events, most frequent first. Events without a city (id 0) are left out. */
export function namedCounts(views: readonly EventView[], by: 'category' | 'city'): NamedCount[] {
  const map = new Map<number, NamedCount>();
  for (const e of views) {
    const id = by === 'category' ? e.category_id : e.city_id;
    const name = by === 'category' ? e.category_name : e.city_name;
    if (by === 'city' && id === 0) continue;
    const entry = map.get(id);
    if (entry) entry.count++;
    else map.set(id, { id, name, count: 1 });
  }
  return [...map.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name) || a.id - b.id);
}
