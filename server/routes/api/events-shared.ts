import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { SESSION_COOKIE } from '../../../contract/constants.ts';
import { DomainError } from '../../../contract/errors.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import type { Effect } from '../../domain/events/service.ts';
import { HINTS_CHANNEL } from '../../realtime/bus.ts';
import { fail, unauthorized } from '../envelope.ts';
import { effectToHints } from '../sync/index.ts';

/** Pieces every module of the legacy events area shares. */

/** Accepted on every call; none of these answers has translated content, so it changes nothing. */
export const Lang = Type.Optional(Type.String({ maxLength: 16 }));

/** Row ids are PostgreSQL integers; anything beyond is refused before it reaches SQL. */
export const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

/** The old clients send both styles of boolean: is_my=1 and favorites=true. */
export const Flag = Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('0'), Type.Literal('true'), Type.Literal('false')]));

export function isOn(flag: string | undefined): boolean {
  return flag === '1' || flag === 'true';
}

export const EventParams = Type.Object({ eventId: Id });

/**
 * Who is asking, for calls that need a session. The catalogue answers "403 auth error" for
 * favorites, last tickets and check-in, and clients redirect to the login page on HTTP 401. So a
 * request that carries no credentials at all (a guest, e.g. the home page's favorites card) gets
 * HTTP 200 with status_code 403 `auth_required`, which the card simply leaves empty, while a request
 * whose cookie or Bearer token is no longer valid gets HTTP 401, so the client signs in again.
 */
export function needUser(request: FastifyRequest, reply: FastifyReply): SessionUser | undefined {
  if (request.user) return request.user;
  const presented = request.headers.authorization?.startsWith('Bearer ') || Boolean(request.cookies?.[SESSION_COOKIE]);
  if (presented) void unauthorized(reply);
  else void fail(reply, 'auth_required');
  return undefined;
}

/** Announces a committed change exactly as the sync commands do, so open devices pull it. */
export function publishEffect(app: FastifyInstance, effect: Effect): void {
  for (const hint of effectToHints(effect)) void app.bus.publish(HINTS_CHANNEL, hint);
}

/**
 * Every answer of this area is HTTP 200 with the catalogue's status_code, including bad input,
 * oversized uploads and unexpected failures ("500 unknown"); only a dead session is HTTP 401.
 */
export function legacyErrorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (err instanceof DomainError) return fail(reply, err.code, err.detail);
  if (err.validation) return fail(reply, 'invalid_input', err.message);
  if (err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.statusCode === 413) {
    if (err.code === 'FST_FILES_LIMIT' || err.code === 'FST_FIELDS_LIMIT' || err.code === 'FST_PARTS_LIMIT') {
      return fail(reply, 'invalid_input', err.message);
    }
    return fail(reply, 'payload_too_large');
  }
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) return fail(reply, 'invalid_input', err.message);
  request.log.error(err);
  return fail(reply, 'unknown_error');
}

/**
 * Browsers label requests a page of another site makes. A state-changing GET (the legacy
 * set-favorite) must not be triggerable by a link or an image on another site; the app-wide
 * origin check only covers non-GET methods.
 */
export function isCrossSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}

/** Users without an uploaded picture get the drawn one the files routes serve. */
export function avatarUrl(userId: number, avatar: string): string {
  return avatar || `/files/avatars/${userId}.svg`;
}
