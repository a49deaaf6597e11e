import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { API_MAX_LIMIT, EVENTS_PAGE_SIZE } from '../../../contract/constants.ts';
import type { ErrorCode } from '../../../contract/errors.ts';
import type { SessionUser } from '../../domain/auth/sessions.ts';
import { toLegacyEvent } from '../../domain/events/documents.ts';
import { eventCounters } from '../../domain/events/repository.ts';
import { findEventRow } from '../../domain/events/document-repository.ts';
import { markViewed, toggleFavorite, viewWorthWriting } from '../../domain/events/service.ts';
import { checkin, uncheckin } from '../../domain/ticket-holders/registration.ts';
import { listedState } from '../../domain/profile/repository.ts';
import {
  autocomplete,
  countEventRows,
  countTabs,
  GUEST_RELATION,
  listEventRows,
  viewerRelations,
  type EventListFilter,
  type EventSort,
  type ListScope,
  type SortKey,
  type TimeWindow,
  type ViewerRelation,
} from '../../domain/events/list-repository.ts';
import { fail, ok } from '../envelope.ts';
import { errorText, requestLanguage } from '../legacy-text.ts';
import { EventParams, Flag, Id, isCrossSite, isOn, Lang, needUser } from './events-shared.ts';
import { scheduleRoutes } from './schedules.ts';
import { tripRoutes } from './trips.ts';

