import { createHash } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/**
 * Where the login limits and the throttles keep their counters (rate-limiter-flexible).
 *
 * With REDIS_URL every instance counts in Redis, so a guesser gains nothing by landing on another
 * instance. Each Redis limiter carries an in-memory twin that takes over for this instance alone
 * while Redis is unreachable: limits then hold per instance instead of failing every login.
 *
 * Without REDIS_URL there is one instance (the bus is in-process then too), and the counters live
 * in its memory; docs/DESIGN.md says why not in the database.
 */
export interface LimiterStore {
  readonly kind: 'redis' | 'memory';
  /** A fixed-window counter of `points` per `durationMs`, its keys under `name`. */
  limiter(name: string, points: number, durationMs: number): RateLimiterAbstract;
}

export function createLimiterStore(shared?: { redis: Redis; prefix: string }): LimiterStore {
  const memory = (name: string, points: number, durationMs: number) => new RateLimiterMemory({ keyPrefix: name, points, duration: seconds(durationMs) });
  if (!shared) return { kind: 'memory', limiter: memory };
  return {
    kind: 'redis',
    limiter: (name, points, durationMs) =>
      new RateLimiterRedis({
        storeClient: shared.redis,
        keyPrefix: `${shared.prefix}limit:${name}`,
        points,
        duration: seconds(durationMs),
        // A command queued on a lost connection would hold the login until ioredis gives up;
        // the in-memory twin answers at once instead.
        rejectIfRedisNotReady: true,
        insuranceLimiter: memory(name, points, durationMs),
      }),
  };
}

/** The stores count whole seconds. */
export function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/**
 * A limiter refuses by rejecting with a RateLimiterRes (how long until it allows again); any other
 * rejection is a store failure and propagates.
 */
export function refusal(err: unknown): number | undefined {
  return err instanceof RateLimiterRes ? Math.max(1000, err.msBeforeNext) : undefined;
}

/**
 * The unit an address is counted in: an IPv4 address, or the /64 network of an IPv6 one (one
 * subscriber gets a whole /64 and can rotate through it freely). IPv4-mapped IPv6 is IPv4.
 */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const addr = ipaddr.process(ip);
  if (addr.kind() === 'ipv4') return addr.toString();
  const parts = (addr as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(':')}::/64`;
}

/** Emails are not kept readable in the store; a digest still tells accounts apart. */
export function accountKey(email: string): string {
  return createHash('sha256').update(email).digest('base64url').slice(0, 22);
}
