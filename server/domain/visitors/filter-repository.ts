import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { AGE_BUCKETS } from '../../../contract/visitors.ts';
import { likeContains, TRUE, type Cond } from '../../db/sql.ts';
import type { VisitorFilter, VisitorSort } from './filters.ts';

/**
 * The visitor list filters (filters.ts reads them from the query) as SQL conditions on the row
 * alias `u` of repository.ts, and the sort orders.
 */

/** Whether `u` is a friend of the viewer; friendship rows are stored once per pair, either way round. */
export function isFriendOf(viewerId: number): Cond {
  return sql<SqlBool>`EXISTS (SELECT 1 FROM friends fr
    WHERE (fr.user_id = ${viewerId} AND fr.friend_id = u.id) OR (fr.friend_id = ${viewerId} AND fr.user_id = u.id))`;
}

/** The viewer's relation row to `u` passes the test. */
function relationTest(viewerId: number, test: RawBuilder<unknown>): Cond {
  return sql<SqlBool>`EXISTS (SELECT 1 FROM user_relations fr
    WHERE fr.user_id = ${viewerId} AND fr.target_user_id = u.id AND NOT fr.deleted AND ${test})`;
}

/** Trip statuses are part of the trip plan, which its owner may hide from everyone else. */
export function tripStatusIn(statuses: number[], viewerId: number | null): Cond {
  const own = viewerId === null ? sql`FALSE` : sql`u.id = ${viewerId}`;
  return sql<SqlBool>`(u.trip_status IN (${sql.join(statuses)}) AND (${own} OR NOT u.hide_trip_plan))`;
}

/**
 * SQL conditions of a filter. `currentYear` is passed in (not now() in SQL) so the filter and the
 * client's ageBucket agree on the same year and the rule is testable.
 */
export function filterConds(f: VisitorFilter, viewerId: number | null, currentYear: number): Cond[] {
  const conds: Cond[] = [];
  if (f.q) {
    const p = likeContains(f.q);
    conds.push(sql<SqlBool>`((u.first_name || ' ' || u.last_name) ILIKE ${p} OR (u.last_name || ' ' || u.first_name) ILIKE ${p}
      OR u.company ILIKE ${p} OR u.position ILIKE ${p})`);
  }
  if (f.cityId !== undefined) conds.push(sql<SqlBool>`u.city_id = ${f.cityId}`);
  if (f.countryCode !== undefined) conds.push(sql<SqlBool>`u.country_code = ${f.countryCode}`);
  if (f.menuId !== undefined) conds.push(sql<SqlBool>`u.menu_id = ${f.menuId}`);
  if (f.tripStatuses?.length) conds.push(tripStatusIn(f.tripStatuses, viewerId));
  // Gender and age filter only people who show them: otherwise the filter would tell what they hide.
  const shows = viewerId === null ? sql<SqlBool>`u.show_personal` : sql<SqlBool>`(u.show_personal OR u.id = ${viewerId})`;
  if (f.sex !== undefined) conds.push(sql<SqlBool>`(${shows} AND u.sex = ${f.sex})`);
  if (f.ageBuckets?.length) {
    const ranges = f.ageBuckets.map((value) => {
      const b = AGE_BUCKETS.find((x) => x.value === value);
      // parseVisitorQuery lets through only the buckets' own numbers.
      if (!b) throw new Error(`no age bucket ${value}`);
      const age = sql`(${currentYear}::int - u.birth_year)`;
      return b.max === null ? sql<SqlBool>`${age} >= ${b.min}` : sql<SqlBool>`(${age} >= ${b.min} AND ${age} < ${b.max})`;
    });
    conds.push(sql<SqlBool>`(${shows} AND u.birth_year IS NOT NULL AND u.birth_year <= ${currentYear}::int AND (${sql.join(ranges, sql` OR `)}))`);
  }
  if (f.interests?.length) {
    conds.push(sql<SqlBool>`string_to_array(u.hobby, ',') && ARRAY[${sql.join(f.interests.map(String))}]::text[]`);
  }
  if (viewerId !== null) {
    if (f.onlyFriends) conds.push(isFriendOf(viewerId));
    if (f.onlyFavorite) conds.push(relationTest(viewerId, sql`fr.favorite`));
    if (f.onlyAppreciated) conds.push(relationTest(viewerId, sql`fr.like_status IN (2, 3)`));
    if (f.onlyAppointments) {
      const atEvent = f.eventId === undefined ? sql`` : sql`AND ap.event_id = ${f.eventId}`;
      conds.push(sql<SqlBool>`EXISTS (SELECT 1 FROM appointments ap WHERE NOT ap.deleted ${atEvent}
        AND ((ap.from_user_id = ${viewerId} AND ap.to_user_id = u.id) OR (ap.to_user_id = ${viewerId} AND ap.from_user_id = u.id)))`);
    }
  }
  return conds.length ? conds : [TRUE];
}

/** ORDER BY for a sort; every order ends in the id so pages never overlap or skip. */
export function orderBySql(sort: VisitorSort): RawBuilder<unknown> {
  const dir = sql.raw(sort.dir);
  switch (sort.key) {
    case 'name':
      return sql`lower(u.first_name) ${dir}, lower(u.last_name) ${dir}, u.id ${dir}`;
    case 'register':
      return sql`u.registered_at ${dir}, u.id ${dir}`;
    case 'status':
      return sql`(CASE u.role WHEN 'organizer' THEN 5 WHEN 'speaker' THEN 4 WHEN 'sponsor' THEN 3 WHEN 'volunteer' THEN 2 ELSE 1 END) ${dir},
        ((u.status <> '')::int + (u.help <> '')::int) ${dir}, u.registered_at DESC, u.id DESC`;
  }
}
