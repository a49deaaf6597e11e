import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { API_MAX_LIMIT, EVENTS_PAGE_SIZE } from '../../../contract/constants.ts';
import type { ErrorCode } from '../../../contract/errors.ts';
import { writeTx } from '../../db/tx.ts';
import { toEventDoc, type EventRow } from '../../domain/events/repository.ts';
import { checkin, markViewed, setFavorite, uncheckin } from '../../domain/events/service.ts';
import {
  autocomplete,
  countEventRows,
  countTabs,
  findEventRow,
  GUEST_RELATION,
  listEventRows,
  viewerRelations,
  type EventListFilter,
  type EventSort,
  type ListScope,
  type SortKey,
  type TimeWindow,
  type ViewerRelation,
} from '../../domain/events/queries.ts';
import { fail, ok } from '../envelope.ts';
import { EventParams, Flag, Id, isCrossSite, isOn, Lang, legacyErrorHandler, needUser, publishEffect } from './events-shared.ts';
import { scheduleRoutes } from './schedules.ts';
import { tripRoutes } from './trips.ts';
import type { SessionUser } from '../../auth/sessions.ts';

/**
 * The legacy event calls of events.md §7 (`/api/events/...`), answered from the same SQL and the
 * same domain services as the sync feed and the sync commands.
 *
 * Decisions the specs leave open:
 * - search_type: `current` = running now (started, not ended); `future` = not ended yet (running or
 *   still to come: the "upcoming" tabs must not lose today's event); `less` and `past` = ended;
 *   `all` = no time limit. Without search_type the public catalogue shows events that have not
 *   ended, while personal lists (is_my, user_id, favorites, lookedEarlier) and search_all_time=true
 *   span all time.
 * - favorites=true and lookedEarlier=true are lists of their own (the viewer's favorites, the
 *   viewer's recently viewed events), not filters on is_my; they and is_my need a session. Another
 *   user's favorites and views are private: asking for them with user_id is `forbidden`.
 * - user_id lists the events that user takes part in (checked in, owner or ticket). A user who hides
 *   from visitor lists (or a disabled account) shows an empty list, the same as one with no events.
 * - only_appreciated=1: events where somebody the viewer liked or starred (user_relations) takes
 *   part and does not hide; it needs a session.
 * - sort accepts `when|name|favorites_count|total_people|viewed` with an optional ASC/DESC and
 *   nothing else; the default is `when ASC` for not-ended lists, `viewed DESC` for lookedEarlier and
 *   `when DESC` otherwise.
 * - counts (with_counts=1): all/future/past over the list's scope, favorites/view over the
 *   viewer's own favorites and viewed events, countByCategories per category over the scope with
 *   future_count/past_count; all of them under the same city, category, q and meeting filters.
 * - webinar_link is given to ticket holders, owners, and checked-in visitors of a free event;
 *   everyone else gets ''. Guests see every per-user field as false/0.
 * - Without a session, calls that need one answer status_code 403 `auth_required` (the catalogue's
 *   "403 auth error"); with a session that is no longer valid they answer HTTP 401 (needUser).
 * - set-favorite toggles (GET as the old clients call it, and POST) and answers
 *   {result, liked, favorites_count}; a GET labelled cross-site or same-site by the browser is
 *   refused, so a link on another site cannot flip it.
 * - autocomplete answers {events, cities}: up to `limit` (default 10, at most 20) of each, names
 *   containing q, upcoming events and prefix matches first.
 * - GET /api/events/:eventId by a signed-in user records the view through markViewed (the same
 *   service and hints as the sync layer); a removed event answers `event_removed` (status 404).
 */

const SORT_PATTERN = '^(when|name|favorites_count|total_people|viewed)( (ASC|DESC|asc|desc))?$';

const ListQuery = Type.Object({
  lang: Lang,
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: API_MAX_LIMIT })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  is_my: Flag,
  with_counts: Flag,
  user_id: Type.Optional(Id),
  search_type: Type.Optional(Type.Union(['current', 'future', 'less', 'past', 'all'].map((v) => Type.Literal(v)))),
  favorites: Flag,
  lookedEarlier: Flag,
  only_appreciated: Flag,
  only_for_meetings: Flag,
  search_all_time: Flag,
  sort: Type.Optional(Type.String({ maxLength: 32, pattern: SORT_PATTERN })),
  category: Type.Optional(Id),
  city: Type.Optional(Id),
  q: Type.Optional(Type.String({ maxLength: 100 })),
});
type ListQuery = Static<typeof ListQuery>;

const EventQuery = Type.Object({ lang: Lang, show_users_online: Flag });
const LangQuery = Type.Object({ lang: Lang });
const AutocompleteQuery = Type.Object({
  lang: Lang,
  q: Type.Optional(Type.String({ maxLength: 100 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })),
});
const EventRefBody = Type.Object({ event_id: Id, lang: Lang });

