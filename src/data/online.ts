import { isErrorCode, type ErrorCode } from '../../contract/errors.ts';
import { HttpError, NetworkError, requestJson, retryAfterOf } from '../../sync/engine/http.ts';
import type { DataRuntime } from './runtime.ts';

/**
 * A call in the legacy envelope that needs the server there and then (buying, the organiser's
 * orders), answered as what a screen shows: the data, or the code with its detail (a ticket type,
 * a field), or `network_error` when the server cannot be reached.
 */

export type OnlineFailure = { ok: false; code: ErrorCode | 'network_error'; detail?: string; retryAfter?: number };
export type OnlineResult<T> = { ok: true; data: T } | OnlineFailure;

interface Envelope {
  status_code: number;
  data: unknown;
  error?: string;
  message?: string;
  detail?: string;
}

export async function callOnline<T>(runtime: DataRuntime, path: string, body?: unknown, signal?: AbortSignal): Promise<OnlineResult<T>> {
  try {
    const res = (await requestJson(runtime.httpOptions, path, body === undefined ? { signal } : { method: 'POST', body, signal })) as Envelope;
    if (res.status_code === 200) return { ok: true, data: res.data as T };
    const out: OnlineFailure = { ok: false, code: isErrorCode(res.error) ? res.error : 'unknown_error' };
    // Every call carries `lang`, so `message` is prose and the route's own detail is `detail`.
    const detail = res.detail ?? res.message;
    if (typeof detail === 'string') out.detail = detail;
    const retryAfter = retryAfterOf(res.data);
    if (retryAfter !== undefined) out.retryAfter = retryAfter;
    return out;
  } catch (err) {
    if (err instanceof NetworkError) return { ok: false, code: 'network_error' };
    if (err instanceof HttpError) return { ok: false, code: err.status === 401 ? 'auth_required' : isErrorCode(err.code) ? err.code : 'unknown_error' };
    throw err;
  }
}
