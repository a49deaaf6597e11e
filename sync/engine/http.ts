/**
 * The few HTTP calls of the data layer, over fetch so the same code runs in node tests, the page and
 * the worker. Failures are sorted into what the caller acts on: no answer at all (retry later), an
 * HTTP error status (401 ends the session, 5xx retries), or a JSON body.
 */

export type HeaderSource = Record<string, string> | (() => Record<string, string>);

export interface HttpOptions {
  /** '' or an origin; paths are appended as they are ('/sync/v1/...'). */
  baseUrl: string;
  /** Node tests send a Bearer token; the PWA relies on its same-origin HttpOnly cookie instead. */
  headers?: HeaderSource;
  fetch?: typeof fetch;
  /** A request that hangs longer than this counts as a network failure. */
  timeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

/** The server could not be reached, or the connection broke before a full answer. */
export class NetworkError extends Error {
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'NetworkError';
  }
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    /** The stable error code from the body when the server sent one. */
    readonly code: string,
    /** The answer's Retry-After in milliseconds: how long the server asked to be left alone. */
    readonly retryAfterMs?: number,
  ) {
    super(`HTTP ${status} ${code}`);
    this.name = 'HttpError';
  }
}

export class AbortedError extends Error {
  constructor() {
    super('aborted');
    this.name = 'AbortedError';
  }
}

export function resolveHeaders(source: HeaderSource | undefined): Record<string, string> {
  if (!source) return {};
  return typeof source === 'function' ? source() : source;
}

export function joinUrl(baseUrl: string, path: string): string {
  return baseUrl.replace(/\/+$/, '') + path;
}

/**
 * The interface language this realm (the page, or the sync worker) asks the server to answer in.
 * The specs add `lang` to every legacy call and the server translates its messages by it; a realm
 * sets it once its locale is known (src/data language.ts, the worker's setLanguage).
 */
let requestLanguage: string | undefined;

export function setRequestLanguage(lang: string | undefined): void {
  requestLanguage = lang;
}

/** The language set by setRequestLanguage, for addresses that are not legacy calls (the sockets'). */
export function currentRequestLanguage(): string | undefined {
  return requestLanguage;
}

/** A legacy path (/api/…) with `lang` added, unless it has one or no language is known yet. */
export function withLang(path: string, lang: string | undefined = requestLanguage): string {
  if (!lang || !path.startsWith('/api/') || /[?&]lang=/.test(path)) return path;
  return `${path}${path.includes('?') ? '&' : '?'}lang=${encodeURIComponent(lang)}`;
}

/**
 * One request with a timeout, tied to an optional outer signal (the engine's stop). Resolves with
 * the parsed JSON of a 2xx answer.
 */
const isForm = (body: unknown): body is FormData => typeof FormData !== 'undefined' && body instanceof FormData;

export async function requestJson(
  opts: HttpOptions,
  path: string,
  init: {
    method?: string;
    body?: unknown;
    signal?: AbortSignal;
    headers?: Record<string, string>;
    /** Told the answer's headers as soon as they arrive, before its body is read. */
    onHeaders?: (headers: Headers, status: number) => void;
  } = {},
): Promise<unknown> {
  const outer = init.signal;
  if (outer?.aborted) throw new AbortedError();
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  outer?.addEventListener('abort', onAbort);
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const doFetch = opts.fetch ?? fetch;
  try {
    let res: Response;
    try {
      res = await doFetch(joinUrl(opts.baseUrl, withLang(path)), {
        method: init.method ?? 'GET',
        credentials: 'same-origin',
        cache: 'no-store',
        headers: {
          accept: 'application/json',
          // A form (an upload) sets its own multipart type and boundary.
          ...(init.body !== undefined && !isForm(init.body) ? { 'content-type': 'application/json' } : {}),
          ...resolveHeaders(opts.headers),
          ...init.headers,
        },
        body: init.body === undefined ? undefined : isForm(init.body) ? init.body : JSON.stringify(init.body),
        signal: controller.signal,
      });
    } catch (err) {
      if (outer?.aborted) throw new AbortedError();
      throw new NetworkError(controller.signal.aborted ? 'request timed out' : 'request failed', err);
    }
    init.onHeaders?.(res.headers, res.status);
    let body: unknown;
    try {
      const text = await res.text();
      body = text ? JSON.parse(text) : null;
    } catch (err) {
      if (outer?.aborted) throw new AbortedError();
      // A body cut short by a dropped connection is a network failure, not a server answer.
      if (res.ok) throw new NetworkError('incomplete answer', err);
      body = null;
    }
    if (!res.ok) {
      const code =
        body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string' ? (body as { error: string }).error : `http_${res.status}`;
      throw new HttpError(res.status, code, parseRetryAfter(res.headers.get('retry-after')));
    }
    return body;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onAbort);
  }
}

/**
 * How far the server's clock is ahead of this device's (ms, negative when behind), from an answer's
 * Date header and when the request left and the answer came. The header has whole seconds, so the
 * estimate is good to about a second: enough to tell the server's "when" from a device set a day off.
 */
export function serverClockOffset(dateHeader: string | null, sentAtMs: number, receivedAtMs: number): number | null {
  if (!dateHeader) return null;
  const serverMs = Date.parse(dateHeader);
  if (Number.isNaN(serverMs)) return null;
  return serverMs + 500 - (sentAtMs + receivedAtMs) / 2;
}

/**
 * Retry-After as milliseconds from now: whole seconds or an HTTP date (RFC 9110 §10.2.3). Nothing
 * for an absent or unreadable header, and a date in the past is no wait at all.
 */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date names its weekday and month; Date.parse alone would take '-5' for a year.
  const at = /[a-z]{3}/i.test(text) ? Date.parse(text) : NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** True for failures worth retrying later with the same request. */
export function isTransient(err: unknown): boolean {
  if (err instanceof NetworkError) return true;
  if (err instanceof HttpError) return err.status >= 500 || err.status === 429 || err.status === 408;
  return false;
}

/** `data.retry_after` of a "too many requests" answer: whole seconds, when the server said. */
export function retryAfterOf(data: unknown): number | undefined {
  const value = data && typeof data === 'object' ? (data as { retry_after?: unknown }).retry_after : undefined;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.ceil(value) : undefined;
}
