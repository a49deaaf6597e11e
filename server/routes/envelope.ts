import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, type ErrorCode } from '../../contract/errors.ts';
import type { SessionUser } from '../auth/sessions.ts';

/**
 * The legacy REST envelope of the specs: HTTP 200 with {status_code, data} for every answer of the
 * catalogue; HTTP 401 only for "no valid session". `error` carries the stable code so new clients
 * never have to parse prose.
 */
export function ok<T>(data: T) {
  return { status_code: 200, data };
}

export function fail(reply: FastifyReply, code: ErrorCode, detail?: string) {
  return reply.code(200).send({ status_code: ERROR_CODES[code].legacyStatus, data: null, error: code, ...(detail ? { message: detail } : {}) });
}

export function unauthorized(reply: FastifyReply) {
  return reply.code(401).send({ status_code: 401, data: null, error: 'auth_required' });
}

/** Returns the session user or answers 401 and returns undefined. */
export function requireUser(request: FastifyRequest, reply: FastifyReply): SessionUser | undefined {
  if (request.user) return request.user;
  void unauthorized(reply);
  return undefined;
}

/** Parses a positive integer id from a path or query value; undefined when it is not one. */
export function parseId(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && value < 2 ** 31) return value;
  if (typeof value !== 'string' || !/^[1-9]\d{0,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n < 2 ** 31 ? n : undefined;
}
