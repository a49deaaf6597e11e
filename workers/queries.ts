import { combineLatest, distinctUntilChanged, map, timer, type Observable } from 'rxjs';
import type { FoyerDatabase, OutboxDoc } from '../sync/engine/database.ts';
import { observeCaughtUp, observeScopeRequests, observeScopes } from '../sync/engine/scoped.ts';
import { observeAdminCommands } from '../sync/admin.ts';
import { observeCache, type CacheEntry, type CacheKey } from '../sync/store/caches.ts';
import { observeEventViews, observeRejections, observeSession, observeUnsentCount } from '../sync/store/observe.ts';
import { observeAppointmentViews, observeDaySlots, observeGrid } from '../sync/views/appointments/store.ts';
import { observeCalendarSources } from '../sync/views/calendar/calendar.ts';
import { observeFeedSources } from '../sync/views/calendar/feed.ts';
import { observeStars } from '../sync/views/calendar/stars.ts';
import { observeChatSource } from '../sync/views/chat/chat.ts';
import { observeChatHistory, observeChatHistoryRequests } from '../sync/views/chat/history.ts';
import { observeDoorData } from '../sync/views/checkin/checkin.ts';
import { observeDeviceId, observeDoorEvent } from '../sync/views/checkin/device.ts';
import { observeCompanies } from '../sync/views/companies/companies.ts';
import { observeDialogMessages, observeMessaging } from '../sync/views/messages/messages.ts';
import { observeNotificationSources } from '../sync/views/notifications/notifications.ts';
import { observeSchedule } from '../sync/views/schedule/schedule.ts';
import { observeCart } from '../sync/views/tickets/cart.ts';
import { observeSalesCommands } from '../sync/views/tickets/sales-admin.ts';
import { observeEmailLocks, observeOrders, observeTickets } from '../sync/views/tickets/tickets.ts';
import { observeOwnTrip } from '../sync/views/trips/trips.ts';
import { observeAllVisitors, observeOwnProfile, observePersonDocs, observeRelationViews } from '../sync/views/visitors/store.ts';
import { readLocalPeople } from '../sync/views/people/people.ts';
import type { PeopleTab } from '../contract/visitors.ts';

/** Events end as time passes: the people card's read is redone every minute, as the page's clock ticks. */
const PEOPLE_CLOCK_MS = 60_000;
/** During a first sync the card recounts at most once a second (observeAllVisitors). */
const PEOPLE_SETTLE_MS = 1000;

/**
 * Every live read a screen may ask the device for, by name (issue 13: the page reads through the
 * worker). The page names a query and its arguments; the realm that holds the database runs it and
 * sends each answer back, so the page carries none of RxDB, Dexie or the queries themselves. Answers
 * cross a realm by structured clone: plain data, Maps and Sets, never documents or functions.
 */
