import { Type } from '@sinclair/typebox';
import { RevField, defineCollection, type DocOf } from './schema.ts';
import { RelationsCollection, VisitorsCollection } from './visitors.ts';
import { AppointmentsCollection } from './appointments.ts';
import { CompaniesCollection } from './companies.ts';
import { DoorTicketsCollection, TicketsCollection } from './tickets.ts';
import { CommentsCollection, DialogsCollection, MessagesCollection } from './chat.ts';
import { ScheduleCollection } from './schedule.ts';

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

export const EventsCollection = defineCollection({
  name: 'events',
  version: 0,
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
    ...RevField,
  }),
  indexes: ['when', 'category_id', 'city_id'],
});
export type EventDoc = DocOf<typeof EventsCollection>;

export const MyEventsCollection = defineCollection({
  name: 'my_events',
  version: 0,
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
export const COLLECTION_NAMES = COLLECTIONS.map((c) => c.name) as CollectionName[];
/**
 * Collections whose pull depends on the user; a guest gets an empty feed for these. visitors and
 * door_tickets are not here although they need a session: they are scoped by event and their feeds
 * check access themselves (401, 403 for a user without access, 404 for an unknown event);
 * companies, scoped by event too, are open to guests.
 */
export const USER_SCOPED: ReadonlySet<string> = new Set(['my_events', 'relations', 'appointments', 'tickets', 'dialogs', 'messages']);
