import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { API_MAX_LIMIT, DIALOGS_PAGE_SIZE } from '../../../contract/constants.ts';
import { DomainError } from '../../../contract/errors.ts';
import type { SessionUser } from '../../domain/auth/sessions.ts';
import {
  dialogById,
  dialogWith,
  findMessage,
  listDialogs,
  listMessages,
  toLegacyDialog,
  toLegacyMessage,
  type DialogRow,
} from '../../domain/messages/repository.ts';
import { readDialog, sendMessage } from '../../domain/messages/service.ts';
import { ok, parseId } from '../envelope.ts';
import { Flag, isCrossSite, isOn, Lang, needUser } from './events-shared.ts';

/**
 * Private messages' legacy calls (networking.md §7 "Users and messages"), on the same domain
 * services as the sync commands and the chat socket. The rules are the MESSAGE RULES of
 * contract/chat.ts.
 *
 * - GET /api/user/my-messages?offset&limit[&only_starred=1]: the user's dialogs not closed by them,
 *   latest conversation first, 10 per page: {results: [Dialog], count}.
 * - GET /api/user/messages-view?group_id (or dialog_id)&offset&limit and
 *   GET /api/user/messages-view-by-user?user_id&offset&limit: one dialog's messages, newest first:
 *   {results, count, offset, dialog}. Opening the first page marks the messages to the user read
 *   (not when the browser labels the request cross-site: a page elsewhere must not be able to mark
 *   anything). A dialog that does not exist or is somebody else's is 404 dialog_not_found.
 * - POST /api/user/message-send with to_id (or recipient_id, user_id) and text (or message):
 *   {result: true, message, group_id}; meeting_required (status 403) without an approved meeting.
 * - An empty list answers status_code 204 with data [] (the specs' "204 becomes an empty list").
 * - Catalogue: 400 invalid input, 403 auth (no session; a dead session is HTTP 401), 404 dialog.
 */

const Page = {
  lang: Lang,
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: API_MAX_LIMIT })),
};
const DialogsQuery = Type.Object({ ...Page, only_starred: Flag });
const ViewQuery = Type.Object({ ...Page, group_id: Type.Optional(Type.String({ maxLength: 12 })), dialog_id: Type.Optional(Type.String({ maxLength: 12 })) });
const ByUserQuery = Type.Object({ ...Page, user_id: Type.Optional(Type.String({ maxLength: 12 })) });

function empty(reply: FastifyReply) {
  return reply.code(200).send({ status_code: 204, data: [] });
}

export async function messagesApi(app: FastifyInstance) {
  app.get<{ Querystring: Static<typeof DialogsQuery> }>('/api/user/my-messages', { schema: { querystring: DialogsQuery } }, async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    const offset = request.query.offset ?? 0;
    const { rows, count } = await listDialogs(app.db, user.id, {
      offset,
      limit: request.query.limit ?? DIALOGS_PAGE_SIZE,
      onlyStarred: isOn(request.query.only_starred),
    });
    if (rows.length === 0) return empty(reply);
    return ok({ results: rows.map(toLegacyDialog), count, offset });
  });

  const view = async (
    request: FastifyRequest<{ Querystring: { offset?: number; limit?: number } }>,
    reply: FastifyReply,
    user: SessionUser,
    dialog: DialogRow | undefined,
  ) => {
    if (!dialog) throw new DomainError('dialog_not_found');
    const offset = request.query.offset ?? 0;
    if (offset === 0 && dialog.unread > 0 && !isCrossSite(request)) {
      await app.writer.run((trx) => readDialog(trx, user.id, dialog.peer_id));
    }
    const { rows, count } = await listMessages(app.db, user.id, dialog.dialog_id, offset, request.query.limit ?? DIALOGS_PAGE_SIZE);
    if (rows.length === 0) return empty(reply);
    const fresh = (await dialogById(app.db, user.id, dialog.dialog_id)) ?? dialog;
    return ok({ results: rows.map((r) => toLegacyMessage(r, user.id)), count, offset, dialog: toLegacyDialog(fresh) });
  };

  app.get<{ Querystring: Static<typeof ViewQuery> }>('/api/user/messages-view', { schema: { querystring: ViewQuery } }, async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    const dialogId = parseId(request.query.group_id ?? request.query.dialog_id);
    if (dialogId === undefined) throw new DomainError('invalid_input', 'group_id');
    return view(request, reply, user, await dialogById(app.db, user.id, dialogId));
  });

  app.get<{ Querystring: Static<typeof ByUserQuery> }>('/api/user/messages-view-by-user', { schema: { querystring: ByUserQuery } }, async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    const peerId = parseId(request.query.user_id);
    if (peerId === undefined) throw new DomainError('invalid_input', 'user_id');
    return view(request, reply, user, peerId === user.id ? undefined : await dialogWith(app.db, user.id, peerId));
  });

  app.post('/api/user/message-send', async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new DomainError('invalid_input', 'body');
    const f = body as Record<string, unknown>;
    const recipientId = parseId(f.to_id ?? f.recipient_id ?? f.user_id);
    if (recipientId === undefined) throw new DomainError('invalid_input', 'to_id');
    const text = f.text ?? f.message;
    if (typeof text !== 'string') throw new DomainError('invalid_input', 'text');
    const { messageId, dialogId } = await app.writer.run((trx) => sendMessage(trx, user.id, { recipient_id: recipientId, text }));
    const row = await findMessage(app.db, user.id, messageId);
    if (!row) throw new Error(`send-message: message ${messageId} is gone right after it was sent`);
    return ok({ result: true, message: toLegacyMessage(row, user.id), group_id: dialogId });
  });
}
