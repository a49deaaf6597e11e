import { useEffect, useMemo, useState } from 'react';
import { doorHeadCount, doorScanLog, doorTicketView, localConflicts, searchDoorTickets, type DoorTicketView } from '../../sync/views/checkin/checkin.ts';
import { listHeadCount } from '../../sync/views/checkin/lists.ts';
import type { Loadable } from './api.ts';
import type { DoorActions, DoorEventItem, DoorEventsData, DoorState } from './door-api.ts';
import { syncedAtOf } from './stores/synced-at.ts';
import { useRuntime, useSession, useStore, useViews } from './hooks.ts';
import { callOnline } from './online.ts';

/**
 * The door (offline check-in) on the page: the event's door tickets and this device's scans
 * (sync/views/checkin/checkin.ts), the event's key, the server's conflicts list and its scans that match no
 * ticket kept in a local document, and
 * how long the device has been on or off the network. The page fetches the key and the conflicts
 * itself while the door screen is open: they are wanted now, and the key only once per event.
 */

export function useDoor(eventId: number): { data: DoorState; isLoading: boolean; actions: DoorActions } {
  const runtime = useRuntime();
  const { user } = useSession();
  const door = runtime.door;
  const data = useStore(door.data.get(eventId));
  const doc = useStore(door.events.get(eventId));
  const scopes = useStore(door.scopes);
  const deviceId = useStore(door.deviceId);
  const link = useStore(door.link);
  const sync = useStore(runtime.sync);
  const signedIn = Boolean(user);

  useEffect(() => {
    if (!signedIn || eventId <= 0) return;
    door.open(eventId).catch((err: unknown) => console.error('foyer: opening the door failed', err));
  }, [door, eventId, signedIn]);

  // Online again, or a sync just finished: the key if missing, and a fresh conflicts list.
  const online = link.state === 'online';
  const lastSyncedAt = sync.lastSyncedAt;
  useEffect(() => {
    if (!signedIn || !online || eventId <= 0) return;
    door.refresh(eventId, (path) => callOnline(runtime, path)).catch((err: unknown) => console.error('foyer: the door could not refresh', err));
  }, [door, runtime, eventId, signedIn, online, lastSyncedAt]);

  const state = useMemo<DoorState>(() => {
    const tickets = data.value.tickets;
    const pending = data.value.pending;
    const serverConflicts = doc.value.conflicts;
    return {
      signedIn,
      deviceId: deviceId.value,
      role: doc.value.role,
      forbidden: doc.value.forbidden_at !== null,
      hasKey: doc.value.public_key !== null,
      keyFetchedAt: doc.value.key_fetched_at,
      ticketsSyncedAt: syncedAtOf(scopes.value, 'door_tickets', eventId),
      ticketsOnDevice: tickets.length,
      ticketsListed: doc.value.listed,
      ticketsReady: syncedAtOf(scopes.value, 'door_tickets', eventId) !== null,
      count: doorHeadCount(tickets, pending),
      waitingUploads: pending.filter((s) => s.status === 'pending' || s.status === 'sending').length,
      refusedUploads: pending.filter((s) => s.status === 'rejected').length,
      parkedUploads: pending.filter((s) => s.status === 'parked').length,
      recent: doc.value.recent,
      conflicts:
        serverConflicts !== null
          ? { items: serverConflicts, source: 'server', fetchedAt: doc.value.conflicts_fetched_at }
          : { items: localConflicts(tickets), source: 'device', fetchedAt: null },
      scans: {
        items: doorScanLog(tickets, pending, doc.value.unmatched ?? [], { recent: doc.value.recent, deviceId: deviceId.value }),
        unmatchedFetchedAt: doc.value.unmatched_fetched_at,
      },
      link,
      lastSyncedAt,
      lists: {
        items: doc.value.lists?.lists ?? [],
        chosen: doc.value.list,
        direction: doc.value.direction,
        count: doc.value.list ? listHeadCount(tickets, pending, doc.value.list) : null,
        types: doc.value.lists?.types ?? [],
        timezone: doc.value.lists?.timezone ?? 'UTC',
      },
    };
  }, [data.value, doc.value, scopes.value, deviceId.value, link, lastSyncedAt, signedIn, eventId]);

  const actions = useMemo<DoorActions>(
    () => ({
      scan: (raw: string) => door.scan(eventId, raw),
      checkOnline: (raw: string) => door.checkOnline(eventId, raw, (path) => callOnline(runtime, path)),
      refresh: async () => {
        await door.open(eventId);
        await door.refresh(eventId, (path) => callOnline(runtime, path), true);
      },
      stop: () => door.close(eventId),
      chooseList: (list) => door.chooseList(eventId, list),
      setDirection: (direction) => door.setDirection(eventId, direction),
    }),
    [door, runtime, eventId],
  );
  return { data: state, isLoading: data.loading || doc.loading || scopes.loading, actions };
}

