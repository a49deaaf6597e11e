import { isErrorCode, type ErrorCode } from '../../contract/errors.ts';
import { HttpError, NetworkError, requestJson, retryAfterOf, type HttpOptions } from '../../sync/engine/http.ts';

/**
 * A call in the legacy envelope that needs the server there and then (buying, the organiser's
 * orders, the account forms, uploads), answered as what a screen shows: the data, or the code with
 * its detail (a ticket type, a field), or `network_error` when the server cannot be reached. Every
 * page-side call that is not queued goes through here, so the envelope and the transport's
 * failures are turned into codes in one place.
 */

export type OnlineFailure = {
  ok: false;
  code: ErrorCode | 'network_error';
  detail?: string;
  retryAfter?: number;
  /** The envelope's data with a refusal, for the few answers that explain themselves there. */
  data?: unknown;
};
export type OnlineResult<T> = { ok: true; data: T } | OnlineFailure;

interface Envelope {
  status_code: number;
  data: unknown;
  error?: string;
  message?: string;
  detail?: string;
}

/** An upload may take a while on a venue's network; the JSON calls keep the transport's shorter bound. */
export const UPLOAD_TIMEOUT_MS = 120_000;

/** POSTs `body` (JSON, or a FormData for an upload) or GETs without one. */
export async function sendOnline<T>(http: HttpOptions, path: string, body?: unknown, signal?: AbortSignal): Promise<OnlineResult<T>> {
  try {
    const res = (await requestJson(http, path, body === undefined ? { signal } : { method: 'POST', body, signal })) as Envelope;
    if (res.status_code === 200) return { ok: true, data: res.data as T };
    const out: OnlineFailure = { ok: false, code: isErrorCode(res.error) ? res.error : 'unknown_error' };
    // Every call carries `lang`, so `message` is prose and the route's own detail is `detail`.
    const detail = res.detail ?? res.message;
    if (typeof detail === 'string') out.detail = detail;
    const retryAfter = retryAfterOf(res.data);
    if (retryAfter !== undefined) out.retryAfter = retryAfter;
    if (res.data !== undefined && res.data !== null) out.data = res.data;
    return out;
  } catch (err) {
    if (err instanceof NetworkError) return { ok: false, code: 'network_error' };
    if (err instanceof HttpError) {
      const out: OnlineFailure = { ok: false, code: codeOfStatus(err) };
      if (err.retryAfterMs !== undefined) out.retryAfter = Math.ceil(err.retryAfterMs / 1000);
      return out;
    }
    throw err;
  }
}

/** An answer outside the envelope: the body's code when it is one of ours, else what the status means. */
function codeOfStatus(err: HttpError): ErrorCode {
  if (err.status === 401) return 'auth_required';
  if (isErrorCode(err.code)) return err.code;
  // A proxy or the body-size guard refuses a large upload before any route can answer in the envelope.
  if (err.status === 413) return 'payload_too_large';
  return 'unknown_error';
}

/** What a call needs of the runtime: how to reach the server (a structural type, so the runtime may call here too). */
export interface OnlineHost {
  readonly httpOptions: HttpOptions;
}

export function callOnline<T>(runtime: OnlineHost, path: string, body?: unknown, signal?: AbortSignal): Promise<OnlineResult<T>> {
  return sendOnline<T>(runtime.httpOptions, path, body, signal);
}

/** An upload (a FormData) through the same mapping, with the upload's longer time bound. */
export function uploadOnline<T>(runtime: OnlineHost, path: string, form: FormData): Promise<OnlineResult<T>> {
  return sendOnline<T>({ ...runtime.httpOptions, timeoutMs: UPLOAD_TIMEOUT_MS }, path, form);
}
