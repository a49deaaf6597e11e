import { importTicketPublicKey } from '../../../contract/checkin.ts';
import { LegacyError } from '../../../sync/store/caches.ts';
import {
  DOOR_UNMATCHED_KEEP,
  emptyDoorEvent,
  ensureDeviceId,
  markDoorForbidden,
  observeDeviceId,
  observeDoorData,
  observeDoorEvent,
  readDoorEvent,
  recordDoorScan,
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
} from '../../../sync/views/checkin/checkin.ts';
import type { FoyerDatabase } from '../../../sync/engine/database.ts';
import { NetworkError } from '../../../sync/engine/http.ts';
import { observeScopeRequests, observeScopes, readScopes, releaseScope, requestScope, type ScopesDoc } from '../../../sync/engine/scoped.ts';
import type { SyncSnapshot } from '../../../sync/engine/status.ts';
import type { DoorLink } from '../api.ts';
import { syncedAtOf } from './synced-at.ts';
import { LiveStore, LiveStoreMap } from '../live-store.ts';
import { ValueStore } from '../value-store.ts';

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
