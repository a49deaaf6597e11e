import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, ERROR_CODES, type ErrorCode } from '../../contract/errors.ts';
import { DATABASE_RETRY_AFTER_S, isConnectionFault, isInputFault } from '../db/errors.ts';
import type { SessionUser } from '../domain/auth/sessions.ts';
import { drainRefusedBody } from '../plugins/too-large.ts';
import { errorText, requestLanguage } from './legacy-text.ts';

export { parseId } from '../../contract/ids.ts';

/**
 * The legacy REST envelope of the specs: HTTP 200 with {status_code, data} for every answer of the
 * catalogue; HTTP 401 only for "no valid session". `error` carries the stable code so new clients
 * never have to parse prose.
 */
export function ok<T>(data: T) {
  return { status_code: 200, data };
}

/**
 * A refusal. `message` is text for a person: with `lang` on the call, the error's text in that
 * language (legacy-text.ts), and what the route said (a field name, the specs' English text)
 * moves to `detail`; without `lang`, what the route said, as before.
 */
export function fail(reply: FastifyReply, code: ErrorCode, detail?: string) {
  const lang = requestLanguage(reply.request);
  const text = lang ? { message: errorText(code, lang), ...(detail ? { detail } : {}) } : detail ? { message: detail } : {};
  return reply.code(200).send({ status_code: ERROR_CODES[code].legacyStatus, data: null, error: code, ...text });
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

/**
 * Errors in the envelope, set once for the whole legacy area (routes/api/index.ts). Every answer is
 * HTTP 200 with the catalogue's status_code, including bad input, oversized uploads and unexpected
 * failures ("500 unknown"); only a dead session is HTTP 401. A route answers a refusal by throwing
 * the DomainError.
 */
export function legacyErrorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (err instanceof DomainError) return fail(reply, err.code, err.detail);
  if (err.validation) return fail(reply, 'invalid_input', err.message);
  if (err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.statusCode === 413) {
    drainRefusedBody(request, reply);
    if (err.code === 'FST_FILES_LIMIT' || err.code === 'FST_FIELDS_LIMIT' || err.code === 'FST_PARTS_LIMIT') {
      return fail(reply, 'invalid_input', err.message);
    }
    return fail(reply, 'payload_too_large');
  }
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) return fail(reply, 'invalid_input', err.message);
  if (isInputFault(err)) {
    // Bad input that this route let through to SQL (server/plugins/input.ts): the caller's mistake, not a 500.
    request.log.warn({ sqlstate: err.code, route: request.routeOptions.url }, 'input refused by the database');
    return fail(reply, 'invalid_input');
  }
  if (isConnectionFault(err)) {
    // The database went away under the call: in the envelope like every answer here (as a refusal
    // for too many requests is), with the wait in Retry-After.
    request.log.warn({ reason: err.message, route: request.routeOptions.url }, 'the database went away during a request');
    reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
    return fail(reply, 'database_unavailable');
  }
  request.log.error(err);
  return fail(reply, 'unknown_error');
}
