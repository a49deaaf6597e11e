/**
 * The door's part of the contract between the screens and the data layer (api.ts has the rest):
 * what the check-in screens read of the device and what they may ask of it. Reached through
 * `src/data/index.ts` like the rest.
 */
import type { CheckinList, CheckinListView } from '../../contract/checkin-lists.ts';
import type { ListCount } from '../../sync/views/checkin/lists.ts';
import type { DoorTicketView, DoorCount, DoorConflict, RecentScan, ScanLogRow, ScanLogFilter, DoorScanOutcome } from '../../sync/views/checkin/checkin.ts';

export type { DoorTicketView, DoorCount, DoorConflict, RecentScan, ScanLogRow, ScanLogFilter, DoorScanOutcome };

export interface DoorLink {
  /** online: talking to the server; offline: no network; connecting; error: the server refuses (session). */
  state: 'online' | 'offline' | 'connecting' | 'error';
  /** Epoch milliseconds since when (for offline seen at start: the last sync). */
  since: number;
}

export interface DoorState {
  signedIn: boolean;
  /** This device's id in every scan it records; null until the door first opens. */
  deviceId: string | null;
  role: 'owner' | 'staff' | null;
  /** The server said this user may not check this event's tickets. */
  forbidden: boolean;
  /** The event's key is on the device: genuine tickets it does not list are recognised offline. */
  hasKey: boolean;
  keyFetchedAt: number | null;
  /** When the event's tickets last caught up on this device; null: not downloaded yet. */
  ticketsSyncedAt: number | null;
  ticketsOnDevice: number;
  /** How many tickets the download brings in all, as the server last said; null until it said. */
  ticketsListed: number | null;
  /**
   * The whole list is on the device (it caught up once): a code it does not know is then unknown
   * indeed, and bare codes can be judged offline. Until then such a code is not judged.
   */
  ticketsReady: boolean;
  count: DoorCount;
  /** Scans recorded on this device and not yet answered by the server. */
  waitingUploads: number;
  /** Scans the server would not record (see the rejections): the person was let in here all the same. */
  refusedUploads: number;
  /** Scans the server kept failing on, set aside so the rest could upload; they wait to be tried again. */
  parkedUploads: number;
  /** This device's latest scans of the event, newest first. */
  recent: RecentScan[];
  /** Tickets admitted more than once: the server's list when it was reachable, else what the device sees. */
  conflicts: { items: DoorConflict[]; source: 'server' | 'device'; fetchedAt: number | null };
  /**
   * Every scan of the event the device knows, newest first (sync/views/checkin/checkin.ts doorScanLog); scans
   * matching no ticket come from the server's last answer, at `unmatchedFetchedAt`.
   */
  scans: { items: ScanLogRow[]; unmatchedFetchedAt: number | null };
  link: DoorLink;
  lastSyncedAt: number | null;
  /**
   * The event's check-in lists as last read (empty: the event has none, and the door admits every
   * ticket once), the list this door works (null: none chosen, or none to choose), entry or exit,
   * and the chosen list's count as this device sees it.
   */
  lists: {
    items: CheckinListView[];
    chosen: CheckinList | null;
    direction: 'in' | 'out';
    count: ListCount | null;
    types: { id: number; name: string }[];
    timezone: string;
  };
}

export interface DoorActions {
  /**
   * Judges the code offline and records the scan (admitted or refused) for upload; a code the device
   * cannot judge yet comes back `undecided` and is not recorded.
   */
  scan(raw: string): Promise<DoorScanOutcome>;
  /**
   * Asks the server about a code the device could not judge, then judges and records it with the
   * answer. Throws 'network_error' when the server cannot be reached.
   */
  checkOnline(raw: string): Promise<DoorScanOutcome>;
  /** Asks the server for the key and the conflicts now. */
  refresh(): Promise<void>;
  /** This device stops checking the event: its tickets are forgotten; queued scans still upload. */
  stop(): Promise<void>;
  /** The door works this check-in list from now on. */
  chooseList(list: CheckinList | null): Promise<void>;
  /** Scans record entries, or exits on a list that allows re-entry. */
  setDirection(direction: 'in' | 'out'): Promise<void>;
}

export interface DoorEventItem {
  event_id: number;
  name: string;
  when: number;
  when_end: number;
  timezone: string;
  /** null for an event this device checks whose role the server has not said (offline). */
  role: 'owner' | 'staff' | null;
  /** This device holds the event's tickets. */
  onDevice: boolean;
}

export interface DoorEventsData {
  items: DoorEventItem[];
  /** The server answered during this visit; otherwise only the events on this device are listed. */
  fromServer: boolean;
}
