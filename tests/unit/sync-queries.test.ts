import { describe, expect, it } from 'vitest';
import type { EventView } from '../../sync/store/overlay.ts';
import { eventView } from '../fixtures/event-doc.ts';
import { defaultSort, myEventCounts, namedCounts, queryEvents } from '../../sync/views/events/queries.ts';

const NOW = 1_800_000_000;
const H = 3600;
const view = (id: number, over: Partial<EventView> = {}) => eventView(id, { when: NOW + 24 * H, when_end: NOW + 30 * H, ...over });

const events = [
  view(1, { name: 'Future Fest', when: NOW + 48 * H, when_end: NOW + 50 * H, is_favorite: true }),
  view(2, { name: 'Past Summit', when: NOW - 72 * H, when_end: NOW - 70 * H, checked_in: true, viewed_at: NOW - 10 }),
  view(3, { name: 'Running Meetup', when: NOW - H, when_end: NOW + H, has_ticket: true, city_id: 2, city_name: 'Warsaw', viewed_at: NOW - 5 }),
  view(4, { name: 'Soon Expo', when: NOW + 2 * H, when_end: NOW + 4 * H, category_id: 2, category_name: 'Business', is_owner: true, is_favorite: true }),
  view(5, { name: 'Old Gathering', when: NOW - 500 * H, when_end: NOW - 499 * H, city_id: 0, city_name: '', viewed_at: NOW - 1 }),
];
const ids = (items: EventView[]) => items.map((e) => e.event_id);

describe('queryEvents', () => {
  it('splits future, past and running by when_end and when against now', () => {
    expect(ids(queryEvents(events, { filter: 'future' }, NOW).items)).toEqual([3, 4, 1]);
    expect(ids(queryEvents(events, { filter: 'past' }, NOW).items)).toEqual([2, 5]);
    expect(ids(queryEvents(events, { filter: 'running' }, NOW).items)).toEqual([3]);
    // An event that ends exactly now has not finished yet.
    expect(queryEvents([view(9, { when: NOW - H, when_end: NOW })], { filter: 'future' }, NOW).total).toBe(1);
  });

  it('filters favorites, viewed and mine', () => {
    expect(ids(queryEvents(events, { filter: 'favorites' }, NOW).items)).toEqual([4, 1]);
    expect(ids(queryEvents(events, { filter: 'viewed', sort: '-viewed' }, NOW).items)).toEqual([5, 3, 2]);
    expect(ids(queryEvents(events, { filter: 'mine' }, NOW).items)).toEqual([2, 3, 4]);
  });

  it('narrows by category, city and a case-insensitive search on name, city and category', () => {
    expect(ids(queryEvents(events, { category_id: 2 }, NOW).items)).toEqual([4]);
    expect(ids(queryEvents(events, { city_id: 2 }, NOW).items)).toEqual([3]);
    expect(ids(queryEvents(events, { search: '  wARSaw ' }, NOW).items)).toEqual([3]);
    expect(ids(queryEvents(events, { search: 'business' }, NOW).items)).toEqual([4]);
    expect(ids(queryEvents(events, { search: 'fest' }, NOW).items)).toEqual([1]);
    expect(queryEvents(events, { search: 'nothing like it' }, NOW)).toEqual({ items: [], total: 0 });
  });

  it('finds an event by its venue, by name or address, as the events list search does (issue 27)', () => {
    const venues = [
      view(1, { place: { public: true, name: 'Палац Україна', address: 'вул. Велика Васильківська, 103' } }),
      view(2, { place: { public: true, name: 'Arsenal', address: 'Lavrska St, 10' } }),
    ];
    expect(ids(queryEvents(venues, { search: 'палац' }, NOW).items)).toEqual([1]);
    expect(ids(queryEvents(venues, { search: 'lavrska' }, NOW).items)).toEqual([2]);
    expect(ids(queryEvents(venues, { search: 'kyiv' }, NOW).items)).toEqual([1, 2]);
  });

  it('sorts by the filter default unless told otherwise', () => {
    expect(defaultSort('past')).toBe('-when');
    expect(defaultSort('viewed')).toBe('-when');
    expect(defaultSort('future')).toBe('when');
    expect(ids(queryEvents(events, {}, NOW).items)).toEqual([5, 2, 3, 4, 1]);
    expect(ids(queryEvents(events, { sort: '-when' }, NOW).items)).toEqual([1, 4, 3, 2, 5]);
    expect(ids(queryEvents(events, { filter: 'viewed' }, NOW).items)).toEqual([3, 2, 5]);
  });

  it('pages with limit and offset and reports the total without them', () => {
    const page = queryEvents(events, { limit: 2, offset: 1 }, NOW);
    expect(ids(page.items)).toEqual([2, 3]);
    expect(page.total).toBe(5);
    expect(queryEvents(events, { limit: 2, offset: 4 }, NOW).items).toHaveLength(1);
    expect(queryEvents(events, { limit: 0 }, NOW)).toMatchObject({ items: [], total: 5 });
  });

  it('breaks ties by id so pages never overlap', () => {
    const same = [view(3), view(1), view(2)];
    expect(ids(queryEvents(same, { limit: 2 }, NOW).items)).toEqual([1, 2]);
    expect(ids(queryEvents(same, { limit: 2, offset: 2 }, NOW).items)).toEqual([3]);
  });
});

describe('myEventCounts', () => {
  it('counts the my-events tabs', () => {
    expect(myEventCounts(events, NOW)).toEqual({ allEvents: 3, futuredEvents: 2, pastEvents: 1, favorites: 2, lookedEarlier: 3 });
    expect(myEventCounts([], NOW)).toEqual({ allEvents: 0, futuredEvents: 0, pastEvents: 0, favorites: 0, lookedEarlier: 0 });
  });
});

describe('namedCounts', () => {
  it('lists categories and cities present locally, most frequent first, without the empty city', () => {
    expect(namedCounts(events, 'category')).toEqual([
      { id: 1, name: 'IT', count: 4 },
      { id: 2, name: 'Business', count: 1 },
    ]);
    expect(namedCounts(events, 'city')).toEqual([
      { id: 1, name: 'Kyiv', count: 3 },
      { id: 2, name: 'Warsaw', count: 1 },
    ]);
  });
});
