import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { API_MAX_LIMIT, FRIENDS_ASIDE_SIZE, VISITORS_PAGE_SIZE } from '../../../contract/constants.ts';
import { countUnread } from '../../domain/messages/repository.ts';
import { listVisitors, loadViewer } from '../../domain/visitors/repository.ts';
import { setLike } from '../../domain/visitors/service.ts';
import { ok } from '../envelope.ts';
import { Id, Lang, needUser } from './events-shared.ts';
import { currentYear, legacyPage } from './visitors.ts';

/**
 * The signed-in user's people and counters (networking.md §7 "Users and messages", §4 "like").
 * Every call needs a session: without credentials status_code 403 auth_required (the catalogue's
 * "403 auth error"), with a dead session HTTP 401.
 *
 * - POST /api/user/like-user {to_user_id, status}: status 2 likes, 1 unlikes (the client sends 1
 *   when the current like is 2 or 3, otherwise 2); answers {result, like_status} with what is
 *   stored: 1, 2, or 3 when the other person likes the user back (contract LIKE_STATUS).
 * - GET /api/user/get-favorites and /api/user/get-friends: {results, count, offset} of visitor
 *   entities, by name; friends 8 per page by default (networking.md §9), favorites 10. People who
 *   hide from visitor lists, or whose show_status does not admit the user, are left out here too:
 *   the same rule as every other people list.
 * - GET /api/user/get-unread-message: {count} of messages sent to the user that they have not
 *   read, in dialogs that still exist.
 */

const PageQuery = Type.Object({
  lang: Lang,
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: API_MAX_LIMIT })),
});

const LikeBody = Type.Object({ to_user_id: Id, status: Type.Union([Type.Literal(1), Type.Literal(2)]), lang: Lang }, { additionalProperties: false });

export async function usersApi(app: FastifyInstance) {
  app.post<{ Body: Static<typeof LikeBody> }>('/api/user/like-user', { schema: { body: LikeBody } }, async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    const { like_status } = await app.writer.run((trx) => setLike(trx, user.id, request.body.to_user_id, request.body.status));
    return ok({ result: true, like_status });
  });

  type PageRequest = FastifyRequest<{ Querystring: Static<typeof PageQuery> }>;
  const people = (which: 'friends' | 'favorites', size: number) => async (request: PageRequest, reply: FastifyReply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    const viewer = await loadViewer(app.db, user.id);
    const limit = request.query.limit ?? size;
    const offset = request.query.offset ?? 0;
    const filter = which === 'friends' ? { onlyFriends: true } : { onlyFavorite: true };
    const page = await listVisitors(app.db, { kind: 'people' }, viewer, { filter, sort: { key: 'name', dir: 'ASC' }, limit, offset }, currentYear());
    return ok({ results: await legacyPage(app, viewer, page.rows, null, false), count: page.count, offset });
  };
  app.get('/api/user/get-friends', { schema: { querystring: PageQuery } }, people('friends', FRIENDS_ASIDE_SIZE));
  app.get('/api/user/get-favorites', { schema: { querystring: PageQuery } }, people('favorites', VISITORS_PAGE_SIZE));

  app.get('/api/user/get-unread-message', { schema: { querystring: Type.Object({ lang: Lang }) } }, async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    return ok({ count: await countUnread(app.db, user.id) });
  });
}
