import { useEffect, useMemo, useState } from 'react';
import { daySlots, localDateOf, meetingDays, openingDay, settingsOfEvent, type AppointmentRequestPayload } from '../../contract/appointments.ts';
import type { ErrorCode } from '../../contract/errors.ts';
import { appointmentEvents, matchesRole, viewStatus, type AppointmentView } from '../../sync/views/appointments/overlay.ts';
import { mergeSlots } from '../../sync/views/appointments/slots.ts';
import type { MeetingGrid } from '../../sync/views/appointments/slots.ts';
import type {
  AppointmentActions,
  AppointmentEventsData,
  AppointmentItem,
  AppointmentNotices,
  AppointmentRequest,
  EventView,
  Loadable,
  SlotsData,
} from './api.ts';
import { query } from './device.ts';
import { useCaughtUp, useDevice, useEvent, useRuntime, useSession, useStore, useViews } from './hooks.ts';
import { callOnline } from './online.ts';

/** The reads' values before the device answers. */
const NO_APPOINTMENT_VIEWS: { viewerId: number | null; views: AppointmentView[] } = { viewerId: null, views: [] };

/**
 * Appointments (networking.md §2–9): hooks of the appointment modal, my appointments, the call and
 * the dashboard, with signatures in api.ts. Everything is read from the device and overlaid with
 * the queued commands (sync/views/appointments/overlay.ts); the only call a screen causes itself is
 * meetings/get-meeting-data while the appointment modal is open and the network is there, because
 * the server decides what is free and its answer is wanted now, not on the next sync. Each answer
 * is kept on the device, so the modal offline shows the last known grid and busy times.
 */

/** How often statuses that depend on the time (the too-late ones, past slots) are recomputed. */
const STATUS_TICK_MS = 15_000;

