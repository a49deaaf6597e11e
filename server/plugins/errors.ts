import type { FastifyError, FastifyInstance } from 'fastify';
import { DATABASE_RETRY_AFTER_S, isConnectionFault, isInputFault } from '../db/errors.ts';
import { drainRefusedBody } from './too-large.ts';

/**
 * Errors outside the legacy area (the sync protocol, files, auth): plain HTTP statuses with the
 * stable code in `error`. The legacy area answers in its envelope instead (routes/envelope.ts
 * legacyErrorHandler, set once in routes/api/index.ts). A feed's scope error carries the status the
 * pull answers with (domain/feed/feed.ts).
 */
export function registerErrors(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const legacy = request.url.startsWith('/api/');
    if (err.validation) {
      return reply.code(legacy ? 200 : 400).send({ status_code: 400, data: null, error: 'invalid_input', message: err.message });
    }
    if (err.statusCode === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      drainRefusedBody(request, reply);
      return reply.code(413).send({ status_code: 413, data: null, error: 'payload_too_large' });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.code(err.statusCode).send({ status_code: err.statusCode, data: null, error: 'invalid_input', message: err.message });
    }
    if (isInputFault(err)) {
      // Bad input that a route let through to SQL: still the caller's mistake, but a route to tighten.
      request.log.warn({ sqlstate: err.code, route: request.routeOptions.url }, 'input refused by the database');
      return reply.code(legacy ? 200 : 400).send({ status_code: 400, data: null, error: 'invalid_input' });
    }
    if (isConnectionFault(err)) {
      // Not this request's fault and not a bug: the database went away under it. 503 with a wait
      // tells a device to come back, and a balancer that this instance cannot serve right now.
      request.log.warn({ reason: err.message, route: request.routeOptions.url }, 'the database went away during a request');
      return reply
        .code(legacy ? 200 : 503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_S))
        .send({ status_code: 503, data: null, error: 'database_unavailable' });
    }
    request.log.error(err);
    return reply.code(500).send({ status_code: 500, data: null, error: 'unknown_error' });
  });
}
