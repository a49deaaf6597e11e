import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { API_MAX_LIMIT, CHAT_PAGE_SIZE, SESSION_COOKIE } from '../../../contract/constants.ts';
import { CHAT_IMAGE_MAX_BYTES, chatImageUrl, COMMENT_MAX_LENGTH, type LikeType } from '../../../contract/chat.ts';
import { DomainError, ERROR_CODES, type ErrorCode } from '../../../contract/errors.ts';
import { chatAccess, requireSpeaker, type ChatAccess } from '../../domain/chat/access.ts';
import { findComment, listComments, toWsComment, usersMap } from '../../domain/chat/repository.ts';
import { isEventOwner } from '../../domain/events/repository.ts';
import { addComment, likeComment, removeComment, unlikeComment } from '../../domain/chat/service.ts';
import { insertUpload, sweepUploads } from '../../domain/chat/uploads.ts';
import { reencodeImage, removeImageFile, uploadDir, writeImageFile } from '../../domain/images.ts';
import { ok, parseId, unauthorized } from '../envelope.ts';
import { errorText, requestLanguage } from '../legacy-text.ts';
import { tooManyRequests } from '../../limits/index.ts';
import { Lang, needUser } from './events-shared.ts';
import { readUploadForm, type UploadLimits } from './forms.ts';

/**
 * The event chat's legacy calls (events.md §7 "Chat and comments"), on the same domain services as
 * the sync commands and the sockets. The rules are the CHAT RULES of contract/chat.ts.
 *
 * - GET /api/events/get-chat-messages?event_id&offset&limit&sort_by=-date[&before_id]:
 *   {users, comment_data: {items, count, offset}, userIsModerator, is_owner, is_blocked}. Items are
 *   live comments, newest first with sort_by=-date (the default) or oldest first with sort_by=date;
 *   before_id pages from a comment id instead of an offset, which stays stable while new comments
 *   arrive; from_id (with before_id) bounds a range from below, which is how a device re-reads the
 *   older comments it holds (sync/views/chat/history.ts). Its catalogue is kept as events.md §8 gives it: status_code 403 for an unknown or removed
 *   event, 400 for a bad event_id, 404 for "auth error" (no session, or no access to the chat).
 * - POST /api/events/add-comment (multipart, or JSON/form without a picture): event_id, comment and
 *   an optional picture in `image`. Answers {result: true, comment, users}.
 * - POST /api/events/upload-chat-image (multipart event_id, image): stores a picture for a later
 *   comment (the offline path: the device uploads when online, then queues comment.add with the
 *   name). Answers {result: true, image: <name>, url}.
 * - POST remove-comment (commentId), set-like-comment and unset-like-comment (commentId, like_type):
 *   {result: true, ...}; failures carry the catalogue's status_code and result is absent.
 * - Pictures: checked by their bytes and re-encoded (domain/images.ts), at most
 *   CHAT_IMAGE_MAX_BYTES; served by server/routes/files/uploads.ts.
 */

const ListQuery = Type.Object({
  lang: Lang,
  event_id: Type.Optional(Type.String({ maxLength: 20 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: API_MAX_LIMIT })),
  sort_by: Type.Optional(Type.Union([Type.Literal('-date'), Type.Literal('date')])),
  before_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  from_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
});
type ListQuery = Static<typeof ListQuery>;

/** events.md §8 for the chat list: the labels look swapped, and old clients map the codes as given. */
const LIST_STATUS: Partial<Record<ErrorCode, number>> = { event_not_found: 403, event_removed: 403, auth_required: 404, ticket_required: 404 };

/**
 * The old clients show the list's refusal as it comes (events.md §8), so each carries its text in
 * the call's `lang` (English without one); a bad id keeps naming the field.
 */
function listFail(reply: FastifyReply, code: ErrorCode, detail?: string) {
  const lang = requestLanguage(reply.request);
  const text = detail && !lang ? { message: detail } : { message: errorText(code, lang), ...(detail ? { detail } : {}) };
  return reply.code(200).send({ status_code: LIST_STATUS[code] ?? ERROR_CODES[code].legacyStatus, data: null, error: code, ...text });
}

function idField(fields: Record<string, unknown>, ...names: string[]): number {
  for (const n of names) {
    const id = parseId(fields[n]);
    if (id !== undefined) return id;
  }
  throw new DomainError('invalid_input', names[0]);
}

function likeTypeField(fields: Record<string, unknown>, required: boolean): LikeType | undefined {
  const v = fields.like_type;
  if (v === undefined && !required) return undefined;
  if (v === 1 || v === '1') return 1;
  if (v === 2 || v === '2') return 2;
  throw new DomainError('invalid_input', 'like_type');
}

/** A comment's form: its picture and text (4 bytes a character at most in UTF-8) and the ids. */
const COMMENT_FORM: UploadLimits = { fileSize: CHAT_IMAGE_MAX_BYTES, fields: 10, fieldSize: COMMENT_MAX_LENGTH * 4 + 64 };

