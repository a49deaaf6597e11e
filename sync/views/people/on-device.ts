import { asyncScheduler, combineLatest, distinctUntilChanged, map, of, switchMap, throttleTime, timer } from 'rxjs';
import type { FoyerDatabase } from '../../engine/database.ts';
import { API_MAX_LIMIT } from '../../../contract/constants.ts';
import { PEOPLE_TABS, type PeopleTab } from '../../../contract/visitors.ts';
import { allPages, cacheSource, legacyGet, looseInt, looseList, looseObject } from '../../store/caches.ts';
import { observeAllVisitors, observeMeetingPartners, observeVisitorRows, signedInUser$ } from '../visitors/store.ts';
import { suggestPeople, toSuggestedPerson, type Profile, type SuggestedPerson } from './suggestions.ts';
import { FRIENDS_KEEP, readLocalPeople, toPersonSummary, type FriendsCache, type PeopleCache } from './people.ts';

/** Events end as time passes: the people card's read is redone every minute, as the page's clock ticks. */
const PEOPLE_CLOCK_MS = 60_000;
/** During a first sync the card recounts at most once a second (observeAllVisitors). */
const PEOPLE_SETTLE_MS = 1000;

/**
 * The live reads of the people card: a page of people counted from every visitor document on the
 * device, as the worker serves them to the page by name (workers/queries.ts merges every area's).
 * A screen reads one with useDevice(query(name, ...args)).
 */
export const PEOPLE_READS = {
  /** Counted in the worker, since it is computed from every visitor document. */
  localPeople: (db: FoyerDatabase, tab: PeopleTab, limit: number) =>
    combineLatest([observeAllVisitors(db, PEOPLE_SETTLE_MS), timer(0, PEOPLE_CLOCK_MS)]).pipe(
      map(([{ visitors, events }]) => readLocalPeople(visitors, events, tab, limit, Math.floor(Date.now() / 1000))),
      distinctUntilChanged((a, b) => JSON.stringify(a) === JSON.stringify(b)),
    ),
  /** People to meet at an event (suggestions.ts), from the event's visitor documents on the device. */
  suggestions: (db: FoyerDatabase, eventId: number, limit: number) => {
    const cache = new Map<string, { rev: number; profile: Profile }>();
    return signedInUser$(db).pipe(
      switchMap((meId) => {
        if (meId === null) return of<SuggestedPerson[]>([]);
        // A first sync of a large event writes visitors in many batches: read them at most once a second.
        const visitors$ = observeVisitorRows(db, eventId).pipe(throttleTime(PEOPLE_SETTLE_MS, asyncScheduler, { leading: true, trailing: true }));
        return combineLatest([visitors$, observeMeetingPartners(db, eventId)]).pipe(
          map(([docs, partners]) => {
            const me = docs.find((d) => d.user_id === meId);
            return me ? suggestPeople(me, docs, { skip: partners, limit, cache }).map(toSuggestedPerson) : [];
          }),
        );
      }),
      distinctUntilChanged((a, b) => JSON.stringify(a) === JSON.stringify(b)),
    );
  },
} as const;

/**
 * The people card's read-through caches (sync/store/caches.ts), merged with every area's in
 * workers/caches.ts:
 *
 * - friends: GET /api/user/get-friends, every page: the ids feed the visitors page's friends tab
 *   (sync/views/visitors/store.ts), the first eight the profile aside.
 * - people:<tab>: GET /api/visitors/get-main-page-users, the people card of a device that holds no
 *   visitors of upcoming events (a guest, or a user who takes part in nothing upcoming).
 */
export const PEOPLE_CACHES = {
  friends: cacheSource({
    needsUser: true,
    fetch: async (http, _arg, signal): Promise<FriendsCache> => {
      const { items, count } = await allPages(http, '/api/user/get-friends', {}, FRIENDS_KEEP, signal);
      const people = items.map(toPersonSummary);
      return { count, ids: people.map((p) => p.user_id), first: people.slice(0, 8) };
    },
  }),
  people: cacheSource({
    needsUser: false,
    takes: (arg): arg is PeopleTab => Object.hasOwn(PEOPLE_TABS, arg),
    fetch: async (http, tab, signal): Promise<PeopleCache> => {
      const q = new URLSearchParams({ tab, limit: String(API_MAX_LIMIT), offset: '0' });
      const data = looseObject(await legacyGet(http, `/api/visitors/get-main-page-users?${q}`, signal));
      return { count: looseInt(data.count), items: looseList(data.results).map(toPersonSummary) };
    },
  }),
} as const;
