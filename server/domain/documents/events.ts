import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import type { ScheduleOutline } from '../../../contract/admin-schedule.ts';
import { organisedAmong, teamsOf } from '../organisers/repository.ts';
import { outlinesOf } from '../schedule/admin-repository.ts';
import { salesPartsOf, type EventSalesParts } from '../orders/documents.ts';
import type { FeedArgs, FeedPage } from '../feed/feed.ts';
import { eventsSince, myEventsSince, toEventDoc, toMyEventDoc, type EventRow } from '../events/document-repository.ts';
import { noticesOf } from '../notifications/repository.ts';
import { starredOf } from '../calendar/repository.ts';
import { ownTripsOf } from '../trips/repository.ts';
import { NO_TRIP } from '../../../contract/trips.ts';

/**
 * The composing layer (docs/DESIGN.md, "Documents composed above the areas"): an event's document
 * carries parts that five areas keep (the organisers' team, the programme's outline, the ticket
 * types, and in my_events the notices, the starred talks and the trip plan), so it is put together
 * here, above the areas, where reading each area's rows is the point rather than a reach across.
 *
 * Change feeds of `events` (the same documents for everybody, guests included) and `my_events`
 * (the signed-in user's own relation to each event; a guest gets nothing). docs/DESIGN.md, "Public
 * events, personal relations", says why they are two collections.
 *
 * Two things in `events` depend on the viewer (docs/DESIGN.md, "Drafts and organisers' data on the
 * device"): a draft is sent in full only to its organisers and as a blank tombstone to everybody
 * else, so a device that held it while it was published drops it; and the organiser's part
 * (`admin`: the stream link, the team, the programme's days and tracks, every ticket type and the payment settings) is filled only in the organisers' copies. Both change only
 * with the event's rev (publishing, unpublishing and every team change touch the event row), so a
 * checkpoint never hides a change of what the viewer may see.
 */
export async function eventsFeed(db: Kysely<DB>, { userId, checkpoint, limit }: FeedArgs): Promise<FeedPage> {
  const rows = await eventsSince(db, checkpoint, limit);
  const organised =
    userId === null
      ? new Set<number>()
      : await organisedAmong(
          db,
          userId,
          rows.map((r) => r.id),
        );
  const [teams, outlines, sales] = await Promise.all([
    teamsOf(db, [...organised]),
    outlinesOf(db, [...organised]),
    // Ticket types travel in the event (contract/sales.ts); a draft's are sent only to its organisers.
    salesPartsOf(
      db,
      rows.filter((r) => !r.deleted).map((r) => r.id),
    ),
  ]);
  return {
    documents: rows.map((r) => viewerDoc(r, organised.has(r.id), teams.get(r.id) ?? [], outlines.get(r.id) ?? { days: [], tracks: [] }, sales.get(r.id))),
  };
}

function viewerDoc(
  r: EventRow,
  organiser: boolean,
  team: ReturnType<typeof toEventDoc>['admin']['team'],
  schedule: ScheduleOutline,
  sales: EventSalesParts | undefined,
) {
  const plain = toEventDoc(r);
  const doc = sales ? { ...plain, sales: { ...plain.sales, ...sales.open } } : plain;
  if (organiser)
    return { ...doc, admin: { stream_url: r.webinar_link, created_by: r.created_by ?? 0, team, schedule, sales: sales?.admin ?? plain.admin.sales } };
  if (r.status !== 'draft') return doc;
  // Nothing of a draft leaves the server but its id and rev.
  return {
    ...doc,
    name: '',
    description: '',
    where: '',
    address: '',
    city_name: '',
    place: { public: false, name: '', address: '' },
    company: { id: 0, name: '', description: '', phone: '', email: '' },
    options: { broadcast_background: '', menu: [] },
    visitors_countries: [],
    visitors_cities: [],
    meeting: { ...doc.meeting, places: [], allowed_times: [] },
    sales: plain.sales,
    deleted: true,
  };
}

/**
 * Beside the user's relation, a my_events document carries what the user has of that event that no
 * other collection holds: their notices (server/domain/notifications), the speeches they starred
 * (server/domain/calendar) and their trip plan (server/domain/trips). Their writes stamp the
 * document (my_event_stamps), so its rev moves with them.
 */
export async function myEventsFeed(db: Kysely<DB>, { userId, checkpoint, limit }: FeedArgs): Promise<FeedPage> {
  if (userId === null) return { documents: [] };
  const rows = await myEventsSince(db, userId, checkpoint, limit);
  const ids = rows.map((r) => r.event_id);
  const [notices, starred, trips] = await Promise.all([noticesOf(db, userId, ids), starredOf(db, userId, ids), ownTripsOf(db, userId, ids)]);
  return {
    documents: rows.map((r) =>
      toMyEventDoc(r, { notices: notices.get(r.event_id) ?? [], starred: starred.get(r.event_id) ?? [], trip: trips.get(r.event_id) ?? NO_TRIP }),
    ),
  };
}
