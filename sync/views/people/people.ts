import type { EventDoc } from '../../../contract/entities.ts';
import { PEOPLE_TABS, type PeopleTab, type VisitorDoc } from '../../../contract/visitors.ts';
import { looseInt as int, looseObject as obj, looseString as str } from '../../store/caches.ts';
import type { RelationView } from '../visitors/visitors.ts';

/**
 * The people card (networking.md §2 "People card") and /people: people going to events that have
 * not ended, each once with the soonest such event, newest registrations first — the reading of
 * the server's get-main-page-users. Tabs list one trip status each (allVisitors: everybody).
 *
 * Where the list comes from: the visitors documents on the device when it holds any for an
 * upcoming event (the user takes part, so these are the people they can meet and act on, offline
 * too); otherwise the server's answer kept in a local cache (a guest, or a user who takes part in
 * nothing upcoming). The device never has the trip plans themselves: those come with the server's
 * answer only, and local items show the spec's placeholder.
 */

/** How many friends a device keeps at most; the spec shows 8, the friends tab filters by all of them. */
export const FRIENDS_KEEP = 2000;

/** A person as the legacy lists describe them, trimmed to what the screens show. */
export interface PersonSummary {
  user_id: number;
  first_name: string;
  last_name: string;
  avatar: string;
  country_code: string;
  city_name: string;
  position: string;
  company: string;
  help: string;
  status: string;
  trip_status: number;
  /** The event the person is going to (people card), when the answer names one. */
  event: { id: number; name: string } | null;
  /** The trip plan of that event; null when hidden, empty strings when undecided. */
  trip: { hotel: string; transportBefore: string; transportAfter: string } | null;
}

export interface FriendsCache {
  count: number;
  ids: number[];
  first: PersonSummary[];
}
export interface PeopleCache {
  count: number;
  items: PersonSummary[];
}

/** The fields every legacy answer's person carries (a list's, a profile's, a visitor's). */
export type PersonBasics = Omit<PersonSummary, 'event' | 'trip'>;

/**
 * A person object of a legacy answer read loosely, the one reading of its older spellings (`id`,
 * `avatar_url`, `city`) for every answer that describes people.
 */
export function toPersonBasics(d: Record<string, unknown>): PersonBasics {
  return {
    user_id: int(d.user_id ?? d.id),
    first_name: str(d.first_name),
    last_name: str(d.last_name),
    avatar: str(d.avatar ?? d.avatar_url),
    country_code: str(d.country_code),
    city_name: str(d.city_name ?? d.city),
    position: str(d.position),
    company: str(d.company),
    help: str(d.help),
    status: str(d.status),
    trip_status: int(d.trip_status),
  };
}

export function toPersonSummary(v: unknown): PersonSummary {
  const d = obj(v);
  const checkin = obj(d.event_checkin);
  const trip = d.trip && typeof d.trip === 'object' ? obj(d.trip) : null;
  const eventId = int(checkin.event_id);
  return {
    ...toPersonBasics(d),
    event: eventId ? { id: eventId, name: str(checkin.event_name) } : null,
    trip: trip ? { hotel: str(trip.hotel), transportBefore: str(trip.transportBefore), transportAfter: str(trip.transportAfter) } : null,
  };
}

export interface PeopleItem extends PersonSummary {
  favorite: boolean;
  /** A star for this person waits for the server. */
  pending: boolean;
  is_me: boolean;
  /** false: the device has no trip plan for this person (local items), so the placeholder shows. */
  tripKnown: boolean;
}

export interface PeoplePage {
  items: PeopleItem[];
  total: number;
  source: 'local' | 'server' | 'none';
  /** Epoch milliseconds of the server's answer when source is 'server'. */
  fetchedAt: number | null;
}

export function matchesPeopleTab(tab: PeopleTab, tripStatus: number): boolean {
  const status = PEOPLE_TABS[tab];
  return status === null || tripStatus === status;
}

/** Newest registration first, then the higher user id: the people card's order. */
function newerFirst(a: { doc: VisitorDoc }, b: { doc: VisitorDoc }): number {
  return b.doc.registered_at - a.doc.registered_at || b.doc.user_id - a.doc.user_id;
}

