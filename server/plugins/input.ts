import type { FastifyInstance } from 'fastify';

/**
 * Input no route can store, refused in one place for every REST route instead of field by field.
 *
 * PostgreSQL text cannot hold U+0000: a NUL that reaches a query fails there with a data error
 * (SQLSTATE 22021 or 22P05), which used to answer 500. A NUL is never part of an email, a search
 * or a name, so a request carrying one in its query string, path or body is bad input, answered
 * like any failed validation (the legacy envelope's status_code 400 under /api, HTTP 400 elsewhere).
 *
 * Command batches are left to the commands route, which judges each command of a batch on its
 * own, so one poisoned command is refused alone and the commands around it still apply.
 */
const PER_COMMAND = new Set(['/sync/v1/commands']);

/** How deep a body is searched; deeper JSON is refused by the parser's own limits long before. */
const MAX_DEPTH = 64;

/** The first place in `value` that holds a NUL (in a key or a string), as a dotted path, or null. */
export function findNul(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '(value)' : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  // A multipart file part, a Buffer: bytes, not text, and never bound into SQL as text.
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return null;
  for (const [key, child] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return at.replaceAll('\u0000', '\\0');
    const found = findNul(child, at, depth + 1);
    if (found) return found;
  }
  return null;
}

/** An error the app's and the legacy areas' error handlers answer as invalid input. */
class InvalidInput extends Error {
  readonly statusCode = 400;
  readonly validation: { message: string; instancePath: string }[];
  constructor(
    readonly validationContext: 'querystring' | 'params' | 'body',
    path: string,
  ) {
    super(`${validationContext}/${path} must not contain NUL characters`);
    this.validation = [{ message: 'must not contain NUL characters', instancePath: `/${path}` }];
  }
}

export function refuseNul(app: FastifyInstance): void {
  // preValidation runs after the body is parsed and before the route's schema, so the answer is
  // the same as a schema failure's, whatever the route.
  app.addHook('preValidation', async (request) => {
    if (PER_COMMAND.has(request.routeOptions.url ?? '')) return;
    for (const part of ['querystring', 'params', 'body'] as const) {
      const value = part === 'querystring' ? request.query : part === 'params' ? request.params : request.body;
      const at = findNul(value);
      if (at) throw new InvalidInput(part, at);
    }
  });
}
