import { describe, expect, it } from 'vitest';
import { countryIdOf, nextLikeRequest, type RelationDoc } from '../../contract/visitors.ts';
import { visitorDoc } from '../fixtures/visitor-doc.ts';
import type { QueuedCommand } from '../../sync/store/overlay.ts';
import {
  categoryCounts,
  cityCounts,
  countryCounts,
  overlayRelations,
  prepareVisitors,
  queryVisitors,
  type JoinContext,
  type PreparedVisitor,
  type Viewer,
  type VisitorsFilter,
} from '../../sync/views/visitors/visitors.ts';

const YEAR = 2026;

const visitor = visitorDoc;

function relation(userId: number, over: Partial<RelationDoc> = {}): RelationDoc {
  return { id: String(userId), user_id: userId, like_status: 0, favorite: false, rev: 1, ...over };
}

let seq = 0;
function cmd(kind: string, payload: Record<string, unknown>, status: QueuedCommand['status'] = 'pending'): QueuedCommand {
  seq++;
  return { id: `c${seq}`, kind, payload, seq, status };
}

function context(over: Partial<JoinContext> = {}): JoinContext {
  return { relations: new Map(), friends: new Set(), partners: new Set(), menu: new Map(), meId: null, currentYear: YEAR, ...over };
}

const ids = (list: readonly PreparedVisitor[], filter: VisitorsFilter, viewer: Viewer = { userId: 1 }) =>
  queryVisitors(list, filter, viewer).items.map((v) => v.user_id);

describe('the like rule', () => {
  it('sends 1 when the current like is 2 or 3, otherwise 2', () => {
    expect(nextLikeRequest(0)).toBe(2);
    expect(nextLikeRequest(1)).toBe(2);
    expect(nextLikeRequest(2)).toBe(1);
    expect(nextLikeRequest(3)).toBe(1);
  });
});

describe('overlayRelations', () => {
  it('applies queued likes and stars in order over the server documents', () => {
    const rels = overlayRelations(
      [relation(2, { like_status: 3 }), relation(3, { favorite: true })],
      [
        cmd('visitor.like', { user_id: 4, status: 2 }),
        cmd('visitor.favorite', { user_id: 3, favorite: false }),
        cmd('visitor.favorite', { user_id: 3, favorite: true }),
      ],
    );
    expect(rels.get(2)).toEqual({ like_status: 3, favorite: false, pending: false });
    expect(rels.get(3)).toEqual({ like_status: 0, favorite: true, pending: true });
    expect(rels.get(4)).toEqual({ like_status: 2, favorite: false, pending: true });
  });

  it('keeps a mutual like mutual, unlikes to 1, and ignores rejected commands', () => {
    expect(overlayRelations([relation(2, { like_status: 3 })], [cmd('visitor.like', { user_id: 2, status: 2 })]).get(2)?.like_status).toBe(3);
    expect(overlayRelations([relation(2, { like_status: 3 })], [cmd('visitor.like', { user_id: 2, status: 1 })]).get(2)?.like_status).toBe(1);
    expect(overlayRelations([relation(2)], [cmd('visitor.like', { user_id: 2, status: 2 }, 'rejected')]).get(2)).toEqual({
      like_status: 0,
      favorite: false,
      pending: false,
    });
  });

  it('counts an applied command as settled for the pending flag while still showing it', () => {
    const r = overlayRelations([], [cmd('visitor.favorite', { user_id: 5, favorite: true }, 'applied')]).get(5);
    expect(r).toEqual({ like_status: 0, favorite: true, pending: false });
  });
});

describe('prepareVisitors', () => {
  it('joins relations, friends, partners and menu names, and marks the viewer', () => {
    const [p] = prepareVisitors(
      [visitor(2, { menu_id: 9, birth_year: 1990, hobby: '4,1,4,9' })],
      context({
        relations: new Map([[2, { like_status: 2, favorite: true, pending: true }]]),
        friends: new Set([2]),
        partners: new Set([2]),
        menu: new Map([[9, 'Investor']]),
        meId: 2,
      }),
    );
    expect(p!.view).toMatchObject({
      name: 'First2 Last2',
      liked: true,
      favorite: true,
      is_friend: true,
      has_appointment: true,
      menu_name: 'Investor',
      age: 36,
      age_bucket: 4,
      interests: [4, 1],
      is_me: true,
      pending: true,
    });
  });

  it('reuses the prepared base while a document keeps its rev, and drops what left', () => {
    const cache = new Map();
    const a = visitor(2);
    prepareVisitors([a, visitor(3)], context(), cache);
    expect(cache.size).toBe(2);
    const first = cache.get(a.id);
    prepareVisitors([a], context(), cache);
    expect(cache.get(a.id)).toBe(first);
    expect(cache.size).toBe(1);
    prepareVisitors([{ ...a, rev: 99, first_name: 'Renamed' }], context(), cache);
    expect(cache.get(a.id)).not.toBe(first);
  });
});

