import { describe, expect, it } from 'vitest';
import { fromLegacyEvent, userEventsQuery } from '../../src/data/remote-events.ts';
import type { EventView } from '../../src/data/api.ts';

/** Another user's events page asks the server (issue 27): the call it makes and how an answer becomes cards. */
describe('another user’s events from the server', () => {
  it('asks events-list for that user, one tab and page of six at a time', () => {
    const all = new URL(userEventsQuery(42, 'all', 1, 6), 'http://x');
    expect(all.pathname).toBe('/api/events/events-list');
    expect(Object.fromEntries(all.searchParams)).toEqual({ user_id: '42', limit: '6', offset: '0', search_type: 'all', sort: 'when DESC' });
    const future = new URL(userEventsQuery(42, 'future', 3, 6), 'http://x');
    expect(future.searchParams.get('offset')).toBe('12');
    expect(future.searchParams.get('search_type')).toBe('future');
    expect(future.searchParams.get('sort')).toBe('when ASC');
    expect(new URL(userEventsQuery(42, 'past', 1, 6), 'http://x').searchParams.get('search_type')).toBe('past');
  });

  it('makes a card from the legacy event, or keeps the device’s own copy when it has one', () => {
    const raw = {
      event_id: 7,
      name: 'Lviv Tech Day',
      category: 'IT',
      category_id: 2,
      city: 'Lviv',
      city_id: 3,
      when: 1_800_000_000,
      when_end: 1_800_010_000,
      timezone: 'Europe/Kyiv',
      is_webinar: false,
      place: { public: true, name: 'Arena', address: 'Main St 1' },
      poster_middle: '/p.jpg',
      ticket_min_price: 300,
      currency: 'UAH',
      is_free: false,
      is_favorite: true,
    };
    const view = fromLegacyEvent(raw, undefined);
    expect(view).toMatchObject({ id: '7', event_id: 7, name: 'Lviv Tech Day', city_name: 'Lviv', ticket_min_price: 300, currency: 'UAH', is_free: false });
    expect(view.place).toEqual({ public: true, name: 'Arena', address: 'Main St 1' });
    // Their favorite is not the viewer's.
    expect(view.is_favorite).toBe(false);
    const local = { ...view, name: 'Local copy' } as EventView;
    expect(fromLegacyEvent(raw, local)).toBe(local);
    expect(fromLegacyEvent(null, undefined).event_id).toBe(0);
  });
});