function useNowMs(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** The slot grid an event's meeting settings give, in the shape of a kept server answer. */
function gridOfEvent(meeting: NonNullable<EventView['meeting']>, timezone: string): MeetingGrid {
  const settings = settingsOfEvent(meeting);
  const dates = meetingDays(settings);
  return {
    fetchedAt: 0,
    dates,
    timezone,
    placeItems: settings.places,
    slot_minutes: settings.slot_minutes,
    tables_count: settings.tables_count,
    days: Object.fromEntries(dates.map((d) => [d, daySlots(settings, timezone, d)])),
  };
}

function useViewsOf(): { viewerId: number | null; views: AppointmentView[]; loading: boolean } {
  const { loading, value } = useDevice(query('appointmentViews'), NO_APPOINTMENT_VIEWS);
  return { ...value, loading };
}

function withStatus(views: readonly AppointmentView[], viewerId: number | null, nowMs: number): AppointmentItem[] {
  if (viewerId === null) return [];
  return views.map((v) => ({ ...v, status: viewStatus(v, viewerId, nowMs) }));
}

export function useMyAppointments(eventId?: number, role: string | null = null): Loadable<AppointmentItem[]> {
  const { viewerId, views, loading } = useViewsOf();
  const now = useNowMs(STATUS_TICK_MS);
  const data = useMemo(
    () =>
      withStatus(
        views.filter((v) => (eventId === undefined || v.event_id === eventId) && matchesRole(v, role)),
        viewerId,
        now,
      ),
    [views, viewerId, eventId, role, now],
  );
  return useMemo(() => ({ data, isLoading: loading }), [data, loading]);
}

/** One appointment by its meeting id (0 or a `local:` id finds local requests too). */
export function useAppointment(id: number | string | null): Loadable<AppointmentItem | undefined> {
  const { viewerId, views, loading } = useViewsOf();
  const now = useNowMs(STATUS_TICK_MS);
  const data = useMemo(() => {
    if (id === null || viewerId === null) return undefined;
    const found = views.find((v) => (typeof id === 'number' ? v.meeting_id === id && id > 0 : v.id === id));
    return found ? { ...found, status: viewStatus(found, viewerId, now) } : undefined;
  }, [views, viewerId, id, now]);
  return useMemo(() => ({ data, isLoading: loading }), [data, loading]);
}

export function useAppointmentEvents(): Loadable<AppointmentEventsData> {
  const events = useViews();
  const { views, loading } = useViewsOf();
  const now = useNowMs(60_000);
  const data = useMemo(() => appointmentEvents(events.value, views, Math.floor(now / 1000)), [events.value, views, now]);
  return useMemo(() => ({ data, isLoading: loading || events.loading }), [data, loading, events.loading]);
}

interface Fetched {
  key: string;
  /** The server answered (and the answer is on the device) during this mount. */
  ok: boolean;
  error: ErrorCode | null;
}

/**
 * The slot picker of the appointment modal for one person and day (null: the server's first
 * bookable day). Online, the server's answer is fetched and preferred; offline, and until it
 * comes, the statuses are computed on the device and marked provisional.
 */
export function useSlots(
  eventId: number,
  otherUserId: number,
  date: string | null,
  opts: { excludeMeetingId?: number; reloadKey?: number } = {},
): Loadable<SlotsData> {
  const runtime = useRuntime();
  const { user } = useSession();
  const { data: event } = useEvent(eventId);
  const { viewerId, views, loading } = useViewsOf();
  const cachedGrid = useDevice(query('grid', eventId), null);
  // The event's own document carries its meeting settings, so every device has the slot grid of
  // every event: any visitor can be asked offline. A server answer kept from before is the fallback.
  const eventGrid = useMemo(() => (event?.meeting ? gridOfEvent(event.meeting, event.timezone) : null), [event?.meeting, event?.timezone]);
  const grid = eventGrid ? { loading: false, value: eventGrid } : cachedGrid;
  const now = useNowMs(STATUS_TICK_MS);
  const timezone = grid.value?.timezone || event?.timezone || 'UTC';
  const dates = grid.value?.dates ?? [];
  const nowUnix = Math.floor(now / 1000);
  const today = localDateOf(nowUnix, timezone);
  // The same rule as the server's (availability in server/domain/appointments/service.ts), so the
  // day drawn from the device is the day the server's answer is for.
  const day = date ?? openingDay(dates, (d) => grid.value?.days[d] ?? [], today, nowUnix);
  const cached = useDevice(query('daySlots', eventId, otherUserId, day ?? ''), null);
  const fetchKey = `${eventId}:${otherUserId}:${date ?? ''}:${opts.reloadKey ?? 0}`;
  const [fetched, setFetched] = useState<Fetched | null>(null);
  const [fetching, setFetching] = useState(false);

  useEffect(() => {
    if (!user || !eventId || !otherUserId) return;
    const controller = new AbortController();
    const q = new URLSearchParams({ event_id: String(eventId), user_id: String(otherUserId) });
    if (date) q.set('date', date);
    setFetching(true);
    callOnline<unknown>(runtime, `/api/meetings/get-meeting-data?${q}`, undefined, controller.signal)
      .then(async (answer) => {
        if (controller.signal.aborted) return;
        // Offline or the server down: the device's own computation stands, marked provisional.
        if (!answer.ok) {
          setFetched({ key: fetchKey, ok: false, error: answer.code === 'network_error' ? null : answer.code });
          return;
        }
        const stored = await runtime.call('storeAvailability', eventId, otherUserId, answer.data);
        if (!controller.signal.aborted) setFetched({ key: fetchKey, ok: stored, error: stored ? null : 'unknown_error' });
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        console.error('foyer: keeping the availability failed', err);
        setFetched({ key: fetchKey, ok: false, error: 'unknown_error' });
      })
      .finally(() => {
        if (!controller.signal.aborted) setFetching(false);
      });
    return () => controller.abort();
  }, [runtime, user, eventId, otherUserId, date, fetchKey]);

  const data = useMemo((): SlotsData => {
    const isOnline = event?.is_webinar ?? false;
    const current = fetched?.key === fetchKey ? fetched : null;
    const base = {
      dates,
      day,
      timezone,
      placeItems: grid.value?.placeItems ?? {},
      tablesCount: grid.value?.tables_count ?? 0,
      isOnline,
      error: current?.error ?? null,
    };
    const slotsOfDay = day ? grid.value?.days[day] : undefined;
    if (!slotsOfDay || viewerId === null) {
      return { ...base, slots: [], source: 'none', provisional: true, fetchedAt: null };
    }
    const slots = mergeSlots({
      grid: slotsOfDay,
      server: cached.value?.times ?? null,
      own: views,
      viewerId,
      otherId: otherUserId,
      eventId,
      online: isOnline,
      tablesCount: base.tablesCount,
      places: base.placeItems,
      excludeMeetingId: opts.excludeMeetingId,
      nowSeconds: Math.floor(now / 1000),
    });
    const fresh = Boolean(current?.ok);
    // The server's answer does not know what this device still has queued.
    const queued = views.some((v) => v.pending);
    return { ...base, slots, source: fresh ? 'server' : 'device', provisional: !fresh || queued, fetchedAt: cached.value?.fetchedAt ?? null };
  }, [event, fetched, fetchKey, dates, day, timezone, grid.value, cached.value, viewerId, views, otherUserId, eventId, opts.excludeMeetingId, now]);

  const isLoading = loading || grid.loading || (fetching && data.source === 'none');
  return useMemo(() => ({ data, isLoading }), [data, isLoading]);
}

export function useAppointmentActions(): AppointmentActions {
  const runtime = useRuntime();
  return useMemo(
    () => ({
      async request(r: AppointmentRequest) {
        // Queued first, so the server has the phone when it checks the online meeting's request.
        if (r.phone) await runtime.enqueue('profile.update', { phone: r.phone });
        const payload: AppointmentRequestPayload = {
          event_id: r.eventId,
          user_id: r.userId,
          date: r.date,
          comment: r.comment,
          // Any time: the day only, the two agree on the hour themselves (the quick form, the switch).
          any_time: r.timeStart === null,
          ...(r.timeStart === null ? {} : { time_start: r.timeStart, time_end: r.timeEnd }),
        };
        if (r.place) payload.place = r.place;
        if (r.meetingId) payload.meeting_id = r.meetingId;
        await runtime.enqueue('appointment.request', payload);
        // The refused request this one replaces has been answered by the user.
        if (r.replaces) await runtime.dismiss(r.replaces);
      },
      approve: (meetingId: number) => runtime.enqueue('appointment.approve', { meeting_id: meetingId }),
      reject: (meetingId: number, reason: string) => runtime.enqueue('appointment.reject', { meeting_id: meetingId, reason }),
      cancel: (meetingId: number, reason: string) => runtime.enqueue('appointment.reject', { meeting_id: meetingId, reason }),
      dismissFailure: (commandId: string) => runtime.dismiss(commandId),
      retryFailure: (commandId: string) => runtime.retryParked(commandId),
    }),
    [runtime],
  );
}

/**
 * Whether the user's appointments have reached this device since they signed in. Until then "no
 * appointment with this person" is not known, and no screen offers to book them.
 */
export function useAppointmentsKnown(): boolean {
  const { value } = useCaughtUp();
  return Boolean(value.appointments);
}

export function useAppointmentNotices(): AppointmentNotices {
  const runtime = useRuntime();
  const items = useStore(runtime.appointments.notices);
  return useMemo(() => ({ items, dismiss: (key: string) => runtime.appointments.dismiss(key) }), [runtime, items]);
}

/**
 * The call's video address: GET manage-meeting/join-by-meeting answers {url} of the meeting's
 * room to its two people once it is accepted. Throws the error code, or 'network_error' offline.
 */
export function useMeetingVideoLink(): (meetingId: number, signal?: AbortSignal) => Promise<string> {
  const runtime = useRuntime();
  return useMemo(
    () => async (meetingId: number, signal?: AbortSignal) => {
      const answer = await callOnline<{ url?: unknown } | null>(runtime, `/api/manage-meeting/join-by-meeting?meeting_id=${meetingId}`, undefined, signal);
      if (!answer.ok) throw new Error(answer.code);
      if (!answer.data || typeof answer.data.url !== 'string' || !answer.data.url) throw new Error('unknown_error');
      return answer.data.url;
    },
    [runtime],
  );
}

/** One invitation link of the call (manage-meeting/get-users-links-to-invite). */
export interface InviteLink {
  id: number;
  full_name: string;
  url: string;
}

/**
 * Invites visitors of the event into an accepted meeting's call and answers their links. Online
 * only: the links are the server's and nobody could use them before it knows of the invitation,
 * so queuing it would only promise what cannot be shown. Throws the error code, or
 * 'network_error' offline.
 */
export function useInviteToMeeting(): (meetingId: number, userIds: number[]) => Promise<InviteLink[]> {
  const runtime = useRuntime();
  return useMemo(
    () => async (meetingId: number, userIds: number[]) => {
      const answer = await callOnline<{ urls_to_invite?: unknown } | null>(runtime, '/api/manage-meeting/get-users-links-to-invite', {
        usersIds: userIds,
        meetingId,
      });
      if (!answer.ok) throw new Error(answer.code);
      const list = Array.isArray(answer.data?.urls_to_invite) ? (answer.data.urls_to_invite as unknown[]) : [];
      return list.flatMap((x) => {
        const o = (x ?? {}) as Partial<InviteLink>;
        return typeof o.id === 'number' && typeof o.url === 'string'
          ? [{ id: o.id, full_name: typeof o.full_name === 'string' ? o.full_name : '', url: o.url }]
          : [];
      });
    },
    [runtime],
  );
}
