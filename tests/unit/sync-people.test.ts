import { describe, expect, it } from 'vitest';
import type { EventDoc } from '../../contract/entities.ts';
import type { VisitorDoc } from '../../contract/visitors.ts';
import { visitorDoc } from '../fixtures/visitor-doc.ts';
import { localPeople, matchesPeopleTab, peoplePage, readLocalPeople, toPersonBasics } from '../../sync/views/people/people.ts';

const NOW = 1_000_000;

function event(id: number, when: number, whenEnd: number): EventDoc {
  return { event_id: id, when, when_end: whenEnd, name: `Event ${id}` } as EventDoc;
}
function visitor(userId: number, eventId: number, over: Partial<VisitorDoc> = {}): VisitorDoc {
  return visitorDoc(userId, {
    event_id: eventId,
    first_name: `F${userId}`,
    last_name: 'L',
    country_name: '',
    city_id: 0,
    city_name: '',
    registered_at: userId,
    rev: 1,
    ...over,
  });
}

describe('people card', () => {
  const events = [event(1, NOW + 500, NOW + 900), event(2, NOW + 100, NOW + 200), event(3, NOW - 900, NOW - 100)];
  const visitors = [
    visitor(10, 1, { registered_at: 5 }),
    visitor(10, 2, { registered_at: 5 }),
    visitor(11, 1, { registered_at: 9, trip_status: 2 }),
    visitor(12, 3, { registered_at: 50 }),
  ];

  it('lists each person once with the soonest event that has not ended, newest registrations first', () => {
    const people = localPeople(visitors, events, NOW);
    expect(people.map((p) => [p.doc.user_id, p.event.event_id])).toEqual([
      [11, 1],
      [10, 2],
    ]);
  });

  it('reads one tab for the card: its first people, how many match, and whether anybody is going anywhere', () => {
    expect(readLocalPeople(visitors, events, 'allVisitors', 1, NOW)).toMatchObject({ total: 2, any: true, items: [{ doc: { user_id: 11 } }] });
    expect(readLocalPeople(visitors, events, 'leaveCity', 16, NOW)).toEqual({ items: [], total: 0, any: true });
    expect(readLocalPeople(visitors, events, 'allVisitors', 16, Number.MAX_SAFE_INTEGER)).toEqual({ items: [], total: 0, any: false });
  });

  it('keeps the same first people as sorting the whole list would, ties and all', () => {
    // Many people, few distinct registration times, so the user id decides most ties.
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed;
    };
    const many = Array.from({ length: 600 }, () =>
      visitor(1000 + (random() % 400), 1 + (random() % 3), { registered_at: random() % 25, trip_status: random() % 4 }),
    );
    for (const tab of ['allVisitors', 'comingToTheCity', 'leaveCity'] as const) {
      const sorted = localPeople(many, events, NOW).filter(({ doc }) => matchesPeopleTab(tab, doc.trip_status));
      for (const limit of [0, 1, 5, 16, 1000]) {
        const read = readLocalPeople(many, events, tab, limit, NOW);
        expect(read.total).toBe(sorted.length);
        expect(read.items.map((p) => p.doc.user_id)).toEqual(sorted.slice(0, limit).map((p) => p.doc.user_id));
      }
    }
  });

  it('filters the trip tabs and decorates with stars', () => {
    expect(matchesPeopleTab('allVisitors', 3)).toBe(true);
    expect(matchesPeopleTab('comingToTheCity', 2)).toBe(true);
    expect(matchesPeopleTab('leaveCity', 2)).toBe(false);
    const page = peoplePage({
      limit: 16,
      local: readLocalPeople(visitors, events, 'comingToTheCity', 16, NOW),
      server: null,
      relations: new Map([[11, { like_status: 0, favorite: true, pending: true }]]),
      meId: 10,
    });
    expect(page).toMatchObject({ source: 'local', total: 1 });
    expect(page.items[0]).toMatchObject({ user_id: 11, favorite: true, pending: true, is_me: false, tripKnown: false, event: { id: 1, name: 'Event 1' } });
  });

  it("falls back to the server's cached list when the device holds nobody going anywhere", () => {
    const server = {
      fetchedAt: 5,
      data: {
        count: 40,
        items: [
          {
            user_id: 7,
            first_name: 'S',
            last_name: '',
            avatar: '',
            country_code: '',
            city_name: '',
            position: '',
            company: '',
            help: '',
            status: '',
            trip_status: 0,
            event: null,
            trip: null,
          },
        ],
      },
    };
    const page = peoplePage({ limit: 16, local: readLocalPeople([visitor(12, 3)], events, 'allVisitors', 16, NOW), server, relations: new Map(), meId: null });
    expect(page).toMatchObject({ source: 'server', total: 40, fetchedAt: 5 });
    expect(page.items[0]).toMatchObject({ user_id: 7, tripKnown: true, favorite: false });
    expect(peoplePage({ limit: 16, local: readLocalPeople([], events, 'allVisitors', 16, NOW), server: null, relations: new Map(), meId: null })).toMatchObject(
      {
        source: 'none',
        items: [],
      },
    );
  });
});

describe('a legacy person read loosely', () => {
  it('reads the older spellings and leaves what is missing or mistyped empty', () => {
    expect(toPersonBasics({ id: 7, first_name: 'Ada', avatar_url: '/a.png', city: 'Riga', trip_status: 2.7, company: 3 })).toEqual({
      user_id: 7,
      first_name: 'Ada',
      last_name: '',
      avatar: '/a.png',
      country_code: '',
      city_name: 'Riga',
      position: '',
      company: '',
      help: '',
      status: '',
      trip_status: 2,
    });
  });

  it('prefers the current spellings when both are there', () => {
    const p = toPersonBasics({ user_id: 8, id: 9, avatar: '/new.png', avatar_url: '/old.png', city_name: 'Oslo', city: 'Bergen' });
    expect([p.user_id, p.avatar, p.city_name]).toEqual([8, '/new.png', 'Oslo']);
  });
});
