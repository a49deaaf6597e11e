import { Type } from '@sinclair/typebox';
import { RevField, defineCollection, type DocOf } from './schema.ts';
import { RelationsCollection, VisitorsCollection } from './visitors.ts';
import { AppointmentsCollection } from './appointments.ts';
import { CompaniesCollection } from './companies.ts';
import { DoorTicketsCollection, TicketsCollection } from './tickets.ts';
import { CommentsCollection, DialogsCollection, MessagesCollection } from './chat.ts';
import { ScheduleCollection } from './schedule.ts';
import { EventSales, EventSalesAdmin } from './sales.ts';
import { NoticeSchema } from './notifications.ts';
import { OwnTripSchema } from './trips.ts';

/**
 * Replicated collections. The open-source RxDB build allows 13 collections per realm, so every
 * collection here is deliberate; UI state lives in local documents, never in a collection.
 *
 * `events` is the public event list, the same for everybody. What belongs to one user (favorite,
 * check-in, ticket, ownership) lives in `my_events`, so a favorite toggle never makes every other
 * device re-download the event.
 */

const NamedCount = Type.Object({ id: Type.Integer(), name: Type.String(), count_users_from: Type.Integer() });
const MenuItem = Type.Object({ id: Type.Integer(), name: Type.String() });

/**
 * The event's meeting settings as the server resolves them (an event without its own is bookable
 * over its whole span in 15-minute slots): with contract/appointments.ts meetingDays and daySlots
 * every device computes the slot grid itself, so anyone can be asked for a meeting offline.
 * Places are a list rather than the settings' id -> label map: document schemas stay closed.
 */
export const EventMeeting = Type.Object({
  slot_minutes: Type.Integer({ minimum: 1 }),
  tables_count: Type.Integer({ minimum: 0 }),
  /** Every place; `tables` of them stand there (0: a spot to meet without a table; contract/admin-meetings.ts). */
  places: Type.Array(Type.Object({ id: Type.Integer(), label: Type.String(), tables: Type.Integer({ minimum: 0, maximum: 100_000 }) })),
  allowed_times: Type.Array(Type.Object({ day: Type.String(), from: Type.String(), to: Type.String() })),
});

/**
 * The organiser's part of an event document (contract/admin.ts): filled only in the copies the
 * event's organisers pull, empty in everybody else's (docs/DESIGN.md, "Drafts and organisers'
 * data on the device").
 */
export const EventAdmin = Type.Object({
  stream_url: Type.String(),
  created_by: Type.Integer(),
  team: Type.Array(
    Type.Object({
      user_id: Type.Integer(),
      first_name: Type.String(),
      last_name: Type.String(),
      email: Type.String(),
      roles: Type.Array(Type.String()),
      creator: Type.Boolean(),
    }),
  ),
  /**
   * The programme's days and tracks (contract/admin-schedule.ts ScheduleOutline), empty ones
   * included: the schedule collection only carries speeches, and the editor shows the rest.
   */
  schedule: Type.Object({
    days: Type.Array(Type.Object({ date: Type.String(), title: Type.String() })),
    tracks: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String(), sort: Type.Integer(), client_id: Type.String() })),
  }),
  /** Every ticket type with its quota, and how the event is paid for (contract/sales.ts). */
  sales: EventSalesAdmin,
});

