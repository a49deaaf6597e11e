import { useEffect, useMemo, useState } from 'react';
import type { EventDoc } from '../../contract/entities.ts';
import { NO_SALES, NO_SALES_ADMIN } from '../../contract/sales.ts';
import { NO_RELATION } from '../../sync/store/overlay.ts';
import type { EventView } from './api.ts';
import { useRuntime, useSession, useSyncStatus, useViews } from './hooks.ts';
import { callOnline } from './online.ts';

/**
 * Another user's events page (/user/{id}/events). The device holds only the signed-in user's own
 * relations to events, so whose events another person takes part in is the server's to say:
 * online, the page asks the legacy events-list with `user_id`, the way a profile outside the
 * viewer's events is read from profile/lite (networking-hooks.ts, useRemoteProfile). Offline it
 * keeps saying the list is not on this device.
 */

export type UserEventsTab = 'all' | 'future' | 'past';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const int = (v: unknown) => Math.trunc(num(v));

/** The query of events-list for one tab and page of a user's events (events.md §7, §9: six a page). */
export function userEventsQuery(userId: number, tab: UserEventsTab, page: number, pageSize: number): string {
  const q = new URLSearchParams({ user_id: String(userId), limit: String(pageSize), offset: String((Math.max(1, page) - 1) * pageSize) });
  // `future` on the legacy call keeps a running event (the upcoming tab must not lose today's).
  q.set('search_type', tab === 'all' ? 'all' : tab);
  if (tab === 'future') q.set('sort', 'when ASC');
  else q.set('sort', 'when DESC');
  return `/api/events/events-list?${q}`;
}

/** The parts of a published event that a list answer never carries, empty (fresh objects each call). */
export function emptyEventParts(): Pick<
  EventDoc,
  'company' | 'options' | 'users_online' | 'visitors_countries' | 'visitors_cities' | 'meeting' | 'rev' | 'status' | 'map_point' | 'sales' | 'admin'
> {
  return {
    company: { id: 0, name: '', description: '', phone: '', email: '' },
    options: { broadcast_background: '', menu: [] },
    users_online: 0,
    visitors_countries: [],
    visitors_cities: [],
    meeting: { slot_minutes: 15, tables_count: 0, places: [], allowed_times: [] },
    rev: 0,
    status: 'published',
    map_point: { set: false, lat: 0, lng: 0 },
    sales: NO_SALES,
    admin: { stream_url: '', created_by: 0, team: [], schedule: { days: [], tracks: [] }, sales: NO_SALES_ADMIN },
  };
}

/**
 * A legacy event as the card's view. The device's own copy wins where it holds the event (it is
 * fresher and carries the ticket types the price needs); the answer fills in the rest, with the
 * viewer's relation left false: it is the other person's list.
 */
export function fromLegacyEvent(raw: unknown, local: EventView | undefined): EventView {
  if (local) return local;
  const d = obj(raw);
  const id = int(d.event_id ?? d.id);
  const place = obj(d.place);
  return {
    id: String(id),
    event_id: id,
    name: str(d.name ?? d.title),
    category_id: int(d.category_id),
    category_name: str(d.category),
    city_id: int(d.city_id),
    city_name: str(d.city),
    country_code: str(d.country_code),
    when: int(d.when),
    when_end: int(d.when_end),
    timezone: str(d.timezone),
    is_webinar: d.is_webinar === true,
    video_type: int(d.video_type),
    where: str(d.where),
    address: str(d.address),
    place: { public: place.public !== false, name: str(place.name), address: str(place.address) },
    poster_small: str(d.poster_small),
    poster_middle: str(d.poster_middle),
    poster_big: str(d.poster_big),
    description: str(d.description),
    total_people: int(d.total_people),
    favorites_count: int(d.favorites_count),
    meetings_count: int(d.meetings_count),
    visitors_with_appointments_count: int(d.visitors_with_appointments_count),
    ticket_min_price: num(d.ticket_min_price),
    currency: str(d.currency),
    is_free: d.is_free === true,
    barcode_type: str(d.barcode_type),
    ...emptyEventParts(),
    // The viewer's relation to another person's event is not in that person's list.
    ...NO_RELATION,
    pending: false,
  };
}

export interface RemoteUserEvents {
  /** False offline (or before the first answer): the page says the list is not on this device. */
  known: boolean;
  loading: boolean;
  items: EventView[];
  total: number;
  /** The server knows nobody by that id. */
  notFound: boolean;
}

export function useRemoteUserEvents(userId: number, tab: UserEventsTab, page: number, pageSize: number, enabled: boolean): RemoteUserEvents {
  const runtime = useRuntime();
  const { user } = useSession();
  const views = useViews().value;
  const offline = useSyncStatus().state === 'offline';
  const meId = user?.id ?? null;
  const path = userEventsQuery(userId, tab, page, pageSize);
  const [state, setState] = useState<{ raw: unknown[] | null; total: number; loading: boolean; notFound: boolean }>({
    raw: null,
    total: 0,
    loading: false,
    notFound: false,
  });

  useEffect(() => {
    if (!enabled || userId <= 0 || offline) {
      setState({ raw: null, total: 0, loading: false, notFound: false });
      return;
    }
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true, notFound: false }));
    callOnline<unknown>(runtime, path, undefined, controller.signal)
      .then((answer) => {
        if (controller.signal.aborted) return;
        if (!answer.ok) {
          setState({ raw: null, total: 0, loading: false, notFound: answer.code === 'not_found' });
          return;
        }
        const d = obj(answer.data);
        setState({ raw: Array.isArray(d.events) ? d.events : [], total: int(d.total), loading: false, notFound: false });
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [runtime, path, userId, enabled, offline, meId]);

  const items = useMemo(() => {
    if (!state.raw) return [];
    const byId = new Map(views.map((v) => [v.event_id, v]));
    return state.raw.map((raw) => fromLegacyEvent(raw, byId.get(int(obj(raw).event_id ?? obj(raw).id))));
  }, [state.raw, views]);
  return useMemo(
    () => ({ known: state.raw !== null, loading: state.loading, items, total: state.total, notFound: state.notFound }),
    [state.raw, state.loading, items, state.total, state.notFound],
  );
}
