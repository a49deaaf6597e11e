import { useEffect, useMemo, useState } from 'react';
import { importTicketPublicKey } from '../../contract/checkin.ts';
import { LegacyError } from '../../sync/store/caches.ts';
import {
  DOOR_UNMATCHED_KEEP,
  doorHeadCount,
  doorScanLog,
  doorTicketView,
  emptyDoorEvent,
  ensureDeviceId,
  localConflicts,
  markDoorForbidden,
  observeDeviceId,
  observeDoorData,
  observeDoorEvent,
  readDoorEvent,
  recordDoorScan,
  searchDoorTickets,
  storeDoorConflicts,
  storeDoorKey,
  storeDoorListed,
  storeUnmatchedScans,
  toDoorConflicts,
  toDoorKey,
  toDoorListed,
  toOnlineCheck,
  toUnmatchedScans,
  type DoorData,
  type DoorEventDoc,
  type DoorScanOutcome,
  type DoorTicketView,
} from '../../sync/views/checkin/checkin.ts';
import type { FoyerDatabase } from '../../sync/engine/database.ts';
import { NetworkError } from '../../sync/engine/http.ts';
import { observeScopeRequests, observeScopes, readScopes, releaseScope, requestScope, type ScopesDoc } from '../../sync/engine/scoped.ts';
import type { SyncSnapshot } from '../../sync/engine/status.ts';
import type { DoorActions, DoorEventItem, DoorEventsData, DoorLink, DoorState, Loadable } from './api.ts';
import { syncedAtOf } from './companies.ts';
import { useRuntime, useSession, useStore, useViews } from './hooks.ts';
import { LiveStore, LiveStoreMap } from './live-store.ts';
import { ValueStore } from './value-store.ts';

/**
 * The door (offline check-in) on the page: the event's door tickets and this device's scans
 * (sync/views/checkin/checkin.ts), the event's key, the server's conflicts list and its scans that match no
 * ticket kept in a local document, and
 * how long the device has been on or off the network. The page fetches the key and the conflicts
 * itself while the door screen is open: they are wanted now, and the key only once per event.
 */

/** The conflicts list is asked for again after a sync at most this often. */
const CONFLICTS_REFRESH_MS = 10_000;

type LinkState = DoorLink['state'];

function linkStateOf(s: SyncSnapshot): LinkState {
  if (s.state === 'idle' || s.state === 'syncing') return 'online';
  if (s.state === 'offline') return 'offline';
  return s.state === 'error' ? 'error' : 'connecting';
}

export class DoorStores {
  readonly data = new LiveStoreMap<number, DoorData>((eventId) => new LiveStore((db) => observeDoorData(db, eventId), { tickets: [], pending: [] }));
  readonly events = new LiveStoreMap<number, DoorEventDoc>((eventId) => new LiveStore((db) => observeDoorEvent(db, eventId), emptyDoorEvent(eventId)));
  readonly scopes = new LiveStore<ScopesDoc | null>((db) => observeScopes(db), null);
  readonly deviceId = new LiveStore<string | null>((db) => observeDeviceId(db), null);
  /** Scopes this device asked for; the door_tickets ones are the events it checks. */
  readonly requests = new LiveStore<Record<string, number>>((db) => observeScopeRequests(db), {});
  /** On or off the network, and since when, from the first status this page saw. */
  readonly link: ValueStore<DoorLink>;
  private db: FoyerDatabase | null = null;
  private readonly keys = new Map<string, Promise<CryptoKey | null>>();
  private conflictsAskedAt = new Map<number, number>();
  private readonly refreshLater = new Map<number, ReturnType<typeof setTimeout>>();
  /** A refusal must release the scope after the screen asked for it, never before. */
  private readonly opening = new Map<number, Promise<void>>();

  constructor(sync: ValueStore<SyncSnapshot>) {
    const first = sync.get();
    this.link = new ValueStore<DoorLink>({ state: linkStateOf(first), since: Date.now() }, (a, b) => a.state === b.state && a.since === b.since);
    let sawOffline = false;
    const follow = () => {
      const s = sync.get();
      const state = linkStateOf(s);
      if (state === this.link.get().state) return;
      // Offline when the page opens: it has been since its last contact, as far as the device knows.
      const since = state === 'offline' && !sawOffline && s.lastSyncedAt ? s.lastSyncedAt : Date.now();
      if (state === 'offline') sawOffline = true;
      this.link.set({ state, since });
    };
    sync.subscribe(follow);
    follow();
  }

  setDatabase(db: FoyerDatabase | null): void {
    this.db = db;
    this.data.setDatabase(db);
    this.events.setDatabase(db);
    this.scopes.setDatabase(db);
    this.deviceId.setDatabase(db);
    this.requests.setDatabase(db);
    this.conflictsAskedAt = new Map();
    for (const timer of this.refreshLater.values()) clearTimeout(timer);
    this.refreshLater.clear();
  }

  private need(): FoyerDatabase {
    if (!this.db) throw new Error('local_database_unavailable');
    return this.db;
  }

