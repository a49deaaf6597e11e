import type { Redis } from 'ioredis';
import type { Bus } from './bus.ts';

/**
 * Who has an event's chat open: the distinct users with at least one registered chat socket on
 * that event, on any server instance. The count is what comment frames carry as
 * broadcast_statistics.users_online.
 *
 * Each instance keeps its own sockets counted in memory (it must know when a user's last socket
 * here closes). With Redis, the union across instances lives in Redis as leases: an instance
 * renews the leases of its users every ttl/3, so the users of an instance that dies without saying
 * goodbye drop out within one ttl instead of staying online forever.
 *
 * Redis layout, per event E (the braces keep both keys of one event on one cluster slot, as the
 * scripts touch both):
 *   <prefix>foyer:presence:{E}:users      ZSET userId -> latest lease expiry (ms) over instances
 *   <prefix>foyer:presence:{E}:u:<userId> ZSET instanceId -> that instance's lease expiry (ms)
 */
export interface Presence {
  /** Counts one more socket of the user on the event. */
  join(eventId: number, userId: number): Promise<void>;
  /** Counts one socket fewer; the user leaves when their last socket on any instance is gone. */
  leave(eventId: number, userId: number): Promise<void>;
  count(eventId: number): Promise<number>;
  /** Events with at least one socket on this instance. */
  localEvents(): number[];
  close(): Promise<void>;
}

const JOIN = `
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('ZADD', KEYS[2], 'GT', ARGV[2], ARGV[3])
redis.call('PEXPIRE', KEYS[2], ARGV[4])
return 1`;

// The user stays in the event's set with the latest lease of the instances still holding them.
const LEAVE = `
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[2])
local top = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
if #top == 0 then
  redis.call('ZREM', KEYS[2], ARGV[3])
  redis.call('DEL', KEYS[1])
else
  redis.call('ZADD', KEYS[2], top[2], ARGV[3])
end
return 1`;

class LocalCounts {
  readonly byEvent = new Map<number, Map<number, number>>();

  /** Returns true when this is the user's first socket on the event here. */
  add(eventId: number, userId: number): boolean {
    let users = this.byEvent.get(eventId);
    if (!users) {
      users = new Map();
      this.byEvent.set(eventId, users);
    }
    const n = users.get(userId) ?? 0;
    users.set(userId, n + 1);
    return n === 0;
  }

  /** Returns true when that was the user's last socket on the event here. */
  remove(eventId: number, userId: number): boolean {
    const users = this.byEvent.get(eventId);
    const n = users?.get(userId) ?? 0;
    if (!users || n === 0) return false;
    if (n > 1) {
      users.set(userId, n - 1);
      return false;
    }
    users.delete(userId);
    if (users.size === 0) this.byEvent.delete(eventId);
    return true;
  }

  pairs(): [number, number][] {
    const out: [number, number][] = [];
    for (const [eventId, users] of this.byEvent) for (const userId of users.keys()) out.push([eventId, userId]);
    return out;
  }
}

export function createMemoryPresence(): Presence {
  const local = new LocalCounts();
  return {
    async join(eventId, userId) {
      local.add(eventId, userId);
    },
    async leave(eventId, userId) {
      local.remove(eventId, userId);
    },
    async count(eventId) {
      return local.byEvent.get(eventId)?.size ?? 0;
    },
    localEvents: () => [...local.byEvent.keys()],
    async close() {
      local.byEvent.clear();
    },
  };
}

export function createRedisPresence(redis: Redis, prefix: string, instanceId: string, ttlMs: number): Presence {
  const local = new LocalCounts();
  const usersKey = (eventId: number) => `${prefix}foyer:presence:{${eventId}}:users`;
  const userKey = (eventId: number, userId: number) => `${prefix}foyer:presence:{${eventId}}:u:${userId}`;
  const lease = async (eventId: number, userId: number) => {
    const expiry = Date.now() + ttlMs;
    await redis.eval(JOIN, 2, userKey(eventId, userId), usersKey(eventId), instanceId, expiry, userId, ttlMs * 2);
  };
  const release = async (eventId: number, userId: number) => {
    await redis.eval(LEAVE, 2, userKey(eventId, userId), usersKey(eventId), instanceId, Date.now(), userId);
  };
  // Once the connection is lost, a command would wait in ioredis's queue (holding a socket's
  // registration or a comment's fan-out) and then fail; instead this instance counts only its own
  // sockets until it is back, and the next renewal puts everybody who joined meanwhile in.
  let lost = false;
  redis.on('close', () => {
    lost = true;
  });
  redis.on('ready', () => {
    lost = false;
  });
  const up = () => !lost;
  const renew = setInterval(
    () => {
      if (!up()) return;
      for (const [eventId, userId] of local.pairs()) {
        lease(eventId, userId).catch(() => {
          // Redis unavailable for a moment: the next renewal (well within the ttl) tries again.
        });
      }
    },
    Math.max(50, Math.floor(ttlMs / 3)),
  );
  renew.unref();

  return {
    async join(eventId, userId) {
      local.add(eventId, userId);
      if (up()) await lease(eventId, userId).catch(() => undefined);
    },
    async leave(eventId, userId) {
      // Not released while Redis is away: the lease runs out within one ttl.
      if (local.remove(eventId, userId) && up()) await release(eventId, userId).catch(() => undefined);
    },
    async count(eventId) {
      const here = () => local.byEvent.get(eventId)?.size ?? 0;
      if (!up()) return here();
      return redis.zcount(usersKey(eventId), `(${Date.now()}`, '+inf').catch(here);
    },
    localEvents: () => [...local.byEvent.keys()],
    async close() {
      clearInterval(renew);
      const pairs = local.pairs();
      local.byEvent.clear();
      await Promise.all(pairs.map(([e, u]) => release(e, u).catch(() => undefined)));
    },
  };
}

/** Redis presence when the bus is on Redis, memory otherwise (one instance, nothing to share). */
export function createPresence(bus: Bus, instanceId: string, ttlMs: number): Presence {
  return bus.shared ? createRedisPresence(bus.shared.redis, bus.shared.prefix, instanceId, ttlMs) : createMemoryPresence();
}