/** Tickets of the door matching a name or a code, each with whether and when it was used. */
export function useDoorSearch(eventId: number, query: string, limit = 20): DoorTicketView[] {
  const data = useStore(useRuntime().door.data.get(eventId));
  // Used-or-not is worked out for the few matches only, not for every ticket of the event.
  return useMemo(() => searchDoorTickets(data.value.tickets, query, limit).map((t) => doorTicketView(t, data.value.pending)), [data.value, query, limit]);
}

type Obj = Record<string, unknown>;
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/**
 * The events the user may check tickets for: the server's list when it answers, joined with the
 * events this device already checks (those work offline, so they are listed offline too).
 */
export function useDoorEvents(): Loadable<DoorEventsData> {
  const runtime = useRuntime();
  const { user } = useSession();
  const requests = useStore(runtime.door.requests);
  const views = useViews();
  const link = useStore(runtime.door.link);
  const [server, setServer] = useState<{ loading: boolean; items: DoorEventItem[] | null }>({ loading: true, items: null });
  const online = link.state === 'online';
  useEffect(() => {
    if (!user) return;
    const controller = new AbortController();
    callOnline<unknown>(runtime, '/api/checkin/events', undefined, controller.signal)
      .then((answer) => {
        if (controller.signal.aborted) return;
        if (!answer.ok) {
          setServer((s) => ({ loading: false, items: s.items }));
          return;
        }
        const data = answer.data;
        const items = (Array.isArray((data as Obj | null)?.items) ? ((data as Obj).items as Obj[]) : []).map((e) => ({
          event_id: num(e.event_id),
          name: typeof e.name === 'string' ? e.name : '',
          when: num(e.when),
          when_end: num(e.when_end),
          timezone: typeof e.timezone === 'string' ? e.timezone : '',
          role: e.role === 'owner' ? ('owner' as const) : ('staff' as const),
          onDevice: false,
        }));
        setServer({ loading: false, items });
      })
      .catch(() => {
        if (!controller.signal.aborted) setServer((s) => ({ loading: false, items: s.items }));
      });
    return () => controller.abort();
  }, [runtime, user, online]);

  const data = useMemo<DoorEventsData>(() => {
    const held = new Set(
      Object.keys(requests.value)
        .filter((k) => k.startsWith('door_tickets@'))
        .map((k) => Number(k.slice('door_tickets@'.length))),
    );
    const byId = new Map<number, DoorEventItem>();
    for (const e of server.items ?? []) byId.set(e.event_id, { ...e, onDevice: held.has(e.event_id) });
    for (const id of held) {
      if (byId.has(id)) continue;
      const ev = views.value.find((v) => v.event_id === id);
      byId.set(id, {
        event_id: id,
        name: ev?.name ?? '',
        when: ev?.when ?? 0,
        when_end: ev?.when_end ?? 0,
        timezone: ev?.timezone ?? '',
        role: null,
        onDevice: true,
      });
    }
    return { items: [...byId.values()], fromServer: server.items !== null };
  }, [requests.value, server.items, views.value]);
  return useMemo(() => ({ data, isLoading: server.loading && data.items.length === 0 }), [data, server.loading]);
}