/** The legacy chat page: a participant's page of an event's comments, with who wrote them and the reader's standing. */
function chatMessages(app: FastifyInstance) {
  return async (request: FastifyRequest<{ Querystring: ListQuery }>, reply: FastifyReply) => {
    const q = request.query;
    const eventId = parseId(q.event_id);
    if (eventId === undefined) return listFail(reply, 'invalid_input', 'Invalid input data: event_id');
    const user = request.user;
    if (!user) {
      // As needUser: a dead session is HTTP 401 (the client signs in again); no credentials at all
      // is the catalogue's auth error, with this call's status code.
      const presented = request.headers.authorization?.startsWith('Bearer ') || Boolean(request.cookies?.[SESSION_COOKIE]);
      return presented ? unauthorized(reply) : listFail(reply, 'auth_required');
    }
    let access: ChatAccess;
    try {
      access = await chatAccess(app.db, user.id, eventId);
    } catch (err) {
      if (err instanceof DomainError) return listFail(reply, err.code);
      throw err;
    }
    if (!access.participant) return listFail(reply, 'ticket_required');
    const offset = q.offset ?? 0;
    const { rows, count } = await listComments(app.db, user.id, eventId, {
      offset,
      limit: q.limit ?? CHAT_PAGE_SIZE,
      newestFirst: (q.sort_by ?? '-date') === '-date',
      beforeId: q.before_id,
      fromId: q.from_id,
    });
    return ok({
      users: usersMap(rows),
      comment_data: { items: rows.map(toWsComment), count, offset },
      userIsModerator: access.staff,
      is_owner: await isEventOwner(app.db, eventId, user.id),
      is_blocked: access.blocked,
    });
  };
}

/** Adding a comment, with or without a picture, and uploading a picture on its own (the older clients' two steps). */
function commentUploads(app: FastifyInstance, chatDir: string) {
  /** The picture of a request, re-encoded and written to disk, with its name. */
  const storeImage = async (image: Buffer) => {
    const encoded = await reencodeImage(image);
    const name = await writeImageFile(chatDir, encoded);
    return { name, encoded };
  };

  app.post('/api/events/add-comment', async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    const { fields, image } = await readUploadForm(request, 'image', COMMENT_FORM);
    const eventId = idField(fields, 'event_id');
    const comment = typeof fields.comment === 'string' ? fields.comment : undefined;
    if (comment === undefined) throw new DomainError('invalid_input', 'comment');
    if (image) {
      // Checked before the picture is decoded: a blocked user's upload costs the server nothing.
      // Without a picture the transaction's own check (addComment) is the only one needed.
      await requireSpeaker(app.db, user.id, eventId);
      const retryAfterMs = await app.limits.calls.take(request, 'image_upload');
      if (retryAfterMs !== undefined) return tooManyRequests(request, reply, retryAfterMs);
    }
    const stored = image ? await storeImage(image) : undefined;
    let result: Awaited<ReturnType<typeof addComment>>;
    try {
      result = await app.writer.run(async (trx) => {
        if (stored) await insertUpload(trx, user.id, eventId, stored.name, stored.encoded);
        return addComment(trx, user.id, { event_id: eventId, comment, ...(stored ? { image: stored.name } : {}) });
      });
    } catch (err) {
      if (stored) await removeImageFile(chatDir, stored.name);
      throw err;
    }
    // The comment as inserted, as its socket frame carries it: reading it back would answer the same
    // (a new comment has no likes) one query later.
    return ok({ result: true, comment: result.created.comment, users: { [String(user.id)]: result.created.user } });
  });

  app.post('/api/events/upload-chat-image', { onRequest: app.limits.throttle('image_upload') }, async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    const { fields, image } = await readUploadForm(request, 'image', COMMENT_FORM);
    const eventId = idField(fields, 'event_id');
    if (!image) throw new DomainError('invalid_image', 'image is missing');
    await requireSpeaker(app.db, user.id, eventId);
    const stored = await storeImage(image);
    try {
      await insertUpload(app.db, user.id, eventId, stored.name, stored.encoded);
    } catch (err) {
      await removeImageFile(chatDir, stored.name);
      throw err;
    }
    void sweepUploads(app.db, app.config.dataDir).catch((err: unknown) => app.log.error(err, 'upload sweep failed'));
    return ok({ result: true, image: stored.name, url: chatImageUrl(stored.name), width: stored.encoded.width, height: stored.encoded.height });
  });
}

export async function chatApi(app: FastifyInstance) {
  app.get<{ Querystring: ListQuery }>('/api/events/get-chat-messages', { schema: { querystring: ListQuery } }, chatMessages(app));
  commentUploads(app, uploadDir(app.config.dataDir, 'chat'));

  app.post('/api/events/remove-comment', async (request, reply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    const { fields } = await readUploadForm(request, 'image', COMMENT_FORM);
    const commentId = idField(fields, 'commentId', 'comment_id');
    await app.writer.run((trx) => removeComment(trx, user.id, commentId));
    return ok({ result: true, comment_id: commentId });
  });

  const vote = (set: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const user = needUser(request, reply);
    if (!user) return reply;
    const { fields } = await readUploadForm(request, 'image', COMMENT_FORM);
    const commentId = idField(fields, 'commentId', 'comment_id');
    const likeType = likeTypeField(fields, set);
    await app.writer.run((trx) => {
      if (!set) return unlikeComment(trx, user.id, commentId, likeType);
      if (likeType === undefined) throw new Error('likeTypeField gave no like type where one is required');
      return likeComment(trx, user.id, commentId, likeType);
    });
    const row = await findComment(app.db, user.id, commentId);
    if (!row) throw new Error(`vote: comment ${commentId} is gone right after the vote`);
    return ok({ result: true, comment_id: commentId, likes: { like: row.likes_count, dislike: row.dislikes_count, my_like_type: row.my_like_type } });
  };
  app.post('/api/events/set-like-comment', vote(true));
  app.post('/api/events/unset-like-comment', vote(false));
}
