import { useEffect, useMemo, useState } from 'react';
import type { Locale } from '../../contract/constants.ts';
import { nextLikeRequest, type PeopleTab, type ProfilePatch, type VisitorDoc } from '../../contract/visitors.ts';
import type { CacheData, CacheKey } from '../../workers/caches.ts';
import { NO_LOCAL_PEOPLE, peoplePage, type PeoplePage } from '../../sync/views/people/people.ts';
import type { SuggestedPerson } from '../../sync/views/people/suggestions.ts';
import { menuOf, prepareVisitors, type CategoryCount, type RelationView, type Viewer, type VisitorsFilter } from '../../sync/views/visitors/visitors.ts';
import type { OwnProfileState } from '../../sync/views/visitors/store.ts';
import { EMPTY_VISITORS_READ, type VisitorsRead } from '../../sync/views/visitors/read-model.ts';
import type { Loaded } from './value-store.ts';
import type {
  Cached,
  EventView,
  Loadable,
  PersonSummary,
  StatusType,
  ProfileActions,
  ProfileState,
  VisitorActions,
  VisitorsPageData,
  VisitorView,
} from './api.ts';
import { query } from './device.ts';
import { useCacheEntry, useCaughtUp, useDevice, useScopes, useEvent, useRuntime, useSession, useStore, useSyncStatus, useViews } from './hooks.ts';
import { callOnline } from './online.ts';
import { fromLegacyVisitor, peopleQuery, toRemotePage, toSelects, type RemoteSelects } from './remote-visitors.ts';

/** The reads' values before the device answers. */
const NO_RELATIONS: Map<number, RelationView> = new Map();
const NO_OWN_PROFILE: OwnProfileState = { profile: null, source: null, fetchedAt: null, pending: false };
const NO_VISITOR_DOCS: VisitorDoc[] = [];

/**
 * Hooks of the visitors, people and profile screens (signatures in api.ts). Everything is read from
 * the device; the only network call a screen causes itself is the visitors list of an event the
 * user does not take part in (see remote-visitors.ts). Caches of legacy calls are refreshed by the
 * sync worker when a screen asks for them.
 */

/** Asks the worker to refresh these caches when the screen opens (and the keys change). */
function useRefresh(keys: CacheKey[], enabled = true) {
  const runtime = useRuntime();
  const joined = keys.join('|');
  useEffect(() => {
    if (enabled && joined) runtime.refresh(joined.split('|'));
  }, [runtime, joined, enabled]);
}

function useCache<K extends CacheKey>(key: K): Loadable<Cached<CacheData<K>>> {
  const { loading, value: entry } = useCacheEntry(key);
  return useMemo(() => ({ data: { data: entry?.data ?? null, fetchedAt: entry?.fetchedAt ?? null }, isLoading: loading }), [entry, loading]);
}

const NO_CATEGORIES: CategoryCount[] = [];

/** What a screen subscribes to when it does not need a store: nothing, never loading. */
const IDLE_READ_VALUE = { loading: false, value: EMPTY_VISITORS_READ };
const IDLE_READ = { get: () => IDLE_READ_VALUE, subscribe: () => () => undefined };
const WAITING_READ_VALUE = { loading: true, value: EMPTY_VISITORS_READ };
const WAITING_READ = { get: () => WAITING_READ_VALUE, subscribe: () => () => undefined };

/** The device's page of an event's visitors, from the host's read model (sync/views/visitors/read-model.ts). */
function useDeviceVisitors(eventId: number, key: string, viewer: Viewer): Loaded<VisitorsRead> {
  const runtime = useRuntime();
  const ready = useStore(runtime.visitorReads.ready);
  // No event yet (a modal before it knows its meeting): nothing to read, and no loading either.
  const read = useStore(
    useMemo(() => (eventId <= 0 ? IDLE_READ : ready ? runtime.visitorReads.get(eventId, key, viewer) : WAITING_READ), [ready, runtime, eventId, key, viewer]),
  );
  // Another filter or viewer opens another read, which starts empty until the worker answers, a few
  // milliseconds later. Drawn as it is, the list would blink: cards, a spinner, cards again (it did
  // when the user's own profile arrived a moment after the first cards). Until the new read answers,
  // the event's last answer stays on the screen, marked as loading.
  const [last, setLast] = useState<{ eventId: number; value: VisitorsRead } | null>(null);
  useEffect(() => {
    if (!read.loading) setLast({ eventId, value: read.value });
  }, [read, eventId]);
  const stale = read.loading && last?.eventId === eventId ? last.value : null;
  return useMemo(() => (stale ? { loading: true, value: stale } : read), [stale, read]);
}