/** The event object of the legacy API: the replicated document plus the viewer's relation. */
export function toLegacyEvent(row: EventRow, rel: ViewerRelation, withUsersOnline = false) {
  const d = toEventDoc(row);
  return {
    event_id: d.event_id,
    id: d.event_id,
    name: d.name,
    title: d.name,
    category: d.category_name,
    category_id: d.category_id,
    category_info: { id: d.category_id, name: d.category_name },
    city: d.city_name,
    city_id: d.city_id,
    country_code: d.country_code,
    when: d.when,
    when_end: d.when_end,
    timezone: d.timezone,
    is_webinar: d.is_webinar,
    webinar_link: rel.webinar_link,
    video_type: d.video_type,
    where: d.where,
    address: d.address,
    place: d.place,
    venue: { name: d.place.name, address: d.place.address },
    poster_small: d.poster_small,
    poster_middle: d.poster_middle,
    poster_big: d.poster_big,
    total_people: d.total_people,
    from_city_count: rel.from_city_count,
    friends_count: rel.friends_count,
    favorites_count: d.favorites_count,
    meetings_count: d.meetings_count,
    visitors_with_appointments_count: d.visitors_with_appointments_count,
    ticket_min_price: d.ticket_min_price,
    currency: d.currency,
    is_owner: rel.is_owner,
    is_favorite: rel.is_favorite,
    is_free: d.is_free,
    barcode_type: d.barcode_type,
    description: d.description,
    company: d.company,
    checkin_status: rel.has_ticket,
    checked_in: rel.checked_in,
    options: d.options,
    visitorsCountries: d.visitors_countries,
    visitorsCities: d.visitors_cities,
    ...(withUsersOnline ? { broadcast_statistic: { users_online: d.users_online } } : {}),
  };
}

type Plan = { filter: EventListFilter; sort: EventSort; ownTabs: boolean } | { error: ErrorCode };

/** Turns the query into one SQL filter, or the catalogue code that refuses it. */
async function planList(app: FastifyInstance, q: ListQuery, viewer: SessionUser | null, forced?: 'favorites' | 'viewed'): Promise<Plan> {
  const favorites = forced === 'favorites' || isOn(q.favorites);
  const viewed = forced === 'viewed' || isOn(q.lookedEarlier);
  const other = q.user_id !== undefined && q.user_id !== viewer?.id;
  if (!viewer && (favorites || viewed || isOn(q.is_my) || isOn(q.only_appreciated))) return { error: 'auth_required' };
  if (other && (favorites || viewed)) return { error: 'forbidden' };

  let scope: ListScope;
  if (favorites) scope = { kind: 'favorites', userId: viewer!.id };
  else if (viewed) scope = { kind: 'viewed', userId: viewer!.id };
  else if (other) {
    const target = await app.db
      .selectFrom('users')
      .select(['hide_from_visitors', 'disabled', 'deleted'])
      .where('id', '=', q.user_id!)
      .executeTakeFirst();
    if (!target || target.deleted) return { error: 'not_found' };
    scope = target.hide_from_visitors || target.disabled ? { kind: 'none' } : { kind: 'participant', userId: q.user_id! };
  } else if (isOn(q.is_my) || q.user_id !== undefined) scope = { kind: 'participant', userId: viewer!.id };
  else scope = { kind: 'public' };

  let window: TimeWindow | null;
  if (q.search_type === 'current') window = 'current';
  else if (q.search_type === 'future') window = 'future';
  else if (q.search_type === 'less' || q.search_type === 'past') window = 'past';
  else if (q.search_type === 'all' || isOn(q.search_all_time) || scope.kind !== 'public') window = null;
  else window = 'future';

  let sort: EventSort;
  if (q.sort) {
    const [key, dir] = q.sort.split(' ');
    sort = { key: key as SortKey, dir: dir?.toUpperCase() === 'DESC' ? 'DESC' : 'ASC' };
  } else if (scope.kind === 'viewed') sort = { key: 'viewed', dir: 'DESC' };
  else if (window === 'future' || window === 'current') sort = { key: 'when', dir: 'ASC' };
  else sort = { key: 'when', dir: 'DESC' };

  const text = q.q?.trim();
  return {
    filter: {
      scope,
      window,
      categoryId: q.category,
      cityId: q.city,
      q: text || undefined,
      onlyForMeetings: isOn(q.only_for_meetings),
      appreciatedBy: isOn(q.only_appreciated) ? viewer!.id : undefined,
    },
    sort,
    // Another user's page has no favorites or viewed tabs of the viewer's.
    ownTabs: !other,
  };
}

async function relationsFor(app: FastifyInstance, viewer: SessionUser | null, ids: number[]): Promise<(id: number) => ViewerRelation> {
  if (!viewer) return () => GUEST_RELATION;
  const map = await viewerRelations(app.db, viewer.id, ids);
  return (id) => map.get(id) ?? GUEST_RELATION;
}

