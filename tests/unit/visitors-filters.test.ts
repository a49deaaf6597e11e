import { describe, expect, it } from 'vitest';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { DEFAULT_VISITOR_SORT, parseIntList, parseVisitorQuery, type VisitorQuery, type ViewerHome } from '../../server/domain/visitors/filters.ts';
import { filterConds, orderBySql } from '../../server/domain/visitors/filter-repository.ts';
import { ageBucket, ageOf, AGE_BUCKETS, countryCodeOf, countryIdOf, sexFilterToStored } from '../../contract/visitors.ts';

// Compiles SQL without a database, so the conditions can be inspected as PostgreSQL would get them.
const db = new Kysely<Record<string, never>>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (d) => new PostgresIntrospector(d),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
const compile = (conds: ReturnType<typeof filterConds>) => sql`SELECT 1 FROM users u WHERE ${sql.join(conds, sql` AND `)}`.compile(db);

const home: ViewerHome = { id: 7, city_id: 3, country_code: 'PL' };

function parsed(raw: Parameters<typeof parseVisitorQuery>[0], viewer: ViewerHome | null = home): VisitorQuery {
  const p = parseVisitorQuery(raw, viewer);
  if ('error' in p) throw new Error(`unexpected ${p.error} ${p.detail}`);
  return p;
}

describe('parseVisitorQuery', () => {
  it('defaults to status descending, 10 per page', () => {
    const p = parsed({});
    expect(p.sort).toEqual(DEFAULT_VISITOR_SORT);
    expect(p.sort).toEqual({ key: 'status', dir: 'DESC' });
    expect(p.limit).toBe(10);
    expect(p.offset).toBe(0);
  });

  it('accepts only name, register and status with asc or desc', () => {
    expect(parsed({ sort: 'name', order: 'asc' }).sort).toEqual({ key: 'name', dir: 'ASC' });
    expect(parsed({ sort: 'register', order: 'DESC' }).sort).toEqual({ key: 'register', dir: 'DESC' });
    for (const sort of ['email', 'name ASC', 'u.id', 'password_hash', 'name; DROP TABLE users']) {
      expect(parseVisitorQuery({ sort }, home)).toEqual({ error: 'invalid_input', detail: 'sort' });
    }
    expect(parseVisitorQuery({ order: 'sideways' }, home)).toEqual({ error: 'invalid_input', detail: 'order' });
  });

  it('refuses a limit beyond 100 instead of capping it', () => {
    expect(parseVisitorQuery({ limit: 100000 }, home)).toEqual({ error: 'invalid_input', detail: 'limit' });
    expect(parseVisitorQuery({ limit: 0 }, home)).toEqual({ error: 'invalid_input', detail: 'limit' });
    expect(parsed({ limit: 100 }).limit).toBe(100);
  });

  it('maps the sex filter 1 male, 0 female onto the stored 1 and 2', () => {
    expect(parsed({ sex: '1' }).filter.sex).toBe(1);
    expect(parsed({ sex: '0' }).filter.sex).toBe(2);
    expect(parsed({ sex: '2' }).filter.sex).toBe(2);
    expect(parsed({ sex: '' }).filter.sex).toBeUndefined();
    expect(parseVisitorQuery({ sex: '3' }, home)).toEqual({ error: 'invalid_input', detail: 'sex' });
    expect(sexFilterToStored(5)).toBeNull();
  });

  it('reads list parameters as comma lists, repeated keys or key[]', () => {
    expect(parsed({ statuses: '3,1' }).filter.tripStatuses).toEqual([1, 3]);
    expect(parsed({ statuses: ['2', '4'], 'statuses[]': '1' }).filter.tripStatuses).toEqual([1, 2, 4]);
    expect(parsed({ 'age[]': ['6', '2'] }).filter.ageBuckets).toEqual([2, 6]);
    expect(parsed({ interests: '7,7,1' }).filter.interests).toEqual([1, 7]);
    expect(parsed({ statuses: '' }).filter.tripStatuses).toBeUndefined();
    expect(parseVisitorQuery({ statuses: '5' }, home)).toEqual({ error: 'invalid_input', detail: 'statuses' });
    expect(parseVisitorQuery({ age: '7' }, home)).toEqual({ error: 'invalid_input', detail: 'age' });
    expect(parseVisitorQuery({ interests: '0' }, home)).toEqual({ error: 'invalid_input', detail: 'interests' });
    expect(parseIntList(['1,x'], 1, 4)).toBe('invalid');
  });

  it('applies filter_from with the viewer home unless an explicit city or country is given', () => {
    expect(parsed({ filter_from: '1' }).filter).toMatchObject({ cityId: 3 });
    expect(parsed({ filter_from: '2' }).filter).toMatchObject({ countryCode: 'PL' });
    expect(parsed({ filter_from: '1', user_city_id: 9 }).filter.cityId).toBe(9);
    expect(parsed({ filter_from: '2', user_country_id: 'ua' }).filter.countryCode).toBe('UA');
    expect(parsed({ filter_from: 'null' }).filter.cityId).toBeUndefined();
    expect(parsed({ filter_from: '1' }, null).filter.cityId).toBeUndefined();
    expect(parseVisitorQuery({ filter_from: '3' }, home)).toEqual({ error: 'invalid_input', detail: 'filter_from' });
  });

  it('takes numeric country ids from countryIdOf as well as codes', () => {
    expect(parsed({ user_country_id: String(countryIdOf('UA')) }).filter.countryCode).toBe('UA');
    expect(parseVisitorQuery({ user_country_id: '9999' }, home)).toEqual({ error: 'invalid_input', detail: 'user_country_id' });
  });

  it('needs an event for menu_id and a session for the personal filters', () => {
    expect(parseVisitorQuery({ menu_id: 2 }, home)).toEqual({ error: 'invalid_input', detail: 'menu_id' });
    expect(parsed({ menu_id: 2, event_id: 5 }).filter).toMatchObject({ menuId: 2, eventId: 5 });
    for (const flag of ['only_friends', 'only_favorite', 'only_appreciated', 'only_meetings'] as const) {
      expect(parseVisitorQuery({ [flag]: '1' }, null)).toEqual({ error: 'auth_required' });
      expect(
        parsed({ [flag]: 'true' }).filter[
          flag === 'only_friends'
            ? 'onlyFriends'
            : flag === 'only_favorite'
              ? 'onlyFavorite'
              : flag === 'only_appreciated'
                ? 'onlyAppreciated'
                : 'onlyAppointments'
        ],
      ).toBe(true);
    }
  });
});