export const EventsCollection = defineCollection({
  name: 'events',
  // 1: the meeting settings joined the document. 2: status, map point and the organisers' part.
  // 3: the organisers' part carries the programme's outline; places say how many tables they hold.
  // 4: the ticket types on sale (`sales`) and, in the organisers' part, every type and the payment settings.
  // 5: each ticket type says how many one person may hold (`max_per_person`).
  // 6: the organisers' part carries the event's promo codes.
  // 7: the organisers' part carries each type's private link key (`access_key`) and the shared quotas.
  // 8: the organisers' part says until when holders may edit their tickets (`edit_hours`).
  // 9: the organisers' part says whether holders may ask to cancel paid tickets (`paid_cancel`).
  version: 9,
  schema: Type.Object({
    id: Type.String(),
    event_id: Type.Integer(),
    name: Type.String(),
    category_id: Type.Integer({ minimum: 0, maximum: 1e9, multipleOf: 1 }),
    category_name: Type.String(),
    city_id: Type.Integer({ minimum: 0, maximum: 1e9, multipleOf: 1 }),
    city_name: Type.String(),
    country_code: Type.String(),
    /** Unix seconds. */
    when: Type.Integer({ minimum: 0, maximum: 1e11, multipleOf: 1 }),
    when_end: Type.Integer({ minimum: 0, maximum: 1e11, multipleOf: 1 }),
    timezone: Type.String(),
    is_webinar: Type.Boolean(),
    /** 1 is an embeddable frame (events.md §4); 0 means no video. */
    video_type: Type.Integer(),
    where: Type.String(),
    address: Type.String(),
    place: Type.Object({ public: Type.Boolean(), name: Type.String(), address: Type.String() }),
    poster_small: Type.String(),
    poster_middle: Type.String(),
    poster_big: Type.String(),
    description: Type.String(),
    total_people: Type.Integer(),
    favorites_count: Type.Integer(),
    meetings_count: Type.Integer(),
    visitors_with_appointments_count: Type.Integer(),
    ticket_min_price: Type.Number(),
    currency: Type.String(),
    is_free: Type.Boolean(),
    barcode_type: Type.String(),
    company: Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      description: Type.String(),
      phone: Type.String(),
      email: Type.String(),
    }),
    options: Type.Object({ broadcast_background: Type.String(), menu: Type.Array(MenuItem) }),
    users_online: Type.Integer(),
    visitors_countries: Type.Array(NamedCount),
    visitors_cities: Type.Array(NamedCount),
    meeting: EventMeeting,
    /** draft (only its organisers' devices hold it), published or cancelled (contract/admin.ts). */
    status: Type.String(),
    /** The venue's point on a map; `set` false when the organisers gave none. */
    map_point: Type.Object({ set: Type.Boolean(), lat: Type.Number(), lng: Type.Number() }),
    /** The ticket types buyers may see and the paid methods switched on (contract/sales.ts). */
    sales: EventSales,
    admin: EventAdmin,
    ...RevField,
  }),
  indexes: ['when', 'category_id', 'city_id'],
});
export type EventDoc = DocOf<typeof EventsCollection>;

export const MyEventsCollection = defineCollection({
  name: 'my_events',
  // 1: the user's notices of the event (docs/DESIGN.md "Notifications on the device"), the
  // speeches they starred, their trip plan.
  version: 1,
  schema: Type.Object({
    /** The event id as a string: one document per event the user has any relation to. */
    id: Type.String(),
    event_id: Type.Integer(),
    is_favorite: Type.Boolean(),
    checked_in: Type.Boolean(),
    /** The spec's checkin_status: the user holds a valid ticket. */
    has_ticket: Type.Boolean(),
    is_owner: Type.Boolean(),
    is_moderator: Type.Boolean(),
    role: Type.String(),
    /** Unix seconds of the user's last view of the event page on any device; 0 when never. */
    viewed_at: Type.Integer(),
    /** The user's newest notices about this event (contract/notifications.ts), newest first. */
    notices: Type.Array(NoticeSchema),
    /** Speeches of this event the user starred (contract/calendar.ts). */
    starred: Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 })),
    /** The user's own trip plan for the event (contract/trips.ts); empty strings while none. */
    trip: OwnTripSchema,
    ...RevField,
  }),
});
export type MyEventDoc = DocOf<typeof MyEventsCollection>;

/**
 * Everything the worker replicates, in the order it pulls them on first sync. my_events comes
 * before visitors because it decides which events' visitors the device replicates.
 */
export const COLLECTIONS = [
  EventsCollection,
  MyEventsCollection,
  RelationsCollection,
  VisitorsCollection,
  AppointmentsCollection,
  TicketsCollection,
  CompaniesCollection,
  DoorTicketsCollection,
  DialogsCollection,
  MessagesCollection,
  CommentsCollection,
  ScheduleCollection,
] as const;
export type CollectionName = (typeof COLLECTIONS)[number]['name'];
// Marked pure so that a bundle which only wants the constants here leaves every schema out.
export const COLLECTION_NAMES = /* @__PURE__ */ COLLECTIONS.map((c) => c.name) as CollectionName[];
/**
 * Collections whose pull depends on the user; a guest gets an empty feed for these. visitors and
 * door_tickets are not here although they need a session: they are scoped by event and their feeds
 * check access themselves (401, 403 for a user without access, 404 for an unknown event);
 * companies, scoped by event too, are open to guests.
 */
export const USER_SCOPED: ReadonlySet<string> = new Set(['my_events', 'relations', 'appointments', 'tickets', 'dialogs', 'messages']);
/**
 * Public collections whose documents are still shaped per viewer: `events` carries drafts and the
 * organisers' part only in organisers' copies (docs/DESIGN.md "Drafts and organisers' data on the
 * device"). A device keeps one checkpoint per viewer of these, so signing in on a device that
 * browsed as a guest pulls them again as the user instead of keeping the guest's copies.
 */
export const VIEWER_SHAPED: ReadonlySet<string> = new Set(['events']);
