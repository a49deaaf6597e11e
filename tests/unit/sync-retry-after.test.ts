import { describe, expect, it } from 'vitest';
import { SYNC_RETRY_AFTER_MAX_MS } from '../../contract/constants.ts';
import { HttpError, parseRetryAfter, requestJson } from '../../sync/engine/http.ts';
import { backoffDelay, retryDelay } from '../../sync/engine/status.ts';

describe('Retry-After on a refused request', () => {
  it('reads whole seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2026-11-29T10:00:00Z');
    expect(parseRetryAfter('2', now)).toBe(2000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Sun, 29 Nov 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sun, 29 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).toBeUndefined();
  });

  it('carries the wait of a 503 on the error the engine retries with', async () => {
    const fetch = async () =>
      new Response(JSON.stringify({ status_code: 503, data: null, error: 'database_unavailable' }), {
        status: 503,
        headers: { 'retry-after': '3', 'content-type': 'application/json' },
      });
    const err = await requestJson({ baseUrl: 'http://foyer.test', fetch }, '/sync/v1/commands', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ status: 503, code: 'database_unavailable', retryAfterMs: 3000 });
  });

  it('waits at least what the server asked, with jitter on top, never less than the backoff', () => {
    // The first retry's backoff is about a second; a shedding server asking for 2 s wins.
    const backoff = backoffDelay(1, () => 0.5);
    expect(retryDelay(backoff, 2000, () => 0)).toBe(2000);
    expect(retryDelay(backoff, 2000, () => 1)).toBe(2400);
    // A late attempt's backoff is already longer than the server's wait: the backoff stands.
    expect(retryDelay(20_000, 2000, () => 0.5)).toBe(20_000);
    // No Retry-After: the backoff alone.
    expect(retryDelay(backoff, undefined)).toBe(backoff);
  });

  it('does not take a wait of hours at its word', () => {
    expect(retryDelay(1000, 6 * 3600_000, () => 0)).toBe(SYNC_RETRY_AFTER_MAX_MS);
  });
});
