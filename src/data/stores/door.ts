import { DOOR_UNMATCHED_KEEP, emptyDoorEvent, type DoorData, type DoorEventDoc, type DoorScanOutcome } from '../../../sync/views/checkin/checkin.ts';
import { toDoorConflicts, toDoorKey, toDoorListed, toDoorLists, toOnlineCheck, toUnmatchedScans } from '../../../sync/views/checkin/answers.ts';
import type { CheckinList } from '../../../contract/checkin-lists.ts';
import type { OnlineFailure, OnlineResult } from '../online.ts';
import type { ScopesDoc } from '../../../sync/engine/scoped.ts';
import type { SyncSnapshot } from '../../../sync/engine/status.ts';
import type { DoorLink } from '../door-api.ts';
import { query, type Device } from '../device.ts';
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
  readonly data = new LiveStoreMap<number, DoorData>((eventId) => new LiveStore(query('doorData', eventId), { tickets: [], pending: [] }));
  readonly events = new LiveStoreMap<number, DoorEventDoc>((eventId) => new LiveStore(query('doorEvent', eventId), emptyDoorEvent(eventId)));
  readonly scopes = new LiveStore<ScopesDoc | null>(query('scopes'), null);
  readonly deviceId = new LiveStore<string | null>(query('deviceId'), null);
  /** Scopes this device asked for; the door_tickets ones are the events it checks. */
  readonly requests = new LiveStore<Record<string, number>>(query('scopeRequests'), {});
  /** On or off the network, and since when, from the first status this page saw. */
  readonly link: ValueStore<DoorLink>;
  private device: Device | null = null;
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

  setDevice(device: Device | null): void {
    this.device = device;
    this.data.setDevice(device);
    this.events.setDevice(device);
    this.scopes.setDevice(device);
    this.deviceId.setDevice(device);
    this.requests.setDevice(device);
    this.conflictsAskedAt = new Map();
    for (const timer of this.refreshLater.values()) clearTimeout(timer);
    this.refreshLater.clear();
  }

  private need(): Device {
    if (!this.device) throw new Error('local_database_unavailable');
    return this.device;
  }

  /** This device becomes a door for the event: its tickets replicate and it has an id. */
  open(eventId: number): Promise<void> {
    const device = this.device;
    if (!device) return Promise.reject(new Error('local_database_unavailable'));
    const opening = device.call('openDoor', eventId);
    this.opening.set(
      eventId,
      opening.catch(() => undefined),
    );
    return opening;
  }

  /** The device stops being a door for the event and forgets its tickets (queued scans still upload). */
  async close(eventId: number): Promise<void> {
    await this.need().call('releaseScope', 'door_tickets', eventId);
  }

  /** Judges a scan with what the device holds and records it (sync/views/checkin), in the host. */
  scan(eventId: number, raw: string): Promise<DoorScanOutcome> {
    return this.need().call('doorScan', eventId, raw);
  }

  chooseList(eventId: number, list: CheckinList | null): Promise<void> {
    return this.need().call('chooseDoorList', eventId, list);
  }

  setDirection(eventId: number, direction: 'in' | 'out'): Promise<void> {
    return this.need().call('setDoorDirection', eventId, direction);
  }

  /** The server's word on a code the device could not judge; the scan is then judged and recorded as usual. */
  async checkOnline(eventId: number, raw: string, get: DoorGet): Promise<DoorScanOutcome> {
    const device = this.need();
    const code = raw.trim();
    const answer = await orRefusal(get(`/api/checkin/ticket?event_id=${eventId}&code=${encodeURIComponent(code)}`));
    return device.call('doorScan', eventId, code, toOnlineCheck(answer));
  }

  /**
   * Asks the server for the key (once it is here, only to learn about lost access) and the conflicts.
   * Returns quietly when the network is not there: the door keeps working on what it has.
   */
  async refresh(eventId: number, online: DoorGet, force = false): Promise<void> {
    const get = (path: string) => orRefusal(online(path));
    const device = this.device;
    if (!device) return;
    await this.opening.get(eventId);
    try {
      const doc = await device.call('readDoorEvent', eventId);
      if (force || !doc.public_key || doc.forbidden_at)
        await device.call('storeDoorKey', eventId, toDoorKey(await get(`/api/checkin/key?event_id=${eventId}`)));
      const last = this.conflictsAskedAt.get(eventId) ?? 0;
      const wait = CONFLICTS_REFRESH_MS - (Date.now() - last);
      if (!force && wait > 0) {
        // Asked again too soon: once, at the end of the window, so the last change is not missed.
        if (!this.refreshLater.has(eventId)) {
          const timer = setTimeout(() => {
            this.refreshLater.delete(eventId);
            this.refresh(eventId, online).catch((err: unknown) => console.error('foyer: the door could not refresh', err));
          }, wait);
          this.refreshLater.set(eventId, timer);
        }
        return;
      }
      this.conflictsAskedAt.set(eventId, Date.now());
      // First the size of the download, which the door shows while its tickets arrive.
      await device.call('storeDoorListed', eventId, toDoorListed(await get(`/api/checkin/stats?event_id=${eventId}`)));
      // The check-in lists, which the door needs offline to choose one and judge by it.
      await device.call('storeDoorLists', eventId, toDoorLists(await get(`/api/checkin/lists?event_id=${eventId}`)));
      await device.call('storeDoorConflicts', eventId, toDoorConflicts(await get(`/api/checkin/conflicts?event_id=${eventId}`)));
      // The scans no door ticket carries, for the organiser's list of every scan.
      await device.call(
        'storeUnmatchedScans',
        eventId,
        toUnmatchedScans(await get(`/api/checkin/scans?event_id=${eventId}&unmatched=1&limit=${DOOR_UNMATCHED_KEEP}`)),
      );
    } catch (err) {
      if (!(err instanceof DoorRefusal)) throw err;
      if (err.code === 'network_error') return;
      if (err.code === 'forbidden' || err.code === 'event_not_found' || err.code === 'event_removed') {
        // No door here: the engine stops asking for the tickets until the screen asks again.
        await device.call('forbidDoor', eventId);
        return;
      }
      console.error('foyer: the door could not refresh from the server', err.code);
    }
  }
}

/** A call to the server in the envelope, answered as data or a code (src/data/online.ts). */
export type DoorGet = (path: string) => Promise<OnlineResult<unknown>>;

/** A refusal carried out of the refresh's steps, which stop at the first one; its message is the code. */
class DoorRefusal extends Error {
  constructor(readonly code: OnlineFailure['code']) {
    super(code);
  }
}

async function orRefusal(answer: Promise<OnlineResult<unknown>>): Promise<unknown> {
  const result = await answer;
  if (!result.ok) throw new DoorRefusal(result.code);
  return result.data;
}
