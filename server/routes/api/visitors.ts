import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { API_MAX_LIMIT, PEOPLE_CARD_SIZE } from '../../../contract/constants.ts';
import { PEOPLE_TABS, type PeopleTab } from '../../../contract/visitors.ts';
import { appointmentsWith, eventInfos, tripCards } from '../../domain/visitors/card-repository.ts';
import { toLegacyVisitor, type EventInfo } from '../../domain/visitors/documents.ts';
import { parseVisitorQuery, type VisitorQuery, type VisitorQueryInput } from '../../domain/visitors/filters.ts';
import { listVisitors, loadViewer, tripTab, type ListScope, type Viewer, type VisitorRow } from '../../domain/visitors/repository.ts';
import { starUser } from '../../domain/visitors/service.ts';
import { SharedVisitorLists } from '../../domain/visitors/shared-list.ts';
import { fail, ok } from '../envelope.ts';
import { Flag, Id, isCrossSite, Lang, needUser } from './events-shared.ts';

/**
 * Visitor lists of networking.md §7 "People and visitors", from the same SQL as the visitors feed
 * (domain/visitors/repository.ts holds the visibility rules; domain/visitors/filters.ts documents
 * how each filter is read).
 *
 * - GET /api/events/get-event-people: the visitors of event_id with every filter, sort and paging
 *   parameter of the spec, answering {results, count, offset}. Without event_id it lists the
 *   people directory (/people): every account the viewer may see, with no event columns.
 *   Guests may call it (the all, country and city tabs) but never get phone or email, and the
 *   friends, favorites, appreciated and appointments filters answer them with 403 auth_required.
 *   An unknown event is event_not_found, a removed one event_removed.
 * - GET /api/visitors/get-main-page-users: the people card. tab = allVisitors | leaveCity |
 *   comingToTheCity | lookingForAccommodation | rentAnApartment (trip_status 1..4; people who hide
 *   their trip plan only appear under allVisitors), limit 16 by default (at most 100), offset,
 *   optional event_id. It lists people going to an event that has not ended, newest registrations
 *   first, each with that event as event_checkin and its trip plan under `trip` (null when hidden;
 *   empty strings are "undecided").
 * - GET and POST /api/visitors/set-favorite/:userId: GET toggles, as old clients expect; POST
 *   sets {favorite: boolean} when given and toggles otherwise. Answers {result, favorite} with the
 *   new state. A GET the browser labels cross-site or same-site is refused (forbidden).
 */

/** Each list parameter arrives as "1,3", as repeated keys, or as key[]=. */
const IntList = Type.Optional(
  Type.Union([Type.String({ maxLength: 64, pattern: '^[0-9, ]*$' }), Type.Array(Type.String({ maxLength: 16, pattern: '^[0-9, ]*$' }), { maxItems: 16 })]),
);
const lit = <T extends string>(values: T[]) => Type.Union(values.map((v) => Type.Literal(v)));

export const VisitorListQuery = Type.Object({
  lang: Lang,
  event_id: Type.Optional(Id),
  q: Type.Optional(Type.String({ maxLength: 100 })),
  sort: Type.Optional(lit(['name', 'register', 'status'])),
  order: Type.Optional(lit(['asc', 'desc', 'ASC', 'DESC'])),
  user_city_id: Type.Optional(Id),
  user_country_id: Type.Optional(Type.String({ maxLength: 4, pattern: '^([0-9]{1,4}|[A-Za-z]{2})$' })),
  menu_id: Type.Optional(Id),
  statuses: IntList,
  'statuses[]': IntList,
  sex: Type.Optional(lit(['', '0', '1', '2'])),
  age: IntList,
  'age[]': IntList,
  interests: IntList,
  'interests[]': IntList,
  filter_from: Type.Optional(lit(['', 'null', '1', '2'])),
  only_friends: Flag,
  only_favorite: Flag,
  only_appreciated: Flag,
  only_meetings: Flag,
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: API_MAX_LIMIT })),
});
type VisitorListQuery = Static<typeof VisitorListQuery>;

const PeopleCardQuery = Type.Object({
  lang: Lang,
  tab: Type.Optional(lit(Object.keys(PEOPLE_TABS) as PeopleTab[])),
  event_id: Type.Optional(Id),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: API_MAX_LIMIT })),
});

const UserParams = Type.Object({ userId: Id });
const FavoriteBody = Type.Union([Type.Object({ favorite: Type.Optional(Type.Boolean()), lang: Lang }, { additionalProperties: false }), Type.Null()]);

export function currentYear(): number {
  return new Date().getUTCFullYear();
}

/** The legacy entities of a page of rows: events' names and menus, and the viewer's appointments. */
export async function legacyPage(
  app: FastifyInstance,
  viewer: Viewer,
  rows: (VisitorRow & { next_event_id?: number | null })[],
  event: EventInfo | null,
  withAppointments: boolean,
) {
  const eventIds = event ? [] : [...new Set(rows.map((r) => r.next_event_id).filter((id): id is number => typeof id === 'number'))];
  const events = await eventInfos(app.db, eventIds);
  const appointments =
    viewer.id !== null && withAppointments
      ? await appointmentsWith(
          app.db,
          viewer.id,
          rows.map((r) => r.id),
          event?.id,
        )
      : new Map();
  const year = currentYear();
  return rows.map((r) =>
    toLegacyVisitor(r, {
      event: event ?? (r.next_event_id ? (events.get(r.next_event_id) ?? null) : null),
      appointment: appointments.get(r.id) ?? null,
      currentYear: year,
    }),
  );
}