/** Each person once, with the soonest upcoming event they are going to, in no particular order. */
function soonestEventPerPerson(
  visitors: readonly VisitorDoc[],
  events: readonly EventDoc[],
  nowSeconds: number,
): Iterable<{ doc: VisitorDoc; event: EventDoc }> {
  const upcoming = new Map<number, EventDoc>();
  for (const e of events) if (e.when_end >= nowSeconds) upcoming.set(e.event_id, e);
  const best = new Map<number, { doc: VisitorDoc; event: EventDoc }>();
  for (const doc of visitors) {
    const event = upcoming.get(doc.event_id);
    if (!event) continue;
    const current = best.get(doc.user_id);
    if (!current || event.when < current.event.when || (event.when === current.event.when && event.event_id < current.event.event_id)) {
      best.set(doc.user_id, { doc, event });
    }
  }
  return best.values();
}

/** One entry per person from the local visitors documents, with the soonest upcoming event. */
export function localPeople(visitors: readonly VisitorDoc[], events: readonly EventDoc[], nowSeconds: number): { doc: VisitorDoc; event: EventDoc }[] {
  return [...soonestEventPerPerson(visitors, events, nowSeconds)].sort(newerFirst);
}

/**
 * What the people card needs of the device's visitors: one tab's first `limit` people with their
 * events, how many match, and whether the device holds anybody going to an upcoming event at all
 * (when it does not, the card shows the server's list). The worker answers it (workers/queries.ts),
 * so the page never receives the thousands of visitor documents it is computed from.
 */
export interface LocalPeopleRead {
  items: { doc: VisitorDoc; event: EventDoc }[];
  total: number;
  any: boolean;
}

export const NO_LOCAL_PEOPLE: LocalPeopleRead = { items: [], total: 0, any: false };

export function readLocalPeople(
  visitors: readonly VisitorDoc[],
  events: readonly EventDoc[],
  tab: PeopleTab,
  limit: number,
  nowSeconds: number,
): LocalPeopleRead {
  // The card shows a handful of the thousands a big event's first sync brings, and recounts once a
  // second while it runs: the first `limit` are kept in order as they come, not the whole list sorted.
  const items: { doc: VisitorDoc; event: EventDoc }[] = [];
  let total = 0;
  let any = false;
  for (const person of soonestEventPerPerson(visitors, events, nowSeconds)) {
    any = true;
    if (!matchesPeopleTab(tab, person.doc.trip_status)) continue;
    total++;
    if (items.length === limit && (limit === 0 || newerFirst(person, items[limit - 1] as (typeof items)[number]) >= 0)) continue;
    let at = items.length;
    while (at > 0 && newerFirst(person, items[at - 1] as (typeof items)[number]) < 0) at--;
    items.splice(at, 0, person);
    if (items.length > limit) items.pop();
  }
  return { items, total, any };
}

export function personFromVisitor(doc: VisitorDoc, event: Pick<EventDoc, 'event_id' | 'name'> | null): PersonSummary {
  return {
    user_id: doc.user_id,
    first_name: doc.first_name,
    last_name: doc.last_name,
    avatar: doc.avatar,
    country_code: doc.country_code,
    city_name: doc.city_name,
    position: doc.position,
    company: doc.company,
    help: doc.help,
    status: doc.status,
    trip_status: doc.trip_status,
    event: event ? { id: event.event_id, name: event.name } : null,
    trip: null,
  };
}

export interface PeopleInput {
  limit: number;
  /** The device's people for this tab (readLocalPeople). */
  local: LocalPeopleRead;
  /** The cached server answer for this tab. */
  server: { fetchedAt: number; data: { count: number; items: PersonSummary[] } } | null;
  relations: ReadonlyMap<number, RelationView>;
  meId: number | null;
}

export function peoplePage(input: PeopleInput): PeoplePage {
  const decorate = (p: PersonSummary, tripKnown: boolean): PeopleItem => {
    const rel = input.relations.get(p.user_id);
    return { ...p, favorite: rel?.favorite ?? false, pending: rel?.pending ?? false, is_me: p.user_id === input.meId, tripKnown };
  };
  if (input.local.any) {
    return {
      items: input.local.items.slice(0, input.limit).map(({ doc, event }) => decorate(personFromVisitor(doc, event), false)),
      total: input.local.total,
      source: 'local',
      fetchedAt: null,
    };
  }
  if (input.server) {
    return {
      items: input.server.data.items.slice(0, input.limit).map((p) => decorate(p, true)),
      total: input.server.data.count,
      source: 'server',
      fetchedAt: input.server.fetchedAt,
    };
  }
  return { items: [], total: 0, source: 'none', fetchedAt: null };
}
