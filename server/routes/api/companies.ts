import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { API_MAX_LIMIT, COMPANIES_PAGE_SIZE } from '../../../contract/constants.ts';
import { standDetail, standsPage, standUsers } from '../../domain/companies/service.ts';
import { fail, ok } from '../envelope.ts';
import { Flag, Id, isOn, Lang } from './events-shared.ts';

/**
 * The companies calls of events.md §7, in the legacy envelope:
 * - GET /api/events/get-stands?event_id=&offset=&limit= and GET /api/companies?event_id=&offset=&limit=&with_users=true:
 *   {results, count, offset}, 5 per page by default (at most API_MAX_LIMIT), each stand with its first
 *   4 members (with_users; get-stands always has them) and users_count.
 * - GET /api/events/get-stand?eventId=&standId= (event_id/stand_id accepted too) and
 *   GET /api/companies/:standId?event_id=: one stand with all its visible members and isManager.
 * - GET /api/events/get-stand-users?event_id=&stand_id=&offset=&limit=: {results, count, offset}.
 * Open to guests, like the companies pages; the viewer only changes isManager and whether a hidden
 * member sees themselves. An unknown event answers event_not_found, an unknown stand not_found.
 */

const Page = {
  lang: Lang,
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: API_MAX_LIMIT })),
};
const ListQuery = Type.Object({ ...Page, event_id: Type.Optional(Id), eventId: Type.Optional(Id), with_users: Flag });
const StandQuery = Type.Object({
  ...Page,
  event_id: Type.Optional(Id),
  eventId: Type.Optional(Id),
  stand_id: Type.Optional(Id),
  standId: Type.Optional(Id),
});
type StandQuery = Static<typeof StandQuery>;
const StandParams = Type.Object({ standId: Id });

export async function companiesApi(app: FastifyInstance) {
  const viewer = (request: FastifyRequest) => request.user?.id ?? null;

  const list = (usersAlways: boolean) => async (request: FastifyRequest<{ Querystring: Static<typeof ListQuery> }>, reply: FastifyReply) => {
    const q = request.query;
    const eventId = q.event_id ?? q.eventId;
    if (!eventId) return fail(reply, 'invalid_input', 'event_id');
    return ok(await standsPage(app.db, eventId, viewer(request), q.limit ?? COMPANIES_PAGE_SIZE, q.offset ?? 0, usersAlways || isOn(q.with_users)));
  };
  app.get('/api/events/get-stands', { schema: { querystring: ListQuery } }, list(true));
  app.get('/api/companies', { schema: { querystring: ListQuery } }, list(false));

  const ids = (q: StandQuery) => ({ eventId: q.event_id ?? q.eventId, standId: q.stand_id ?? q.standId });

  app.get<{ Querystring: StandQuery }>('/api/events/get-stand', { schema: { querystring: StandQuery } }, async (request, reply) => {
    const { eventId, standId } = ids(request.query);
    if (!eventId || !standId) return fail(reply, 'invalid_input', eventId ? 'standId' : 'eventId');
    return ok(await standDetail(app.db, eventId, standId, viewer(request)));
  });

  app.get<{ Querystring: StandQuery; Params: Static<typeof StandParams> }>(
    '/api/companies/:standId',
    { schema: { querystring: StandQuery, params: StandParams } },
    async (request, reply) => {
      const eventId = ids(request.query).eventId;
      if (!eventId) return fail(reply, 'invalid_input', 'event_id');
      return ok(await standDetail(app.db, eventId, request.params.standId, viewer(request)));
    },
  );

  app.get<{ Querystring: StandQuery }>('/api/events/get-stand-users', { schema: { querystring: StandQuery } }, async (request, reply) => {
    const { eventId, standId } = ids(request.query);
    if (!eventId || !standId) return fail(reply, 'invalid_input', eventId ? 'stand_id' : 'event_id');
    const q = request.query;
    return ok(await standUsers(app.db, eventId, standId, viewer(request), q.limit ?? API_MAX_LIMIT, q.offset ?? 0));
  });
}