/** The event a list is about, or the catalogue code that refuses it. */
export async function eventOf(app: FastifyInstance, reply: FastifyReply, eventId: number): Promise<EventInfo | undefined> {
  const event = (await eventInfos(app.db, [eventId])).get(eventId);
  if (!event) {
    void fail(reply, 'event_not_found');
    return undefined;
  }
  if (event.deleted) {
    void fail(reply, 'event_removed');
    return undefined;
  }
  return event;
}

/** Ordered lists kept per instance (event × sort): ~100 KB each for a 5,000-person event. */
const SHARED_VISITOR_LISTS = 64;

export async function visitorsApi(app: FastifyInstance) {
  const search = app.limits.throttle('visitor_search');
  // Per instance; every read checks it against the database's version (domain/visitors/shared-list.ts).
  const sharedLists = new SharedVisitorLists(SHARED_VISITOR_LISTS);
  app.get<{ Querystring: VisitorListQuery }>(
    '/api/events/get-event-people',
    { schema: { querystring: VisitorListQuery }, onRequest: search },
    async (request, reply) => {
      const viewer = await loadViewer(app.db, request.user?.id ?? null);
      const home = viewer.id === null ? null : { id: viewer.id, city_id: viewer.city_id, country_code: viewer.country_code };
      const parsed = parseVisitorQuery(request.query as VisitorQueryInput, home);
      if ('error' in parsed) {
        if (parsed.error === 'auth_required') return needUser(request, reply) ?? reply;
        return fail(reply, parsed.error, parsed.detail);
      }
      let event: EventInfo | null = null;
      if (parsed.filter.eventId !== undefined) {
        const found = await eventOf(app, reply, parsed.filter.eventId);
        if (!found) return reply;
        event = found;
      }
      const scope: ListScope = event ? { kind: 'event', eventId: event.id } : { kind: 'people' };
      const page = (event && (await sharedLists.page(app.db, event.id, viewer, parsed))) || (await listVisitors(app.db, scope, viewer, parsed, currentYear()));
      return ok({ results: await legacyPage(app, viewer, page.rows, event, true), count: page.count, offset: parsed.offset });
    },
  );

  app.get<{ Querystring: Static<typeof PeopleCardQuery> }>(
    '/api/visitors/get-main-page-users',
    { schema: { querystring: PeopleCardQuery }, onRequest: search },
    async (request, reply) => {
      const q = request.query;
      const viewer = await loadViewer(app.db, request.user?.id ?? null);
      if (q.event_id !== undefined && !(await eventOf(app, reply, q.event_id))) return reply;
      const query: VisitorQuery = {
        filter: {},
        sort: { key: 'register', dir: 'DESC' },
        limit: q.limit ?? PEOPLE_CARD_SIZE,
        offset: q.offset ?? 0,
      };
      const tab = q.tab ?? 'allVisitors';
      const page = await listVisitors(app.db, { kind: 'upcoming', eventId: q.event_id }, viewer, query, currentYear(), tripTab(PEOPLE_TABS[tab], viewer));
      const results = await legacyPage(app, viewer, page.rows, null, false);
      const trips = await tripsOf(app, page.rows);
      return ok({
        tab,
        results: results.map((r, i) => {
          const row = page.rows[i];
          if (!row) throw new Error('legacyPage answered more results than it had rows');
          return { ...r, trip: row.trip_visible ? (trips.get(`${r.event_checkin?.event_id}:${r.id}`) ?? EMPTY_TRIP) : null };
        }),
        count: page.count,
        offset: query.offset,
      });
    },
  );

  const favorite = async (request: FastifyRequest<{ Params: Static<typeof UserParams>; Body: Static<typeof FavoriteBody> }>, reply: FastifyReply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    if (request.method === 'GET' && isCrossSite(request)) return fail(reply, 'forbidden');
    const targetId = request.params.userId;
    const wanted = request.method === 'POST' ? request.body?.favorite : undefined;
    const { favorite: next } = await app.writer.run((trx) => starUser(trx, user.id, targetId, wanted));
    return ok({ result: next, favorite: next });
  };
  app.get('/api/visitors/set-favorite/:userId', { schema: { params: UserParams, querystring: Type.Object({ lang: Lang }) } }, favorite);
  app.post('/api/visitors/set-favorite/:userId', { schema: { params: UserParams, body: FavoriteBody } }, favorite);
}

const EMPTY_TRIP = { hotel: '', transportBefore: '', transportAfter: '' };

function tripsOf(app: FastifyInstance, rows: (VisitorRow & { next_event_id: number | null })[]) {
  const pairs = rows.flatMap((r) => (r.next_event_id !== null && r.trip_visible ? [{ eventId: r.next_event_id, userId: r.id }] : []));
  return tripCards(app.db, pairs);
}
