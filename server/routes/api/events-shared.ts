import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { SESSION_COOKIE } from '../../../contract/constants.ts';
import { MAX_ID } from '../../../contract/ids.ts';
import type { SessionUser } from '../../domain/auth/sessions.ts';
import { fail, unauthorized } from '../envelope.ts';

/** Pieces every module of the legacy events area shares. */

/** Accepted on every call; none of these answers has translated content, so it changes nothing. */
export const Lang = Type.Optional(Type.String({ maxLength: 16 }));

/** Row ids are PostgreSQL integers; anything beyond is refused before it reaches SQL. */
export const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });

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

/**
 * Browsers label requests a page of another site makes. A state-changing GET (the legacy
 * set-favorite) must not be triggerable by a link or an image on another site; the app-wide
 * origin check only covers non-GET methods.
 */
export function isCrossSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}