/**
 * The legacy event calls of events.md §7 (`/api/events/...`), answered from the same SQL and the
 * same domain services as the sync feed and the sync commands.
 *
 * Decisions the specs leave open:
 * - search_type: `current` and `future` = not ended yet (running or still to come: the "upcoming"
 *   tabs must not lose today's event), as the specs pair them ("current future, less past");
 *   `less` and `past` = ended;
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

type Plan = { filter: EventListFilter; sort: EventSort; ownTabs: boolean } | { error: ErrorCode };

/** Turns the query into one SQL filter, or the catalogue code that refuses it. */
async function planList(app: FastifyInstance, q: ListQuery, viewer: SessionUser | null, forced?: 'favorites' | 'viewed'): Promise<Plan> {
  const favorites = forced === 'favorites' || isOn(q.favorites);
  const viewed = forced === 'viewed' || isOn(q.lookedEarlier);
  const otherId = q.user_id !== undefined && q.user_id !== viewer?.id ? q.user_id : null;
  const other = otherId !== null;
  if (!viewer && (favorites || viewed || isOn(q.is_my) || isOn(q.only_appreciated))) return { error: 'auth_required' };
  if (other && (favorites || viewed)) return { error: 'forbidden' };

  // Past the two refusals: a guest asks for the public list or another user's, and a user id
  // that is not another user's is the viewer's own.
  let scope: ListScope;
  if (otherId !== null) {
    const target = await listedState(app.db, otherId);
    if (!target || target.deleted) return { error: 'not_found' };
    scope = target.hide_from_visitors || target.disabled ? { kind: 'none' } : { kind: 'participant', userId: otherId };
  } else if (viewer && favorites) scope = { kind: 'favorites', userId: viewer.id };
  else if (viewer && viewed) scope = { kind: 'viewed', userId: viewer.id };
  else if (viewer && (isOn(q.is_my) || q.user_id !== undefined)) scope = { kind: 'participant', userId: viewer.id };
  else scope = { kind: 'public' };

  let window: TimeWindow | null;
  if (q.search_type === 'current' || q.search_type === 'future') window = 'future';
  else if (q.search_type === 'less' || q.search_type === 'past') window = 'past';
  else if (q.search_type === 'all' || isOn(q.search_all_time) || scope.kind !== 'public') window = null;
  else window = 'future';

  let sort: EventSort;
  if (q.sort) {
    const [key, dir] = q.sort.split(' ');
    sort = { key: key as SortKey, dir: dir?.toUpperCase() === 'DESC' ? 'DESC' : 'ASC' };
  } else if (scope.kind === 'viewed') sort = { key: 'viewed', dir: 'DESC' };
  else if (window === 'future') sort = { key: 'when', dir: 'ASC' };
  else sort = { key: 'when', dir: 'DESC' };

  const text = q.q?.trim();
  return {
    filter: {
      scope,
      window,
      categoryId: q.category,
      cityId: q.city,
      q: text || undefined,
      onlyForAppointments: isOn(q.only_for_meetings),
      appreciatedBy: isOn(q.only_appreciated) ? viewer?.id : undefined,
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

/**
 * The event read of a removed event, as the specs read it (events.md §8: "Event read with error
 * flag: 'the event has been removed'"): the catalogue gives this answer no status code of its own,
 * only a flag on the event read, so it is a read (status_code 200) whose data carries `error` and
 * the text, in the call's `lang`. `error: 'event_removed'` beside it is the stable code new
 * clients use.
 */
function removedEvent(request: FastifyRequest, eventId: number) {
  const message = errorText('event_removed', requestLanguage(request));
  return { status_code: 200, data: { error: true, message, id: eventId, event_id: eventId, deleted: true }, error: 'event_removed', message };
}

export async function eventsApi(app: FastifyInstance) {
  // Old clients post check-in as a form. Fastify only parses JSON and text, so this area adds the
  // form parser for itself; it stays inside this plugin.

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
    const rel = await relationsFor(
      app,
      viewer,
      rows.map((r) => r.id),
    );
    let counts = null;
    if (isOn(q.with_counts)) {
      counts = await countTabs(app.db, plan.filter, plan.ownTabs ? (viewer?.id ?? null) : null);
    }
    return ok({ events: rows.map((r) => toLegacyEvent(r, rel(r.id))), total, counts });
  };

  app.get<{ Querystring: ListQuery }>('/api/events/events-list', { schema: { querystring: ListQuery } }, list());
  app.get<{ Querystring: ListQuery }>('/api/events/get-favorite', { schema: { querystring: ListQuery } }, list('favorites'));
  app.get<{ Querystring: ListQuery }>('/api/events/get-tracked', { schema: { querystring: ListQuery } }, list('viewed'));

  app.get<{ Querystring: Static<typeof AutocompleteQuery> }>('/api/events/autocomplete', { schema: { querystring: AutocompleteQuery } }, async (request) =>
    ok(await autocomplete(app.db, request.query.q?.trim() ?? '', request.query.limit ?? 10)),
  );

  const checkCall = (apply: typeof checkin) => async (request: FastifyRequest<{ Body: Static<typeof EventRefBody> }>, reply: FastifyReply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    const eventId = request.body.event_id;
    await app.writer.run((trx) => apply(trx, user.id, eventId));
    const rel = (await relationsFor(app, user, [eventId]))(eventId);
    const { total_people } = await eventCounters(app.db, eventId);
    return ok({ result: true, checkin_status: rel.checkin_status, checked_in: rel.checked_in, total_people });
  };
  app.post('/api/events/checkin', { schema: { body: EventRefBody } }, checkCall(checkin));
  app.post('/api/events/uncheckin', { schema: { body: EventRefBody } }, checkCall(uncheckin));

  // Toggles, as the old clients expect (events/service.ts toggleFavorite).
  const favorite = async (request: FastifyRequest<{ Params: Static<typeof EventParams> }>, reply: FastifyReply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    if (request.method === 'GET' && isCrossSite(request)) return fail(reply, 'forbidden');
    const eventId = request.params.eventId;
    const { liked } = await app.writer.run((trx) => toggleFavorite(trx, user.id, eventId));
    const { favorites_count } = await eventCounters(app.db, eventId);
    return ok({ result: true, liked, favorites_count });
  };
  const favoriteOpts = { schema: { params: EventParams, querystring: LangQuery } };
  app.get('/api/events/set-favorite/:eventId', favoriteOpts, favorite);
  app.post('/api/events/set-favorite/:eventId', favoriteOpts, favorite);

  app.get<{ Params: Static<typeof EventParams>; Querystring: Static<typeof EventQuery> }>(
    '/api/events/:eventId',
    { schema: { params: EventParams, querystring: EventQuery } },
    async (request, reply) => {
      const eventId = request.params.eventId;
      const row = await findEventRow(app.db, eventId);
      if (!row) return fail(reply, 'event_not_found');
      if (row.deleted) return removedEvent(request, eventId);
      const viewer = request.user;
      const rel = await relationsFor(app, viewer, [eventId]);
      // A draft is its organisers' alone (server/domain/admin): to anyone else it does not exist yet.
      if (row.status === 'draft' && !rel(eventId).is_owner) return fail(reply, 'event_not_found');
      // A signed-in read is what "recently viewed" means, on every device of the user (a HEAD
      // probe is no read).
      if (viewer && request.method === 'GET' && (await viewWorthWriting(app.db, viewer.id, eventId))) {
        await app.writer.run((trx) => markViewed(trx, viewer.id, eventId));
      }
      return ok(toLegacyEvent(row, rel(eventId), isOn(request.query.show_users_online)));
    },
  );

  await app.register(scheduleRoutes);
  await app.register(tripRoutes);
}
