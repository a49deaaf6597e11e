import type { BookedMeetingItem } from '../../../contract/admin-meetings.ts';
import type { AdminOverview, AdminPeople } from '../../../contract/admin-people.ts';
import type { LeadCount } from '../../../contract/leads.ts';
import { cacheSource, legacyGet, looseInt, looseList, looseObject, looseString } from '../../store/caches.ts';

/** An event id in a key: what the admin routes take. */
const eventIdArg = (arg: string): arg is `${number}` => /^[1-9]\d{0,9}$/.test(arg);

/**
 * The organiser's read-through caches (sync/store/caches.ts), merged with every area's in
 * workers/caches.ts. Each is of one event the user organises, made from rows no device holds
 * (everybody's tickets, door scans, meetings and comments), and read again on every visit and
 * reconnect, so the screens show their last answer offline:
 *
 * - admin_people:<eventId>, admin_overview:<eventId>: GET /api/admin/events/:id/people and
 *   /overview, the People and Overview screens.
 * - admin_meetings:<eventId>: GET /api/admin/events/:id/meetings, the booked meetings, so the
 *   meeting settings form says which a change would leave outside.
 * - admin_lead_counts:<eventId>: GET /api/events/:id/leads/counts, how many leads each stand
 *   scanned (never who), beside the stands.
 */
export const ADMIN_CACHES = {
  admin_people: cacheSource({
    needsUser: true,
    takes: eventIdArg,
    fetch: async (http, eventId, signal) => (await legacyGet(http, `/api/admin/events/${eventId}/people`, signal)) as AdminPeople,
  }),
  admin_overview: cacheSource({
    needsUser: true,
    takes: eventIdArg,
    fetch: async (http, eventId, signal) => (await legacyGet(http, `/api/admin/events/${eventId}/overview`, signal)) as AdminOverview,
  }),
  admin_meetings: cacheSource({
    needsUser: true,
    takes: eventIdArg,
    fetch: async (http, eventId, signal) => {
      const data = looseObject(await legacyGet(http, `/api/admin/events/${eventId}/meetings`, signal));
      return { items: looseList(data.items) as BookedMeetingItem[] };
    },
  }),
  admin_lead_counts: cacheSource({
    needsUser: true,
    takes: eventIdArg,
    fetch: async (http, eventId, signal) =>
      looseList(looseObject(await legacyGet(http, `/api/events/${eventId}/leads/counts`, signal)).items).map((item): LeadCount => {
        const d = looseObject(item);
        return { company_id: looseInt(d.company_id), name: looseString(d.name), leads: looseInt(d.leads) };
      }),
  }),
} as const;
