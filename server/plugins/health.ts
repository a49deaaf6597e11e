import type { FastifyInstance } from 'fastify';

/** How long /healthz waits for the database and for Redis before it calls them down. */
export const HEALTH_CHECK_TIMEOUT_MS = 2000;

/**
 * GET /healthz for load balancers and operators: what this instance runs on, and whether what it
 * depends on answers right now.
 *
 * - The database: without it nothing can be served, so it down makes the answer 503 and a
 *   balancer takes the instance out until it is back. The check is a `SELECT 1` through the same
 *   pool the requests use (db/index.ts `reachable`): a pool so stuck that it cannot answer that
 *   within the timeout cannot serve requests either.
 * - Redis: it carries only realtime events between instances and shared limit counters, and both
 *   have a fallback (devices pull on the next hint or reconnect; each instance counts limits for
 *   itself). Every request is still answered correctly, and a Redis that is down is down for every
 *   instance alike, so answering 503 would take the whole site off the balancer for the sake of
 *   latency. The answer stays 200 with `status: 'degraded'` and `checks.redis: 'down'`; a balancer
 *   that prefers to drop such an instance can match `"status":"ok"` in the body.
 */
export function registerHealth(app: FastifyInstance): void {
  app.get('/healthz', async (_request, reply) => {
    const [database, bus] = await Promise.all([
      app.database.reachable(HEALTH_CHECK_TIMEOUT_MS),
      app.bus.reachable ? app.bus.reachable(HEALTH_CHECK_TIMEOUT_MS) : Promise.resolve(null),
    ]);
    const checks = { database: database ? 'up' : 'down', ...(bus === null ? {} : { redis: bus ? 'up' : 'down' }) };
    const status = !database ? 'unavailable' : bus === false ? 'degraded' : 'ok';
    reply.code(database ? 200 : 503).header('cache-control', 'no-store');
    return { status, database: app.database.kind, bus: app.config.redisUrl ? 'redis' : 'memory', limits: app.limits.store, checks };
  });
}
