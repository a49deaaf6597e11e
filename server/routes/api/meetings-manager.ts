import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { countryIdOf } from '../../../contract/visitors.ts';
import { findUserEvent } from '../../domain/events/repository.ts';
import { parseVisitorQuery } from '../../domain/visitors/filters.ts';
import { countVisible, countVisitorsBy, loadViewer, type ListScope } from '../../domain/visitors/repository.ts';
import { setVisitorCategory } from '../../domain/visitors/service.ts';
import { fail, ok } from '../envelope.ts';
import { Id, Lang, needUser } from './events-shared.ts';
import { eventOf } from './visitors.ts';

/**
 * Meeting categories and the visitors page's country and city selects (networking.md §7
 * "Meeting categories", §2 "Visitors page").
 *
 * - GET /api/meetings-manager/get-categories?event_id: the event's visitor categories (its menu) as
 *   Meeting category entities {id, category_id, event_id, name, sub_categories: []}, and under
 *   `selected` the signed-in user's own choice at that event (or null).
 * - GET /api/meetings-manager/get-checkin-categories?event_id: the same categories with the number
 *   of visitors the viewer may see in each, and `count` for "All".
 * - GET /api/meetings-manager/get-checkin-countries and get-checkin-cities: the country and city
 *   selects, each entry {id, name, count, count_users_from} (countries add `code`; their id is
 *   contract countryIdOf, which the user_country_id filter takes), most visitors first. q narrows
 *   the names; cities can be limited to user_country_id. With event_id they count that event's
 *   visitors, without it the people directory. Hidden people, and people whose show_status does not
 *   admit the viewer, are not counted: a count must not reveal who hides.
 * - POST /api/meetings-manager/add-user-categories: sets the user's category at an event they take
 *   part in (participation_required otherwise). event_id and category_id (also menu_id, or the
 *   first of categories[]) come from the body or the query, the body winning; 0 or null clears it.
 *   The id must be one of the event's categories (invalid_input otherwise).
 */

const EventQuery = Type.Object({ lang: Lang, event_id: Id });
const SelectQuery = Type.Object({
  lang: Lang,
  event_id: Type.Optional(Id),
  q: Type.Optional(Type.String({ maxLength: 100 })),
  user_country_id: Type.Optional(Type.String({ maxLength: 4, pattern: '^([0-9]{1,4}|[A-Za-z]{2})$' })),
});
type SelectQuery = Static<typeof SelectQuery>;

const CategoryId = Type.Union([Type.Integer({ minimum: 0, maximum: 2147483647 }), Type.Null()]);
const CategoryInput = Type.Object({
  lang: Lang,
  event_id: Type.Optional(Id),
  category_id: Type.Optional(CategoryId),
  menu_id: Type.Optional(CategoryId),
  categories: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 2147483647 }), { maxItems: 16 })),
});
type CategoryInput = Static<typeof CategoryInput>;

export async function meetingsManagerApi(app: FastifyInstance) {
  app.get<{ Querystring: Static<typeof EventQuery> }>(
    '/api/meetings-manager/get-categories',
    { schema: { querystring: EventQuery } },
    async (request, reply) => {
      const eventId = request.query.event_id;
      const event = await eventOf(app, reply, eventId);
      if (!event) return reply;
      let selected = null;
      if (request.user) {
        const mine = await findUserEvent(app.db, eventId, request.user.id);
        if (mine && !mine.deleted && mine.menu_id) selected = { category_id: mine.menu_id, event_id: eventId, sub_categories: [] as number[] };
      }
      const results = [...event.menu].map(([id, name]) => ({ id, category_id: id, event_id: eventId, name, sub_categories: [] as number[] }));
      return ok({ results, selected });
    },
  );

  app.get<{ Querystring: Static<typeof EventQuery> }>(
    '/api/meetings-manager/get-checkin-categories',
    { schema: { querystring: EventQuery } },
    async (request, reply) => {
      const eventId = request.query.event_id;
      const event = await eventOf(app, reply, eventId);
      if (!event) return reply;
      const viewer = await loadViewer(app.db, request.user?.id ?? null);
      const scope: ListScope = { kind: 'event', eventId };
      const counts = new Map((await countVisitorsBy(app.db, scope, viewer, 'menu')).map((g) => [Number(g.key), g.count]));
      const results = [...event.menu].map(([id, name]) => ({ id, category_id: id, event_id: eventId, name, count: counts.get(id) ?? 0 }));
      return ok({ results, count: await countVisible(app.db, scope, viewer) });
    },
  );

  /** The scope of a select, or undefined once the reply carries the refusal. */
  const selectScope = async (request: FastifyRequest<{ Querystring: SelectQuery }>, reply: FastifyReply): Promise<ListScope | undefined> => {
    const eventId = request.query.event_id;
    if (eventId === undefined) return { kind: 'people' };
    return (await eventOf(app, reply, eventId)) ? { kind: 'event', eventId } : undefined;
  };

  app.get<{ Querystring: SelectQuery }>('/api/meetings-manager/get-checkin-countries', { schema: { querystring: SelectQuery } }, async (request, reply) => {
    const scope = await selectScope(request, reply);
    if (!scope) return reply;
    const viewer = await loadViewer(app.db, request.user?.id ?? null);
    const q = request.query.q?.trim();
    const groups = await countVisitorsBy(app.db, scope, viewer, 'country', { nameContains: q || undefined });
    const results = groups.map((g) => ({ id: countryIdOf(g.key), code: g.key, name: g.name, count: g.count, count_users_from: g.count }));
    return ok({ results, count: results.length });
  });

  app.get<{ Querystring: SelectQuery }>('/api/meetings-manager/get-checkin-cities', { schema: { querystring: SelectQuery } }, async (request, reply) => {
    const scope = await selectScope(request, reply);
    if (!scope) return reply;
    const viewer = await loadViewer(app.db, request.user?.id ?? null);
    const q = request.query.q?.trim();
    // The list filter owns the reading of country ids and its condition; reuse both.
    const parsed = parseVisitorQuery({ user_country_id: request.query.user_country_id }, null);
    if ('error' in parsed) return fail(reply, parsed.error, parsed.detail);
    const groups = await countVisitorsBy(app.db, scope, viewer, 'city', { nameContains: q || undefined, countryCode: parsed.filter.countryCode });
    const results = groups.map((g) => ({ id: Number(g.key), name: g.name, count: g.count, count_users_from: g.count }));
    return ok({ results, count: results.length });
  });

  app.post<{ Body: CategoryInput | undefined; Querystring: CategoryInput }>(
    '/api/meetings-manager/add-user-categories',
    { schema: { body: Type.Union([CategoryInput, Type.Null()]), querystring: CategoryInput } },
    async (request, reply) => {
      const user = needUser(request, reply);
      if (!user) return reply;
      const pick = <K extends keyof CategoryInput>(key: K): CategoryInput[K] | undefined => {
        const body = request.body ?? undefined;
        return body && body[key] !== undefined ? body[key] : request.query[key];
      };
      const eventId = pick('event_id');
      if (eventId === undefined) return fail(reply, 'invalid_input', 'event_id');
      const raw = pick('category_id') ?? pick('menu_id') ?? pick('categories')?.[0] ?? null;
      const menuId = raw === 0 ? null : raw;
      await app.writer.run((trx) => setVisitorCategory(trx, user.id, eventId, menuId));
      return ok({ result: true, category_id: menuId, event_id: eventId });
    },
  );
}