export function useVisitors(eventId: number, filter: VisitorsFilter): Loadable<VisitorsPageData> {
  const { user } = useSession();
  const { data: event, isLoading: eventLoading } = useEvent(eventId);
  const own = useDevice(query('ownProfile'), NO_OWN_PROFILE);
  // Keyed by the values the order depends on, not by the profile document: another sync of the same
  // profile must not open another read of the list.
  const userId = user?.id ?? null;
  const countryCode = own.value.profile?.country_code || undefined;
  const cityId = own.value.profile?.city_id || undefined;
  const viewer: Viewer = useMemo(() => ({ userId, countryCode, cityId }), [userId, countryCode, cityId]);
  const key = JSON.stringify(filter);
  const menu = useMemo(() => menuOf(event), [event]);
  const device = useDeviceVisitors(eventId, key, viewer);
  const participant = Boolean(event && (event.checked_in || event.has_ticket || event.is_owner));
  // While the device's answer is not in, a participant's screen waits for it rather than asking the server.
  const onDevice = Boolean(user) && (participant || device.value.allCount > 0);
  useRefresh(user ? ['friends'] : [], onDevice);
  const remote = useRemoteVisitors(eventId, key, !onDevice && !eventLoading && !device.loading, user?.id ?? null);

  return useMemo((): Loadable<VisitorsPageData> => {
    if (onDevice) {
      const { items, total, allCount, countries, cities, categories } = device.value;
      return {
        isLoading: device.loading,
        data: { source: 'device', items, total, allCount, countries, cities, categories, waitingForSync: !device.loading && allCount === 0 },
      };
    }
    const categories = remote.selects?.categories ?? [...menu].map(([id, name]) => ({ id, name, count: 0 }));
    return {
      isLoading: eventLoading || remote.loading || (device.loading && !participant),
      data: {
        source: remote.failed ? 'unavailable' : 'server',
        ...(remote.failed && remote.refusal ? { refusal: remote.refusal } : {}),
        items: remote.page?.items ?? [],
        total: remote.page?.total ?? 0,
        allCount: remote.selects?.allCount ?? 0,
        countries: remote.selects?.countries ?? [],
        cities: remote.selects?.cities ?? [],
        categories: categories.length ? categories : NO_CATEGORIES,
        waitingForSync: false,
      },
    };
  }, [onDevice, device, remote, menu, eventLoading, participant]);
}

interface RemoteState {
  loading: boolean;
  failed: boolean;
  refusal?: VisitorsPageData['refusal'];
  page: Pick<VisitorsPageData, 'items' | 'total'> | null;
  selects: (RemoteSelects & { categories: CategoryCount[]; allCount: number }) | null;
}

