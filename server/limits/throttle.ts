import type { FastifyReply, FastifyRequest } from 'fastify';
import { EXPENSIVE_CALL_LIMITS, type ExpensiveCall } from '../../contract/constants.ts';
import { addressKey, refusal, type LimiterStore } from './store.ts';

export type CallLimits = Record<ExpensiveCall, { maxCalls: number; windowMs: number }>;

/**
 * Per-user budgets for the calls that cost real server time: a PDF rendered, an email sent, a
 * picture decoded and re-encoded, a visitors search. A guest (only searches are open to guests) is
 * counted by address. Budgets are per kind of call, so running out of searches leaves PDFs alone,
 * and per user, so one user's burst never refuses another's.
 */
export class CallThrottle {
  private readonly limiters;

  constructor(store: LimiterStore, limits: CallLimits = EXPENSIVE_CALL_LIMITS) {
    this.limiters = Object.fromEntries(
      (Object.keys(limits) as ExpensiveCall[]).map((call) => [
        call,
        store.limiter(`call-${call.replaceAll('_', '-')}`, limits[call].maxCalls, limits[call].windowMs),
      ]),
    ) as Record<ExpensiveCall, ReturnType<LimiterStore['limiter']>>;
  }

  /** Takes one call from the caller's budget: undefined when allowed, else ms until it is. */
  async take(request: FastifyRequest, call: ExpensiveCall): Promise<number | undefined> {
    const key = request.user ? `u${request.user.id}` : `a${addressKey(request.ip)}`;
    try {
      await this.limiters[call].consume(key);
      return undefined;
    } catch (err) {
      const retryAfterMs = refusal(err);
      if (retryAfterMs === undefined) throw err;
      return retryAfterMs;
    }
  }
}

/**
 * "Too many requests", with how long to wait in whole seconds (the Retry-After header and
 * `data.retry_after`). The specs' calls under /api answer it in their envelope with HTTP 200, as
 * every other catalogue answer there; any other path answers HTTP 429.
 */
export function tooManyRequests(request: FastifyRequest, reply: FastifyReply, retryAfterMs: number): FastifyReply {
  const retryAfter = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return reply
    .code(request.url.startsWith('/api/') ? 200 : 429)
    .header('retry-after', String(retryAfter))
    .send({ status_code: 429, data: { retry_after: retryAfter }, error: 'rate_limited' });
}