export async function eventsApi(app: FastifyInstance) {
  app.setErrorHandler(legacyErrorHandler);

  // Old clients post check-in as a form. Fastify only parses JSON and text, so this area adds the
  // form parser for itself; it stays inside this plugin.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
  }

  const list = (forced?: 'favorites' | 'viewed') => async (request: FastifyRequest<{ Querystring: ListQuery }>, reply: FastifyReply) => {
    const q = request.query;
    const viewer = request.user;
    if (forced && !viewer) return needUser(request, reply) ?? reply;
    const plan = await planList(app, q, viewer, forced);
    if ('error' in plan) {
      if (plan.error === 'auth_required') return needUser(request, reply) ?? reply;
      return fail(reply, plan.error);
    }
    const limit = q.limit ?? EVENTS_PAGE_SIZE;
    const offset = q.offset ?? 0;
    const rows = await listEventRows(app.db, plan.filter, plan.sort, limit, offset);
    const total = await countEventRows(app.db, plan.filter);
    const rel = await relationsFor(app, viewer, rows.map((r) => r.id));
    let counts = null;
    if (isOn(q.with_counts)) {
      counts = await countTabs(app.db, plan.filter, plan.ownTabs ? (viewer?.id ?? null) : null);
    }
    return ok({ events: rows.map((r) => toLegacyEvent(r, rel(r.id))), total, counts });
  };

  app.get<{ Querystring: ListQuery }>('/api/events/events-list', { schema: { querystring: ListQuery } }, list());
  app.get<{ Querystring: ListQuery }>('/api/events/get-favorite', { schema: { querystring: ListQuery } }, list('favorites'));
  app.get<{ Querystring: ListQuery }>('/api/events/get-tracked', { schema: { querystring: ListQuery } }, list('viewed'));

  app.get<{ Querystring: Static<typeof AutocompleteQuery> }>(
    '/api/events/autocomplete',
    { schema: { querystring: AutocompleteQuery } },
    async (request) => ok(await autocomplete(app.db, request.query.q?.trim() ?? '', request.query.limit ?? 10)),
  );

  const checkCall = (apply: typeof checkin) => async (request: FastifyRequest<{ Body: Static<typeof EventRefBody> }>, reply: FastifyReply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    const eventId = request.body.event_id;
    const effect = await writeTx(app.db, (trx) => apply(trx, user.id, eventId));
    publishEffect(app, effect);
    const rel = (await relationsFor(app, user, [eventId]))(eventId);
    const event = await app.db.selectFrom('events').select('total_people').where('id', '=', eventId).executeTakeFirstOrThrow();
    return ok({ result: true, checkin_status: rel.has_ticket, checked_in: rel.checked_in, total_people: event.total_people });
  };
  app.post('/api/events/checkin', { schema: { body: EventRefBody } }, checkCall(checkin));
  app.post('/api/events/uncheckin', { schema: { body: EventRefBody } }, checkCall(uncheckin));

  // Toggles, as the old clients expect. Inside one transaction under the change-feed lock, so two
  // quick taps give on-off rather than two "on"s.
  const toggleFavorite = async (request: FastifyRequest<{ Params: Static<typeof EventParams> }>, reply: FastifyReply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    if (request.method === 'GET' && isCrossSite(request)) return fail(reply, 'forbidden');
    const eventId = request.params.eventId;
    const { liked, effect } = await writeTx(app.db, async (trx) => {
      const current = await trx
        .selectFrom('user_events')
        .select(['is_favorite', 'deleted'])
        .where('event_id', '=', eventId)
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      const next = !(current && !current.deleted && current.is_favorite);
      return { liked: next, effect: await setFavorite(trx, user.id, eventId, next) };
    });
    publishEffect(app, effect);
    const event = await app.db.selectFrom('events').select('favorites_count').where('id', '=', eventId).executeTakeFirstOrThrow();
    return ok({ result: true, liked, favorites_count: event.favorites_count });
  };
  const favoriteOpts = { schema: { params: EventParams, querystring: LangQuery } };
  app.get('/api/events/set-favorite/:eventId', favoriteOpts, toggleFavorite);
  app.post('/api/events/set-favorite/:eventId', favoriteOpts, toggleFavorite);

  app.get<{ Params: Static<typeof EventParams>; Querystring: Static<typeof EventQuery> }>(
    '/api/events/:eventId',
    { schema: { params: EventParams, querystring: EventQuery } },
    async (request, reply) => {
      const eventId = request.params.eventId;
      const row = await findEventRow(app.db, eventId);
      if (!row) return fail(reply, 'event_not_found');
      if (row.deleted) return fail(reply, 'event_removed');
      const viewer = request.user;
      if (viewer && request.method === 'GET') {
        // A signed-in read is what "recently viewed" means, on every device of the user (a HEAD
        // probe is no read).
        const effect = await writeTx(app.db, (trx) => markViewed(trx, viewer.id, eventId));
        publishEffect(app, effect);
      }
      const rel = await relationsFor(app, viewer, [eventId]);
      return ok(toLegacyEvent(row, rel(eventId), isOn(request.query.show_users_online)));
    },
  );

  await app.register(scheduleRoutes);
  await app.register(tripRoutes);
}
