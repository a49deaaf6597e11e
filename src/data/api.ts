/**
 * The contract between the screens (src/features, src/ui) and the data layer (src/data). Screens
 * import hooks from `src/data/index.ts` only; these types say what each hook gives back. Everything
 * a hook returns is read from the local RxDB database, overlaid with the pending outbox entries, so
 * it renders the same with or without a network.
 */
import type { EventDoc, MyEventDoc } from '../../contract/entities.ts';
import type { ErrorCode } from '../../contract/errors.ts';
import type { CommandKind } from '../../contract/commands.ts';

export interface Loadable<T> {
  data: T;
  isLoading: boolean;
}

export interface SessionUser {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
}

export interface SessionState {
  /** 'loading' until the stored session has been read (from the local database, so offline too). */
  status: 'loading' | 'ready';
  user: SessionUser | null;
  login(email: string, password: string): Promise<{ ok: true } | { ok: false; code: ErrorCode | 'network_error' }>;
  /** Ends the session on the server when reachable and wipes the local database in every case. */
  logout(): Promise<void>;
}

/** An event as screens see it: the public document plus the user's own relation and pending state. */
export interface EventView extends EventDoc {
  is_favorite: boolean;
  checked_in: boolean;
  /** The spec's checkin_status: the user holds a ticket. */
  has_ticket: boolean;
  is_owner: boolean;
  is_moderator: boolean;
  /** Unix seconds of the last view (local or from another device), 0 when never. */
  viewed_at: number;
  /** True while an outbox entry touching this event waits for the server. */
  pending: boolean;
}
export type MyEventFields = Omit<MyEventDoc, 'id' | 'event_id' | 'rev'>;

export type EventsFilter = 'all' | 'future' | 'past' | 'running' | 'favorites' | 'viewed' | 'mine';

export interface EventsQuery {
  filter?: EventsFilter;
  category_id?: number;
  city_id?: number;
  /** Case-insensitive match on name, city and category. */
  search?: string;
  /** 'when' ascending (default for future), '-when' descending (default for past and viewed). */
  sort?: 'when' | '-when' | '-viewed';
  limit?: number;
  offset?: number;
}

export interface EventsPage {
  items: EventView[];
  /** How many match the query without limit and offset, for pagination and tab counts. */
  total: number;
}

export interface MyEventCounts {
  allEvents: number;
  futuredEvents: number;
  pastEvents: number;
  favorites: number;
  lookedEarlier: number;
}

export interface NamedCount {
  id: number;
  name: string;
  count: number;
}

export type SyncState = 'offline' | 'connecting' | 'syncing' | 'idle' | 'error';

export interface SyncStatus {
  state: SyncState;
  /** Outbox entries not yet answered by the server. */
  pending: number;
  /** Epoch milliseconds of the last complete pull, null before the first. */
  lastSyncedAt: number | null;
  error: { code: string; retryAt: number | null } | null;
  /** Retries now instead of waiting for the backoff. */
  retry(): void;
}

/** A command the server turned down: it stays visible until the user acts on it. */
export interface Rejection {
  id: string;
  kind: CommandKind;
  payload: unknown;
  code: ErrorCode;
  /** Epoch milliseconds when the user did it. */
  occurredAt: number;
}

export interface RejectionsState {
  items: Rejection[];
  /** Removes it from the list; the screen already shows the server's truth. */
  dismiss(id: string): void;
}

export interface EventActions {
  /** Queued offline, shown at once, applied exactly once after reconnect. */
  setFavorite(eventId: number, favorite: boolean): Promise<void>;
  checkin(eventId: number): Promise<void>;
  uncheckin(eventId: number): Promise<void>;
  /** Remembers the view locally for "recently viewed"; no network needed. */
  markViewed(eventId: number): Promise<void>;
}

/**
 * The hooks src/data/index.ts exports (signatures; the implementation lives beside them):
 *
 *   <DataProvider>{children}</DataProvider>   opens the database in the page, starts the sync worker
 *   useSession(): SessionState
 *   useEvents(query: EventsQuery): Loadable<EventsPage>
 *   useEvent(eventId: number): Loadable<EventView | undefined>
 *   useMyEventCounts(): Loadable<MyEventCounts>
 *   useEventCategories(): Loadable<NamedCount[]>   categories present in the local events, with counts
 *   useEventCities(): Loadable<NamedCount[]>       cities present in the local events, with counts
 *   useEventActions(): EventActions
 *   useSyncStatus(): SyncStatus
 *   useRejections(): RejectionsState
 */
export {};