/** The server's answer for a non-participant; refetched when the filter or the user changes. */
function useRemoteVisitors(eventId: number, filterKey: string, enabled: boolean, meId: number | null): RemoteState {
  const runtime = useRuntime();
  const relations = useDevice(query('relations'), NO_RELATIONS).value;
  const [state, setState] = useState<RemoteState>({ loading: enabled, failed: false, page: null, selects: null });
  const [raw, setRaw] = useState<unknown>(null);

  useEffect(() => {
    if (!enabled || !eventId) return;
    const controller = new AbortController();
    const get = (path: string) => callOnline<unknown>(runtime, `${path}?event_id=${eventId}`, undefined, controller.signal);
    Promise.all([
      get('/api/meetings-manager/get-checkin-countries'),
      get('/api/meetings-manager/get-checkin-cities'),
      get('/api/meetings-manager/get-checkin-categories'),
    ])
      .then(([countries, cities, categories]) => {
        // The filters are a help, not the list: without them the list still shows, unfiltered.
        if (!countries.ok || !cities.ok || !categories.ok) return;
        const c = (categories.data ?? {}) as { results?: { id: number; name: string; count: number }[]; count?: number };
        setState((s) => ({
          ...s,
          selects: {
            ...toSelects(countries.data, cities.data),
            categories: (c.results ?? []).map((x) => ({ id: x.id, name: x.name, count: x.count })),
            allCount: c.count ?? 0,
          },
        }));
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [runtime, eventId, enabled, meId]);

  useEffect(() => {
    if (!enabled || !eventId) return;
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    callOnline<unknown>(runtime, `/api/events/get-event-people?${peopleQuery(eventId, JSON.parse(filterKey) as VisitorsFilter)}`, undefined, controller.signal)
      .then((answer) => {
        if (controller.signal.aborted) return;
        if (answer.ok) {
          setRaw(answer.data);
          setState((s) => ({ ...s, loading: false, failed: false, refusal: undefined }));
          return;
        }
        console.warn('foyer: the visitors list could not be fetched', answer.code);
        setRaw(null);
        // A refusal the screen can explain (too many requests, no access); the rest is just "failed".
        const refusal = answer.code === 'network_error' || answer.code === 'unknown_error' ? undefined : { code: answer.code, retryAfter: answer.retryAfter };
        setState((s) => ({ ...s, loading: false, failed: true, refusal }));
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [runtime, eventId, filterKey, enabled, meId]);

  // The user's own likes and stars apply to the server's list too, so a tap shows at once.
  const page = useMemo(() => (raw ? toRemotePage(raw, eventId, relations, meId) : null), [raw, eventId, relations, meId]);
  return useMemo(() => ({ ...state, page }), [state, page]);
}

export function usePeople(tab: PeopleTab, limit: number): Loadable<PeoplePage> {
  const { user } = useSession();
  const local = useDevice(query('localPeople', tab, limit), NO_LOCAL_PEOPLE);
  const relations = useDevice(query('relations'), NO_RELATIONS);
  const server = useCacheEntry(`people:${tab}`);
  const hasLocal = local.value.any;
  // Only a device without people of its own asks the server for its list.
  useRefresh([`people:${tab}`], !local.loading && !hasLocal);
  const data = useMemo(
    () =>
      peoplePage({
        limit,
        local: local.value,
        server: server.value,
        relations: relations.value,
        meId: user?.id ?? null,
      }),
    [limit, local.value, server.value, relations.value, user],
  );
  return useMemo(() => ({ data, isLoading: local.loading || (!hasLocal && server.loading) }), [data, local.loading, hasLocal, server.loading]);
}

export function useProfile(userId: number | null): Loadable<ProfileState> {
  const { user, status } = useSession();
  const own = userId === null || userId === user?.id;
  const ownState = useDevice(query('ownProfile'), NO_OWN_PROFILE);
  const docs = useDevice(query('person', own ? 0 : (userId ?? 0)), NO_VISITOR_DOCS);
  const relations = useDevice(query('relations'), NO_RELATIONS);
  const views = useViews();
  useRefresh(['own_profile'], own && Boolean(user));
  const year = new Date().getFullYear();
  // Somebody outside the user's events (or anybody, for a guest) is the server's to show.
  const remote = useRemoteProfile(userId, !own && (userId ?? 0) > 0 && !docs.loading && docs.value.length === 0);

  const data = useMemo((): ProfileState => {
    if (own) {
      if (!user) return { kind: 'signed_out' };
      const s = ownState.value;
      if (!s.profile) return { kind: 'not_on_device' };
      return { kind: 'own', profile: s.profile, privacyKnown: s.source === 'server', fetchedAt: s.fetchedAt, pending: s.pending };
    }
    const newest = docs.value[0];
    if (!newest) {
      if (remote.person) return { kind: 'other', person: remote.person, events: [] };
      return { kind: remote.notFound ? 'not_found' : 'not_on_device' };
    }
    const event = views.value.find((e) => e.event_id === newest.event_id);
    const [prepared] = prepareVisitors([newest], {
      relations: relations.value,
      friends: new Set(),
      partners: new Set(),
      menu: menuOf(event),
      meId: user?.id ?? null,
      currentYear: year,
    });
    const events = docs.value.map((d) => ({ id: d.event_id, name: views.value.find((e) => e.event_id === d.event_id)?.name ?? '' }));
    if (!prepared) throw new Error('prepareVisitors gave no visitor for the one document it was given');
    return { kind: 'other', person: prepared.view, events };
  }, [own, user, ownState.value, docs.value, relations.value, views.value, year, remote]);

  const isLoading = status === 'loading' || (own ? ownState.loading : docs.loading || remote.loading);
  return useMemo(() => ({ data, isLoading }), [data, isLoading]);
}

interface RemoteProfile {
  loading: boolean;
  person: VisitorView | null;
  /** The server answered that nobody it may show has this id (hidden, removed or unknown). */
  notFound: boolean;
}

/**
 * A profile the device does not hold, from the server's profile/lite while online; offline (or
 * when the call fails) nothing, and the page says the profile is not on this device.
 */
function useRemoteProfile(userId: number | null, enabled: boolean): RemoteProfile {
  const runtime = useRuntime();
  const { user } = useSession();
  const relations = useDevice(query('relations'), NO_RELATIONS).value;
  const sync = useSyncStatus();
  const offline = sync.state === 'offline';
  const meId = user?.id ?? null;
  const [state, setState] = useState<{ raw: unknown; loading: boolean; notFound: boolean }>({ raw: null, loading: false, notFound: false });

  useEffect(() => {
    if (!enabled || !userId || offline) {
      setState({ raw: null, loading: false, notFound: false });
      return;
    }
    const controller = new AbortController();
    setState({ raw: null, loading: true, notFound: false });
    callOnline<unknown>(runtime, `/api/profile/lite?user_id=${userId}`, undefined, controller.signal)
      .then((answer) => {
        if (controller.signal.aborted) return;
        setState(answer.ok ? { raw: answer.data, loading: false, notFound: false } : { raw: null, loading: false, notFound: answer.code === 'not_found' });
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [runtime, userId, enabled, offline, meId]);

  const person = useMemo(() => (state.raw ? fromLegacyVisitor(state.raw, 0, relations, meId) : null), [state.raw, relations, meId]);
  return useMemo(() => ({ loading: state.loading, person, notFound: state.notFound }), [state.loading, person, state.notFound]);
}

/**
 * The events this device holds `userId` as a visitor of (the visitors of the events the user takes
 * part in), as the user's event views: where a meeting with them could be booked.
 */
export function useSharedEvents(userId: number | null): Loadable<EventView[]> {
  const docs = useDevice(query('person', userId ?? 0), NO_VISITOR_DOCS);
  const views = useViews();
  const data = useMemo(() => {
    if (!userId) return [];
    const ids = new Set(docs.value.map((d) => d.event_id));
    return views.value.filter((e) => ids.has(e.event_id));
  }, [userId, docs.value, views.value]);
  return useMemo(() => ({ data, isLoading: docs.loading || views.loading }), [data, docs.loading, views.loading]);
}

/**
 * Whether the device has had its chance to learn whom the user can meet since signing in: the
 * user's events have arrived, the sync is up to date (so the event scopes they call for have
 * started and caught up), and every visitors scope it holds has caught up once. Until then "nobody
 * shared" is not an answer. Read from what the sync engine records, not from the page's joined
 * event views, which may trail the records by a moment.
 */
export function useVisitorsKnown(): boolean {
  const runtime = useRuntime();
  const caughtUp = useCaughtUp();
  const scopes = useScopes();
  const sync = useStore(runtime.sync);
  return useMemo(() => {
    if (!caughtUp.value.my_events || !scopes.value || sync.state !== 'idle') return false;
    const synced = scopes.value.synced ?? {};
    return scopes.value.held.filter((k) => k.startsWith('visitors@')).every((k) => Boolean(synced[k]));
  }, [caughtUp.value, scopes.value, sync.state]);
}

export function useVisitorActions(): VisitorActions {
  const runtime = useRuntime();
  return useMemo(
    () => ({
      toggleLike: (userId: number, current: number) => runtime.enqueue('visitor.like', { user_id: userId, status: nextLikeRequest(current) }),
      setFavorite: (userId: number, favorite: boolean) => runtime.enqueue('visitor.favorite', { user_id: userId, favorite }),
    }),
    [runtime],
  );
}

export function useProfileActions(): ProfileActions {
  const runtime = useRuntime();
  return useMemo(
    () => ({
      update: (patch: ProfilePatch) => runtime.enqueue('profile.update', patch),
      setPrivacy: (switches) => runtime.enqueue('profile.update', switches),
    }),
    [runtime],
  );
}

export function useStatusTypes(locale: Locale): Loadable<Cached<StatusType[]>> {
  useRefresh([`status_types:${locale}`]);
  return useCache(`status_types:${locale}`);
}

export function useFriends(): Loadable<Cached<{ count: number; first: PersonSummary[] }>> {
  const { user } = useSession();
  useRefresh(['friends'], Boolean(user));
  return useCache('friends');
}

const NO_SUGGESTIONS: SuggestedPerson[] = [];

/**
 * People the signed-in user should meet at an event, with why (sync/views/people/suggestions.ts),
 * from the visitors on the device: offline too, and empty for a guest or a non-participant.
 */
export function useSuggestions(eventId: number, limit: number): Loaded<SuggestedPerson[]> {
  return useDevice(query('suggestions', eventId, limit), NO_SUGGESTIONS);
}
