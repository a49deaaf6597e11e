import { map, type Observable } from 'rxjs';
import { APPOINTMENT_READS } from '../sync/views/appointments/on-device.ts';
import { CALENDAR_READS } from '../sync/views/calendar/on-device.ts';
import { CHAT_READS } from '../sync/views/chat/on-device.ts';
import { CONTACT_READS } from '../sync/views/contacts/on-device.ts';
import { DIGEST_READS } from '../sync/views/digest/on-device.ts';
import { LEAD_READS } from '../sync/views/leads/on-device.ts';
import { DOOR_READS } from '../sync/views/checkin/on-device.ts';
import { COMPANY_READS } from '../sync/views/companies/on-device.ts';
import { MESSAGE_READS } from '../sync/views/messages/on-device.ts';
import { NOTIFICATION_READS } from '../sync/views/notifications/on-device.ts';
import { PEOPLE_READS } from '../sync/views/people/on-device.ts';
import { SCHEDULE_READS } from '../sync/views/schedule/on-device.ts';
import { TICKET_READS } from '../sync/views/tickets/on-device.ts';
import { TRIP_READS } from '../sync/views/trips/on-device.ts';
import { VISITOR_READS } from '../sync/views/visitors/on-device.ts';
import type { FoyerDatabase, OutboxDoc } from '../sync/engine/database.ts';
import { observeCaughtUp, observeScopeRequests, observeScopes } from '../sync/engine/scoped.ts';
import { observeAdminCommands } from '../sync/admin.ts';
import { observeCache, type CacheEntry } from '../sync/store/caches.ts';
import type { CacheKey } from './caches.ts';
import { observeEventViews, observeRejections, observeSession, observeUnsentCount } from '../sync/store/observe.ts';

/**
 * Every live read a screen may ask the device for, by name (issue 13: the page reads through the
 * worker). The page names a query and its arguments; the realm that holds the database runs it and
 * sends each answer back, so the page carries none of RxDB, Dexie or the queries themselves. Answers
 * cross a realm by structured clone: plain data, Maps and Sets, never documents or functions.
 *
 * The reads that belong to no area are here; each area declares its own beside its views
 * (sync/views/<area>/on-device.ts, with its local writes) and they are merged in, so adding a read
 * to a screen touches the area's on-device.ts and its hook. tests/unit/device-reads.test.ts checks that no two take one name.
 */
export const QUERIES = {
  // First, so a shared read of the same name would replace an area's and the test would see it.
  ...APPOINTMENT_READS,
  ...CALENDAR_READS,
  ...CHAT_READS,
  ...CONTACT_READS,
  ...DIGEST_READS,
  ...LEAD_READS,
  ...DOOR_READS,
  ...COMPANY_READS,
  ...MESSAGE_READS,
  ...NOTIFICATION_READS,
  ...SCHEDULE_READS,
  ...TICKET_READS,
  ...TRIP_READS,
  ...VISITOR_READS,
  ...PEOPLE_READS,

  session: (db: FoyerDatabase) => observeSession(db),
  eventViews: (db: FoyerDatabase) => observeEventViews(db),
  rejections: (db: FoyerDatabase) => observeRejections(db),
  unsentCount: (db: FoyerDatabase) => observeUnsentCount(db),

  cache: (db: FoyerDatabase, key: CacheKey) => observeCache<unknown>(db, key) as Observable<CacheEntry<unknown> | null>,
  scopes: (db: FoyerDatabase) => observeScopes(db),
  scopeRequests: (db: FoyerDatabase) => observeScopeRequests(db),
  caughtUp: (db: FoyerDatabase) => observeCaughtUp(db),

  adminCommands: (db: FoyerDatabase) => observeAdminCommands(db),
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
  /** The user's queued visitor.category commands, which the own-category hook lays over the visitor documents. */
  categoryCommands: (db: FoyerDatabase) =>
    db.outbox.find({ selector: { kind: 'visitor.category' } }).$.pipe(map((list) => list.map((d) => d.toJSON() as OutboxDoc))),
} as const;

export type DeviceQueries = typeof QUERIES;
export type QueryName = keyof DeviceQueries;
export type QueryArgs<N extends QueryName> = DeviceQueries[N] extends (db: FoyerDatabase, ...args: infer A) => Observable<unknown> ? A : never;
export type QueryValue<N extends QueryName> = DeviceQueries[N] extends (...args: never[]) => Observable<infer T> ? T : never;

export function isQueryName(name: string): name is QueryName {
  return Object.hasOwn(QUERIES, name);
}
