/**
 * The contract between the screens (src/features, src/ui) and the data layer (src/data). Screens
 * import hooks from `src/data/index.ts` only; these types say what each hook gives back. Everything
 * a hook returns is read from the local RxDB database, overlaid with the pending outbox entries, so
 * it renders the same with or without a network.
 */
import type { MyEventDoc } from '../../contract/entities.ts';
import type { ErrorCode } from '../../contract/errors.ts';
import type { CommandKind } from '../../contract/commands.ts';
import type { PeopleTab, ProfilePatch } from '../../contract/visitors.ts';
import type { PersonSummary } from '../../sync/views/people/people.ts';
import type { OwnProfile, StatusType } from '../../sync/views/profile/profile.ts';
import type { PeopleItem, PeoplePage } from '../../sync/views/people/people.ts';
import type {
  CategoryCount,
  CityCount,
  CountryCount,
  SortOrder,
  VisitorView,
  VisitorsFilter,
  VisitorsSort,
  VisitorsTab,
} from '../../sync/views/visitors/visitors.ts';
import type { AppointmentStatus } from '../../contract/appointments.ts';
import type { AppointmentEventSummary, AppointmentEvents, AppointmentFailure, AppointmentView } from '../../sync/views/appointments/overlay.ts';
import type { SlotView } from '../../sync/views/appointments/slots.ts';
import type { ClockNotice } from '../../workers/clock.ts';
import type { SessionUser } from '../../sync/engine/session.ts';
import type { SyncState } from '../../sync/engine/status.ts';
import type { CompanyDoc as Company, StandMemberDoc as StandMember } from '../../contract/companies.ts';
import type { TicketDoc as Ticket, ScanResult } from '../../contract/tickets.ts';
import type { TicketsTab, TicketCounts } from '../../sync/views/tickets/tickets.ts';

// The screens' names for what the sync layer already declares: one declaration each.
export type { EventView } from '../../sync/store/overlay.ts';
export type { SessionUser } from '../../sync/engine/session.ts';
export type { SyncState } from '../../sync/engine/status.ts';
export type { SuggestedPerson, SuggestionReason } from '../../sync/views/people/suggestions.ts';
export type { EventsFilter, EventsPage, EventsQuery, MyEventCounts, NamedCount } from '../../sync/views/events/queries.ts';

export type {
  AppointmentEventSummary,
  AppointmentFailure,
  AppointmentStatus,
  AppointmentView,
  SlotView,
  CategoryCount,
  CityCount,
  CountryCount,
  OwnProfile,
  PeopleItem,
  PeoplePage,
  PeopleTab,
  PersonSummary,
  ProfilePatch,
  SortOrder,
  StatusType,
  VisitorView,
  VisitorsFilter,
  VisitorsSort,
  VisitorsTab,
};

export interface Loadable<T> {
  data: T;
  isLoading: boolean;
}

export interface SessionState {
  /** 'loading' until the stored session has been read (from the local database, so offline too). */
  status: 'loading' | 'ready';
  user: SessionUser | null;
  login(email: string, password: string): Promise<{ ok: true } | { ok: false; code: ErrorCode | 'network_error'; retryAfter?: number }>;
  /** Ends the session on the server when reachable and wipes the local database in every case. */
  logout(): Promise<void>;
}

export type MyEventFields = Omit<MyEventDoc, 'id' | 'event_id' | 'rev'>;

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

/** Something the user did on this device that has not reached the server yet. */
export interface QueuedCommand {
  id: string;
  kind: CommandKind;
  payload: Record<string, unknown>;
  /** ISO 8601, when the user did it. */
  occurredAt: string;
}

/** A command the server turned down: it stays visible until the user acts on it. */
export interface Rejection {
  id: string;
  kind: CommandKind;
  payload: unknown;
  /** The server's code; `server_failed` for a parked action. */
  code: ErrorCode | 'server_failed';
  /** Epoch milliseconds when the user did it. */
  occurredAt: number;
  /**
   * Not refused but parked: the server failed on it every time, so it was set aside for the rest of
   * the queue to go on. It was not applied; the user may try it again or discard it.
   */
  parked: boolean;
}