describe('queryVisitors', () => {
  const list = prepareVisitors(
    [
      visitor(1, {
        first_name: 'Олена',
        last_name: 'Коваль',
        company: 'Acme',
        role: 'speaker',
        status: 'Hi',
        help: 'Jobs',
        registered_at: 100,
        sex: 2,
        birth_year: 2000,
        hobby: '4',
        trip_status: 2,
        country_code: 'PL',
        country_name: 'Poland',
        city_id: 2,
        city_name: 'Warsaw',
        menu_id: 5,
      }),
      visitor(2, { first_name: 'anna', last_name: 'Bondar', position: 'CTO', registered_at: 300, sex: 2, birth_year: 1970, hobby: '6,7', trip_status: 1 }),
      visitor(3, { first_name: 'Bohdan', last_name: 'Adamenko', role: 'organizer', registered_at: 200, sex: 1, birth_year: 1985, menu_id: 6 }),
      visitor(4, {
        first_name: 'Anna',
        last_name: 'Zaitseva',
        status: 'About',
        registered_at: 400,
        country_code: 'PL',
        country_name: 'Poland',
        city_id: 3,
        city_name: 'Krakow',
        menu_id: 5,
      }),
    ],
    context({
      relations: new Map([[4, { like_status: 0, favorite: true, pending: false }]]),
      friends: new Set([2]),
      partners: new Set([3]),
      menu: new Map([
        [5, 'Founder'],
        [6, 'Investor'],
        [7, 'Press'],
      ]),
    }),
  );

  it('sorts by status descending by default: standing, then filled-in cards, then newest registration', () => {
    expect(ids(list, {})).toEqual([3, 1, 4, 2]);
    expect(ids(list, { sort: 'status', order: 'asc' })).toEqual([2, 4, 1, 3]);
  });

  it('sorts by name and by registration in both directions, case-insensitively', () => {
    expect(ids(list, { sort: 'name', order: 'asc' })).toEqual([2, 4, 3, 1]);
    expect(ids(list, { sort: 'name', order: 'desc' })).toEqual([1, 3, 4, 2]);
    expect(ids(list, { sort: 'register', order: 'asc' })).toEqual([1, 3, 2, 4]);
    expect(ids(list, { sort: 'register', order: 'desc' })).toEqual([4, 2, 3, 1]);
  });

  it('searches first and last name in either order, company and position', () => {
    expect(ids(list, { search: 'ANNA', sort: 'register', order: 'asc' })).toEqual([2, 4]);
    expect(ids(list, { search: 'bondar anna' })).toEqual([2]);
    expect(ids(list, { search: '  anna   bondar ' })).toEqual([2]);
    expect(ids(list, { search: 'олена' })).toEqual([1]);
    expect(ids(list, { search: 'acme' })).toEqual([1]);
    expect(ids(list, { search: 'cto' })).toEqual([2]);
    expect(ids(list, { search: 'nobody' })).toEqual([]);
  });

  it('filters the tabs: appointments, friends, favorites, country and city', () => {
    expect(ids(list, { tab: 'appointments' })).toEqual([3]);
    expect(ids(list, { onlyAppointments: true })).toEqual([3]);
    expect(ids(list, { tab: 'friends' })).toEqual([2]);
    expect(ids(list, { tab: 'favorites' })).toEqual([4]);
    expect(ids(list, { tab: 'country', country: 'pl', sort: 'register', order: 'asc' })).toEqual([1, 4]);
    expect(ids(list, { tab: 'city', cityId: 3 })).toEqual([4]);
    // Without a choice the tab means the viewer's own country or city, and everybody when unknown.
    expect(ids(list, { tab: 'country', sort: 'register', order: 'asc' }, { userId: 1, countryCode: 'UA' })).toEqual([3, 2]);
    expect(ids(list, { tab: 'city', sort: 'register', order: 'asc' }, { userId: 1, cityId: 2 })).toEqual([1]);
    expect(ids(list, { tab: 'country' }, { userId: null })).toHaveLength(4);
  });

  it('filters by category, role, sex, age bucket, interests and trip status', () => {
    expect(ids(list, { menuId: 5, sort: 'register', order: 'asc' })).toEqual([1, 4]);
    expect(ids(list, { role: 'organizer' })).toEqual([3]);
    expect(ids(list, { sex: 1 })).toEqual([3]);
    expect(ids(list, { sex: 0, sort: 'register', order: 'asc' })).toEqual([1, 2]);
    // 2026: born 2000 → 26 (bucket 3), 1985 → 41 (4), 1970 → 56 (6, the 55+ bucket); no birth year, no bucket.
    expect(ids(list, { ages: [3] })).toEqual([1]);
    expect(ids(list, { ages: [4, 6], sort: 'register', order: 'asc' })).toEqual([3, 2]);
    expect(ids(list, { interests: [7, 4], sort: 'register', order: 'asc' })).toEqual([1, 2]);
    expect(ids(list, { statuses: [1] })).toEqual([2]);
    expect(ids(list, { menuId: 5, search: 'anna' })).toEqual([4]);
  });

  it('pages with offset and limit and counts every match', () => {
    const page = queryVisitors(list, { sort: 'register', order: 'asc', offset: 1, limit: 2 }, { userId: 1 });
    expect(page.items.map((v) => v.user_id)).toEqual([3, 2]);
    expect(page.total).toBe(4);
  });

  it('builds the country, city and category selects with user counts', () => {
    expect(countryCounts(list)).toEqual([
      { id: countryIdOf('PL'), code: 'PL', name: 'Poland', count: 2 },
      { id: countryIdOf('UA'), code: 'UA', name: 'Ukraine', count: 2 },
    ]);
    expect(cityCounts(list).map((c) => [c.name, c.count])).toEqual([
      ['Kyiv', 2],
      ['Krakow', 1],
      ['Warsaw', 1],
    ]);
    expect(cityCounts(list, 'PL').map((c) => c.name)).toEqual(['Krakow', 'Warsaw']);
    expect(
      categoryCounts(
        list,
        new Map([
          [5, 'Founder'],
          [6, 'Investor'],
          [7, 'Press'],
        ]),
      ),
    ).toEqual([
      { id: 5, name: 'Founder', count: 2 },
      { id: 6, name: 'Investor', count: 1 },
      { id: 7, name: 'Press', count: 0 },
    ]);
  });
});
