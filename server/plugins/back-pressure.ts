import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Load shedding: under overload an instance refuses new requests at the door with 503 and
 * Retry-After, at once and before any work, instead of queueing them until every answer is late.
 * A refused device comes back after the wait (sync/engine honours Retry-After) and a balancer's
 * next request may reach a calmer instance; an admitted request is always served.
 *
 * Two rules, either refuses:
 * - the database queue: the request that has waited longest for a pool connection has waited
 *   SHED_POOL_WAIT_MS. On this workload the event loop stays responsive while the time goes to
 *   waiting for the database (issue 28), so the pool's queue is where overload shows first;
 *   event-loop or memory rules (@fastify/under-pressure) would not see it. The queue's age, not
 *   its length, because requests differ a hundredfold in how long they hold a connection.
 * - requests in flight reach MAX_IN_FLIGHT: a plain bound for what the pool rule cannot see (the
 *   embedded database has no pool, and some work never touches the database).
 *
 * Never refused, and not counted: /healthz (a balancer must still hear the instance; it answers
 * its own 503 when the database is gone), the live hint stream and the websockets (they hold a
 * connection for hours and cost nothing while they wait; their clients reconnect with backoff).
 *
 * The answer: HTTP 503 with `{error: 'database_unavailable'}`, the code devices already take as
 * "try again later", which they never hold against the command they sent. Legacy calls (/api/)
 * answer in their envelope as every refusal there does (HTTP 200, status_code 503), with the same
 * Retry-After header (routes/envelope.ts does the same for a lost database).
 */
export interface BackPressureOptions {
  maxInFlight: number;
  /** 0 turns the pool rule off. */
  shedPoolWaitMs: number;
  retryAfterS: number;
  /** The oldest pool waiter's wait so far (ms), or null without a pool (db/index.ts poolWaitMs). */
  poolWaitMs(): number | null;
}

const EXEMPT = [/^\/healthz(?:\?|$)/, /^\/sync\/v1\/stream(?:\?|$)/, /^\/wss\//];

export function isExempt(url: string): boolean {
  return EXEMPT.some((re) => re.test(url));
}

export interface Pressure {
  /** Requests being worked on now (exempt ones not counted). */
  inFlight(): number;
  /** Requests refused since start, by rule. */
  shed: { inFlight: number; pool: number };
}

export function registerBackPressure(app: FastifyInstance, opts: BackPressureOptions): Pressure {
  let inFlight = 0;
  const claims = new WeakMap<FastifyRequest, () => void>();
  const shed = { inFlight: 0, pool: 0 };

  const refuse = (request: FastifyRequest, reply: FastifyReply, rule: 'inFlight' | 'pool') => {
    shed[rule]++;
    reply.header('retry-after', String(opts.retryAfterS)).header('cache-control', 'no-store');
    const legacy = request.url.startsWith('/api/');
    return reply.code(legacy ? 200 : 503).send({ status_code: 503, data: null, error: 'database_unavailable' });
  };

  app.addHook('onRequest', (request, reply, done) => {
    if (isExempt(request.url)) return done();
    if (inFlight >= opts.maxInFlight) return refuse(request, reply, 'inFlight');
    const waited = opts.shedPoolWaitMs > 0 ? opts.poolWaitMs() : null;
    if (waited !== null && waited >= opts.shedPoolWaitMs) return refuse(request, reply, 'pool');
    inFlight++;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      inFlight--;
    };
    claims.set(request, release);
    // The answer sent, or the client gone before it: either ends the request's claim. The raw
    // 'close' covers a connection cut while the handler still works (no onResponse comes then).
    reply.raw.once('close', release);
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    claims.get(request)?.();
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    claims.get(request)?.();
    done();
  });

  return { inFlight: () => inFlight, shed };
}