export interface RejectionsState {
  items: Rejection[];
  /** Removes it from the list: a refusal (the screen already shows the server's truth), or a parked action, dropped. */
  dismiss(id: string): void;
  /** Sends a parked action again, first in the queue. */
  retry(id: string): void;
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
 * One page of an event's visitors with what the page's selects need. `source` says where it comes
 * from: 'device' — the event's visitors are on this device (the user takes part), everything is
 * computed locally, offline too; 'server' — the user does not take part, so the page asks the
 * server (online only); 'unavailable' — not on the device and the server cannot be reached now.
 */
export interface VisitorsPageData {
  source: 'device' | 'server' | 'unavailable';
  items: VisitorView[];
  /** How many match the filter without offset and limit. */
  total: number;
  /** Every visitor of the event the device holds (device) or the server counts (server). */
  allCount: number;
  countries: CountryCount[];
  cities: CityCount[];
  /** The event's menu with the number of visitors in each category (0 when unknown). */
  categories: CategoryCount[];
  /** The user takes part but the first pull of this event's visitors has not arrived yet. */
  waitingForSync: boolean;
  /** Why the server's list is unavailable, when the server said: e.g. too many searches for now. */
  refusal?: { code: ErrorCode; retryAfter?: number };
}

/** A cached answer of the server, with its age. */
export interface Cached<T> {
  data: T | null;
  /** Epoch milliseconds of the answer; null when the device never got one. */
  fetchedAt: number | null;
}

/**
 * A profile screen's subject. own: the signed-in user (from the last profile/lite answer, or their
 * visitors document before there is one: `privacyKnown` false then). other: somebody whose visitors
 * document is on this device, with the events the device holds them for. not_on_device: nobody with
 * that id is on this device (not a visitor of the user's events, hidden, or unknown).
 */
export type ProfileState =
  | { kind: 'own'; profile: OwnProfile; privacyKnown: boolean; fetchedAt: number | null; pending: boolean }
  | { kind: 'other'; person: VisitorView; events: { id: number; name: string }[] }
  | { kind: 'not_on_device' }
  /** The server has nobody it may show under this id: hidden from the viewer, removed or unknown. */
  | { kind: 'not_found' }
  | { kind: 'signed_out' };

export interface VisitorActions {
  /** The specs' rule: sends 1 when the current like is 2 or 3, otherwise 2. Queued, shown at once. */
  toggleLike(userId: number, currentLikeStatus: number): Promise<void>;
  setFavorite(userId: number, favorite: boolean): Promise<void>;
}

export interface ProfileActions {
  /** Queued offline, shown at once on the own profile and card, applied exactly once. */
  update(patch: ProfilePatch): Promise<void>;
  setPrivacy(switches: Pick<ProfilePatch, 'show_email' | 'show_personal' | 'hide_phone' | 'hide_trip_plan' | 'hide_from_visitors'>): Promise<void>;
}

// ---- appointments (src/data/appointments.ts) ----

/** An appointment of the user with its status for them (networking.md §4 status derivation). */
export interface AppointmentItem extends AppointmentView {
  status: AppointmentStatus;
}

export type AppointmentEventsData = AppointmentEvents;

/** The slot picker of one person and day. */
export interface SlotsData {
  /** The bookable days of the event (date tabs), from the server's last answer. */
  dates: string[];
  /** The day shown: the one asked for, or the server's first bookable day. */
  day: string | null;
  timezone: string;
  placeItems: Record<string, string>;
  tablesCount: number;
  isOnline: boolean;
  slots: SlotView[];
  /**
   * server: the server answered during this visit; device: computed on the device from the user's
   * own meetings and the last answer kept here; none: this day's times never reached the device.
   */
  source: 'server' | 'device' | 'none';
  /** Until a fresh answer arrives with nothing of the user's still queued. */
  provisional: boolean;
  /** Epoch milliseconds of the statuses' answer, when there is one. */
  fetchedAt: number | null;
  /** The server refused to answer (ticket_required, not_found …). */
  error: ErrorCode | null;
}

export interface AppointmentRequest {
  eventId: number;
  userId: number;
  date: string;
  /** Unix seconds of the chosen slot; null for an any-time request (networking.md §3 any_time). */
  timeStart: number | null;
  timeEnd: number | null;
  comment: string;
  /** A named place id, 5 for "no table", or null for a table. */
  place: number | null;
  /** Edits this appointment. */
  meetingId?: number;
  /** Saved first through profile.update (the contact modal of an online event). */
  phone?: string;
  /** The refused request (outbox id) that this one replaces: it is dismissed once this is queued. */
  replaces?: string;
}

export interface AppointmentActions {
  /** Queued offline, shown at once, applied exactly once after reconnect. */
  request(r: AppointmentRequest): Promise<void>;
  approve(meetingId: number): Promise<void>;
  /** Rejects a request made to the user. */
  reject(meetingId: number, reason: string): Promise<void>;
  /** Withdraws the user's request or calls off an accepted appointment. */
  cancel(meetingId: number, reason: string): Promise<void>;
  /** The user has read why the server refused a command. */
  dismissFailure(commandId: string): Promise<void>;
  /** Sends a parked request or answer again, first in the queue. */
  retryFailure(commandId: string): Promise<void>;
}

/**
 * A notice of the worker's clock (workers/clock.ts): reminders, the call's start, changes.
 * `skewMs` is the meeting clock (the server's, as the worker measured it) minus this page's clock
 * when the notice arrived: a reminder's "in 3 minutes" is counted on the venue's clock, not on a
 * phone set a few minutes off.
 */
export type AppointmentNotice = ClockNotice & { skewMs: number };

export interface AppointmentNotices {
  items: AppointmentNotice[];
  dismiss(key: string): void;
}

// ---- companies and tickets (src/data/companies.ts, tickets.ts; the door's are in door-api.ts) ----

export type { Company, StandMember, Ticket, TicketsTab, TicketCounts, ScanResult };

export interface CompaniesData {
  /** The event's stands in the organiser's order. */
  items: Company[];
  /** When this device last caught up with the event's stands; null: not downloaded yet. */
  syncedAt: number | null;
}

export interface CompanyData {
  company: Company | undefined;
  syncedAt: number | null;
}

export interface MyTicketsData {
  /** The first `limit` of the tab, upcoming soonest first, then past most recent first. */
  items: Ticket[];
  /** How many the tab holds. */
  total: number;
  counts: TicketCounts;
}

/** sent; locked: sent moments ago (here or elsewhere), try in a minute; offline; failed. */
/** `rate_limited`: the user's budget of ticket emails is spent for now (retryAfter seconds, when known). */
export type TicketEmailResult = { status: 'sent' | 'locked' | 'offline' | 'failed' } | { status: 'rate_limited'; retryAfter?: number };

/** `refused`: the server answered with a catalogue error instead of the PDF. */
export type TicketDownloadResult = { status: 'saved' | 'offline' } | { status: 'refused'; code: ErrorCode; retryAfter?: number };

export interface TicketActions {
  /** Needs the server. Starts the 60 s lock (kept on the device) when sent or already locked. */
  sendToEmail(ticket: Pick<Ticket, 'ticket_id' | 'send_email_link'>, locale: string): Promise<TicketEmailResult>;
  /** Needs the server. Fetches the PDF and hands it to the browser as a download. */
  downloadPdf(ticket: Pick<Ticket, 'ticket_id' | 'download_link'>, locale: string): Promise<TicketDownloadResult>;
  /** The holder's own changes (contract/self-service.ts), queued so they work offline. */
  transfer(ticketId: number, email: string, name: string): Promise<void>;
  cancel(ticketId: number): Promise<void>;
  edit(ticketId: number, name: string, company: string): Promise<void>;
}