describe('filterConds', () => {
  it('binds every user value as a parameter, never as SQL text', () => {
    const q = "x' OR 1=1 --";
    const c = compile(filterConds(parsed({ q, user_country_id: 'UA', user_city_id: 4, sex: '0' }).filter, 7, 2026));
    expect(c.sql).not.toContain('1=1');
    expect(c.parameters).toContain(`%x' OR 1=1 --%`);
    expect(c.parameters).toEqual(expect.arrayContaining(['UA', 4, 2]));
  });

  it('takes % and _ in the search text literally', () => {
    const c = compile(filterConds({ q: '100%_a' }, null, 2026));
    expect(c.parameters).toContain('%100\\%\\_a%');
  });

  it('turns age buckets into half-open year ranges, bucket 6 open-ended from 55', () => {
    const c = compile(filterConds({ ageBuckets: [2, 6] }, null, 2026));
    expect(c.sql).toMatch(/u\.birth_year IS NOT NULL/);
    // [18, 25) and [55, ∞), computed against the year passed in.
    expect(c.parameters).toEqual([2026, 2026, 18, 2026, 25, 2026, 55]);
  });

  it('hides trip statuses of people who hide their trip plan, except from themselves', () => {
    const guest = compile(filterConds({ tripStatuses: [1, 2] }, null, 2026));
    expect(guest.sql).toMatch(/u\.trip_status IN \(\$1, \$2\) AND \(FALSE OR NOT u\.hide_trip_plan\)/);
    const own = compile(filterConds({ tripStatuses: [3] }, 7, 2026));
    expect(own.sql).toMatch(/u\.id = \$2 OR NOT u\.hide_trip_plan/);
  });

  it('adds the personal filters only for a signed-in viewer', () => {
    const f = { onlyFriends: true, onlyFavorite: true, onlyAppreciated: true, onlyAppointments: true, eventId: 3 };
    expect(compile(filterConds(f, null, 2026)).sql).toBe('SELECT 1 FROM users u WHERE TRUE');
    const c = compile(filterConds(f, 7, 2026));
    expect(c.sql).toContain('FROM friends');
    expect(c.sql).toContain('fr.favorite');
    expect(c.sql).toContain('fr.like_status IN (2, 3)');
    expect(c.sql).toContain('FROM appointments');
    expect(c.parameters).toContain(3);
  });

  it('matches any of the chosen interests', () => {
    const c = compile(filterConds({ interests: [1, 4] }, null, 2026));
    expect(c.sql).toContain(`string_to_array(u.hobby, ',') && ARRAY[$1, $2]::text[]`);
    expect(c.parameters).toEqual(['1', '4']);
  });

  it('orders every sort by a unique tail so pages never overlap', () => {
    for (const key of ['name', 'register', 'status'] as const) {
      const text = sql`${orderBySql({ key, dir: 'ASC' })}`.compile(db).sql;
      expect(text, key).toMatch(/u\.id (ASC|DESC)$/);
    }
  });
});

describe('age buckets', () => {
  it('puts every age in exactly one bucket, 55-64 included', () => {
    for (let age = 0; age <= 110; age++) {
      const matching = AGE_BUCKETS.filter((b) => age >= b.min && (b.max === null || age < b.max));
      expect(matching, String(age)).toHaveLength(1);
    }
    expect(ageBucket(2026 - 17, 2026)).toBe(1);
    expect(ageBucket(2026 - 18, 2026)).toBe(2);
    expect(ageBucket(2026 - 60, 2026)).toBe(6);
    expect(ageBucket(2026 - 70, 2026)).toBe(6);
    expect(ageBucket(null, 2026)).toBeNull();
    expect(ageOf(2030, 2026)).toBeNull();
  });

  it('numbers countries from the code alone, reversibly', () => {
    expect(countryIdOf('UA')).toBe(2101);
    expect(countryIdOf('pl')).toBe(1612);
    for (const code of ['AA', 'ZZ', 'DE', 'GB', 'US', 'CZ']) expect(countryCodeOf(countryIdOf(code))).toBe(code);
    expect(countryCodeOf(100)).toBeNull();
    expect(countryCodeOf(2727)).toBeNull();
  });
});