export const QUERIES = {
  session: (db: FoyerDatabase) => observeSession(db),
  eventViews: (db: FoyerDatabase) => observeEventViews(db),
  rejections: (db: FoyerDatabase) => observeRejections(db),
  unsentCount: (db: FoyerDatabase) => observeUnsentCount(db),

  cache: (db: FoyerDatabase, key: CacheKey) => observeCache(db, key) as Observable<CacheEntry<unknown> | null>,
  scopes: (db: FoyerDatabase) => observeScopes(db),
  scopeRequests: (db: FoyerDatabase) => observeScopeRequests(db),
  caughtUp: (db: FoyerDatabase) => observeCaughtUp(db),

  adminCommands: (db: FoyerDatabase) => observeAdminCommands(db),
  salesCommands: (db: FoyerDatabase) => observeSalesCommands(db),
  /** The user's queued visitor.category commands, which the own-category hook lays over the visitor documents. */
  // What the sync pill lists as waiting to be sent (SyncStatus.tsx): the queue in the order it drains.
  unsentCommands: (db: FoyerDatabase) =>
    db.outbox.find({ selector: { status: { $in: ['pending', 'sending'] } }, sort: [{ seq: 'asc' }] }).$.pipe(
      map((list) =>
        list.map((d) => {
          // toJSON: a document's own fields are frozen proxies, which cannot cross to the page.
          const { id, kind, payload, occurredAt } = d.toJSON() as OutboxDoc;
          return { id, kind, payload, occurredAt };
        }),
      ),
    ),
  categoryCommands: (db: FoyerDatabase) =>
    db.outbox.find({ selector: { kind: 'visitor.category' } }).$.pipe(map((list) => list.map((d) => d.toJSON() as OutboxDoc))),

  appointmentViews: (db: FoyerDatabase) => observeAppointmentViews(db),
  grid: (db: FoyerDatabase, eventId: number) => observeGrid(db, eventId),
  daySlots: (db: FoyerDatabase, eventId: number, userId: number, day: string) => observeDaySlots(db, eventId, userId, day),

  stars: (db: FoyerDatabase) => observeStars(db),
  calendarSources: (db: FoyerDatabase) => observeCalendarSources(db),
  feedSources: (db: FoyerDatabase) => observeFeedSources(db),

  chat: (db: FoyerDatabase, eventId: number) => observeChatSource(db, eventId),
  chatHistory: (db: FoyerDatabase, eventId: number) =>
    combineLatest([observeChatHistory(db, eventId), observeChatHistoryRequests(db)]).pipe(
      map(([history, requests]) => ({ history, request: requests[String(eventId)] })),
    ),

  companies: (db: FoyerDatabase, eventId: number) => observeCompanies(db, eventId),
  doorData: (db: FoyerDatabase, eventId: number) => observeDoorData(db, eventId),
  doorEvent: (db: FoyerDatabase, eventId: number) => observeDoorEvent(db, eventId),
  deviceId: (db: FoyerDatabase) => observeDeviceId(db),

  messaging: (db: FoyerDatabase) => observeMessaging(db),
  dialog: (db: FoyerDatabase, peerId: number) => observeDialogMessages(db, peerId),
  notificationSources: (db: FoyerDatabase) => observeNotificationSources(db),
  schedule: (db: FoyerDatabase, eventId: number) => observeSchedule(db, eventId),

  tickets: (db: FoyerDatabase) => observeTickets(db),
  orders: (db: FoyerDatabase) => observeOrders(db),
  emailLocks: (db: FoyerDatabase) => observeEmailLocks(db),
  cart: (db: FoyerDatabase, eventId: number) => observeCart(db, eventId),
  ownTrip: (db: FoyerDatabase, eventId: number) => observeOwnTrip(db, eventId),

  relations: (db: FoyerDatabase) => observeRelationViews(db),
  ownProfile: (db: FoyerDatabase) => observeOwnProfile(db),
  person: (db: FoyerDatabase, userId: number) => observePersonDocs(db, userId),
  /** The people card's page: counted in the worker, since it is computed from every visitor document. */
  localPeople: (db: FoyerDatabase, tab: PeopleTab, limit: number) =>
    combineLatest([observeAllVisitors(db, PEOPLE_SETTLE_MS), timer(0, PEOPLE_CLOCK_MS)]).pipe(
      map(([{ visitors, events }]) => readLocalPeople(visitors, events, tab, limit, Math.floor(Date.now() / 1000))),
      distinctUntilChanged((a, b) => JSON.stringify(a) === JSON.stringify(b)),
    ),
} as const;

export type DeviceQueries = typeof QUERIES;
export type QueryName = keyof DeviceQueries;
export type QueryArgs<N extends QueryName> = DeviceQueries[N] extends (db: FoyerDatabase, ...args: infer A) => Observable<unknown> ? A : never;
export type QueryValue<N extends QueryName> = DeviceQueries[N] extends (...args: never[]) => Observable<infer T> ? T : never;

export function isQueryName(name: string): name is QueryName {
  return Object.hasOwn(QUERIES, name);
}
