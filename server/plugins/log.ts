import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

/**
 * The server's log never holds a secret. Clients put credentials where a log line would pick them
 * up: the specs' websockets take a session or socket pass in the URL (`/wss/notice?token=…`),
 * other clients send `Authorization: Bearer …`, the PWA a session cookie. A 30-day session token in
 * an info log is a session for whoever reads the log, so every place that writes one is covered:
 * the request line's URL, any headers a line carries, error messages and stacks, and messages.
 */

export const REDACTED = '[REDACTED]';

/** Parameter names that are a credential on their own (`code` alone, not `country_code`). */
const SECRET_NAMES = new Set([
  'token',
  'ticket',
  'password',
  'passwd',
  'pass',
  'pwd',
  'secret',
  'code',
  'key',
  'apikey',
  'signature',
  'sig',
  'session',
  'auth',
  'credential',
  'credentials',
]);
/** Words that make any name a credential: `access_token`, `user[password]`, `session_id`, `refreshToken`. */
const SECRET_WORDS = /(token|password|passwd|secret|ticket|session|credential|api[_-]?key)/;

function isSecretName(raw: string): boolean {
  let name = raw;
  try {
    name = decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    // Malformed escapes: judge the name as written.
  }
  const lower = name.trim().toLowerCase();
  return SECRET_NAMES.has(lower) || SECRET_WORDS.test(lower);
}

/** The URL with the value of every credential parameter replaced; the rest kept as sent. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .replace(/(^|[&;])([^=&;]*)=([^&;#]*)/g, (whole, sep: string, name: string) => (isSecretName(name) ? `${sep}${name}=${REDACTED}` : whole));
  return `${url.slice(0, q)}?${query}`;
}

/**
 * Credentials inside free text: a URL's credential parameters, a Bearer or Basic authorization,
 * the session cookie. For messages and errors, which may quote a URL or a header.
 */
export function redactText(text: string): string {
  return text
    .replace(/([?&;]\s*)([^=&;\s?#"'<>]+)=([^&;\s#"'<>]*)/g, (whole, sep: string, name: string) => (isSecretName(name) ? `${sep}${name}=${REDACTED}` : whole))
    .replace(/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`)
    .replace(/(foyer_session=)[^;\s"']+/g, `$1${REDACTED}`);
}

const HEADER_PATHS = ['authorization', 'cookie', '["set-cookie"]', '["proxy-authorization"]', '["sec-websocket-protocol"]'];

/**
 * Headers are not in the request line Fastify writes, but a line that logs a request or a
 * response object with its headers (a plugin, a debugging session) must not print them.
 */
const REDACT_PATHS = ['req', 'res', 'request', 'reply', 'headers'].flatMap((root) =>
  HEADER_PATHS.map((h) => (root === 'headers' ? `headers${h.startsWith('[') ? h : `.${h}`}` : `${root}.headers${h.startsWith('[') ? h : `.${h}`}`)),
);

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number };
}

interface LoggedError {
  message?: unknown;
  stack?: unknown;
  type?: string;
  [key: string]: unknown;
}

/** An error as the log shows it: type, code and message, without the values a driver may attach. */
function serializeError(err: LoggedError, depth = 0): Record<string, unknown> {
  if (err === null || typeof err !== 'object') return { message: redactText(String(err)) };
  const plain: Record<string, unknown> = {
    type: err.constructor?.name ?? 'Error',
    message: typeof err.message === 'string' ? redactText(err.message) : err.message,
    stack: typeof err.stack === 'string' ? redactText(err.stack) : err.stack,
  };
  // Codes and SQLSTATEs say what went wrong; a driver's detail, query and parameters stay out.
  for (const key of ['code', 'statusCode', 'severity', 'routine', 'table', 'column', 'constraint']) {
    if (err[key] !== undefined && typeof err[key] !== 'object') plain[key] = err[key];
  }
  if (err.cause !== undefined && depth < 3) plain.cause = serializeError(err.cause as LoggedError, depth + 1);
  return plain;
}

/**
 * Fastify's logger options: the level, the serializers that take credentials out of URLs and
 * errors, and the redaction of headers. `stream` is for tests that read the log.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): NonNullable<FastifyServerOptions['logger']> & object {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      req(request: LoggedRequest) {
        return {
          method: request.method,
          url: request.url === undefined ? undefined : redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        };
      },
      err: (err: Error) => serializeError(err as unknown as LoggedError) as { type: string; message: string; stack: string },
    },
    hooks: {
      logMethod(this: FastifyBaseLogger, args: unknown[], method: (...a: unknown[]) => void) {
        const out = args.map((a) => (typeof a === 'string' ? redactText(a) : a));
        // log.error(err) alone: pino would take the raw err.message as the line's message.
        const first = out[0] as { message?: unknown } | null;
        if (out.length === 1 && first instanceof Error && typeof first.message === 'string') out.push(redactText(first.message));
        method.apply(this, out);
      },
    },
  };
}

/**
 * Whatever logger the app is built with (main.ts's level, a test's stream) gets the redaction:
 * ours replaces any serializers, redaction or hooks given, so no caller can turn it off by accident.
 */
export function redactingLogger(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const given = logger === true ? {} : (logger as { level?: string; stream?: NodeJS.WritableStream } & Record<string, unknown>);
  return { ...given, ...loggerOptions(given.level ?? 'info', given.stream) };
}
