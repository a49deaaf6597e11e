import { AGE_BUCKETS, LIKE_STATUS, countryIdOf } from '../../contract/visitors.ts';
import { looseInt as int, looseObject as obj, looseString as str } from '../../sync/store/caches.ts';
import { toPersonBasics } from '../../sync/views/people/people.ts';
import { toSocial } from '../../sync/views/profile/profile.ts';
import type { CityCount, CountryCount, RelationView, VisitorView, VisitorsFilter } from '../../sync/views/visitors/visitors.ts';
import { interestsOf } from '../../sync/views/visitors/visitors.ts';
import type { VisitorsPageData } from './api.ts';

/**
 * The visitors page of an event the user does not take part in (a guest, or a user without a
 * ticket or check-in). Its feed is for participants only, so such a device holds none of its
 * visitors and asks the server's get-event-people with the same filters, online only. The server
 * applies the same visibility rules (guests see show_status 1 only, never phone or email) and the
 * same readings of the filters as the device does for participants (sync/views/visitors/visitors.ts).
 */

/** The query string of get-event-people for a filter; tabs a guest may not open are the caller's concern. */
export function peopleQuery(eventId: number, filter: VisitorsFilter): URLSearchParams {
  const q = new URLSearchParams({ event_id: String(eventId) });
  if (filter.search?.trim()) q.set('q', filter.search.trim().slice(0, 100));
  q.set('sort', filter.sort ?? 'status');
  q.set('order', filter.order ?? 'desc');
  const tab = filter.tab ?? 'all';
  if (tab === 'country') {
    q.set('filter_from', '2');
    if (filter.country) q.set('user_country_id', String(countryIdOf(filter.country)));
  }
  if (tab === 'city') {
    q.set('filter_from', '1');
    if (filter.cityId) q.set('user_city_id', String(filter.cityId));
  }
  if (tab === 'friends') q.set('only_friends', '1');
  if (tab === 'favorites') q.set('only_favorite', '1');
  if (tab === 'appointments' || filter.onlyAppointments) q.set('only_meetings', '1');
  if (filter.menuId !== undefined) q.set('menu_id', String(filter.menuId));
  if (filter.sex !== undefined) q.set('sex', String(filter.sex));
  if (filter.ages?.length) q.set('age', filter.ages.join(','));
  if (filter.interests?.length) q.set('interests', filter.interests.join(','));
  if (filter.statuses?.length) q.set('statuses', filter.statuses.join(','));
  q.set('offset', String(filter.offset ?? 0));
  q.set('limit', String(Math.min(100, Math.max(1, filter.limit ?? 10))));
  return q;
}

function bucketOfAge(age: number | null): number | null {
  if (age === null) return null;
  return AGE_BUCKETS.find((b) => age >= b.min && (b.max === null || age < b.max))?.value ?? null;
}

/** A legacy visitor entity as a VisitorView, with the device's own relations overlaid. */
export function fromLegacyVisitor(raw: unknown, eventId: number, relations: ReadonlyMap<number, RelationView>, meId: number | null): VisitorView {
  const d = obj(raw);
  const checkin = obj(d.event_checkin);
  const userId = int(d.user_id ?? d.id);
  const rel = relations.get(userId);
  const like = rel?.like_status ?? int(d.like_status ?? d.like);
  const age = typeof d.age === 'number' ? d.age : null;
  const hobby = str(d.hobby);
  const first = str(d.first_name);
  const last = str(d.last_name);
  return {
    id: `${eventId}:${userId}`,
    event_id: eventId,
    ...toPersonBasics(d),
    country_name: str(d.country_name),
    city_id: int(d.city_id),
    show_status: int(d.show_status),
    hobby,
    sex: int(d.sex),
    birth_year: 0,
    social: toSocial(d.social),
    phone: str(d.phone),
    email: str(d.email),
    menu_id: int(d.menu_id),
    role: str(d.role) || 'visitor',
    about: str(checkin.about),
    interest: str(checkin.interest),
    accesses_by_tickets: checkin.accesses_by_tickets === true,
    registered_at: int(d.registered_at),
    rev: 0,
    name: `${first} ${last}`.trim(),
    like_status: like,
    liked: like === LIKE_STATUS.liked || like === LIKE_STATUS.mutual,
    favorite: rel ? rel.favorite : d.favorite === true,
    is_friend: d.is_friend === true,
    has_appointment: Boolean(d.appointment),
    menu_name: str(d.menu_name),
    age,
    age_bucket: bucketOfAge(age),
    interests: interestsOf(hobby),
    is_me: userId === meId,
    pending: rel?.pending ?? false,
  };
}

export interface RemoteSelects {
  countries: CountryCount[];
  cities: CityCount[];
}

export function toSelects(countries: unknown, cities: unknown): RemoteSelects {
  const list = (v: unknown) => (Array.isArray(v) ? v : Array.isArray(obj(v).results) ? (obj(v).results as unknown[]) : []);
  return {
    countries: list(countries)
      .map((c) => obj(c))
      .filter((c) => /^[A-Za-z]{2}$/.test(str(c.code)))
      .map((c) => ({ id: countryIdOf(str(c.code)), code: str(c.code).toUpperCase(), name: str(c.name), count: int(c.count ?? c.count_users_from) })),
    cities: list(cities)
      .map((c) => obj(c))
      .filter((c) => int(c.id) > 0)
      .map((c) => ({ id: int(c.id), name: str(c.name), count: int(c.count ?? c.count_users_from) })),
  };
}

export function toRemotePage(
  data: unknown,
  eventId: number,
  relations: ReadonlyMap<number, RelationView>,
  meId: number | null,
): Pick<VisitorsPageData, 'items' | 'total'> {
  const d = obj(data);
  const results = Array.isArray(d.results) ? d.results : [];
  return { items: results.map((r) => fromLegacyVisitor(r, eventId, relations, meId)), total: int(d.count) };
}