  /** This device becomes a door for the event: its tickets replicate and it has an id. */
  open(eventId: number): Promise<void> {
    const db = this.db;
    if (!db) return Promise.reject(new Error('local_database_unavailable'));
    const opening = (async () => {
      await ensureDeviceId(db);
      await requestScope(db, 'door_tickets', eventId);
    })();
    this.opening.set(
      eventId,
      opening.catch(() => undefined),
    );
    return opening;
  }

  /** The device stops being a door for the event and forgets its tickets (queued scans still upload). */
  async close(eventId: number): Promise<void> {
    await releaseScope(this.need(), 'door_tickets', eventId);
  }

  private key(text: string | null): Promise<CryptoKey | null> {
    if (!text) return Promise.resolve(null);
    let key = this.keys.get(text);
    if (!key) {
      key = importTicketPublicKey(text).catch((err: unknown) => {
        console.error('foyer: the event key could not be imported', err);
        return null;
      });
      this.keys.set(text, key);
    }
    return key;
  }

  async scan(eventId: number, raw: string): Promise<DoorScanOutcome> {
    const db = this.need();
    const deviceId = await ensureDeviceId(db);
    const doc = await readDoorEvent(db, eventId);
    const listComplete = syncedAtOf(await readScopes(db), 'door_tickets', eventId) !== null;
    return recordDoorScan(db, { eventId, raw, deviceId, publicKey: await this.key(doc.public_key), listComplete });
  }

  /** The server's word on a code the device could not judge; the scan is then judged and recorded as usual. */
  async checkOnline(eventId: number, raw: string, get: (path: string) => Promise<unknown>): Promise<DoorScanOutcome> {
    const db = this.need();
    const code = raw.trim();
    let answer: unknown;
    try {
      answer = await get(`/api/checkin/ticket?event_id=${eventId}&code=${encodeURIComponent(code)}`);
    } catch (err) {
      if (err instanceof NetworkError) throw new Error('network_error');
      throw err;
    }
    const deviceId = await ensureDeviceId(db);
    const doc = await readDoorEvent(db, eventId);
    return recordDoorScan(db, { eventId, raw: code, deviceId, publicKey: await this.key(doc.public_key), online: toOnlineCheck(answer) });
  }

  /**
   * Asks the server for the key (once it is here, only to learn about lost access) and the conflicts.
   * Returns quietly when the network is not there: the door keeps working on what it has.
   */
  async refresh(eventId: number, get: (path: string) => Promise<unknown>, force = false): Promise<void> {
    const db = this.db;
    if (!db) return;
    await this.opening.get(eventId);
    try {
      const doc = await readDoorEvent(db, eventId);
      if (force || !doc.public_key || doc.forbidden_at) await storeDoorKey(db, eventId, toDoorKey(await get(`/api/checkin/key?event_id=${eventId}`)));
      const last = this.conflictsAskedAt.get(eventId) ?? 0;
      const wait = CONFLICTS_REFRESH_MS - (Date.now() - last);
      if (!force && wait > 0) {
        // Asked again too soon: once, at the end of the window, so the last change is not missed.
        if (!this.refreshLater.has(eventId)) {
          const timer = setTimeout(() => {
            this.refreshLater.delete(eventId);
            this.refresh(eventId, get).catch((err: unknown) => console.error('foyer: the door could not refresh', err));
          }, wait);
          this.refreshLater.set(eventId, timer);
        }
        return;
      }
      this.conflictsAskedAt.set(eventId, Date.now());
      // First the size of the download, which the door shows while its tickets arrive.
      await storeDoorListed(db, eventId, toDoorListed(await get(`/api/checkin/stats?event_id=${eventId}`)));
      await storeDoorConflicts(db, eventId, toDoorConflicts(await get(`/api/checkin/conflicts?event_id=${eventId}`)));
      // The scans no door ticket carries, for the organiser's list of every scan.
      await storeUnmatchedScans(db, eventId, toUnmatchedScans(await get(`/api/checkin/scans?event_id=${eventId}&unmatched=1&limit=${DOOR_UNMATCHED_KEEP}`)));
    } catch (err) {
      if (err instanceof NetworkError) return;
      if (err instanceof LegacyError && (err.code === 'forbidden' || err.code === 'event_not_found' || err.code === 'event_removed')) {
        await markDoorForbidden(db, eventId);
        // No door here: the engine stops asking for the tickets until the screen asks again.
        await releaseScope(db, 'door_tickets', eventId);
        return;
      }
      console.error('foyer: the door could not refresh from the server', err);
    }
  }
}

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
    door.refresh(eventId, (path) => runtime.legacy(path)).catch((err: unknown) => console.error('foyer: the door could not refresh', err));
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
    };
  }, [data.value, doc.value, scopes.value, deviceId.value, link, lastSyncedAt, signedIn, eventId]);

  const actions = useMemo<DoorActions>(
    () => ({
      scan: (raw: string) => door.scan(eventId, raw),
      checkOnline: (raw: string) => door.checkOnline(eventId, raw, (path) => runtime.legacy(path)),
      refresh: async () => {
        await door.open(eventId);
        await door.refresh(eventId, (path) => runtime.legacy(path), true);
      },
      stop: () => door.close(eventId),
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
    runtime
      .legacy('/api/checkin/events', controller.signal)
      .then((data) => {
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
